import Foundation

/// A control's state as renderers draw it: a field's text and prompt, a stepper's or slider's
/// value and bounds, a picker's selection and its options' tags, a button's role, whether the control
/// is disabled or focused.
///
/// Each control carries only what applies to it (`TextField`: `value`, and `prompt` when one
/// was given; `Slider`: `value`, `bounds`, `step`), and `disabled` or `focused` only when it
/// is. Values are read in the control's own computation, so a change of a control's value
/// updates its attributes and re-runs no body.
public enum ControlAttribute: Hashable, Sendable, CustomStringConvertible {
  /// The text of a `TextField`, `TextEditor` or search field. A `SecureField` carries one `•`
  /// per character instead of its text.
  case text(String)
  /// A field's placeholder, when it differs from its title.
  case prompt(String)
  /// Where typing goes in a field's text, as a count of characters from its start: present
  /// only when the caret was moved off the end (`ViewHost.moveCaret(_:in:)`, the arrow keys
  /// of a renderer).
  case caret(Int)
  /// The value of a `Stepper` or `Slider`.
  case value(Double)
  /// The bounds of a `Stepper` or `Slider` value.
  case bounds(lower: Double, upper: Double)
  /// The step of a `Stepper` or `Slider`.
  case step(Double)
  /// The tag an option carries (`.tag(_:)`), as text.
  case tag(String)
  /// A `Picker`'s selected value, as its option's `tag` shows it.
  case selection(String)
  /// A button's role (`Button(_:role:action:)`).
  case role(ButtonRole)
  /// The control is disabled (`.disabled(true)` at or above it): drivers and activation ignore
  /// it, and focus skips it.
  case disabled
  /// The control has the focus (`@FocusState`, or a host's focus driver).
  case focused

  /// The attribute's name: `value`, `prompt`, `caret`, `bounds`, `step`, `tag`, `selection`,
  /// `role`, `disabled`, `focused`.
  public var name: String {
    switch self {
    case .text, .value: "value"
    case .prompt: "prompt"
    case .caret: "caret"
    case .bounds: "bounds"
    case .step: "step"
    case .tag: "tag"
    case .selection: "selection"
    case .role: "role"
    case .disabled: "disabled"
    case .focused: "focused"
    }
  }

  /// `value="milk"`, `value=3`, `bounds=0...10`, `tag=all`, `selection=all`, `role=destructive`,
  /// `disabled`, `focused`. Texts and tags are escaped as a dump escapes texts (`\n`, `\"`, …),
  /// so that one attribute stays on its line.
  public var description: String {
    switch self {
    case .text(let text): "value=\"\(RenderedNode.escaped(text))\""
    case .prompt(let prompt): "prompt=\"\(RenderedNode.escaped(prompt))\""
    case .caret(let position): "caret=\(position)"
    case .value(let value): "value=\(Length.describe(CGFloat(value)))"
    case .bounds(let lower, let upper):
      "bounds=\(Length.describe(CGFloat(lower)))...\(Length.describe(CGFloat(upper)))"
    case .step(let step): "step=\(Length.describe(CGFloat(step)))"
    case .tag(let tag): "tag=\(RenderedNode.escaped(tag))"
    case .selection(let tag): "selection=\(RenderedNode.escaped(tag))"
    case .role(let role): "role=\(role)"
    case .disabled: "disabled"
    case .focused: "focused"
    }
  }
}

/// What a button does, like SwiftUI's `ButtonRole`: renderers style destructive buttons (red)
/// and may place cancel buttons apart.
public struct ButtonRole: Hashable, Sendable, CustomStringConvertible {
  let name: String

  /// A button that deletes or removes something.
  public static let destructive = ButtonRole(name: "destructive")
  /// A button that cancels an operation.
  public static let cancel = ButtonRole(name: "cancel")

  /// `destructive` or `cancel`.
  public var description: String { name }
}
