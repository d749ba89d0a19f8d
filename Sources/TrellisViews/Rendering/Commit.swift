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
  /// Sends the recorded changes to the renderers, in one commit.
  func commit() {
    guard
      !changedChildren.isEmpty || !changedText.isEmpty || !changedAttributes.isEmpty
        || !removedElements.isEmpty
    else { return }
    let info = CommitInfo(number: Int(commitNumber))
    commitNumber &+= 1
    for renderer in renderers { renderer.beginCommit(info) }
    var position = 0
    while position < changedChildren.count {
      rebuildChildren(of: changedChildren[position])
      position += 1
    }
    for id in changedText {
      guard let node = elements.owner(of: id), node.isMounted, var element = node.element,
        element.isCreated, element.committedText != node.text
      else { continue }
      element.committedText = node.text
      node.element = element
      for renderer in renderers { renderer.setText(node.text, of: id) }
    }
    for id in changedAttributes {
      guard let node = elements.owner(of: id), node.isMounted, node.element?.isCreated == true
      else { continue }
      sendAttributes(of: node)
    }
    for id in removedElements {
      for renderer in renderers { renderer.release(id) }
      elements.release(id)
    }
    changedChildren.removeAll(keepingCapacity: true)
    changedText.removeAll(keepingCapacity: true)
    changedAttributes.removeAll(keepingCapacity: true)
    removedElements.removeAll(keepingCapacity: true)
    for renderer in renderers { renderer.endCommit(info) }
  }

  // MARK: - Marking

  /// `node`'s children changed: the element its children render into must be rebuilt.
  func markChildrenChanged(of node: ViewNode) {
    let id = node.element?.id ?? node.hostParent
    if elements.mark(id, .children, for: commitNumber) { changedChildren.append(id) }
  }

  /// A leaf's text changed.
  func markTextChanged(of node: ViewNode) {
    guard let element = node.element, element.isCreated else { return }
    if elements.mark(element.id, .text, for: commitNumber) { changedText.append(element.id) }
  }

  /// A node's own attributes changed. A structural wrapper's attributes belong to its first
  /// element, so its container is rebuilt.
  func markAttributesChanged(of node: ViewNode) {
    guard let element = node.element else {
      markChildrenChanged(of: node)
      return
    }
    guard element.isCreated else { return }
    if elements.mark(element.id, .attributes, for: commitNumber) {
      changedAttributes.append(element.id)
    }
  }

  // MARK: - Rebuilding one container

  /// One node being walked: its children and the next one to visit.
  private struct Frame {
    let node: ViewNode?
    let children: [ViewNode]
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
    let children: [ViewNode]
    if id == .root {
      container = nil
      children = root.map { [$0] } ?? []
    } else {
      guard let node = elements.owner(of: id), node.isMounted, node.element?.isCreated == true
      else { return }
      container = node
      children = node.children
    }
    var contexts = [Context(element: nil)]
    var frames = [Frame(node: nil, children: children, context: 0, opensContext: false, isNew: false)]
    // Attributes of structural wrappers waiting for their first element: (frame, attributes).
    var pending: [(frame: Int, attributes: ElementAttributes)] = []
    while let top = frames.last {
      let frameIndex = frames.count - 1
      guard top.next < top.children.count else {
        frames.removeLast()
        if let last = pending.last, last.frame == frameIndex { pending.removeLast() }
        if top.opensContext, let node = top.node {
          node.element?.children = contexts.removeLast().children
        }
        if top.isNew, let lifecycle = top.node?.lifecycle { queueAppearance(of: lifecycle) }
        continue
      }
      let child = top.children[top.next]
      frames[frameIndex].next += 1
      let isNew = !child.isCommitted
      child.isCommitted = true
      guard var element = child.element else {
        if !child.attributes.isEmpty { pending.append((frames.count, child.attributes)) }
        frames.append(
          Frame(
            node: child, children: child.children, context: top.context, opensContext: false,
            isNew: isNew))
        continue
      }
      var inherited: ElementAttributes = []
      for entry in pending.reversed() { inherited.append(contentsOf: entry.attributes) }
      pending.removeAll()
      if element.isCreated {
        contexts[top.context].children.append(element.id)
        if inherited != element.inheritedAttributes {
          element.inheritedAttributes = inherited
          child.element = element
          if elements.mark(element.id, .attributes, for: commitNumber &- 1) {
            changedAttributes.append(element.id)
          }
        }
        continue
      }
      element.inheritedAttributes = inherited
      var attributes = child.attributes
      attributes.append(contentsOf: inherited)
      element.committedAttributes = attributes
      element.committedText = child.text
      element.isCreated = true
      child.element = element
      let description = ElementDescription(
        id: element.id, kind: element.kind, text: child.text, attributes: attributes,
        identity: child.identityPending ? child.explicitID.map(ViewName.describeID) : nil)
      for renderer in renderers { renderer.create(description) }
      if let parent = contexts[top.context].element {
        let index = contexts[top.context].children.count
        for renderer in renderers { renderer.insert(element.id, into: parent, at: index) }
      }
      contexts[top.context].children.append(element.id)
      contexts.append(Context(element: element.id))
      frames.append(
        Frame(
          node: child, children: child.children, context: contexts.count - 1, opensContext: true,
          isNew: isNew))
    }
    let rebuilt = contexts[0].children
    let old = container?.element?.children ?? rootChildren
    if rebuilt != old {
      ChildListDiff.edits(from: old, to: rebuilt) { edit in
        switch edit {
        case .remove(let child, let index):
          for renderer in renderers { renderer.remove(child, from: id, at: index) }
        case .insert(let child, let index):
          for renderer in renderers { renderer.insert(child, into: id, at: index) }
        case .move(let child, let source, let destination):
          for renderer in renderers {
            renderer.move(child, in: id, from: source, to: destination)
          }
        }
      }
    }
    if let container {
      container.element?.children = rebuilt
    } else {
      rootChildren = rebuilt
    }
  }

  /// Sends `node`'s attributes (its own, then inherited) if the renderers have others.
  private func sendAttributes(of node: ViewNode) {
    guard var element = node.element else { return }
    var attributes = node.attributes
    attributes.append(contentsOf: element.inheritedAttributes)
    guard attributes != element.committedAttributes else { return }
    element.committedAttributes = attributes
    node.element = element
    for renderer in renderers { renderer.setAttributes(attributes, of: element.id) }
  }
}
