import TrellisGraph

extension ViewHost {
  /// The control of type `Part` titled `title`, or the focused control when `title` is nil,
  /// if it is unique and enabled; otherwise nil, with a diagnostic that names the problem and
  /// says that `effect` (nothing was typed, …).
  func control<Part: ControlPart>(
    _ type: Part.Type, titled title: String?, effect: String, noun: String? = nil
  ) -> Part? {
    let node: ViewNode
    if let title {
      // A control with no title (an unlabelled slider) is found by an empty one.
      let isMatch = { (node: ViewNode) -> Bool in
        node.parts[Part.self].map { ($0.title ?? "") == title } ?? false
      }
      let matches = nodes(where: isMatch)
      let noun =
        noun ?? matches.first.flatMap { $0.parts[Part.self]?.noun } ?? Part.kindName
      guard let match = unique(matches, kind: noun, title: title, effect: effect, where: isMatch)
      else { return nil }
      node = match
    } else {
      guard let focused = core.focus.focused as? Part else {
        let noun = noun ?? Part.kindName
        let what =
          core.focus.focused.map { "the focused control is a \($0.noun)" }
          ?? "nothing has the focus"
        TrellisDiagnostics.report(
          TrellisDiagnostic(
            kind: .invalidInput, nodes: [],
            message:
              "No \(noun) has the focus (\(what)); \(effect)."
              + (core.unmountedNote.isEmpty ? " Focus one first." : core.unmountedNote)))
        return nil
      }
      node = focused.node
    }
    guard let part = node.parts[Part.self] else { return nil }
    guard enabled(node, noun: part.noun, title: title ?? part.title ?? "", effect: effect) else {
      return nil
    }
    return part
  }

