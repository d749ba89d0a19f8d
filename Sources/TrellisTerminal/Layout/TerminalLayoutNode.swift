/// One node of the terminal's layout tree: content (text, a stack, a spacer…), the layout
/// modifiers applied to it, the text style it passes down, and its children.
///
/// The tree is what a renderer keeps between commits: one node per host element, updated in
/// place when the element changes, so the node's identity is the element's. Every change
/// through the properties and child methods invalidates the cached measurements of the node and
/// its ancestors, and only those: an edited row of a long list is measured again, its siblings
/// are not.
///
/// A node is not thread-safe; use a tree from one actor (the renderer's, the main actor).
public final class TerminalLayoutNode {
  /// What the node is.
  public var content: TerminalLayoutContent {
    didSet { if content != oldValue { invalidateLayout() } }
  }

  /// The layout modifiers, innermost first (see `LayoutModifier`).
  public var modifiers: [LayoutModifier] {
    didSet { if modifiers != oldValue { invalidateLayout() } }
  }

  /// The text style this node sets for itself and its subtree. It changes how cells are drawn,
  /// never their layout.
  public var textStyle: TerminalTextStyle

  /// Whether the node is left out of the layout: a hidden node takes no space and draws
  /// nothing, as if it were not among its parent's children (a covered navigation level, say).
  /// Unlike SwiftUI's `.hidden()`, which keeps the space, this is closer to an `if` that is
  /// false, except that the node and its subtree are kept for when it is shown again.
  public var isHidden = false {
    didSet { if isHidden != oldValue { parent?.invalidateLayout() } }
  }

  /// For a `.verticalScroll` node: the rows the last render showed, by index (an empty range
  /// before the first render, or when none fit). Rows are the children, with the children of a
  /// row group in place of the group (see `isRowGroup`).
  public internal(set) var visibleChildren: Range<Int> = 0..<0

  /// Whether, as a child of a `.verticalScroll` node, this node's children are rows of the
  /// scroll rather than the node one row: a `List`'s `Section`, whose header, rows and footer
  /// are rows of the list (so a list scrolls into and through a section row by row).
  var isRowGroup = false {
    didSet { if isRowGroup != oldValue { parent?.invalidateLayout() } }
  }

  /// The rows of this node as a `.verticalScroll`: its children, with each shown row group
  /// replaced by its rows. The children themselves when there is no group (no copy).
  var scrollRows: [TerminalLayoutNode] {
    guard children.contains(where: \.isRowGroup) else { return children }
    var rows: [TerminalLayoutNode] = []
    var pending = Array(children.reversed())
    while let node = pending.popLast() {
      if node.isRowGroup {
        if !node.isHidden { pending += node.children.reversed() }
      } else {
        rows.append(node)
      }
    }
    return rows
  }

  /// The children, in order. Containers arrange them; leaves ignore them.
  public private(set) var children: [TerminalLayoutNode] = []

  /// The node this one is a child of.
  public private(set) weak var parent: TerminalLayoutNode?

  /// Where the node was placed by the last `TerminalLayout.render` of its tree, including its
  /// modifiers, in frame coordinates; `.zero` before that, and for nodes that were not laid
  /// out (nested too deeply).
  public internal(set) var frame: LayoutRect = .zero

  /// Measurements from earlier layout passes, valid until the node or a descendant changes.
  var sizeCache = SizeCache()

  /// The last text layout of a `.text` node, reused while its text and proposal are the same.
  var textCache: TextLayout?

  /// A node.
  /// - Parameters:
  ///   - content: what the node is.
  ///   - modifiers: layout modifiers, innermost first.
  ///   - textStyle: the style it passes down.
  ///   - children: its children, in order; each is removed from its current parent first.
  public init(
    _ content: TerminalLayoutContent, modifiers: [LayoutModifier] = [],
    textStyle: TerminalTextStyle = .inherited, children: [TerminalLayoutNode] = []
  ) {
    self.content = content
    self.modifiers = modifiers
    self.textStyle = textStyle
    for child in children { appendChild(child) }
  }

