/// Growable storage for the store's records: a manually managed buffer of trivial values,
/// indexed like an array, with a bounds check on every access and nothing else.
///
/// Why not `ContiguousArray`: every write to an element of an array held in a class goes
/// through a uniqueness check (a runtime call), which on the graph's walks cost more than the
/// walk's own work (`swift_isUniquelyReferenced` was 5% of a kairo profile, before the rest of
/// the per-step overhead it brings). The records are never shared, so the check can never
/// fire; this buffer simply has none.
///
/// Invariant (the one unsafe part): `base` is valid for `capacity` elements and initialized
/// for `count`. It moves only in `append` (when growing), so an element access — one
/// statement, through `unsafeAddress`/`unsafeMutableAddress` — never spans a growth: no
/// caller holds an element's address across a call. Indices are checked against `count`, so a
/// wrong index traps instead of reading outside the buffer. `MemorySafetyTests` grows the
/// buffers from inside evaluations and walks, which AddressSanitizer would catch if an access
/// outlived a growth.
///
/// The store's buffers are never freed (the store lives as long as the process); other owners
/// (a graph's run queue) free theirs with `deallocate()`.
@usableFromInline
struct RecordStorage<Record: BitwiseCopyable> {
  @usableFromInline var base: UnsafeMutablePointer<Record>
  @usableFromInline var count = 0
  @usableFromInline var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 1)
    base = .allocate(capacity: self.capacity)
  }

  @inlinable
  subscript(index: Int) -> Record {
    unsafeAddress {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "Trellis: bad graph index")
      return UnsafePointer(base + index)
    }
    nonmutating unsafeMutableAddress {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "Trellis: bad graph index")
      return base + index
    }
  }

  /// The record at `index`, with the bounds check only in debug builds: for the store's
  /// `nodes`, `edges` and `handles` buffers, at an index the graph itself holds (a link of a
  /// record: `dep`, `sub`, `nextDep`, `nextSub`, `depsHead`, `subsHead`..., tested against -1
  /// first; or the slot of a node object, a check's root, a queued effect).
  ///
  /// Invariant (why the check cannot fire there): those buffers only ever grow (a freed slot or
  /// edge is reused in place, never removed; `handles` grows with `nodes`, one entry per slot),
  /// and every index the graph holds was below `count` when it was stored, being returned by an
  /// append; so it still is. The walks
  /// follow links on every step, and the bounds checks of those accesses (a comparison and a
  /// branch each) were about a tenth of the instructions of a kairo write. A broken link is
  /// still caught by the debug builds the tests and the AddressSanitizer suite run.
  @inlinable
  subscript(link index: Int32) -> Record {
    unsafeAddress {
      assert(UInt(bitPattern: Int(index)) < UInt(bitPattern: count), "Trellis: bad graph link")
      return UnsafePointer(base + Int(index))
    }
    nonmutating unsafeMutableAddress {
      assert(UInt(bitPattern: Int(index)) < UInt(bitPattern: count), "Trellis: bad graph link")
      return base + Int(index)
    }
  }

  /// Whether no record is stored.
  @inlinable var isEmpty: Bool { count == 0 }

  /// Appends `record`, growing the buffer (which moves it) when full.
  @inlinable
  mutating func append(_ record: Record) {
    if count == capacity { grow() }
    (base + count).initialize(to: record)
    // Below `capacity` here, so no overflow to check for (an instruction per push).
    count &+= 1
  }

  /// Removes and returns the last record.
  @inlinable
  @discardableResult
  mutating func removeLast() -> Record {
    precondition(count > 0, "Trellis: empty graph stack")
    count &-= 1
    return base[count]
  }

  /// Frees the buffer; the storage must not be used afterwards.
  func deallocate() { base.deallocate() }

  /// Removes the records after the first `newCount`.
  @inlinable
  mutating func truncate(to newCount: Int) {
    precondition(newCount >= 0 && newCount <= count, "Trellis: bad graph stack depth")
    count = newCount
  }

  /// Sorts the records from `start` to the end in place.
  mutating func sort(from start: Int, by areInIncreasingOrder: (Record, Record) -> Bool) {
    precondition(start >= 0 && start <= count, "Trellis: bad graph sort range")
    var records = UnsafeMutableBufferPointer(start: base + start, count: count - start)
    records.sort(by: areInIncreasingOrder)
  }

  /// The records from `start` to the end, copied.
  func suffix(from start: Int) -> [Record] {
    precondition(start >= 0 && start <= count, "Trellis: bad graph range")
    return Array(UnsafeBufferPointer(start: base + start, count: count - start))
  }

  @usableFromInline
  mutating func grow() {
    let newCapacity = capacity * 2
    let newBase = UnsafeMutablePointer<Record>.allocate(capacity: newCapacity)
    newBase.moveInitialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }
}
