import TrellisGraph

extension ViewHost {
  /// The title of the control that has the focus (a field's title, a button's label): an
  /// empty string when that control has no title (a `Slider(value:in:)` or a `TextEditor`
  /// without a label), which the drivers find it by, and nil only when nothing has the focus.
  public var focusedControl: String? { core.focus.focused.map { $0.title ?? "" } }

  /// Moves the focus to the next enabled control in tree order, wrapping around, as Tab does.
  /// With nothing focused, the first control takes it. Only shown controls take part, and
  /// while a presentation is shown, only those in the frontmost one: it is modal, as in
  /// SwiftUI. Focus states bound to the controls involved are written; the bodies that read
  /// them re-run at the next `flush()`.
  /// - Returns: false, with a diagnostic, when the tree has no control that can take the focus.
  @discardableResult
  public func focusNext() -> Bool { core.moveFocus(by: 1) }

  /// Moves the focus to the previous enabled control in tree order, wrapping around, as
  /// Shift-Tab does.
  /// - Returns: false, with a diagnostic, when the tree has no control that can take the focus.
  @discardableResult
  public func focusPrevious() -> Bool { core.moveFocus(by: -1) }

  /// Moves the focus to the control titled `title`.
  /// - Parameter title: the control's title; an empty string finds the one control without a
  ///   title (a `Slider(value:in:)` has none).
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
}

extension HostCore {
  /// The controls that can take the focus now, in tree order: the shown ones, and while a
  /// presentation is shown, only those in the frontmost one (it is modal, as in SwiftUI).
  var focusableControls: [ControlPart] {
    guard let root else { return [] }
    var result: [ControlPart] = []
    var stack = [frontmostPresentation ?? root]
    while let node = stack.popLast() {
      if let part = node.parts[ControlPart.self], part.isFocusable, part.isEnabled {
        result.append(part)
      }
      for child in node.children.reversed() where child.isVisible { stack.append(child) }
    }
    return result
  }

  /// Moves the focus `step` controls on (1 next, -1 previous), wrapping around.
  func moveFocus(by step: Int) -> Bool {
    let controls = focusableControls
    guard !controls.isEmpty else {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [],
          message:
            "\(step > 0 ? "focusNext()" : "focusPrevious()"): no enabled control in the tree "
            + "can take the focus." + unmountedNote))
      return false
    }
    let current = focus.focused.flatMap { focused in controls.firstIndex { $0 === focused } }
    let next: Int
    if let current {
      next = (current + step + controls.count) % controls.count
    } else {
      next = step > 0 ? 0 : controls.count - 1
    }
    focus.move(to: controls[next])
    return true
  }
}

extension RendererConnection {
  /// The element of the control that has the focus, or nil. A renderer also sees the focus as
  /// the `focused` attribute of that element.
  public var focusedElement: ElementID? { core?.focus.focused?.node.elementID }

  /// Moves the focus to the next enabled control, as Tab does (see `ViewHost.focusNext()`):
  /// shown controls only, and only those of the frontmost presentation while one is shown.
  /// - Returns: false, with a diagnostic, when no control can take the focus, or the host was
  ///   released.
  @discardableResult
  public func focusNext() -> Bool { liveCore(for: "focusNext()")?.moveFocus(by: 1) ?? false }

  /// Moves the focus to the previous enabled control, as Shift-Tab does.
  /// - Returns: false, with a diagnostic, when no control can take the focus, or the host was
  ///   released.
  @discardableResult
  public func focusPrevious() -> Bool {
    liveCore(for: "focusPrevious()")?.moveFocus(by: -1) ?? false
  }

  /// Takes the focus away from every control, as `ViewHost.clearFocus()` does: for a renderer
  /// whose own focus moved to something that is no control (a navigation link).
  public func clearFocus() { core?.focus.move(to: nil) }

  /// Moves the focus to the control that renders `element`.
  /// - Parameter element: the control's element.
  /// - Returns: false, with a diagnostic, when the element is gone, is not a control, is
  ///   disabled, is hidden or covered by a shown presentation, or the host was released.
  @discardableResult
  public func focus(_ element: ElementID) -> Bool {
    guard
      let control = control(
        ControlPart.self, element, call: "focus(_:)", effect: "the focus did not move")
    else { return false }
    core?.focus.move(to: control)
    return true
  }

