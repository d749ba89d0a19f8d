import Foundation

/// One element of a rendered tree: what a headless renderer would draw, as a value.
///
/// Only views that render something appear: leaves (`Text`, `Button`, `Toggle`, …),
/// containers (`VStack`, `List`, …) and custom views (by type name, to show the structure).
/// Structural wrappers (tuples, conditions, `ForEach`, `AnyView`, modifiers) are transparent.
public struct RenderedNode: Equatable, Sendable {
  /// The view's type name: `Text`, `VStack`, `NoteRow`.
  public var kind: String
  /// The text a leaf shows (a `Text`'s string, a `Button`'s or `Toggle`'s title).
  public var text: String?
  /// The explicit identity (`ForEach` id or `.id(_:)`), where one applies.
  public var id: String?
  /// Other attributes, such as `isOn=true` for a toggle, in a stable order.
  public var attributes: [String]
  /// The rendered children, in order.
  public var children: [RenderedNode]

  /// Creates a node.
  /// - Parameters:
  ///   - kind: the type name.
  ///   - text: the text shown, if any.
  ///   - id: the explicit identity, if any.
  ///   - attributes: extra attributes as `name=value`.
  ///   - children: the children.
  public init(
    kind: String, text: String? = nil, id: String? = nil, attributes: [String] = [],
    children: [RenderedNode] = []
  ) {
    self.kind = kind
    self.text = text
    self.id = id
    self.attributes = attributes
    self.children = children
  }

  /// Every node of the tree, pre-order.
  public var allNodes: [RenderedNode] {
    var result: [RenderedNode] = []
    var stack = [self]
    while let node = stack.popLast() {
      result.append(node)
      stack.append(contentsOf: node.children.reversed())
    }
    return result
  }

  /// The first node (pre-order) whose text is `text`.
  /// - Parameter text: the exact text.
  /// - Returns: the node, or nil.
  public func find(text: String) -> RenderedNode? { allNodes.first { $0.text == text } }

  /// The first node (pre-order) whose explicit identity is `id`.
  /// - Parameter id: the identity, as shown (`String(describing:)` of the id value).
  /// - Returns: the node, or nil.
  public func find(id: String) -> RenderedNode? { allNodes.first { $0.id == id } }

  /// Every node of kind `kind`, pre-order.
  /// - Parameter kind: a type name such as `Text`.
  /// - Returns: the nodes.
  public func findAll(kind: String) -> [RenderedNode] { allNodes.filter { $0.kind == kind } }

  /// The texts of all leaves, pre-order.
  public var texts: [String] { allNodes.compactMap(\.text) }

  /// A stable, readable text dump: one node per line, indented by two spaces per level,
  /// `Kind #id "text" attr=value`. Line breaks in texts are shown as `\n`.
  /// - Parameters:
  ///   - maxChildren: show at most this many children per node, then `… N more`.
  ///   - maxDepth: show at most this many levels.
  ///   - maxTextLength: shorten longer texts to this many characters, then `…`.
  /// - Returns: the dump, ending with a newline.
  public func dump(
    maxChildren: Int = .max, maxDepth: Int = .max, maxTextLength: Int = .max
  ) -> String {
    var lines: [String] = []
    let limits = DumpLimits(children: maxChildren, depth: maxDepth, textLength: maxTextLength)
    appendLines(to: &lines, depth: 0, limits: limits)
    return lines.joined(separator: "\n") + "\n"
  }

  private struct DumpLimits {
    let children: Int
    let depth: Int
    let textLength: Int
  }

  private func appendLines(to lines: inout [String], depth: Int, limits: DumpLimits) {
    let indent = String(repeating: "  ", count: depth + 1)
    var line = String(repeating: "  ", count: depth) + kind
    if let id { line += " #\(id)" }
    if let text {
      var shown = text.replacingOccurrences(of: "\n", with: "\\n")
      if shown.count > limits.textLength { shown = String(shown.prefix(limits.textLength)) + "…" }
      line += " \"\(shown)\""
    }
    for attribute in attributes { line += " \(attribute)" }
    lines.append(line)
    guard depth + 1 < limits.depth else {
      if !children.isEmpty { lines.append(indent + "… \(children.count) children") }
      return
    }
    for child in children.prefix(limits.children) {
      child.appendLines(to: &lines, depth: depth + 1, limits: limits)
    }
    if children.count > limits.children {
      lines.append(indent + "… \(children.count - limits.children) more")
    }
  }
}
