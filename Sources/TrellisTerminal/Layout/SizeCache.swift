/// The sizes a node chose for recent proposals.
///
/// A stack measures each child several times per pass (at its minimum, its maximum and its
/// share), and a parent measured again with the same proposal asks its children the same
/// questions, so a handful of entries per node makes a repeated layout of an unchanged subtree
/// one lookup. Entries are replaced round-robin; the node clears them when it or a descendant
/// changes.
struct SizeCache {
  struct Key: Hashable {
    /// The axis of the enclosing stack, which spacers and dividers depend on.
    var axis: StackAxis?
    /// How many of the node's modifiers were applied (0 is the bare content).
    var layer: Int
    var proposal: ProposedSize
  }

  static let capacity = 6

  private var keys: [Key] = []
  private var sizes: [LayoutSize] = []
  private var next = 0

  var isEmpty: Bool { keys.isEmpty }

  func size(for key: Key) -> LayoutSize? {
    for index in keys.indices where keys[index] == key { return sizes[index] }
    return nil
  }

  mutating func store(_ size: LayoutSize, for key: Key) {
    if keys.count < Self.capacity {
      keys.append(key)
      sizes.append(size)
      return
    }
    keys[next] = key
    sizes[next] = size
    next = (next + 1) % Self.capacity
  }

  mutating func removeAll() {
    guard !keys.isEmpty else { return }
    keys.removeAll(keepingCapacity: true)
    sizes.removeAll(keepingCapacity: true)
    next = 0
  }
}
