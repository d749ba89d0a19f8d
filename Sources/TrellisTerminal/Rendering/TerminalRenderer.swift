import TrellisGraph
import TrellisViews

/// The terminal backend of a `ViewHost`: keeps the host's elements as a tree of layout nodes,
/// updated in place by each commit, and lays them out into frames on demand.
///
/// ```swift
/// let renderer = TerminalRenderer(mode: .fullScreen)
/// let host = ViewHost(NotesApp(), executor: .manual, renderer: renderer)
/// let screen = InMemoryScreen(width: 40, height: 10)
/// let writer = TerminalFrameWriter(mode: .fullScreen, output: screen)
/// writer.write(renderer.render(size: LayoutSize(width: 40, height: 10)).grid)
/// ```
///
/// - **Elements.** One `TerminalElement` per host element, each with the layout nodes that
///   draw it (see `ElementAppearance` for what each kind and attribute becomes). A commit's
///   mutations map one to one onto the layout tree: a created element makes its nodes, an
///   insertion, move or removal does the same to the nodes, and a text or attribute change
///   updates the element's nodes in place, which invalidates the measurements of that node and
///   its ancestors only.
/// - **Navigation and presentations.** A `Destination`, and presented content (`Sheet`,
///   `FullScreenCover`, `Alert`, `ConfirmationDialog`), covers what comes before it in its
///   container: those elements are hidden (kept, laid out as if absent) until it is removed. A
///   terminal has no layers, so a sheet takes the place of the view it is attached to, in a
///   rounded box; Escape dismisses it (`dismissFrontmost()`). Presented content is modal: while
///   it is shown, the focus stays inside the frontmost one, so the views beside the one it is
///   attached to, which stay on screen, take no keys (as the host refuses input to them).
/// - **Focus.** Buttons, links and toggles take focus; the focused element is drawn in reverse
///   video. When the focused element goes away or is covered, focus returns to the element that
///   had it before on the level now shown, or goes to the first focusable element.
/// - **Scrolling.** A `List` is a scroll view that shows the rows that fit from its offset; the
///   offset follows the focused row, and every change of what a list shows is reported to the
///   host (`RendererConnection.reportViewport(_:for:)`).
/// - **Static output.** Rows of a `Static` view are laid out once, when they arrive, and handed
///   out as lines by `takeStaticLines(width:)`; they never take space in the frame.
///
/// All calls come on the main actor. `needsFrame` says whether a commit or a focus change
/// happened since the last frame; `onCommit` is called at the end of every commit.
@MainActor
public final class TerminalRenderer: Renderer {
  /// The container the root view's elements go into.
  public let rootElement: TerminalElement
  /// How frames are laid out: the whole window (`.fullScreen`) or the content's height
  /// (`.inline`, `.plainText`).
  public let mode: TerminalOutputMode
  /// Whether something changed since the last `render`.
  public internal(set) var needsFrame = true
  /// Called after each commit, once its changes are applied.
  public var onCommit: (() -> Void)?

  /// The channel back to the host, once connected.
  public private(set) var connection: RendererConnection?
  /// The focused element, if any.
  public internal(set) var focusedElement: TerminalElement?

  /// Elements that lost focus because they were covered, most recent last.
  var focusHistory = TrackedElements()
  /// Whether the focus went where it is by itself (`repairFocus()` found nothing remembered in
  /// reach), rather than by a key, the host or a remembered element coming back.
  var focusIsAutomatic = false
  /// The lists, for viewport reports.
  var listElements = TrackedElements()
  /// Whether a commit is being applied.
  var isCommitting = false
  /// Whether the terminal's focus moved during a commit, and the host has yet to hear it.
  var needsHostFocusSync = false
  /// An element the host gave the focus in this commit.
  var hostFocusRequest: TerminalElement?
  /// A row that a page or edge move gives the focus to once the host realizes it.
  var pendingFocusRow: (list: TerminalElement, row: Int)?
  /// Where the focused element (or the element it was inside) was removed in this commit: the
  /// element that takes its place, or the one before, takes the focus (see `repairFocus()`).
  var removedFocusPlace: (parent: TerminalElement, index: Int)?
  /// The viewport last reported per list element.
  var reportedViewports: [ElementID: Viewport] = [:]
  /// Elements with key handlers (removed ones are dropped lazily).
  var keyHandlerElements = TrackedElements()
  /// Pickers, steppers, sliders and toggles, which show texts of elements below them (a
  /// picker its selected option's label, any of them a label view): refreshed at the end of
  /// each commit, when those may have come or changed.
  var labelledElements = TrackedElements()
  /// Containers whose children changed in the current commit.
  private var changedContainers: [TerminalElement] = []
  /// Rows of `Static` views not handed out yet.
  private var pendingStatic: [TerminalElement] = []
  /// Whether a tree too deep to lay out was reported already.
  private var reportedDepth = false

