/// Reconciles one node's children during an update: each child is matched to the existing
/// node with the same key and view type (kept, with its state), created, or, when no longer
/// produced, unmounted.
///
/// Children are matched in order, trying the old child at the same position first, so the
/// usual update (the same children in the same order) costs one comparison per child. When
/// the resulting list differs from the old one (a child created, removed or moved), the
/// element the children render into is marked for the commit.
@MainActor
struct ChildUpdater {
  let parent: ViewNode
  private let old: ChildList<ViewNode>
  private var updated: ChildList<ViewNode> = []
  private let stamp: UInt32

  init(parent: ViewNode) {
    self.parent = parent
    old = parent.children
    stamp = parent.host.nextClaimStamp()
  }

  /// Brings the child with `key` up to date with `view`, creating it if needed.
  mutating func update<Content: View>(
    _ key: ChildKey, _ view: Content, explicitID: ExplicitID? = nil
  ) {
    if let existing = takeOld(key) {
      if existing.viewTypeID == ObjectIdentifier(Content.self) {
        updated.append(existing)
        updateKeepingStack(view, in: existing)
        return
      }
      parent.host.unmount(existing)
    }
    let child = ViewNode(
      parent: parent, key: key, viewType: Content.self, explicitID: explicitID)
    updated.append(child)
    updateKeepingStack(view, in: child)
  }

  private func takeOld(_ key: ChildKey) -> ViewNode? {
    let expected = updated.count
    if expected < old.count, old[expected].claimStamp != stamp, old[expected].key == key {
      old[expected].claimStamp = stamp
      return old[expected]
    }
    for child in old where child.claimStamp != stamp && child.key == key {
      child.claimStamp = stamp
      return child
    }
    return nil
  }

  /// Unmounts every old child that was not produced again, in their old order, and installs
  /// the new list.
  func finish() {
    var changed = old.count != updated.count
    for (position, child) in old.enumerated() {
      if child.claimStamp != stamp {
        parent.host.unmount(child)
        changed = true
      } else if !changed, updated[position] !== child {
        changed = true
      }
    }
    guard changed else { return }
    parent.children = updated
    parent.host.markChildrenChanged(of: parent)
  }
}
