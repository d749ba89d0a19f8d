import TrellisGraph

extension RendererConnection {
  /// Sets the slider `element` to `value` (clamped to its bounds, rounded to its step), as a
  /// native slider reports its new value: `onEditingChanged(true)`, the write,
  /// `onEditingChanged(false)`, as `ViewHost.setSlider(_:to:)` does. Pending work runs at the
  /// next update cycle.
  /// - Parameters:
  ///   - value: the new value.
  ///   - element: the slider's element.
  /// - Returns: false, with a diagnostic, when `value` is not a number (NaN), the element is
  ///   gone or no slider, the slider is disabled, hidden or covered by a shown presentation, or
  ///   the host was released.
  @discardableResult
  public func setValue(_ value: Double, of element: ElementID) -> Bool {
    guard !value.isNaN else {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: ["\(element)"],
          message:
            "setValue(_:of:): a slider's value must be a number, not NaN; element \(element) "
            + "was not moved."))
      return false
    }
    guard
      let slider = control(
        SliderPart.self, element, call: "setValue(_:of:)", effect: "it was not moved")
    else { return false }
    slider.set(value)
    return true
  }

  /// Replaces the whole text of the text field (secure field, search field, editor) `element`
  /// in one write of its binding, as a native field reports its new text; the field takes the
  /// focus and the caret goes to the end. In a single-line field each line break becomes a
  /// space, as typing makes it. Pending work runs at the next update cycle.
  /// - Parameters:
  ///   - element: the field's element.
  ///   - text: the field's new text.
  /// - Returns: false, with a diagnostic, when the element is gone or no text field, the field
  ///   is disabled, hidden or covered by a shown presentation, or the host was released.
  @discardableResult
  public func replaceText(of element: ElementID, with text: String) -> Bool {
    guard
      let field = control(
        TextFieldPart.self, element, call: "replaceText(of:with:)",
        effect: "nothing was replaced")
    else { return false }
    core?.focus.move(to: field)
    field.replace(with: text)
    return true
  }
}