  /// Inserts `text` into the focused text field at its caret, in one write of its binding, as
  /// a key press or a paste does in SwiftUI's text field. In a single-line field each line
  /// break becomes a space. O(length of the field's text + `text`).
  /// - Parameter text: the characters (a key press, or a paste).
  /// - Returns: false, with a diagnostic, when no text field has the focus, the focused one
  ///   is hidden or covered by a shown presentation, or the host was released.
  @discardableResult
  public func insertText(_ text: String) -> Bool {
    guard let field = focusedField("insertText(_:)", effect: "nothing was typed") else {
      return false
    }
    field.paste(text)
    return true
  }

  /// Moves the caret of the focused text field, as the arrow keys, Home and End do (see
  /// `ViewHost.moveCaret(_:in:)`).
  /// - Parameter movement: where to.
  /// - Returns: whether it moved; false, with a diagnostic, when no text field has the focus,
  ///   the focused one is hidden or covered by a shown presentation, or the host was released.
  @discardableResult
  public func moveCaret(_ movement: CaretMovement) -> Bool {
    guard let field = focusedField("moveCaret(_:)", effect: "the caret did not move") else {
      return false
    }
    return field.moveCaret(movement)
  }

  /// Deletes the character before the caret of the focused text field, as Backspace does.
  /// - Returns: false, with a diagnostic, when no text field has the focus, the focused one
  ///   is hidden or covered by a shown presentation, or the host was released.
  @discardableResult
  public func deleteBackward() -> Bool {
    guard let field = focusedField("deleteBackward()", effect: "nothing was deleted") else {
      return false
    }
    field.deleteBackward(1)
    return true
  }

  /// Activates the focused control, as Enter or Space does: a button's (or link's) action, a
  /// toggle's flip, a text field's submission.
  /// - Returns: false, with a diagnostic, when nothing has the focus, the control does
  ///   nothing on activation, is hidden or covered by a presentation shown since it took the
  ///   focus, or it cannot act (a navigation link whose value no destination shows), or the
  ///   host was released.
  @discardableResult
  public func activateFocused() -> Bool {
    guard let core = liveCore(for: "activateFocused()") else { return false }
    guard let control = core.focus.focused, control.node.isMounted else {
      report("activateFocused(): nothing has the focus; nothing was activated.")
      return false
    }
    guard control.isEnabled else {
      report("activateFocused(): the focused \(control.noun) is disabled; nothing was activated.")
      return false
    }
    if let reason = core.unreachability(of: control.node) {
      report(
        "activateFocused(): the focused \(control.noun) (in \(control.node.diagnosticName)) "
          + "\(reason); nothing was activated. Move the focus (focusNext()) first.")
      return false
    }
    if let action = control.node.parts[ActionPart.self] {
      return action.perform()
    } else if let toggle = control as? TogglePart {
      toggle.isOn.wrappedValue.toggle()
    } else if let field = control as? TextFieldPart {
      return field.submit() > 0
    } else {
      report("activateFocused(): the focused \(control.noun) does nothing on activation.")
      return false
    }
    return true
  }

  /// The enabled, reachable control of kind `Part` that `element` is, for the input `call`;
  /// nil, with a diagnostic ending in `effect`, otherwise.
  func control<Part: ControlPart>(
    _: Part.Type, _ element: ElementID, call: String, effect: String
  ) -> Part? {
    guard let core = liveCore(for: "\(call.prefix { $0 != "(" })(\(element))") else { return nil }
    guard let node = core.elements.owner(of: element), node.isMounted,
      let control = node.parts[Part.self], control.isFocusable
    else {
      let kind = Part.self == ControlPart.self ? "a control" : "a \(Part.kindName)"
      report(
        "\(call): element \(element) is gone or is not \(kind); \(effect).\(core.unmountedNote)")
      return nil
    }
    guard control.isEnabled else {
      report("\(call): the \(control.noun) of element \(element) is disabled; \(effect).")
      return nil
    }
    if let reason = core.unreachability(of: node) {
      report(
        "\(call): the \(control.noun) of element \(element) (in \(node.diagnosticName)) "
          + "\(reason); \(effect).")
      return nil
    }
    return control
  }

  private func focusedField(_ call: String, effect: String) -> TextFieldPart? {
    guard let core = liveCore(for: call) else { return nil }
    guard let field = core.focus.focused as? TextFieldPart, field.isEnabled else {
      report("No enabled text field has the focus; \(effect).\(core.unmountedNote)")
      return nil
    }
    if let reason = core.unreachability(of: field.node) {
      report("The focused text field (in \(field.node.diagnosticName)) \(reason); \(effect).")
      return nil
    }
    return field
  }

  private func report(_ message: String) {
    TrellisDiagnostics.report(TrellisDiagnostic(kind: .invalidInput, nodes: [], message: message))
  }
}
