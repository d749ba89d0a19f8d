import TrellisTrackingSupport

/// The tracked reads of computations that run nested and synchronously, each keeping its own
/// reads: a dependency graph's evaluations, where a node depends on what it read itself and not
/// on what the nodes it evaluated read.
///
/// One recorder serves every evaluation, as a stack of segments: an evaluation's reads are
/// the entries appended after its segment began, and a nested evaluation removes its own
/// entries when it ends, before its parent reads again. So beginning and ending an evaluation
/// costs a few loads and stores; the recorder is installed on the thread (a thread-local
/// store) only when it is not already the innermost one. A `withTracking` or observer scope opened inside an
/// evaluation hands its reads to the evaluation, as nested scopes do.
///
/// Confined to its owner (the graph, on the main actor); segments end in reverse order of
/// beginning, on the thread that began them.
@usableFromInline
package final class EvaluationReads {
  /// An open segment, to hand back to `end`.
  @usableFromInline
  package struct Segment {
    @usableFromInline let start: Int
    /// The recorder this segment replaced as the thread's innermost, when it installed ours.
    @usableFromInline let replaced: UnsafeMutableRawPointer?
    @usableFromInline let installed: Bool
    /// The count of racing writes when the segment began (see `RacingWrites.swift`).
    @usableFromInline let racingWrites: UInt64

    @inlinable
    init(start: Int, replaced: UnsafeMutableRawPointer?, installed: Bool) {
      self.start = start
      self.replaced = replaced
      self.installed = installed
      racingWrites = racingWritesSoFar()
    }
  }

  /// The property the latest `end` found written by a racing write after its segment began,
  /// when that `end` returned true; taken by the owner with `takeRacingWrite()`.
  @usableFromInline var racingWrite: TrackingSource?

  @usableFromInline let recorder = AccessRecorder.makeRoot()
  @usableFromInline let address: UnsafeMutableRawPointer

  /// Creates the recorder; nothing is open.
  package init() {
    address = Unmanaged.passUnretained(recorder).toOpaque()
    recorder.notesWrites = true
  }

  /// Begins a segment: tracked reads on this thread are recorded into it until `end`.
  @inlinable
  @inline(__always)
  package func begin() -> Segment {
    let current = trellis_get_current_recorder()
    recorder.last = nil
    if current == address {
      return Segment(start: recorder.sources.count, replaced: nil, installed: false)
    }
    return install(replacing: current)
  }

  @inlinable
  @inline(__always)
  func install(replacing current: UnsafeMutableRawPointer?) -> Segment {
    trellis_set_current_recorder(address)
    return Segment(start: recorder.sources.count, replaced: current, installed: true)
  }

  /// Ends `segment` and makes what it read the set `relay` observes: an unchanged set costs a
  /// comparison, and a segment that read nothing costs nothing when `relay` observes nothing.
  /// - Parameters:
  ///   - segment: the segment `begin()` returned.
  ///   - relay: the owner's relay, created with `makeRelay` on the first tracked read.
  ///   - makeRelay: makes the relay.
  ///   - racing: set to true when a property the segment started to observe now was written
  ///     on another thread after the segment began (see `RacingWrites.swift`); the owner must
  ///     count it as changed, as if that thread had told the relay, and take it with
  ///     `takeRacingWrite()`.
  /// - Returns: the change of a property the segment read that was written, to a new value,
  ///   before the segment ended (by the evaluation itself or one nested in it); nil if none.
  ///   The relay may not have observed that property yet, so the owner must count it as
  ///   changed: its value is already out of date.
  @inlinable
  @inline(__always)
  package func end(
    _ segment: Segment, updating relay: inout ChangeRelay?, racing: inout Bool,
    makeRelay: () -> ChangeRelay
  ) -> TrackingEvent? {
    if !recorder.writes.isEmpty {
      return endAfterWrites(segment, updating: &relay, racing: &racing, makeRelay: makeRelay)
    }
    racing = endWithoutWrites(segment, updating: &relay, makeRelay: makeRelay)
    return nil
  }

  /// The property the latest `end` found written by a racing write (see `end`).
  package func takeRacingWrite() -> TrackingSource? { racingWrite.take() }

  /// Whether writes were made inside the open evaluations: only then can `end` return an
  /// event; otherwise `endWithoutWrites` does all of its work.
  @inlinable
  package var hasWrites: Bool { !recorder.writes.isEmpty }

  /// `end` when `hasWrites` is false. It returns no optional event, so that a caller that
  /// checks `hasWrites` first carries none on its common path (destroying one, nil nearly
  /// always, was an outlined call per evaluation).
  /// - Returns: whether a racing write was found (see `end`).
  @inlinable
  @inline(__always)
  package func endWithoutWrites(
    _ segment: Segment, updating relay: inout ChangeRelay?, makeRelay: () -> ChangeRelay
  ) -> Bool {
    if recorder.sources.count == segment.start && relay == nil {
      recorder.last = nil
      if segment.installed { uninstall(segment) }
      return false
    }
    return endObserving(segment, updating: &relay, makeRelay: makeRelay)
  }

  /// `end` when writes were made inside the open evaluations: finds one of a property this
  /// segment read and the relay did not observe yet. The writes are kept for the enclosing segments (a nested evaluation may
  /// write what its parent read) and dropped when the outermost one ends.
  @usableFromInline
  @inline(never)
  func endAfterWrites(
    _ segment: Segment, updating relay: inout ChangeRelay?, racing: inout Bool,
    makeRelay: () -> ChangeRelay
  ) -> TrackingEvent? {
    // A write the relay observed has reached the owner through it already.
    let reads = recorder.sources[segment.start...]
    let write = recorder.writes.first { write in
      reads.contains { $0 === write.source } && relay?.observes(write.source) != true
    }
    if segment.start == 0 { recorder.writes.removeAll(keepingCapacity: true) }
    racing = endObserving(segment, updating: &relay, makeRelay: makeRelay)
    return write?.event
  }

  /// Makes what the segment read the set `relay` observes, and ends the segment.
  /// - Returns: whether a racing write was found (see `end`); it is in `racingWrite` then.
  @usableFromInline
  func endObserving(
    _ segment: Segment, updating relay: inout ChangeRelay?, makeRelay: () -> ChangeRelay
  ) -> Bool {
    let start = segment.start
    let count = recorder.sources.count
    var racing: TrackingSource?
    if count == start {
      if let relay, relay.observedCount != 0 {
        relay.observe(readsOf: recorder, in: start..<start, since: segment.racingWrites)
      }
    } else {
      let end = count - start > 1 ? recorder.removeDuplicates(from: start) : count
      if relay == nil { relay = makeRelay() }
      racing = relay?.observe(readsOf: recorder, in: start..<end, since: segment.racingWrites)
      recorder.truncate(to: start)
    }
    finish(segment)
    guard let racing else { return false }
    racingWrite = racing
    return true
  }

  /// Ends `segment` and forgets what it read.
  /// - Parameter segment: the segment `begin()` returned.
  package func end(discarding segment: Segment) {
    recorder.truncate(to: segment.start)
    if segment.start == 0 && !recorder.writes.isEmpty {
      recorder.writes.removeAll(keepingCapacity: true)
    }
    finish(segment)
  }

  private func finish(_ segment: Segment) {
    recorder.last = nil
    if segment.installed { uninstall(segment) }
  }

  @inlinable
  @inline(__always)
  func uninstall(_ segment: Segment) {
    trellis_set_current_recorder(segment.replaced)
  }
}
