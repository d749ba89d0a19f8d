/// The commit: what the reconciliation changed, sent to the renderers as the minimal list of
/// mutations, and the appearance of every new view queued in tree post-order.
///
/// The reconciliation only marks what changed: the elements whose flattened children changed
/// (a child created, removed or moved, at any depth of structural wrappers below them), the
/// leaves whose text changed, the elements whose attributes changed. The commit then, per
/// marked container, walks its children down to the next elements (descending through
/// structural wrappers and into new subtrees), creates the elements of new views, diffs the
/// resulting list against the one the renderers have (`ChildListDiff`), and sends the edits.
/// Unmarked parts of the tree are not visited: the cost is the size of what changed plus the
/// direct children of the containers that changed.
extension HostCore {
  /// Whether changes are marked that no commit has sent yet.
  var hasUncommittedChanges: Bool {
    !changedChildren.isEmpty || !changedText.isEmpty || !changedAttributes.isEmpty
      || !removedElements.isEmpty
  }

  /// Sends the recorded changes to the renderers, in one commit.
  func commit() {
    // Views that a retaining container showed appear after the commit inserts them again.
    defer { queueShownAppearances() }
    guard hasUncommittedChanges else { return }
    let (transaction, elementTransactions) = commitTransactions()
    let info = CommitInfo(
      number: Int(commitNumber), transaction: transaction,
      elementTransactions: elementTransactions)
    commitNumber &+= 1
    let watchesRenderers = watchesRendererWrites
    isCommitting = true
    defer { isCommitting = false }
    forEachRenderer { renderer in renderer.beginCommit(info) }
    var position = 0
    while position < changedChildren.count {
      rebuildChildren(of: changedChildren[position])
      position += 1
    }
    for node in changedText {
      // A node still mounted has its element (it is released only after the node leaves).
      guard node.isMounted, node.isElementCreated, let id = node.elementID,
        node.element.committedText != node.text
      else { continue }
      node.element.committedText = node.text
      forEachRenderer { renderer in renderer.setText(node.text, of: id) }
    }
    for id in changedAttributes {
      guard let node = elements.owner(of: id), node.isMounted, node.isElementCreated else {
        continue
      }
      sendAttributes(of: node, id: id)
    }
    for id in removedElements {
      forEachRenderer { renderer in renderer.release(id) }
      elements.release(id)
      if !viewports.isEmpty {
        viewports[id] = nil
        hostScrolledViewports.remove(id)
      }
    }
    changedChildren.empty()
    changedText.empty()
    changedAttributes.empty()
    removedElements.empty()
    // A commit that removed an unmounted tree frees the renderer before its `endCommit`, so
    // that the renderer may hand itself to another host from there (found by a renderer
    // author: it was refused, as if the unmounted host still had it).
    if givesRendererBackAfterCommit { giveRendererBackIfUnmounted() }
    forEachRenderer { renderer in renderer.endCommit(info) }
    if watchesRenderers { noteRendererWritesIfAny() }
  }

  /// Calls `body` with the tree's box, once it follows the commits, then each renderer. The
  /// dormant tree box is left out rather than called to drop each mutation: a loop retains and
  /// releases every box around each call.
  @inline(__always)
  private func forEachRenderer(_ body: (RendererBox) -> Void) {
    if let treeBox, treeBox.isActive { body(treeBox) }
    for renderer in renderers { body(renderer) }
  }

  // MARK: - Marking

  /// `node`'s children changed: the element its children render into must be rebuilt.
  func markChildrenChanged(of node: ViewNode) {
    preferencesMayHaveMoved(below: node)
    // A new element needs no mark: the walk that creates it builds its whole child list (and
    // a rebuild of an element the renderers do not have does nothing).
    if node.elementID != nil && !node.isElementCreated { return }
    let id = node.elementID ?? node.hostParent
    noteChangeContext(of: id)
    if elements.mark(id, .children, for: commitNumber) { changedChildren.append(id) }
  }

  /// A leaf's text changed.
  func markTextChanged(of node: ViewNode) {
    guard let id = node.elementID, node.isElementCreated else { return }
    noteChangeContext(of: id)
    guard node.element.textMark != commitNumber else { return }
    node.element.textMark = commitNumber
    changedText.append(node)
  }

  /// A node's own attributes changed. A structural wrapper's attributes belong to its first
  /// element, so its container is rebuilt.
  func markAttributesChanged(of node: ViewNode) {
    guard let id = node.elementID else {
      markChildrenChanged(of: node)
      return
    }
    guard node.isElementCreated else { return }
    noteChangeContext(of: id)
    if elements.mark(id, .attributes, for: commitNumber) { changedAttributes.append(id) }
  }

  // MARK: - Rebuilding one container

