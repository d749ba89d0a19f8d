/// The state bits of a node, kept in its record so the walks read them without touching the
/// node's object.
@usableFromInline
struct NodeFlags: OptionSet, Sendable, BitwiseCopyable {
  @usableFromInline let rawValue: UInt16

  @inlinable init(rawValue: UInt16) { self.rawValue = rawValue }

  /// A direct dependency changed: the node must re-evaluate.
  @inlinable static var dirty: NodeFlags { NodeFlags(rawValue: 1 << 0) }
  /// An indirect dependency changed (or, inside a transaction, a direct one): the node must
  /// check its dependencies' versions before deciding.
  @inlinable static var pending: NodeFlags { NodeFlags(rawValue: 1 << 1) }
  /// The node's computation is running; reads record dependencies into it.
  @inlinable static var evaluating: NodeFlags { NodeFlags(rawValue: 1 << 2) }
  /// The node is on the stack of a dependency check; reading it now is a cycle.
  @inlinable static var checking: NodeFlags { NodeFlags(rawValue: 1 << 3) }
  /// The effect sits in its graph's run queue.
  @inlinable static var queued: NodeFlags { NodeFlags(rawValue: 1 << 4) }
  /// The effect was disposed; it never runs again.
  @inlinable static var disposed: NodeFlags { NodeFlags(rawValue: 1 << 5) }
  /// The derived value has been computed at least once.
  @inlinable static var hasValue: NodeFlags { NodeFlags(rawValue: 1 << 6) }
  /// The cell was written inside a transaction and has not yet decided whether its value
  /// changed (see `Transaction`).
  @inlinable static var unsettled: NodeFlags { NodeFlags(rawValue: 1 << 7) }
  /// The effect keeps the reasons it became stale (for explanations).
  @inlinable static var recordsReasons: NodeFlags { NodeFlags(rawValue: 1 << 8) }
  /// The node's object is gone; the slot waits to be freed.
  @inlinable static var dead: NodeFlags { NodeFlags(rawValue: 1 << 9) }
  /// The derived value's latest evaluation met a dependency cycle, or read a value that had:
  /// its value came from the cycle's stale side, so every read reports the cycle until it
  /// evaluates again (see `NodeStore.cyclePaths`).
  @inlinable static var cycleMet: NodeFlags { NodeFlags(rawValue: 1 << 10) }

  /// Either stale bit.
  @inlinable static var stale: NodeFlags { NodeFlags(rawValue: 0b11) }
  /// Evaluating or being checked: a node reached again in either state is part of a cycle.
  @inlinable static var onStack: NodeFlags { NodeFlags(rawValue: 0b1100) }

  // The set operations the walks use, on the raw bits. `OptionSet`'s own are generic
  // extensions: specialized away in release, but in a debug build each call went through
  // protocol witnesses and metadata lookups, about half of a debug run of the dynamic-graph
  // workload (`swift test` and the AddressSanitizer suite run debug builds).

  @inlinable init() { rawValue = 0 }

  @inlinable init(arrayLiteral elements: NodeFlags...) {
    var bits: UInt16 = 0
    for element in elements { bits |= element.rawValue }
    rawValue = bits
  }

  @inlinable func contains(_ member: NodeFlags) -> Bool {
    rawValue & member.rawValue == member.rawValue
  }

  @inlinable func isDisjoint(with other: NodeFlags) -> Bool { rawValue & other.rawValue == 0 }

  @inlinable var isEmpty: Bool { rawValue == 0 }

  @inlinable static func == (lhs: NodeFlags, rhs: NodeFlags) -> Bool {
    lhs.rawValue == rhs.rawValue
  }

  @inlinable func union(_ other: NodeFlags) -> NodeFlags {
    NodeFlags(rawValue: rawValue | other.rawValue)
  }

  @inlinable func intersection(_ other: NodeFlags) -> NodeFlags {
    NodeFlags(rawValue: rawValue & other.rawValue)
  }

  @inlinable func subtracting(_ other: NodeFlags) -> NodeFlags {
    NodeFlags(rawValue: rawValue & ~other.rawValue)
  }

  @inlinable
  @discardableResult
  mutating func insert(_ newMember: NodeFlags) -> (inserted: Bool, memberAfterInsert: NodeFlags) {
    let inserted = !contains(newMember)
    self = union(newMember)
    return (inserted, newMember)
  }

