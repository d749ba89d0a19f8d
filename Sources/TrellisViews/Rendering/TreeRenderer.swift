/// The renderer behind `ViewHost.tree` and `ViewHost.dump()`: it keeps the elements as a tree
/// of objects, updated in place by each commit, and turns it into a `RenderedNode` value on
/// demand.
@MainActor
final class TreeRenderer: Renderer {
  /// One element of the tree.
  final class Element: IterativelyReleased {
    let kind: String
    let explicitID: ExplicitID?
    var text: String?
    var attributes: ElementAttributes
    var children: [Element] = []

    init(kind: String, explicitID: ExplicitID?, text: String?, attributes: ElementAttributes) {
      self.kind = kind
      self.explicitID = explicitID
      self.text = text
      self.attributes = attributes
    }

    deinit { releaseIteratively(&children) }
  }

  let rootElement = Element(kind: "Root", explicitID: nil, text: nil, attributes: [])

  func createElement(_ description: ElementDescription) -> Element {
    Element(
      kind: description.kind.name, explicitID: description.identityValue, text: description.text,
      attributes: description.attributes)
  }

  func insert(_ child: Element, into parent: Element, at index: Int) {
    parent.children.insertOrAppend(child, at: index)
  }

  func move(_ child: Element, in parent: Element, from source: Int, to destination: Int) {
    parent.children.remove(at: source)
    parent.children.insertOrAppend(child, at: destination)
  }

  func remove(_ child: Element, from parent: Element, at index: Int) {
    parent.children.remove(at: index)
  }

  func setText(_ text: String?, of element: Element) { element.text = text }

  func setAttributes(_ attributes: ElementAttributes, of element: Element) {
    element.attributes = attributes
  }

  /// The tree now: the root view's single element, `Root` around several, `Empty` for none.
  /// O(n) in the tree's size, without recursion.
  var tree: RenderedNode {
    switch rootElement.children.count {
    case 0: return RenderedNode(kind: "Empty")
    case 1: return Self.rendered(rootElement.children[0])
    default: return Self.rendered(rootElement)
    }
  }

  private static func rendered(_ top: Element) -> RenderedNode {
    var entries: [RenderedNode.Entry] = []
    // Pre-order; a subtree's size is known once its last descendant is written, so each
    // opened element is remembered until the stack passes it.
    var stack: [(element: Element, entry: Int?)] = [(top, nil)]
    while let (element, finished) = stack.popLast() {
      if let finished {
        entries[finished].subtreeSize = entries.count - finished
        continue
      }
      let position = entries.count
      entries.append(
        RenderedNode.Entry(
          kind: element.kind, text: element.text,
          id: element.explicitID?.text,
          attributes: element.attributes.map(\.description), subtreeSize: 1))
      stack.append((element, position))
      for child in element.children.reversed() { stack.append((child, nil)) }
    }
    return RenderedNode(storage: RenderedNode.Storage(entries), index: 0)
  }
}

/// A renderer element class that holds its children, released by `releaseIteratively(_:)`.
protocol IterativelyReleased: AnyObject {
  var children: [Self] { get set }
}

/// Lets go of a tree's children one element at a time, so that releasing a tree of any depth
/// needs no recursion: every element is released with no children left. For the `deinit` of
/// renderers' element classes. A protocol rather than a key path: a key path's projection
/// costs several hundred instructions per element.
func releaseIteratively<Element: IterativelyReleased>(_ children: inout [Element]) {
  guard !children.isEmpty else { return }
  var stack = children
  children = []
  while let element = stack.popLast() {
    guard !element.children.isEmpty else { continue }
    stack.append(contentsOf: element.children)
    element.children = []
  }
}

extension Array {
  /// Inserts `element` at `index`, appending when `index` is the end: `insert(_:at:)` takes
  /// the generic replace-subrange path, about 300 instructions, where a mount's insertions are
  /// almost all at the end.
  mutating func insertOrAppend(_ element: Element, at index: Int) {
    if index == count { append(element) } else { insert(element, at: index) }
  }
}