  /// One node being walked: its children and the next one to visit.
  private struct Frame {
    let node: ViewNode?
    let children: ChildList<ViewNode>
    var next = 0
    /// The build context its elements go into (see `Context`).
    let context: Int
    /// Whether this frame opened its context (a new element).
    let opensContext: Bool
    /// Whether the node is new to this commit (its appearance is queued on leaving it).
    let isNew: Bool
  }

  /// Where the elements found by the walk go: the container being rebuilt (collected, then
  /// diffed), or a new element (inserted at once, in order).
  private struct Context {
    let element: ElementID?
    var children: [ElementID] = []
  }

  private func rebuildChildren(of id: ElementID) {
    let container: ViewNode?
    let children: ChildList<ViewNode>
    if id == .root {
      container = nil
      children = root.map { ChildList($0) } ?? []
    } else {
      guard let node = elements.owner(of: id), node.isMounted, node.isElementCreated,
        // Created by this commit, from its node's children as they are now: the walk that
        // created it built its whole list. (Each new row of a list is also marked as a
        // container whose children changed; rebuilding it again was about a twentieth of a
        // mounted row's instructions.)
        node.element.createdInCommit != commitNumber
      else {
        return
      }
      container = node
      children = node.children
    }
    let old = container?.element.children.array ?? rootChildren
    var contexts = [Context(element: nil)]
    contexts[0].children.reserveCapacity(old.count)
    var frames = [
      Frame(node: nil, children: children, context: 0, opensContext: false, isNew: false)
    ]
    // Attributes of structural wrappers waiting for their first element: (frame, attributes).
    var pending: [(frame: Int, attributes: ElementAttributes)] = []
    // The top frame is read in place (`frames[frameIndex]`), never copied: a copy retains and
    // releases its node and child list on every step, most of a mount's reference counting.
    // Its children are held in a local, reloaded only when a frame is pushed or popped: read
    // from the frame, the list's enum payload was copied out (a retain and a release) at
    // every step, since an enum's payload cannot be read in place.
    var topChildren = children
    while !frames.isEmpty {
      let frameIndex = frames.count - 1
      let context = frames[frameIndex].context
      var next = frames[frameIndex].next
      let count = topChildren.count
      if pending.isEmpty, next < count {
        // The common run: elements the renderers have, with nothing to inherit. Taken in one
        // loop, without touching the frames.
        // One copy of the list for the run (a retain), so that each step indexes a local.
        let start = next
        while next < count {
          let child = topChildren[next]
          guard let childID = child.elementID, child.isElementCreated,
            !child.element.hasInheritedAttributes, !child.isHiddenByContainer
          else { break }
          contexts[context].children.append(childID)
          next += 1
        }
        if next > start {
          frames[frameIndex].next = next
          continue
        }
      }
      guard next < count else {
        let top = frames.removeLast()
        if let below = frames.last { topChildren = below.children }
        if let last = pending.last, last.frame == frameIndex { pending.removeLast() }
        if top.opensContext, let node = top.node {
          node.element.children = ChildList(contexts.removeLast().children)
        }
        if top.isNew, let node = top.node, node.isVisible, let lifecycle = node.lifecycle {
          queueAppearance(of: lifecycle)
        }
        continue
      }
      let child = topChildren[next]
      frames[frameIndex].next = next + 1
      // A hidden child's elements are not in the renderers' tree (see `Visibility.swift`).
      if child.isHiddenByContainer { continue }
      guard let childID = child.elementID else {
        let isNew = !child.isCommitted
        child.isCommitted = true
        if !child.attributes.isEmpty { pending.append((frames.count, child.attributes)) }
        topChildren = child.children
        frames.append(
          Frame(
            node: child, children: topChildren, context: context, opensContext: false,
            isNew: isNew))
        continue
      }
      if child.isElementCreated {
        // An element the renderers have: it keeps its subtree; only its place and the
        // attributes it inherits can change here.
        contexts[context].children.append(childID)
        if !pending.isEmpty || child.element.hasInheritedAttributes {
          let inherited = takePending(&pending)
          if inherited != child.element.inheritedAttributes {
            child.element.inheritedAttributes = inherited
            if elements.mark(childID, .attributes, for: commitNumber &- 1) {
              changedAttributes.append(childID)
            }
          }
        }
        continue
      }
      let inherited = pending.isEmpty ? [] : takePending(&pending)
      let isNew = createElement(
        of: child, id: childID, inheriting: inherited, into: contexts[context].element,
        at: contexts[context].children.count)
      contexts[context].children.append(childID)
      let grandchildren = child.children
      if grandchildren.isEmpty {
        // A leaf (a row's `Text`): what its frame would do when popped, without the frame and
        // its context (about 250 instructions per mounted row). Its element has no children.
        if isNew, child.isVisible, let lifecycle = child.lifecycle {
          queueAppearance(of: lifecycle)
        }
        continue
      }
      if grandchildren.count == 1, let leaf = grandchildren.first, leaf.children.isEmpty,
        let leafID = leaf.elementID, !leaf.isElementCreated, !leaf.isHiddenByContainer
      {
        // A new element around one new leaf (a row around its `Text`): both finished here, in
        // the order the frames would (the leaf's mutations and appearance first), without a
        // frame or a context, and the one child stored inline. No wrapper lies between them,
        // so the leaf inherits nothing. About 500 instructions per mounted row.
        let leafIsNew = createElement(of: leaf, id: leafID, inheriting: [], into: childID, at: 0)
        child.element.children = ChildList(leafID)
        if leafIsNew, leaf.isVisible, let lifecycle = leaf.lifecycle {
          queueAppearance(of: lifecycle)
        }
        if isNew, child.isVisible, let lifecycle = child.lifecycle {
          queueAppearance(of: lifecycle)
        }
        continue
      }
      // Sized for its children at once (about 100 instructions less than growing from empty
      // for each new element that has any).
      var newContext = Context(element: childID)
      newContext.children.reserveCapacity(grandchildren.count)
      contexts.append(newContext)
      topChildren = grandchildren
      frames.append(
        Frame(
          node: child, children: grandchildren, context: contexts.count - 1, opensContext: true,
          isNew: isNew))
    }
    let rebuilt = contexts[0].children
    if rebuilt != old {
      let positions = ChildListDiff.ElementPositions(slots: elements.slots.count)
      ChildListDiff.edits(from: old, to: rebuilt, positions: positions) { edit in
        switch edit {
        case .remove(let child, let index):
          forEachRenderer { renderer in renderer.remove(child, from: id, at: index) }
        case .insert(let child, let index):
          forEachRenderer { renderer in renderer.insert(child, into: id, at: index) }
        case .move(let child, let source, let destination):
          forEachRenderer { renderer in
            renderer.move(child, in: id, from: source, to: destination)
          }
        }
      }
    }
    if let container {
      container.element.children = ChildList(rebuilt)
    } else {
      rootChildren = rebuilt
    }
  }

