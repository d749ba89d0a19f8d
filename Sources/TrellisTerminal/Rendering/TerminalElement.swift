import TrellisViews

/// One element of a `TerminalRenderer`: what the host created, with the layout nodes that draw
/// it.
///
/// An element keeps one layout node for its whole life (`body`), updated in place by the
/// host's text and attribute changes, so that an edited row is measured and drawn again and its
/// siblings are not. Containers also say where their children's nodes go (`container`), after
/// the nodes the element draws itself (a button's brackets). An element with a navigation
/// title stands in its parent's layout as a header around the body (`slot`).
@MainActor
public final class TerminalElement {
  /// The host's handle, nil for the renderer's root.
  public let id: ElementID?
  /// What the element is.
  public let kind: ElementKind
  /// The text the host gave it (a `Text`'s string, a `Toggle`'s title).
  public internal(set) var text: String?
  /// The attributes the host gave it.
  public internal(set) var attributes: ElementAttributes
  /// The element it was inserted into, nil for the root and for removed elements.
  public internal(set) weak var parent: TerminalElement?
  /// Its children, as the host has them.
  public internal(set) var children: [TerminalElement] = []

  /// The node that draws the element.
  public let body: TerminalLayoutNode
  /// The node that stands for the element among its parent's layout children: the body, or a
  /// header around it for an element with a navigation title.
  public internal(set) var slot: TerminalLayoutNode
  /// Where the children's slots go, nil for leaves and for elements whose children are not
  /// part of the frame (`Static`).
  let container: TerminalLayoutNode?
  /// How many nodes the element draws before its children in `container`.
  let leadingNodes: Int
  /// The header's title node, when the element has one.
  var titleNode: TerminalLayoutNode?

  /// How many of the children are navigation destinations (they cover those before them).
  var destinationCount = 0
  /// Whether some children are hidden because a destination covers them.
  var coversChildren = false
  /// Whether the element is listed among the current commit's changed containers.
  var isQueuedForCommit = false

  /// For a lazy container (`List`): the rows the host realized, as positions among all of its
  /// rows (its children are exactly these), and how many rows it has in all; nil until the
  /// host says (`rows` attribute), when the children are all the rows.
  var realizedRows: Range<Int>?
  var totalRows: Int?
  /// For a `List`: the first row shown, as a position among all of its rows.
  var scrollRow = 0

  /// Whether the element is disabled (`.disabled(true)`): drawn dimmed, never focused.
  public internal(set) var isDisabled = false
  /// Whether the host's focus is on it (its `focused` attribute).
  var hasHostFocus = false

  /// Whether the element has the focus.
  public internal(set) var isFocused = false
  /// Where the element was last found among its parent's children; checked before use.
  var indexHint = 0

  init(id: ElementID?, kind: ElementKind, text: String?, attributes: ElementAttributes) {
    self.id = id
    self.kind = kind
    self.text = text
    self.attributes = attributes
    let parts = ElementAppearance.layout(for: kind, text: text, attributes: attributes)
    body = parts.body
    container = parts.container
    leadingNodes = parts.leadingNodes
    slot = parts.body
  }

  /// The element's position among its parent's children (O(1) when unchanged since the last
  /// call, otherwise a search), nil when it has no parent.
  var indexInParent: Int? {
    guard let parent else { return nil }
    if indexHint < parent.children.count, parent.children[indexHint] === self { return indexHint }
    guard let index = parent.children.firstIndex(where: { $0 === self }) else { return nil }
    indexHint = index
    return index
  }

  /// The key handlers of the modifiers around this element, innermost first.
  var keyPressHandlers: [KeyPressHandler] {
    attributes.compactMap { attribute in
      if case .keyPress(let handler) = attribute { handler } else { nil }
    }
  }

  /// Whether keys and focus can reach this element: a button, a link, a toggle, a tab, a row
  /// of a selecting list with no control in it.
  public var isFocusable: Bool {
    !isDisabled && (ElementAppearance.isFocusable(kind) || isSelectableRow)
  }

  /// Whether this is a row of a `List(selection:)` (it says whether it is selected) that has
  /// no control of its own: the row itself takes the focus, and activating it selects it. A row
  /// with a control in it lets the control take the focus, as a click on a button in a row
  /// presses the button. O(elements in the row).
  var isSelectableRow: Bool {
    guard kind != .tabItem,
      attributes.contains(where: { if case .isSelected = $0 { true } else { false } })
    else { return false }
    var pending = children
    while let element = pending.popLast() {
      if ElementAppearance.isFocusable(element.kind) { return false }
      pending += element.children
    }
    return true
  }

  /// Whether the element is in its renderer's tree, shown (no covered navigation level or
  /// `Static` above it). O(depth).
  public var isVisible: Bool {
    var element: TerminalElement? = self
    while let current = element {
      if current.slot.isHidden { return false }
      guard let parent = current.parent else { return current.id == nil }
      if parent.container == nil { return false }
      element = parent
    }
    return false
  }

  /// The elements from this one up to the root, this one first.
  var ancestry: [TerminalElement] {
    var result: [TerminalElement] = []
    var element: TerminalElement? = self
    while let current = element {
      result.append(current)
      element = current.parent
    }
    return result
  }
}

/// Elements a renderer keeps track of without keeping them: lists for viewport reports, key
/// handlers, focus history. The host keeps an element while its view exists, shown or hidden
/// (a covered navigation level, a row scrolled out leave the tree and may come back), so an
/// element in here is gone exactly when its view is.
@MainActor
struct TrackedElements {
  private struct Entry {
    weak var element: TerminalElement?
  }
  private var entries: [Entry] = []

  /// The elements still alive, oldest first; forgets the others.
  mutating func alive() -> [TerminalElement] {
    entries.removeAll { $0.element == nil }
    return entries.compactMap(\.element)
  }

  /// Adds `element` at the end (again, when it was there: it moves to the end).
  mutating func append(_ element: TerminalElement) {
    entries.removeAll { $0.element == nil || $0.element === element }
    entries.append(Entry(element: element))
  }

  /// Removes `element`.
  mutating func remove(_ element: TerminalElement) {
    entries.removeAll { $0.element == nil || $0.element === element }
  }

  var isEmpty: Bool { entries.allSatisfy { $0.element == nil } }
}
