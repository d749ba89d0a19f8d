import TrellisEnvironment
import TrellisGraph

/// An editable line of text over a `Binding<String>`, like SwiftUI's `TextField`. In the
/// rendered tree: `TextField "title" value="…"`, with `prompt` when a prompt other than the
/// title was given.
///
/// Headless, a host types into it with `ViewHost.type(_:into:)` (one binding write per
/// character, as keystrokes are), deletes with `ViewHost.deleteBackward(_:in:)`, and submits
/// with `ViewHost.submit(_:)`, which runs the `.onSubmit` actions around it. The text is read
/// in the field's own computation: typing re-renders the field and re-runs only the bodies that
/// read the bound value.
public struct TextField: View, _PrimitiveView {
  let title: String
  let text: Binding<String>
  let prompt: String?
  let kind: TextFieldKind
  /// Whether the text may hold line breaks: a `TextEditor`, or a field that grows vertically.
  /// A single-line field takes a line break typed or pasted into it as a space, as a
  /// platform's single-line field does.
  let isMultiline: Bool

  init(
    title: String, text: Binding<String>, prompt: String?, kind: TextFieldKind,
    isMultiline: Bool = false
  ) {
    self.title = title
    self.text = text
    self.prompt = prompt
    self.kind = kind
    self.isMultiline = isMultiline || kind == .editor
  }

  /// Creates a field titled `titleKey`, like SwiftUI's `TextField(_:text:prompt:)`; the title
  /// is also the placeholder unless `prompt` is given.
  /// - Parameters:
  ///   - titleKey: the title.
  ///   - text: the text it shows and edits.
  ///   - prompt: a placeholder other than the title.
  public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text? = nil) {
    self.init(title: Text(titleKey).content, text: text, prompt: prompt?.content, kind: .text)
  }

  /// Creates a field titled `title`, shown as is.
  /// - Parameters:
  ///   - title: the title.
  ///   - text: the text it shows and edits.
  ///   - prompt: a placeholder other than the title.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil) {
    self.init(title: String(title), text: text, prompt: prompt?.content, kind: .text)
  }

  /// Creates a field that grows along `axis` (SwiftUI's `TextField(_:text:axis:)`); how it
  /// grows is left to the renderer. With `.vertical` its text may hold line breaks.
  /// - Parameters:
  ///   - titleKey: the title.
  ///   - text: the text it shows and edits.
  ///   - axis: the axis along which it grows.
  public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) {
    self.init(
      title: Text(titleKey).content, text: text, prompt: nil, kind: .text,
      isMultiline: axis == .vertical)
  }

  /// Renders the field as a leaf showing its title, with its text as the `value` attribute.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setLeaf(kind: view.kind.elementKind, text: view.kind == .editor ? nil : view.title)
    let part = node.parts.part(TextFieldPart.self) { TextFieldPart(node: node, field: view) }
    part.field = view
    part.refresh()
  }
}

/// A `TextField` whose text is hidden, like SwiftUI's `SecureField`: its `value` attribute
/// carries one `•` per character, never the text.
public struct SecureField: View, _PrimitiveView {
  let field: TextField

  /// Creates a secure field.
  /// - Parameters:
  ///   - titleKey: the title.
  ///   - text: the text it edits.
  ///   - prompt: a placeholder other than the title.
  public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text? = nil) {
    field = TextField(
      title: Text(titleKey).content, text: text, prompt: prompt?.content, kind: .secure)
  }

  /// Creates a secure field titled `title`, shown as is.
  /// - Parameters:
  ///   - title: the title.
  ///   - text: the text it edits.
  ///   - prompt: a placeholder other than the title.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil) {
    field = TextField(title: String(title), text: text, prompt: prompt?.content, kind: .secure)
  }

  /// Renders `SecureField`.
  public static func _update(_ view: Self, in node: ViewNode) {
    TextField._update(view.field, in: node)
  }
}

/// A multi-line text editor, like SwiftUI's `TextEditor`: a `TextEditor value="…"` leaf with no
/// title. Drivers reach it through the focus (`ViewHost.type(_:)` types into the focused field);
/// submitting does nothing, since Return starts a new line.
public struct TextEditor: View, _PrimitiveView {
  let field: TextField

  /// Creates an editor.
  /// - Parameter text: the text it shows and edits.
  public init(text: Binding<String>) {
    field = TextField(title: "", text: text, prompt: nil, kind: .editor)
  }

  /// Renders `TextEditor`.
  public static func _update(_ view: Self, in node: ViewNode) {
    TextField._update(view.field, in: node)
  }
}

/// Which kind of field a `TextFieldPart` serves.
enum TextFieldKind: Equatable {
  case text
  case secure
  case editor
  case search

  var elementKind: ElementKind {
    switch self {
    case .text: .textField
    case .secure: .secureField
    case .editor: .textEditor
    case .search: .searchField
    }
  }
}