  /// Creates `child`'s element in the renderers with its attributes (its own, then
  /// `inherited`) and text, inserted into `parent` at `index` when there is one (a container
  /// being rebuilt inserts by the diff of its list instead).
  /// - Returns: whether the view is new to this commit (its appearance is to be queued).
  @inline(__always)
  private func createElement(
    of child: ViewNode, id childID: ElementID, inheriting inherited: ElementAttributes,
    into parent: ElementID?, at index: Int
  ) -> Bool {
    let isNew = !child.isCommitted
    child.isCommitted = true
    var attributes = child.attributes
    if !inherited.isEmpty {
      attributes.append(contentsOf: inherited)
      child.element.inheritedAttributes = inherited
    }
    child.element.committedAttributes = attributes
    child.element.committedText = child.text
    child.isElementCreated = true
    child.element.createdInCommit = commitNumber
    let description = ElementDescription(
      id: childID, kind: child.element.kind, text: child.text, attributes: attributes,
      explicitID: child.identityPending ? child.explicitID : nil)
    forEachRenderer { renderer in renderer.create(description) }
    if let parent {
      forEachRenderer { renderer in renderer.insert(childID, into: parent, at: index) }
    }
    return isNew
  }

  /// The waiting wrappers' attributes, innermost first, for the element that takes them.
  private func takePending(
    _ pending: inout [(frame: Int, attributes: ElementAttributes)]
  ) -> ElementAttributes {
    var inherited: ElementAttributes = []
    for entry in pending.reversed() { inherited.append(contentsOf: entry.attributes) }
    pending.removeAll()
    return inherited
  }

  /// Sends `node`'s attributes (its own, then inherited) if the renderers have others.
  private func sendAttributes(of node: ViewNode, id: ElementID) {
    var attributes = node.attributes
    if node.element.hasInheritedAttributes {
      attributes.append(contentsOf: node.element.inheritedAttributes)
    }
    guard attributes != node.element.committedAttributes else { return }
    node.element.committedAttributes = attributes
    forEachRenderer { renderer in renderer.setAttributes(attributes, of: id) }
  }
}

extension Array {
  /// Empties the list and keeps its buffer. `removeAll(keepingCapacity:)` takes the generic
  /// replace-subrange path, about 100 instructions even for one element (a fiftieth of a
  /// one-row update); removing elements from the end is a few each (plus a release for a
  /// reference).
  mutating func empty() {
    while !isEmpty { removeLast() }
  }
}