  @inlinable
  @discardableResult
  mutating func remove(_ member: NodeFlags) -> NodeFlags? {
    let removed = intersection(member)
    self = subtracting(member)
    return removed.rawValue == 0 ? nil : removed
  }

  @inlinable mutating func formUnion(_ other: NodeFlags) { self = union(other) }
  @inlinable mutating func formIntersection(_ other: NodeFlags) { self = intersection(other) }
  @inlinable mutating func subtract(_ other: NodeFlags) { self = subtracting(other) }
}

/// What a node is; it decides how the walks treat it.
@usableFromInline
enum NodeKind: UInt8, Sendable, BitwiseCopyable {
  /// A source: `Cell`, or a tracked-property relay.
  case cell
  /// A memoized computation: `Derived`.
  case derived
  /// A side effect run by a graph's flush: `Effect`.
  case effect
  /// An `EffectScope`: owns effects, reads nothing.
  case scope
}

/// The graph state of one node: 36 bytes, no references.
///
/// Dependency lists are singly linked through `EdgeRecord.nextDep` (head and tail kept here);
/// subscriber lists are doubly linked through `prevSub`/`nextSub`. `-1` means none.
@usableFromInline
struct NodeRecord: Sendable, BitwiseCopyable {
  /// Bumped each time the node's value changes (cells, derived values).
  @usableFromInline var version: UInt32 = 0
  /// Bumped at the start of each evaluation; edges confirmed by that evaluation carry it.
  @usableFromInline var runStamp: UInt32 = 0
  /// First dependency edge.
  @usableFromInline var depsHead: Int32 = -1
  /// During an evaluation: the last dependency confirmed so far. Otherwise: the list's tail.
  @usableFromInline var depsTail: Int32 = -1
  /// First subscriber edge.
  @usableFromInline var subsHead: Int32 = -1
  /// Last subscriber edge.
  @usableFromInline var subsTail: Int32 = -1
  /// Bumped when the slot is freed, so that a stale `NodeRef` to the slot never matches.
  @usableFromInline var generation: UInt32 = 0
  /// While the node evaluates: the evaluation that was running when it began (-1 for none),
  /// so that a cycle can be reported with its path.
  @usableFromInline var evaluatingParent: Int32 = -1
  @usableFromInline var flags = NodeFlags()
  @usableFromInline var kind: NodeKind = .cell

  @inlinable init() {}
}

/// One dependency edge: `sub` read `dep` during its latest evaluation. 28 bytes.
///
/// An edge sits in the subscriber's dependency list (which owns it) and in the dependency's
/// subscriber list. A re-run that reads the same dependencies in the same order reuses every
/// edge. Freed edges are chained through `nextDep` into the store's free list.
@usableFromInline
struct EdgeRecord: Sendable, BitwiseCopyable {
  /// The node that was read.
  @usableFromInline var dep: Int32
  /// The node that read it.
  @usableFromInline var sub: Int32
  @usableFromInline var nextDep: Int32 = -1
  @usableFromInline var prevSub: Int32 = -1
  @usableFromInline var nextSub: Int32 = -1
  /// `dep`'s version when `sub` last read it; a mismatch means `dep` changed since. Versions
  /// are compared for equality only, so wrapping after 2³² changes is harmless unless exactly a
  /// multiple of 2³² changes happen between two checks.
  @usableFromInline var version: UInt32
  /// `sub`'s `runStamp` when this edge was last confirmed.
  @usableFromInline var stamp: UInt32

  @inlinable init(dep: Int32, sub: Int32, version: UInt32, stamp: UInt32) {
    self.dep = dep
    self.sub = sub
    self.version = version
    self.stamp = stamp
  }
}

/// A reference to a node that may outlive it (a queued effect, a tracked-property change posted
/// from another thread): the slot and the generation it had, so that a freed and reused slot is
/// recognised and ignored.
@usableFromInline
struct NodeRef: Hashable, Sendable, BitwiseCopyable {
  @usableFromInline let slot: Int32
  @usableFromInline let generation: UInt32

  @inlinable init(slot: Int32, generation: UInt32) {
    self.slot = slot
    self.generation = generation
  }

  /// Both fields in one integer (for a relay's payload; see `TrackedPropertyBridge`).
  var packed: UInt64 { UInt64(generation) << 32 | UInt64(UInt32(bitPattern: slot)) }

  /// The reference `packed` was made from.
  init(packed: UInt64) {
    slot = Int32(bitPattern: UInt32(truncatingIfNeeded: packed))
    generation = UInt32(truncatingIfNeeded: packed >> 32)
  }
}
