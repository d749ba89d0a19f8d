/// The host's elements by handle: which node owns each, and what each is waiting for in the
/// next commit.
///
/// Slots are reused after their element is released; each reuse bumps the slot's generation,
/// so a handle kept past its element's removal finds nothing instead of another element.
/// Slot 0 is the root container, owned by no node.
///
/// A generation's high bits are the host's tag (`ElementID.hostTagShift`), so that a handle
/// from another host finds nothing either, rather than this host's element in the same slot
/// (found by a new user: a backend with two hosts tapped the wrong host's button). Tags repeat
/// only every 4,096 hosts; the reuse count in the low bits wraps within them.
@MainActor
struct ElementTable {
  struct Slot {
    var generation: UInt32 = 0
    var owner: ViewNode?
    /// The commit for which the element is already listed as changed, per change kind.
    var childrenMark: UInt32 = 0
    var attributesMark: UInt32 = 0
  }

  private(set) var slots: [Slot] = [Slot()]
  private var free: [UInt32] = []
  /// The generation of a slot's first element: the host's tag, reused 0 times.
  private let firstGeneration: UInt32

  /// The table of a host tagged `hostTag` (taken modulo 4,096).
  init(hostTag: UInt32) {
    firstGeneration = (hostTag & ElementID.hostTagMask) << ElementID.hostTagShift
  }

  /// A handle for a new element owned by `owner`.
  mutating func allocate(owner: ViewNode) -> ElementID {
    if let index = free.popLast() {
      slots[Int(index)].owner = owner
      return ElementID(index: index, generation: slots[Int(index)].generation)
    }
    slots.append(Slot(generation: firstGeneration, owner: owner))
    return ElementID(index: UInt32(slots.count - 1), generation: firstGeneration)
  }

  /// Frees the slot of `id` for reuse.
  mutating func release(_ id: ElementID) {
    let index = Int(id.index)
    guard index != 0, slots[index].generation == id.generation else { return }
    let generation = slots[index].generation
    let reuses = (generation &+ 1) & ElementID.reuseMask
    slots[index] = Slot(generation: generation & ~ElementID.reuseMask | reuses)
    free.append(id.index)
  }

  /// The node that owns `id`, or nil when the element is gone (or `id` is the root).
  func owner(of id: ElementID) -> ViewNode? {
    let index = Int(id.index)
    guard index < slots.count, slots[index].generation == id.generation else { return nil }
    return slots[index].owner
  }

  /// What an element can wait for in a commit (a leaf's text is marked in its node: see
  /// `HostCore.changedText`).
  enum Change {
    case children
    case attributes
  }

  /// Records that `id` is listed for `commit` with `change`; false when it already was (or the
  /// element is gone).
  mutating func mark(_ id: ElementID, _ change: Change, for commit: UInt32) -> Bool {
    let index = Int(id.index)
    guard index < slots.count, slots[index].generation == id.generation else { return false }
    switch change {
    case .children:
      guard slots[index].childrenMark != commit else { return false }
      slots[index].childrenMark = commit
    case .attributes:
      guard slots[index].attributesMark != commit else { return false }
      slots[index].attributesMark = commit
    }
    return true
  }

}