  /// A renderer for frames in `mode`.
  /// - Parameter mode: `.fullScreen` fills the frame it is given, with the content at the top
  ///   left; `.inline` and `.plainText` make frames as tall as the content.
  public init(mode: TerminalOutputMode = .fullScreen) {
    self.mode = mode
    rootElement = TerminalElement(
      id: nil, kind: ElementKind("Root"), text: nil, attributes: [])
    rootElement.body.content = .vStack(alignment: .leading, spacing: 0)
    if mode == .fullScreen {
      rootElement.body.modifiers = [
        .frame(maxWidth: .max, maxHeight: .max, alignment: .topLeading)
      ]
    }
  }

  /// The root of the layout tree.
  public var rootNode: TerminalLayoutNode { rootElement.body }

  // MARK: - Renderer

  /// Keeps the connection for viewport reports and activations.
  /// - Parameter connection: the host's side.
  public func connect(_ connection: RendererConnection) { self.connection = connection }

  /// Makes the element and its nodes.
  /// - Parameter description: the element.
  /// - Returns: the element.
  public func createElement(_ description: ElementDescription) -> TerminalElement {
    let element = TerminalElement(
      id: description.id, kind: description.kind, text: description.text,
      attributes: description.attributes)
    ElementAppearance.update(element)
    if ElementAppearance.scrollsRows(element.kind) { listElements.append(element) }
    if !element.keyPressHandlers.isEmpty { keyHandlerElements.append(element) }
    // A toggle with a title never shows its children: only one with a label view is followed.
    if ElementAppearance.isAdjustable(element.kind)
      || (element.kind == .toggle && element.text == nil)
    {
      labelledElements.append(element)
    }
    if element.hasHostFocus { hostFocusRequest = element }
    return element
  }

  /// Inserts the element and its nodes.
  /// - Parameters:
  ///   - child: the element.
  ///   - parent: its new parent.
  ///   - index: its position among the parent's children.
  public func insert(_ child: TerminalElement, into parent: TerminalElement, at index: Int) {
    parent.children.insert(child, at: index)
    child.parent = parent
    child.indexHint = index
    if ElementAppearance.coversSiblings(child.kind) { parent.destinationCount += 1 }
    if let container = parent.container {
      container.insertChild(child.slot, at: parent.leadingNodes + index)
    } else if parent.kind == .staticOutput {
      pendingStatic.append(child)
    }
    childrenChanged(of: parent)
  }

  /// Moves the element and its nodes.
  /// - Parameters:
  ///   - child: the element.
  ///   - parent: its parent.
  ///   - source: its current index.
  ///   - destination: its index afterwards.
  public func move(
    _ child: TerminalElement, in parent: TerminalElement, from source: Int, to destination: Int
  ) {
    parent.children.remove(at: source)
    parent.children.insert(child, at: destination)
    child.indexHint = destination
    parent.container?.moveChild(
      from: parent.leadingNodes + source, to: parent.leadingNodes + destination)
    childrenChanged(of: parent)
  }

  /// Removes the element and its nodes; a focused element inside loses focus after the commit,
  /// to the element that takes its place (the next row of a list), or else the one before.
  /// - Parameters:
  ///   - child: the element.
  ///   - parent: its parent.
  ///   - index: its current index.
  public func remove(_ child: TerminalElement, from parent: TerminalElement, at index: Int) {
    // A presentation or a navigation level that goes gives the focus back to what had it
    // before (`focusHistory`); any other removed element, to what takes its place.
    if !ElementAppearance.coversSiblings(child.kind), let focused = focusedElement,
      focused === child || isInside(focused, child)
    {
      removedFocusPlace = (parent, index)
    }
    parent.children.remove(at: index)
    child.parent = nil
    if ElementAppearance.coversSiblings(child.kind) { parent.destinationCount -= 1 }
    if let container = parent.container { container.removeChild(at: parent.leadingNodes + index) }
    childrenChanged(of: parent)
  }

  /// Changes a leaf's text.
  /// - Parameters:
  ///   - text: the new text.
  ///   - element: the leaf.
  public func setText(_ text: String?, of element: TerminalElement) {
    element.text = text
    ElementAppearance.update(element)
  }

  /// Replaces an element's attributes.
  /// - Parameters:
  ///   - attributes: the new attributes.
  ///   - element: the element.
  public func setAttributes(_ attributes: ElementAttributes, of element: TerminalElement) {
    let hadHandlers = !element.keyPressHandlers.isEmpty
    element.attributes = attributes
    ElementAppearance.update(element)
    if !hadHandlers, !element.keyPressHandlers.isEmpty { keyHandlerElements.append(element) }
    if element.hasHostFocus, !element.isFocused { hostFocusRequest = element }
  }

  /// Notes that a commit starts: focus moves wait for its end to reach the host.
  /// - Parameter commit: the commit.
  public func beginCommit(_ commit: CommitInfo) { isCommitting = true }

