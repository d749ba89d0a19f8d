import Synchronization

/// A dependency graph node's subscription to the tracked properties its latest evaluation read:
/// told at `didSet`, on the mutating thread, which source changed, with no event built.
///
/// Unlike `TrackingObserver`, its set of sources belongs to one owner (the graph, on the main
/// actor): `observe(_:in:)` and `cancel()` are only called there, so the set needs no lock.
/// Sources are recognised by `serial`, so an unchanged set costs one integer comparison per
/// source.
///
/// Sources are held strongly, unlike `TrackingObserver`'s weak references: a weak reference
/// gives its object a side table, and from then on every retain and release of that source (one
/// per tracked read in every scope) takes the runtime's slow path, which cost a fifth of the
/// path from a tracked write to the re-run effect. A source is one property's storage, never its
/// model, so a relay keeps no model alive; it keeps the property's last value alive until its
/// node re-evaluates or goes, and a property of a released model can never change again.
@usableFromInline
package final class ChangeRelay: TrackingSubscriber, @unchecked Sendable {
  // `@unchecked`: `first` and `rest` are confined to the owner (see above); only `cancelled` and
  // `onChange` and `payload` (immutable) are read by mutating threads.
  private struct Entry {
    let serial: UInt64
    let source: TrackingSource
  }

  private let onChange: @Sendable (ChangeRelay, TrackingSource, TrackingEvent?) -> Void
  /// The owner's word for what changed, read by `onChange`. Kept here rather than captured,
  /// so that the owner can pass a closure with no captures, which allocates no context: one
  /// allocation fewer for each view or computation that reads a tracked property.
  package let payload: UInt64
  private let cancelled = Atomic<Bool>(false)
  /// The serial of the source whose change was last handed to the owner's thread and is not
  /// applied yet, or 0 (see `beginHandOff(of:)`).
  private let handedOff = Atomic<UInt64>(0)
  /// Whether `onChange` receives an event (naming the property costs a lookup); the owner sets
  /// it when it keeps reasons.
  private let deliversEvents: Atomic<Bool>
  /// The first source observed, inline: most relays (a row's body reading its title) observe
  /// one, which then costs no array, and comparing it loads no buffer. Exclusivity is checked
  /// for both fields: unchecked, a 10,000-row mount ran 12,000 fewer instructions of 297
  /// million (callgrind), not worth an unsafe construct.
  private var first: Entry?
  /// The sources after the first.
  private var rest: [Entry] = []

  /// Creates a relay that observes nothing yet.
  /// - Parameters:
  ///   - deliversEvents: whether `onChange` gets the `.didSet` event (see `deliversEvents`).
  ///   - payload: passed to every `onChange` call (the owner's identifier for the relay).
  ///   - onChange: called on the mutating thread after a write of an observed source, with
  ///     the relay, the source and, when events are on, the event. It must not block.
  package init(
    deliversEvents: Bool, payload: UInt64,
    onChange: @escaping @Sendable (ChangeRelay, TrackingSource, TrackingEvent?) -> Void
  ) {
    self.deliversEvents = Atomic(deliversEvents)
    self.onChange = onChange
    self.payload = payload
    super.init(kind: .relay)
  }

  /// Turns the events `onChange` receives on or off. Owner only.
  package func setDeliversEvents(_ on: Bool) { deliversEvents.store(on, ordering: .relaxed) }

  deinit { cancel() }

  override var isFinished: Bool { cancelled.load(ordering: .acquiring) }

  override func changed(_ source: TrackingSource, object: AnyObject, keyPath: AnyKeyPath?) {
    if isFinished { return }
    let event =
      deliversEvents.load(ordering: .relaxed)
      ? source.event(.didSet, object: object, keyPath: keyPath) : nil
    onChange(self, source, event)
  }

  /// Notes that a change of the source with `serial` is being handed to the owner's thread,
  /// and says whether it must be sent: false when a change of that source already waits there
  /// unapplied. Applying that one re-reads the property, so a second adds nothing, and a
  /// thread that writes one property in a loop then costs the owner's inbox one post per
  /// application, not one per write (the inbox's lock was contended by every write).
  ///
  /// Any thread. The owner calls `endHandOff()` before it applies what it was handed, so a
  /// write made after the application's read is always sent. Writes that race with each
  /// other (no lock of the app's orders them) may both be sent; the inbox merges them.
  /// - Parameter serial: the changed source's `serial`.
  /// - Returns: whether to send the change.
  @inline(__always)
  package func beginHandOff(of serial: UInt64) -> Bool {
    if handedOff.load(ordering: .acquiring) == serial { return false }
    handedOff.store(serial, ordering: .releasing)
    return true
  }

  /// Says that what was handed off is about to be applied: the next change is sent again.
  /// Owner only.
  package func endHandOff() { handedOff.store(0, ordering: .releasing) }

  /// How many sources are observed now.
  package var observedCount: Int { first == nil ? 0 : 1 + rest.count }

  /// The sources observed now, in the order the latest evaluation first read them (for
  /// diagnostics such as the dependency-graph export; the owner's thread only).
  package var observedSources: [TrackingSource] { entries.map(\.source) }

  /// Whether `source` is observed now (and so its writes reach `onChange`). Owner only.
  /// - Complexity: O(n) in the sources observed.
  package func observes(_ source: TrackingSource) -> Bool {
    guard let first else { return false }
    return first.serial == source.serial || rest.contains { $0.serial == source.serial }
  }

  /// Every entry, in order.
  private var entries: [Entry] { first.map { [$0] + rest } ?? [] }

  /// Makes the sources `recorder` holds in `range` (distinct, in read order) the observed set.
  /// Owner only.
  ///
  /// It takes the recorder rather than its array so that the common case, the same set as
  /// last time, reads the sources in place, without retaining the array for the call.
  /// - Parameter racingWrites: the count of racing writes when the evaluation that read them
  ///   began (see `RacingWrites.swift`).
  /// - Returns: a source observed from now on that a racing write changed after that count,
  ///   which the evaluation may have missed; nil nearly always. A source observed all along
  ///   heard of every write through this relay.
  /// - Complexity: O(n) comparisons when the set is unchanged; otherwise O(n + m) plus one lock
  ///   round-trip per source added or dropped.
  @discardableResult
  func observe(
    readsOf recorder: AccessRecorder, in range: Range<Int>, since racingWrites: UInt64
  ) -> TrackingSource? {
    if isFinished { return nil }
    if range.count == observedCount {
      guard let first else { return nil }
      var same = recorder.sources[range.lowerBound].serial == first.serial
      var entry = 0
      for index in range.dropFirst() where same {
        same = recorder.sources[index].serial == rest[entry].serial
        entry += 1
      }
      if same { return nil }
    }
    return replaceSources(with: recorder.sources[range], since: racingWrites)
  }

  /// Makes `new` the observed set (the slow half of `observe(readsOf:in:since:)`), and
  /// returns a source added now that a racing write changed after `racingWrites`.
  private func replaceSources(
    with new: ArraySlice<TrackingSource>, since racingWrites: UInt64
  ) -> TrackingSource? {
    if first == nil {
      // The first evaluation (a mount): nothing to compare with.
      for source in new { source.add(self) }
      store(new)
      // Checked after every subscription: the evaluation's half of `RacingWrites.swift`.
      return new.first { $0.hasRacingWrite(after: racingWrites) }
    }
    let entries = self.entries
    // A body reads a few properties: compared pairwise, two small lists cost less than
    // building two sets.
    let isSmall = new.count * entries.count <= 64
    let newSerials = isSmall ? [] : Set(new.map(\.serial))
    let oldSerials = isSmall ? [] : Set(entries.map(\.serial))
    for entry in entries {
      let stays =
        isSmall
        ? new.contains { $0.serial == entry.serial } : newSerials.contains(entry.serial)
      if !stays { entry.source.remove(self) }
    }
    var racing: TrackingSource?
    for source in new {
      let had =
        isSmall
        ? entries.contains { $0.serial == source.serial } : oldSerials.contains(source.serial)
      if !had {
        source.add(self)
        // Only sources added now: one observed all along heard of every write here.
        if racing == nil, source.hasRacingWrite(after: racingWrites) { racing = source }
      }
    }
    store(new)
    return racing
  }

  /// Makes `new` the entries.
  private func store(_ new: ArraySlice<TrackingSource>) {
    first = new.first.map { Entry(serial: $0.serial, source: $0) }
    rest = new.dropFirst().map { Entry(serial: $0.serial, source: $0) }
  }

  /// Stops observing for good; no `onChange` call starts after it returns on this thread.
  /// Owner only (or the relay's own deinit).
  package func cancel() {
    guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
    // Taken out before the sources are told, without building one array of both (a cancel is
    // part of every unmount).
    let droppedFirst = first.take()
    let droppedRest = rest
    rest = []
    droppedFirst?.source.remove(self)
    for entry in droppedRest { entry.source.remove(self) }
  }
}
