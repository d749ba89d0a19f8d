/// Reconciles one node's children during an update: each child is matched to the existing
/// node with the same key and view type (kept, with its state), created, or, when no longer
/// produced, unmounted.
@MainActor
struct ChildUpdater {
  let parent: ViewNode
  private var old: [ViewNode]
  private var oldByKey: [ChildKey: Int]?
  private(set) var updated: [ViewNode] = []

  init(parent: ViewNode) {
    self.parent = parent
    old = parent.children
    if old.count > 8 {
      var index: [ChildKey: Int] = [:]
      index.reserveCapacity(old.count)
      for (position, child) in old.enumerated() { index[child.key] = position }
      oldByKey = index
    }
    updated.reserveCapacity(old.count)
  }

  /// Brings the child with `key` up to date with `view`, creating it if needed.
  /// - Returns: the child node.
  @discardableResult
  mutating func update<Content: View>(
    _ key: ChildKey, _ view: Content, explicitID: AnyHashable? = nil
  ) -> ViewNode {
    if let position = takeOld(key) {
      let existing = old[position]
      if existing.viewTypeID == ObjectIdentifier(Content.self) {
        updated.append(existing)
        Content._update(view, in: existing)
        return existing
      }
      parent.host.unmount(existing)
    }
    let child = ViewNode(
      parent: parent, key: key, viewType: Content.self, explicitID: explicitID)
    updated.append(child)
    Content._update(view, in: child)
    return child
  }

  private mutating func takeOld(_ key: ChildKey) -> Int? {
    if let oldByKey {
      guard let position = oldByKey[key], !old[position].isClaimed else { return nil }
      old[position].isClaimed = true
      return position
    }
    for position in old.indices where !old[position].isClaimed {
      if old[position].key == key {
        old[position].isClaimed = true
        return position
      }
    }
    return nil
  }

  /// Unmounts every old child that was not produced again, in their old order.
  func finish() {
    for child in old {
      if child.isClaimed {
        child.isClaimed = false
      } else {
        parent.host.unmount(child)
      }
    }
  }
}