  /// Applies what the commit changed as a whole: covered navigation levels, and the focus.
  /// - Parameter commit: the commit.
  public func endCommit(_ commit: CommitInfo) {
    for container in changedContainers { updateCoveredChildren(of: container) }
    changedContainers.removeAll(keepingCapacity: true)
    for control in labelledElements.alive() { ElementAppearance.update(control) }
    resolvePendingFocus()
    applyHostFocusRequest()
    repairFocus()
    isCommitting = false
    needsFrame = true
    onCommit?()
  }

  /// Lists a container whose children changed, once per commit, when destinations cover (or
  /// covered) some of its children: only those need their children's visibility updated.
  private func childrenChanged(of parent: TerminalElement) {
    guard !parent.isQueuedForCommit, parent.destinationCount > 0 || parent.coversChildren else {
      return
    }
    parent.isQueuedForCommit = true
    changedContainers.append(parent)
  }

  /// A `Destination` or a presentation hides the children before it (the level it covers, the
  /// view a sheet is attached to).
  private func updateCoveredChildren(of container: TerminalElement) {
    container.isQueuedForCommit = false
    let children = container.children
    guard let top = children.lastIndex(where: { ElementAppearance.coversSiblings($0.kind) }) else {
      for child in children where child.slot.isHidden { child.slot.isHidden = false }
      container.coversChildren = false
      return
    }
    for (index, child) in children.enumerated() where child.slot.isHidden != (index < top) {
      child.slot.isHidden = index < top
    }
    container.coversChildren = top > 0
  }

  /// Goes back, as Escape does: dismisses the frontmost presentation shown, or else pops the
  /// top level of the frontmost navigation stack (`RendererConnection.dismiss()`).
  /// - Returns: false, doing nothing, when nothing shown is presented or pushed.
  @discardableResult
  public func dismissFrontmost() -> Bool {
    guard let connection, hasShownLevel(rootElement) else { return false }
    // The level shown may be one a back in the same batch of keys already asked to go: the
    // host applies that one first, and then there may be nothing left, which is no mistake.
    return connection.dismissIfPresented()
  }

  /// Whether a destination or presented content is shown at or under `element`.
  private func hasShownLevel(_ element: TerminalElement) -> Bool {
    var stack = [element]
    while let current = stack.popLast() {
      if current.slot.isHidden || current.container == nil { continue }
      for child in current.children where !child.slot.isHidden {
        if ElementAppearance.coversSiblings(child.kind) { return true }
        stack.append(child)
      }
    }
    return false
  }

  // MARK: - Frames

  /// Lays the tree out in a frame of exactly `size` (full screen), after scrolling the lists
  /// to their focused rows, and reports the lists' new viewports.
  /// - Parameter size: the frame's size.
  /// - Returns: the frame and what the root chose.
  public func render(size: LayoutSize) -> TerminalLayout.Result {
    render { TerminalLayout.render(rootNode, size: size) }
  }

  /// Lays the tree out at its height for `width` columns (inline and plain text), at most
  /// `maximumHeight` rows, after scrolling the lists to their focused rows, and reports the
  /// lists' new viewports.
  /// - Parameters:
  ///   - width: the frame's width.
  ///   - maximumHeight: the most rows, usually the terminal's height.
  /// - Returns: the frame and what the root chose.
  public func render(width: Int, maximumHeight: Int?) -> TerminalLayout.Result {
    render { TerminalLayout.render(rootNode, width: width, maximumHeight: maximumHeight) }
  }

  private func render(_ layout: () -> TerminalLayout.Result) -> TerminalLayout.Result {
    scrollToFocus()
    var result = layout()
    // A focused row the list had not laid out before (its first frame, a resize) is brought
    // into view with the sizes just measured, and a list that grew past the rows below its
    // offset shows more of the rows above; the frame is then laid out again.
    let scrolledToFocus = scrollToFocus()
    if clampScrollOffsets() || scrolledToFocus { result = layout() }
    needsFrame = false
    if result.exceededMaximumDepth, !reportedDepth {
      reportedDepth = true
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: ["TerminalRenderer"],
          message:
            "The view tree nests deeper than \(TerminalLayout.maximumDepth) levels; the terminal "
            + "leaves out what is deeper. Flatten the views (fewer nested stacks)."))
    }
    reportedViewportsInLastRender = reportViewports()
    return result
  }

  /// Whether the last `render` reported a new viewport to the host: the host realizes other
  /// rows in its next update, and the frame is worth laying out again after it (`TerminalApp`
  /// flushes and renders again before writing).
  public internal(set) var reportedViewportsInLastRender = false

  /// Lays out the `Static` rows that arrived since the last call, each as the lines it takes
  /// at `width` columns, oldest first.
  /// - Parameter width: the terminal's width.
  /// - Returns: the lines, without trailing spaces.
  public func takeStaticLines(width: Int) -> [String] {
    guard !pendingStatic.isEmpty else { return [] }
    var lines: [String] = []
    for row in pendingStatic {
      var rowLines = TerminalLayout.render(row.slot, width: max(1, width)).grid.lines
      while rowLines.last?.isEmpty == true { rowLines.removeLast() }
      lines += rowLines
    }
    pendingStatic.removeAll()
    return lines
  }
}
