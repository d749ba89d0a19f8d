/// Building the tree behind `ViewHost.tree` on its first read, from what the host knows of the
/// elements the renderers have.
///
/// The host keeps, per element, everything a renderer was sent: its kind, identity, committed
/// text and attributes, and its children as the renderers have them (`ElementState`). Between
/// commits that state is exactly the renderers' tree, so replaying it as creations and
/// insertions gives the tree renderer what it would have had from the first commit on.
extension HostCore {
  /// The tree renderer, built on first use; nil without one (`keepsTree: false`) or when
  /// first asked for during a commit. O(n) in the number of elements on the first call, O(1)
  /// after.
  var renderedTree: TreeRenderer? {
    guard let treeBox else { return nil }
    if !treeBox.isActive {
      guard !isCommitting else { return nil }
      treeBox.activate()
      replayElements(into: treeBox)
    }
    return treeBox.renderer
  }

  /// Sends `box` every element the renderers have, then every element's children in order.
  /// Elements out of the tree (a hidden subtree's, a removed one's until the commit releases
  /// it) are created too: a later commit inserts or releases them.
  private func replayElements(into box: RendererBox) {
    let slots = elements.slots
    var created: [(id: ElementID, node: ViewNode)] = []
    for index in slots.indices.dropFirst() {
      guard let node = slots[index].owner, node.isElementCreated else { continue }
      let id = ElementID(index: UInt32(index), generation: slots[index].generation)
      created.append((id, node))
      box.create(
        ElementDescription(
          id: id, kind: node.element.kind, text: node.element.committedText,
          attributes: node.element.committedAttributes,
          explicitID: node.identityPending ? node.explicitID : nil))
    }
    for (position, child) in rootChildren.enumerated() {
      box.insert(child, into: .root, at: position)
    }
    for (id, node) in created {
      for (position, child) in node.element.children.enumerated() {
        box.insert(child, into: id, at: position)
      }
    }
  }
}
