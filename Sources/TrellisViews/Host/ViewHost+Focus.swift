import TrellisGraph

extension ViewHost {
  /// The title of the control that has the focus (a field's title, a button's label), or nil
  /// when nothing has it (or the focused control has no title, as a `TextEditor`).
  public var focusedControl: String? { core.focus.focused?.title }

  /// Moves the focus to the next enabled control in tree order, wrapping around, as Tab does.
  /// With nothing focused, the first control takes it. Focus states bound to the controls
  /// involved are written; the bodies that read them re-run at the next `flush()`.
  /// - Returns: false, with a diagnostic, when the tree has no control that can take the focus.
  @discardableResult
  public func focusNext() -> Bool { moveFocus(by: 1) }

  /// Moves the focus to the previous enabled control in tree order, wrapping around, as
  /// Shift-Tab does.
  /// - Returns: false, with a diagnostic, when the tree has no control that can take the focus.
  @discardableResult
  public func focusPrevious() -> Bool { moveFocus(by: -1) }

  /// Moves the focus to the control titled `title`.
  /// - Parameter title: the control's title.
  /// - Returns: false, with a diagnostic, when no such control exists, several do, or it is
  ///   disabled.
  @discardableResult
  public func focus(_ title: String) -> Bool {
    guard
      let part = control(
        ControlPart.self, titled: title, effect: "the focus did not move", noun: "control")
    else { return false }
    core.focus.move(to: part)
    return true
  }

  /// Takes the focus away from every control, as clicking outside does.
  public func clearFocus() { core.focus.move(to: nil) }

  /// The controls that can take the focus now, in tree order.
  var focusableControls: [ControlPart] {
    nodes { node in
      guard let part = node.parts[ControlPart.self] else { return false }
      return part.isFocusable && part.isEnabled
    }.compactMap { $0.parts[ControlPart.self] }
  }

  private func moveFocus(by step: Int) -> Bool {
    let controls = focusableControls
    guard !controls.isEmpty else {
      GraphDiagnostics.report(
        GraphDiagnostic(
          kind: .invalidInput, nodes: [],
          message:
            "\(step > 0 ? "focusNext()" : "focusPrevious()"): no enabled control in the tree "
            + "can take the focus."))
      return false
    }
    let current = core.focus.focused.flatMap { focused in controls.firstIndex { $0 === focused } }
    let next: Int
    if let current {
      next = (current + step + controls.count) % controls.count
    } else {
      next = step > 0 ? 0 : controls.count - 1
    }
    core.focus.move(to: controls[next])
    return true
  }
}
