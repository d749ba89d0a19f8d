import Foundation

/// One element of a rendered tree: what a headless renderer would draw, as a value.
///
/// Only views that render something appear: leaves (`Text`, `Button`, `Toggle`, …),
/// containers (`VStack`, `List`, …) and custom views (by type name, to show the structure).
/// Structural wrappers (tuples, conditions, `ForEach`, `AnyView`, modifiers) are transparent.
///
/// A node and its subtree are stored flat, in pre-order, in one shared buffer, so that a tree
/// of any depth is built, compared, dumped and released without recursion. Reading
/// `children` makes values that share the buffer; changing a property copies the subtree.
public struct RenderedNode: Equatable, Sendable {
  /// One node in the flat buffer: its fields, and how many entries its subtree spans.
  struct Entry: Equatable, Sendable {
    var kind: String
    var text: String?
    var id: String?
    var attributes: [String]
    /// This node and its descendants.
    var subtreeSize: Int
  }

  /// The flat buffer, shared by every value cut from the same tree.
  final class Storage: Sendable {
    let entries: [Entry]
    init(_ entries: [Entry]) { self.entries = entries }
  }

  private var storage: Storage
  private var index: Int

  init(storage: Storage, index: Int) {
    self.storage = storage
    self.index = index
  }

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
    var entries = [
      Entry(kind: kind, text: text, id: id, attributes: attributes, subtreeSize: 1)
    ]
    for child in children { entries.append(contentsOf: child.subtreeEntries) }
    entries[0].subtreeSize = entries.count
    storage = Storage(entries)
    index = 0
  }

  private var entry: Entry { storage.entries[index] }

  private var subtreeEntries: ArraySlice<Entry> {
    storage.entries[index..<index + entry.subtreeSize]
  }

  /// Replaces this node's entry, copying the subtree into a buffer of its own.
  private mutating func modify(_ change: (inout Entry) -> Void) {
    var entries = Array(subtreeEntries)
    change(&entries[0])
    storage = Storage(entries)
    index = 0
  }

  /// The view's type name: `Text`, `VStack`, `NoteRow`.
  public var kind: String {
    get { entry.kind }
    set { modify { $0.kind = newValue } }
  }

  /// The text a leaf shows (a `Text`'s string, a `Button`'s or `Toggle`'s title).
  public var text: String? {
    get { entry.text }
    set { modify { $0.text = newValue } }
  }

  /// The explicit identity (`ForEach` id or `.id(_:)`), where one applies, as shown:
  /// `String(describing:)` of the id value, shortened to its first 8 characters and `…` when
  /// it is longer than 32 (a UUID); an `ObjectIdentifier` is shown as its address in hex.
  public var id: String? {
    get { entry.id }
    set { modify { $0.id = newValue } }
  }

  /// Other attributes, such as `isOn=true` for a toggle, in a stable order.
  public var attributes: [String] {
    get { entry.attributes }
    set { modify { $0.attributes = newValue } }
  }

  /// The rendered children, in order. O(number of children) to read.
  public var children: [RenderedNode] {
    get {
      var result: [RenderedNode] = []
      var child = index + 1
      let end = index + entry.subtreeSize
      while child < end {
        result.append(RenderedNode(storage: storage, index: child))
        child += storage.entries[child].subtreeSize
      }
      return result
    }
    set {
      self = RenderedNode(
        kind: kind, text: text, id: id, attributes: attributes, children: newValue)
    }
  }

  /// Every node of the tree, pre-order.
  public var allNodes: [RenderedNode] {
    (index..<index + entry.subtreeSize).map { RenderedNode(storage: storage, index: $0) }
  }

  /// The first node (pre-order) whose text is `text`.
  /// - Parameter text: the exact text.
  /// - Returns: the node, or nil.
  public func find(text: String) -> RenderedNode? { first { $0.text == text } }

  /// The first node (pre-order) whose explicit identity is `id`, as the tree shows it.
  /// - Parameter id: the identity as shown: `String(describing:)` of the id value, but an id
  ///   longer than 32 characters (a UUID) is shown as its first 8 characters and `…`, so pass
  ///   that shortened form; two ids that share those 8 characters look alike, and the first
  ///   node is returned.
  /// - Returns: the node, or nil.
  public func find(id: String) -> RenderedNode? { first { $0.id == id } }

  /// Every node of kind `kind`, pre-order.
  /// - Parameter kind: a type name such as `Text`.
  /// - Returns: the nodes.
  public func findAll(kind: String) -> [RenderedNode] {
    (index..<index + entry.subtreeSize).compactMap {
      storage.entries[$0].kind == kind ? RenderedNode(storage: storage, index: $0) : nil
    }
  }

  /// The texts of all leaves, pre-order.
  public var texts: [String] { subtreeEntries.compactMap(\.text) }

  private func first(where predicate: (Entry) -> Bool) -> RenderedNode? {
    for position in index..<index + entry.subtreeSize where predicate(storage.entries[position]) {
      return RenderedNode(storage: storage, index: position)
    }
    return nil
  }

  /// Two nodes are equal when their subtrees have the same kinds, texts, identities,
  /// attributes and shape. O(n), without recursion.
  public static func == (lhs: RenderedNode, rhs: RenderedNode) -> Bool {
    lhs.subtreeEntries.elementsEqual(rhs.subtreeEntries)
  }

  /// A stable, readable text dump: one node per line, indented by two spaces per level,
  /// `Kind #id "text" attr=value`. In texts and ids, a backslash, a quote, a line break, a tab
  /// and other control characters are escaped as in a Swift string literal (`\\`, `\"`, `\n`,
  /// `\t`, `\u{1B}`), so every node is one unambiguous line.
  /// - Parameters:
  ///   - maxChildren: show at most this many children per node, then `… N more`.
  ///   - maxDepth: show at most this many levels (this node is the first, and is always
  ///     shown), then `… N children` in place of a deeper level's nodes.
  ///   - maxTextLength: shorten longer texts to this many characters, then `…`.
  ///   A negative limit counts as 0.
  /// - Returns: the dump, ending with a newline.
  public func dump(
    maxChildren: Int = .max, maxDepth: Int = .max, maxTextLength: Int = .max
  ) -> String {
    enum Item {
      case node(position: Int, depth: Int)
      case line(String, depth: Int)
    }
    // Bytes, and one run of spaces sliced for every indentation: a dump of a deep tree is
    // mostly indentation, and copying a slice is one memory copy.
    var output: [UInt8] = []
    var spaces: [UInt8] = []
    func indent(_ depth: Int) {
      if spaces.count < 2 * depth {
        spaces = [UInt8](repeating: UInt8(ascii: " "), count: max(2 * depth, 2 * spaces.count))
      }
      output.append(contentsOf: spaces[0..<(2 * depth)])
    }
    // A negative limit is a limit of 0: `prefix` traps on a negative count.
    let maxChildren = max(0, maxChildren)
    let maxTextLength = max(0, maxTextLength)
    var stack: [Item] = [.node(position: index, depth: 0)]
    let entries = storage.entries
    while let item = stack.popLast() {
      switch item {
      case .line(let line, let depth):
        indent(depth)
        output.append(contentsOf: line.utf8)
        output.append(UInt8(ascii: "\n"))
        continue
      case .node(let position, let depth):
        let entry = entries[position]
        indent(depth)
        var line = entry.kind
        if let id = entry.id { line += " #\(Self.escaped(id))" }
        if let text = entry.text {
          // Shortened before escaping, so that an escape is never cut in half.
          var shown = text
          if shown.count > maxTextLength { shown = String(shown.prefix(maxTextLength)) + "…" }
          line += " \"\(Self.escaped(shown))\""
        }
        for attribute in entry.attributes { line += " \(attribute)" }
        output.append(contentsOf: line.utf8)
        output.append(UInt8(ascii: "\n"))
        var children: [Int] = []
        var child = position + 1
        while child < position + entry.subtreeSize {
          children.append(child)
          child += entries[child].subtreeSize
        }
        guard !children.isEmpty else { continue }
        guard depth + 1 < maxDepth else {
          let count = children.count == 1 ? "1 child" : "\(children.count) children"
          stack.append(.line("… \(count)", depth: depth + 1))
          continue
        }
        if children.count > maxChildren {
          stack.append(.line("… \(children.count - maxChildren) more", depth: depth + 1))
        }
        for child in children.prefix(maxChildren).reversed() {
          stack.append(.node(position: child, depth: depth + 1))
        }
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// `text` with the characters that would make a dump line ambiguous escaped, as in a Swift
  /// string literal. O(n); returns `text` itself when there is nothing to escape.
  static func escaped(_ text: String) -> String {
    guard
      text.unicodeScalars.contains(where: {
        $0 == "\\" || $0 == "\"" || $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
      })
    else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
