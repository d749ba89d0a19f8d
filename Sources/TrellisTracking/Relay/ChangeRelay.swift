import Synchronization

/// A dependency graph node's subscription to the tracked properties its latest evaluation read:
/// told at `didSet`, on the mutating thread, which source changed, with no event built.
///
/// Unlike `TrackingObserver`, its set of sources belongs to one owner (the graph, on the main
/// actor): `observe(_:)` and `cancel()` are only called there, so the set needs no lock. Sources
/// are held weakly, as observers hold them: observing a model's property never keeps the
/// property's value alive once the model is gone. They are recognised by `serial`, so an
/// unchanged set costs one integer comparison per source and no weak-reference loads.
@usableFromInline
package final class ChangeRelay: TrackingSubscriber, @unchecked Sendable {
  // `@unchecked`: `entries` is confined to the owner (see above); only `cancelled` and
  // `onChange` (immutable) are read by mutating threads.
  private struct Entry {
    let serial: UInt64
    weak var source: TrackingSource?
  }

  private let onChange: @Sendable (TrackingSource, AnyObject, AnyKeyPath?) -> Void
  private let cancelled = Atomic<Bool>(false)
  @exclusivity(unchecked) private var entries: [Entry] = []

  /// Creates a relay that observes nothing yet.
  /// - Parameter onChange: called on the mutating thread after a write of an observed source,
  ///   with the source, the object it belongs to and the key path (registrar-backed properties
  ///   only). It must not block.
  package init(onChange: @escaping @Sendable (TrackingSource, AnyObject, AnyKeyPath?) -> Void) {
    self.onChange = onChange
    super.init(kind: .relay)
  }

  deinit { cancel() }

  override var isFinished: Bool { cancelled.load(ordering: .acquiring) }

  override func changed(_ source: TrackingSource, object: AnyObject, keyPath: AnyKeyPath?) {
    if !isFinished { onChange(source, object, keyPath) }
  }

  /// How many sources are observed now.
  package var observedCount: Int { entries.count }

  /// Makes `sources[range]` (distinct, in read order) the observed set. Owner only.
  /// - Complexity: O(n) comparisons when the set is unchanged; otherwise O(n + m) plus one lock
  ///   round-trip per source added or dropped.
  package func observe(_ sources: [TrackingSource], in range: Range<Int>) {
    if isFinished { return }
    if range.count == entries.count {
      var same = true
      var entry = 0
      for index in range {
        if sources[index].serial != entries[entry].serial {
          same = false
          break
        }
        entry += 1
      }
      if same { return }
    }
    let new = sources[range]
    let kept = Set(new.map(\.serial))
    for entry in entries where !kept.contains(entry.serial) {
      entry.source?.remove(self)
    }
    let had = Set(entries.map(\.serial))
    for source in new where !had.contains(source.serial) {
      source.add(self)
    }
    entries = new.map { Entry(serial: $0.serial, source: $0) }
  }

  /// Stops observing for good; no `onChange` call starts after it returns on this thread.
  /// Owner only (or the relay's own deinit).
  package func cancel() {
    guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let dropped = entries
    entries = []
    for entry in dropped { entry.source?.remove(self) }
  }
}