/// A text field's binding and the computation that shows its text as the `value` attribute.
final class TextFieldPart: ControlPart {
  var field: TextField
  /// Where typing goes, as a count of characters from the start; nil at the end, where it
  /// starts and stays until the caret is moved. A text the app shortened meanwhile puts a
  /// caret past its end at the end.
  private var caret: Int?

  init(node: ViewNode, field: TextField) {
    self.field = field
    super.init(node: node)
  }

  override var noun: String {
    switch field.kind {
    case .text: "text field"
    case .secure: "secure field"
    case .editor: "text editor"
    case .search: "search field"
    }
  }

  override var title: String? { field.kind == .editor ? nil : field.title }

  override func controlAttributes() -> [ElementAttribute] {
    let text = field.text.wrappedValue
    var attributes: [ElementAttribute] = [
      .control(.text(field.kind == .secure ? String(repeating: "•", count: text.count) : text))
    ]
    if let prompt = field.prompt, prompt != field.title {
      attributes.append(.control(.prompt(prompt)))
    }
    if let caret, caret < text.count { attributes.append(.control(.caret(caret))) }
    return attributes
  }

  /// The caret's position in `text`: at most its end.
  private func position(in text: String) -> Int { min(caret ?? text.count, text.count) }

  /// Inserts `text` at the caret one character at a time, as typing does; in a single-line
  /// field, each line break (`\n`, `\r\n`, …) becomes a space.
  func type(_ text: String) {
    for character in text {
      let typed = character.isNewline && !field.isMultiline ? " " : character
      var value = field.text.wrappedValue
      let position = position(in: value)
      guard position < value.count else {
        caret = nil
        field.text.wrappedValue.append(typed)
        continue
      }
      value.insert(typed, at: value.index(value.startIndex, offsetBy: position))
      caret = position + 1
      field.text.wrappedValue = value
    }
  }

  /// Inserts `text` at the caret in one write of the binding, as a paste does; in a
  /// single-line field, each line break becomes a space. (Typed one character at a time, each
  /// a write of the whole text, a paste of n characters copied the text n times: 40,000
  /// characters took seconds, found by a new user.)
  func paste(_ text: String) {
    guard !text.isEmpty else { return }
    let inserted =
      field.isMultiline ? text : String(text.map { $0.isNewline ? " " : $0 })
    var value = field.text.wrappedValue
    let position = position(in: value)
    if position < value.count {
      value.insert(contentsOf: inserted, at: value.index(value.startIndex, offsetBy: position))
      caret = position + inserted.count
    } else {
      caret = nil
      value.append(contentsOf: inserted)
    }
    field.text.wrappedValue = value
  }

  /// Replaces the whole text in one write of the binding, the caret at its end, as a native
  /// field reports its new text; in a single-line field, each line break becomes a space.
  func replace(with text: String) {
    caret = nil
    field.text.wrappedValue =
      field.isMultiline ? text : String(text.map { $0.isNewline ? " " : $0 })
  }

  /// Deletes up to `count` characters before the caret, one at a time.
  func deleteBackward(_ count: Int) {
    for _ in 0..<count {
      var value = field.text.wrappedValue
      let position = position(in: value)
      guard position > 0 else { return }
      guard position < value.count else {
        caret = nil
        field.text.wrappedValue.removeLast()
        continue
      }
      value.remove(at: value.index(value.startIndex, offsetBy: position - 1))
      caret = position - 1
      field.text.wrappedValue = value
    }
  }

  /// Moves the caret; returns whether it moved.
  func moveCaret(_ movement: CaretMovement) -> Bool {
    let count = field.text.wrappedValue.count
    let current = position(in: field.text.wrappedValue)
    let target =
      switch movement {
      case .left: max(0, current - 1)
      case .right: min(count, current + 1)
      case .start: 0
      case .end: count
      }
    caret = target == count ? nil : target
    guard target != current else { return false }
    refresh()
    return true
  }

  /// Runs the `.onSubmit` actions around the field for its trigger, innermost first, up to a
  /// `.submitScope()`. Returns how many ran.
  @discardableResult
  func submit() -> Int {
    guard field.kind != .editor else { return 0 }
    let trigger: SubmitTriggers = field.kind == .search ? .search : .text
    var scope = GraphEvaluation.untracked { node.environment.object(SubmitScope.self) }
    var count = 0
    while let current = scope {
      if current.isBlocking { break }
      if current.triggers.contains(trigger), let action = current.action {
        action()
        count += 1
      }
      scope = current.outer
    }
    return count
  }
}

/// How to move the caret of a text field (`ViewHost.moveCaret(_:in:)`,
/// `RendererConnection.moveCaret(_:)`): what the arrow keys, Home and End do in a platform's
/// field. SwiftUI leaves the caret to the platform; a headless host and a terminal keep it
/// here.
public enum CaretMovement: Sendable, Hashable {
  /// One character back (Left).
  case left
  /// One character on (Right).
  case right
  /// Before the first character (Home).
  case start
  /// After the last character (End), where typing goes until the caret is moved.
  case end
}