  /// Whether `node` is enabled; a diagnostic when it is not.
  func enabled(_ node: ViewNode, noun: String, title: String, effect: String) -> Bool {
    guard !node.isEnabledInEnvironment else { return true }
    let place = node.diagnosticName
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: [title],
        message: "The \(noun) \"\(title)\" in \(place) is disabled; \(effect)."))
    return false
  }

  /// Types `text` into the text field (or secure field, search field, editor) titled
  /// `field`, as a user would: the field takes the focus, then the text is appended one
  /// character at a time, each a write through the field's binding. A single-line field takes
  /// each line break as a space (a `TextEditor`, or a `TextField` with `axis: .vertical`,
  /// keeps it). Pending work runs at the next `flush()`: nothing updates between the
  /// characters, so an `onChange` of the text runs once, with the whole text typed (a user's
  /// keystrokes are an update each; type one character per call, with a `flush()` between
  /// them, to test per-keystroke logic). Each character writes the whole text, so typing n
  /// characters is O(n²); a renderer's `RendererConnection.insertText(_:)` inserts long text
  /// (a paste) in one write.
  /// - Parameters:
  ///   - text: the characters to type.
  ///   - field: the field's title (for a search field, its prompt), or nil for the focused
  ///     field.
  /// - Returns: false, with a diagnostic, when no such field exists, several do, or it is
  ///   disabled (nothing is typed).
  @discardableResult
  public func type(_ text: String, into field: String? = nil) -> Bool {
    guard let part = control(TextFieldPart.self, titled: field, effect: "nothing was typed")
    else { return false }
    core.focus.move(to: part)
    part.type(text)
    return true
  }

  /// Moves the caret of a text field, as the arrow keys, Home and End do: typing and
  /// `deleteBackward(_:in:)` then work where it is. The caret starts at the end of the text.
  /// - Parameters:
  ///   - movement: where to.
  ///   - field: the field's title, or nil for the focused field.
  /// - Returns: whether the caret moved; false, with a diagnostic, when the field cannot be
  ///   found or is disabled (false without one when it is already there).
  @discardableResult
  public func moveCaret(_ movement: CaretMovement, in field: String? = nil) -> Bool {
    guard let part = control(TextFieldPart.self, titled: field, effect: "the caret did not move")
    else { return false }
    core.focus.move(to: part)
    return part.moveCaret(movement)
  }

  /// Deletes up to `count` characters before the caret of a text field (at the end unless it
  /// was moved), one at a time, as the delete key does.
  /// - Parameters:
  ///   - count: how many characters (default 1).
  ///   - field: the field's title, or nil for the focused field.
  /// - Returns: false, with a diagnostic, when `count` is negative, or the field cannot be
  ///   found or is disabled.
  @discardableResult
  public func deleteBackward(_ count: Int = 1, in field: String? = nil) -> Bool {
    guard count >= 0 else {
      let name = field.map { "\"\($0)\"" } ?? "the focused field"
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [field ?? "focused field"],
          message:
            "deleteBackward(\(count)) in \(name): the count of characters to delete must not be "
            + "negative; nothing was deleted."))
      return false
    }
    guard let part = control(TextFieldPart.self, titled: field, effect: "nothing was deleted")
    else { return false }
    part.deleteBackward(count)
    return true
  }

  /// Submits a text field, as the return key does: runs the `.onSubmit` actions around it
  /// (innermost first, up to a `.submitScope()`; `.search` actions for a search field).
  /// - Parameter field: the field's title, or nil for the focused field.
  /// - Returns: false, with a diagnostic, when the field cannot be found, is disabled, is a
  ///   `TextEditor` (never submitted, as in SwiftUI), or no `.onSubmit` action answers it.
  @discardableResult
  public func submit(_ field: String? = nil) -> Bool {
    guard let part = control(TextFieldPart.self, titled: field, effect: "nothing was submitted")
    else { return false }
    core.focus.move(to: part)
    guard part.submit() > 0 else {
      let name = part.title.map { "\"\($0)\"" } ?? "the focused \(part.noun)"
      // As SwiftUI's `TextEditor`: Return types a line break; no `.onSubmit` answers it.
      let reason =
        part.field.kind == .editor
        ? "a text editor is never submitted (Return types a line break in it)"
        : "no .onSubmit around it answers a \(part.noun)"
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: part.title.map { [$0] } ?? [],
          message: "Submitting \(name) in \(part.node.diagnosticName) ran nothing: \(reason)."))
      return false
    }
    return true
  }

  /// Selects the option labelled `option` of the picker titled `picker`, through the picker's
  /// selection binding.
  /// - Parameters:
  ///   - option: the option's label (its texts, joined by spaces).
  ///   - picker: the picker's title, or nil for the focused picker.
  /// - Returns: false, with a diagnostic, when the picker or the option cannot be found (none,
  ///   or several), the picker is disabled, or the option's tag is not a value of the
  ///   selection's type.
  @discardableResult
  public func select(_ option: String, in picker: String? = nil) -> Bool {
    guard let part = control(PickerControl.self, titled: picker, effect: "nothing was selected")
    else { return false }
    let options = part.options
    let matches = options.filter { $0.node.title == option }
    let pickerName = "picker \"\(part.title ?? "")\" in \(part.node.diagnosticName)"
    if matches.isEmpty, Self.hasUntaggedOption(labelled: option, in: part.node) {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [option],
          message:
            "The option \"\(option)\" of the \(pickerName) has no tag, so it cannot be "
            + "selected, as in SwiftUI; nothing was selected. Give it .tag(_:) with a value of "
            + "the selection's type (\(part.selectionType))."))
      return false
    }
    guard matches.count == 1 else {
      let labels = options.compactMap { $0.node.title }.map { "\"\($0)\"" }
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [option],
          message:
            matches.isEmpty
            ? "The \(pickerName) has no option labelled \"\(option)\" (its options: "
              + "\(labels.joined(separator: ", "))); nothing was selected."
            : "The \(pickerName) has \(matches.count) options labelled \"\(option)\"; nothing "
              + "was selected. Give them distinct labels."))
      return false
    }
    guard part.select(matches[0].tag) else {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [option],
          message:
            "The option \"\(option)\" of the \(pickerName) is tagged \(matches[0].tag.base) "
            + "(\(Swift.type(of: matches[0].tag.base))), but the picker's selection is of type "
            + "\(part.selectionType); nothing was selected. Tag it with a value of that type."))
      return false
    }
    return true
  }

  /// Whether a view labelled `label` is shown in the picker's content without being one of
  /// its options: an untagged option (found by a new user, told the picker had no such option
  /// while it was on screen).
  private static func hasUntaggedOption(labelled label: String, in picker: ViewNode) -> Bool {
    var stack = Array(picker.children)
    while let node = stack.popLast() {
      if node.title == label { return true }
      stack.append(contentsOf: node.children)
    }
    return false
  }

  /// Presses the stepper titled `stepper` up once. At the upper bound of its `in:` range the
  /// press does nothing, as SwiftUI's stepper disables "+" there.
  /// - Parameter stepper: the stepper's title, or nil for the focused stepper.
  /// - Returns: true when the value stepped (or the stepper's own `onIncrement` ran); false,
  ///   with a diagnostic, when the stepper cannot be found, is disabled, has no increment
  ///   action, is at or past its upper bound, or its step is not a finite number or would
  ///   overflow the value's type (an integer's range, or a finite float to infinity).
  @discardableResult
  public func increment(_ stepper: String? = nil) -> Bool { press(stepper, up: true) }

  /// Presses the stepper titled `stepper` down once. At the lower bound of its `in:` range the
  /// press does nothing, as SwiftUI's stepper disables "−" there.
  /// - Parameter stepper: the stepper's title, or nil for the focused stepper.
  /// - Returns: true when the value stepped (or the stepper's own `onDecrement` ran); false,
  ///   with a diagnostic, when the stepper cannot be found, is disabled, has no decrement
  ///   action, is at or past its lower bound, or its step is not a finite number or would
  ///   overflow the value's type (an integer's range, or a finite float to infinity).
  @discardableResult
  public func decrement(_ stepper: String? = nil) -> Bool { press(stepper, up: false) }

  private func press(_ stepper: String?, up: Bool) -> Bool {
    let effect = up ? "it was not incremented" : "it was not decremented"
    guard let part = control(StepperPart.self, titled: stepper, effect: effect) else {
      return false
    }
    let name = "The stepper \"\(part.title ?? "")\" in \(part.node.diagnosticName)"
    switch part.press(up: up) {
    case .stepped:
      return true
    case .cannotStep:
      // Reported by the press.
      return false
    case .atBound:
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: part.title.map { [$0] } ?? [],
          message:
            "\(name) is at or past its \(up ? "upper" : "lower") bound, where its "
            + "\(up ? "\"+\"" : "\"−\"") is disabled; \(effect)."))
      return false
    case .noAction:
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: part.title.map { [$0] } ?? [],
          message: "\(name) has no \(up ? "onIncrement" : "onDecrement") action; \(effect)."))
      return false
    }
  }

  /// Moves the slider titled `slider` to `value` (clamped to its bounds, rounded to its step),
  /// as one drag would: `onEditingChanged(true)`, the write, `onEditingChanged(false)`.
  /// - Parameters:
  ///   - slider: the slider's title (its label's texts), or nil for the focused slider.
  ///   - value: the new value.
  /// - Returns: false, with a diagnostic, when `value` is not a number (NaN), or the slider
  ///   cannot be found or is disabled.
  @discardableResult
  public func setSlider(_ slider: String?, to value: Double) -> Bool {
    guard !value.isNaN else {
      let name = slider.map { "\"\($0)\"" } ?? "the focused slider"
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [slider ?? "focused slider"],
          message:
            "setSlider(\(name), to: nan): a slider's value must be a number; it was not moved."))
      return false
    }
    guard let part = control(SliderPart.self, titled: slider, effect: "it was not moved") else {
      return false
    }
    part.set(value)
    return true
  }
}