  /// Inserts `child` at `index`, first removing it from its current parent.
  ///
  /// - Parameters:
  ///   - child: the node to insert. It must not be this node or one of its ancestors (that
  ///     would make the tree a cycle, which traps with a message).
  ///   - index: its position among the children, in `0...children.count` (outside that range
  ///     traps, as `Array.insert` does). When `child` is already a child of this node, the
  ///     index counts the children after it was removed.
  public func insertChild(_ child: TerminalLayoutNode, at index: Int) {
    let cycle = "TerminalLayoutNode: inserting a node into its own subtree makes a cycle"
    precondition(child !== self, cycle)
    // Only a node with children can be an ancestor: a new element (how a mount inserts them,
    // before their own children) costs no walk up, which made a deep mount quadratic.
    if !child.children.isEmpty {
      var ancestor = parent
      while let node = ancestor {
        precondition(node !== child, cycle)
        ancestor = node.parent
      }
    }
    child.removeFromParent()
    precondition(
      (0...children.count).contains(index),
      "TerminalLayoutNode.insertChild: index \(index) is outside 0...\(children.count)")
    children.insert(child, at: index)
    child.parent = self
    invalidateLayout()
  }

  /// Appends `child` after the last child, first removing it from its current parent.
  /// - Parameter child: the node; not this node or an ancestor of it.
  public func appendChild(_ child: TerminalLayoutNode) {
    insertChild(child, at: child.parent === self ? children.count - 1 : children.count)
  }

  /// Removes and returns the child at `index`.
  /// - Parameter index: a position in `children.indices` (outside it traps, as
  ///   `Array.remove(at:)` does).
  /// - Returns: the removed node, now without a parent.
  @discardableResult
  public func removeChild(at index: Int) -> TerminalLayoutNode {
    precondition(
      children.indices.contains(index),
      "TerminalLayoutNode.removeChild: index \(index) is outside 0..<\(children.count)")
    let child = children.remove(at: index)
    child.parent = nil
    invalidateLayout()
    return child
  }

  /// Moves the child at `source` so that it ends up at `destination`.
  /// - Parameters:
  ///   - source: the child's position, in `children.indices`.
  ///   - destination: its position afterwards, in `children.indices`.
  public func moveChild(from source: Int, to destination: Int) {
    precondition(
      children.indices.contains(source) && children.indices.contains(destination),
      "TerminalLayoutNode.moveChild: \(source) → \(destination) is outside 0..<\(children.count)")
    guard source != destination else { return }
    let child = children.remove(at: source)
    children.insert(child, at: destination)
    invalidateLayout()
  }

  /// Removes this node from its parent, if it has one.
  public func removeFromParent() {
    guard let parent, let index = parent.children.firstIndex(where: { $0 === self }) else {
      return
    }
    parent.removeChild(at: index)
  }

  /// Replaces all children with `newChildren`.
  /// - Parameter newChildren: the new children, in order; each is removed from its current
  ///   parent first.
  public func replaceChildren(with newChildren: [TerminalLayoutNode]) {
    for child in children { child.parent = nil }
    children.removeAll()
    for child in newChildren { appendChild(child) }
    invalidateLayout()
  }

  // Releasing a deep tree would recurse once per level and overflow the stack; dismantle the
  // subtrees nobody else holds iteratively instead.
  deinit {
    var pending = children
    children.removeAll()
    while var node = pending.popLast() {
      if isKnownUniquelyReferenced(&node) {
        pending.append(contentsOf: node.children)
        node.children.removeAll()
      }
    }
  }

  /// Forgets the cached measurements of this node and of the ancestors whose sizes may depend
  /// on it. Called by every mutation; O(depth) at most, O(1) when the ancestors have not been
  /// measured since the last change below them (a mount, a batch of changes in one commit).
  ///
  /// The walk up stops at the first ancestor with no measurements, because of this invariant:
  /// a node's measurements depend only on descendants that were measured with them, and
  /// measuring fills the caches bottom-up, so a node with measurements has them for every
  /// descendant its sizes depend on. An ancestor without any was cleared after the ones above
  /// it last measured it (that clear went on up through them), or they never measured it (it
  /// is hidden, or nested too deeply): either way nothing above it depends on what is below.
  ///
  /// The exception is a node its parent flattens (a `.group`, or a row group of a scroll): the
  /// parent measures its children in its place and never the node itself, so the node has no
  /// measurements while the parent's depend on what is below it. The walk goes through those.
  func invalidateLayout() {
    textCache = nil
    sizeCache.removeAll()
    var node = parent
    while let current = node, !current.sizeCache.isEmpty || current.isFlattenedIntoParent {
      current.sizeCache.removeAll()
      node = current.parent
    }
  }

  /// Whether the parent lays this node's children out in its place (see `invalidateLayout`).
  private var isFlattenedIntoParent: Bool {
    if isRowGroup { return true }
    if case .group = content { return true }
    return false
  }
}
