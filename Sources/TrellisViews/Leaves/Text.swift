/// A line of text, like SwiftUI's `Text`. In the rendered tree: `Text "…"`.
public struct Text: View, Equatable {
  /// The text shown.
  public let content: String

  /// Creates a text.
  /// - Parameter content: the string to show.
  public init<S: StringProtocol>(_ content: S) { self.content = String(content) }

  /// Creates a text from a string shown as is.
  /// - Parameter content: the string to show.
  public init(verbatim content: String) { self.content = content }

  /// Renders the text.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setLeaf(kind: .text, text: view.content)
  }
}
