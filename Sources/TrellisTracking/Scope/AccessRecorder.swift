/// Collects the sources read while one tracking scope is open on one thread.
///
/// A recorder is confined to the thread that opened it, so it needs no lock. Consecutive reads
/// of the same source are folded on the spot (the common "read it again" case costs one pointer
/// comparison); other duplicates are removed once, when the scope closes.
///
/// Recorders are reused, not allocated per scope: each thread keeps one recorder per nesting
/// depth (see `AccessRecorder.withScope`), and a recorder keeps its buffer's capacity from one
/// scope to the next. Allocating a recorder and its first buffer cost about 60–80 ns per
/// `withTracking` call, a tenth of installing and firing a one-property observation.
@usableFromInline
final class AccessRecorder {
  /// Every source read, in first-read order, possibly with non-adjacent duplicates.
  ///
  /// The recorder's fields opt out of dynamic exclusivity checks: a recorder is confined to
  /// one thread and never handed out during a mutation, and the checks cost ~15% of a
  /// `withTracking` call (a thread-local access set insert per field access).
  @exclusivity(unchecked)
  @usableFromInline
  private(set) var sources: [TrackingSource] = []
  /// The last source appended; compared by identity only, never retained through this field.
  @exclusivity(unchecked)
  @usableFromInline
  var last: UnsafeMutableRawPointer?

  /// One bit per recorded source, at its serial modulo 64: a source whose bit is already set
  /// may be a duplicate, and sets `mayHaveDuplicates`. The properties of one object have
  /// consecutive serials, so a scope that reads up to 64 of them never sets it, and closing it
  /// skips the duplicate search (for ten properties, about 700 instructions of 4,500). Both are
  /// conservative: they are cleared only when the recorder is emptied or searched from 0.
  @exclusivity(unchecked)
  private var serialBits: UInt64 = 0
  @exclusivity(unchecked)
  private var mayHaveDuplicates = false

  /// When true, the reads are not handed to the enclosing scope (see `withScope`).
  @exclusivity(unchecked)
  private var isolatesReads = false

  /// The recorder that scopes opened inside this one use; kept for reuse.
  @exclusivity(unchecked)
  private var child: AccessRecorder?

  /// Whether writes made while this recorder is innermost are kept in `writes`: set for a
  /// dependency graph's recorder (`EvaluationReads`), whose evaluations subscribe to what they
  /// read only when they end. Checked: read only by writes made inside a scope.
  var notesWrites = false

  /// The sources written, to a new value, while this recorder was innermost and open
  /// evaluations were running, each with its change event; kept until the outermost
  /// evaluation ends. An evaluation that read one of them saw a value that changed before
  /// it could observe it (see `EvaluationReads.end`). Unchecked as the other fields (see the
  /// type's notes): every graph evaluation's end reads it.
  @exclusivity(unchecked)
  @usableFromInline
  var writes: [(source: TrackingSource, event: TrackingEvent)] = []

  /// Keeps a write of `source` in `writes`, if this recorder notes writes.
  func noteWrite(of source: TrackingSource, object: AnyObject, keyPath: AnyKeyPath?) {
    guard notesWrites else { return }
    writes.append((source, source.event(.didSet, object: object, keyPath: keyPath)))
  }

  /// Set while `withTracking` subscribes what this recorder collected: a scope opened in the
  /// meantime (by the `onChange` expression) must not reuse it.
  @exclusivity(unchecked)
  var isSubscribing = false

  /// The last observation `withTracking` made on this thread (root recorders only), kept for
  /// reuse; see `OneShotObservation`.
  @exclusivity(unchecked)
  private var spareObservation: OneShotObservation?

  private init() {}

  @usableFromInline
  func record(_ source: TrackingSource) {
    record(Unmanaged.passUnretained(source))
  }

  /// Records `source`, retaining it only when it is appended.
  @inlinable
  @inline(__always)
  func record(_ source: Unmanaged<TrackingSource>) {
    let address = source.toOpaque()
    if last == address { return }
    append(source)
  }

  /// The out-of-line half of `record`: a source not read just before.
  @usableFromInline
  @inline(never)
  func append(_ source: Unmanaged<TrackingSource>) {
    last = source.toOpaque()
    let bit = source._withUnsafeGuaranteedRef { 1 as UInt64 &<< ($0.serial & 63) }
    if serialBits & bit != 0 { mayHaveDuplicates = true }
    serialBits |= bit
    sources.append(source.takeUnretainedValue())
  }

  /// Runs `body` inside a new tracking scope on this thread, then `consume` with the recorder
  /// that holds the scope's reads.
  ///
  /// When the body returns, the reads it made are also handed to the enclosing scope, if any,
  /// so that an outer `withTracking` subscribes to what a nested one read, as Apple's
  /// `withObservationTracking` does — unless `isolatesReads` is true, which a dependency graph
  /// needs: an effect that reads a derived value depends on the derived value, not on the
  /// properties the derived value read.
  ///
  /// The recorder is only valid inside `consume`, and it is emptied afterwards, so that it
  /// keeps no property alive once the scope is over. `consume` must not escape it.
  static func withScope<Result, Output>(
    isolatesReads: Bool = false, _ body: () throws -> Result,
    consume: (Result, AccessRecorder) throws -> Output
  ) rethrows -> Output {
    let enclosing = currentRecorder()
    let recorder = recorderForNewScope(enclosing: enclosing)
    recorder.isolatesReads = isolatesReads
    defer { recorder.reset() }

    let result: Result
    do {
      let previous = pushRecorder(recorder)
      defer {
        popRecorder(restoring: previous)
        if let enclosing, !recorder.sources.isEmpty, !isolatesReads {
          enclosing.absorb(recorder)
        }
      }
      result = try body()
    }
    return try consume(result, recorder)
  }

  /// A fresh recorder for the outermost depth of a thread (used once per thread).
  static func makeRoot() -> AccessRecorder { AccessRecorder() }

  /// The recorder a scope opened inside this one uses (created once, then reused).
  func childRecorder() -> AccessRecorder {
    if let child { return child }
    let recorder = AccessRecorder()
    child = recorder
    return recorder
  }

  /// The recorder for a new scope on this thread: the enclosing scope's child, or the thread's
  /// root recorder, or, while that one is busy subscribing, the first of its children that is
  /// not (see `firstFreeRecorder()`).
  static func recorderForNewScope(enclosing: AccessRecorder?) -> AccessRecorder {
    if let enclosing { return enclosing.childRecorder().firstFreeRecorder() }
    return threadRootRecorder().firstFreeRecorder()
  }

  /// This recorder, or the first of its children that is not busy subscribing. A scope opened
  /// while a `withTracking` subscribes (by its `onChange` expression) must not take that
  /// scope's recorder, whether the scope is the thread's outermost or nested in another: it
  /// would record into, subscribe and empty the sources being subscribed.
  func firstFreeRecorder() -> AccessRecorder {
    var recorder = self
    while recorder.isSubscribing { recorder = recorder.childRecorder() }
    return recorder
  }

  /// Subscribes one one-shot observation calling `onChange` to every source `recorder` holds
  /// (this is the thread's root recorder, which keeps the observation for reuse; see
  /// `OneShotObservation`).
  ///
  /// The spare fired through one source, but the slots of the other sources it observed still
  /// hold it. Those the new scope read again are cleared first: then the spare is usually
  /// referenced by nothing else and can be reused, and the slots are free for the lock-free
  /// path (without this, a scope that reads ten properties took the locked list for nine of
  /// them on every call). A spare still referenced elsewhere is dropped, so that the next
  /// observation to fire can take its place.
  ///
  /// `makeHandler` is `withTracking`'s `onChange` expression, evaluated here so that the handler
  /// is moved into the observation rather than captured and copied (a retain and a release).
  /// It is evaluated before the spare is touched: it may itself open and subscribe a scope.
  func subscribeOneShot(
    _ recorder: AccessRecorder, _ makeHandler: () -> @Sendable () -> Void
  ) {
    // `withTracking` subscribes only a scope that read something.
    guard !recorder.sources.isEmpty else { return }
    let handler = makeHandler()
    if let spare = spareObservation {
      if recorder.sources.count > 1 {
        let address = Unmanaged.passUnretained(spare as TrackingSubscriber).toOpaque()
        recorder.forEachSource { $0.clearSlot(holdingFired: address) }
      }
      if !isKnownUniquelyReferenced(&spareObservation) { spareObservation = nil }
    }
    let observation = spareObservation.take() ?? OneShotObservation()
    observation.arm(with: consume handler)
    // One reference per source, the first of them this function's own: each slot (or list)
    // takes one, so the observation is retained once fewer than with a copy per source.
    let retained = Unmanaged.passRetained(consume observation)
    for _ in 1..<recorder.sources.count { _ = retained.retain() }
    recorder.forEachSource { $0.add(oneShotRetained: retained) }
  }

  /// Calls `body` with each recorded source, borrowed: the recorder holds every source for
  /// the whole loop, and `body` must not change what it holds (while `withTracking`
  /// subscribes, `isSubscribing` keeps any scope opened meanwhile off this recorder). Without
  /// the borrow the compiler retains and releases each source around any call it cannot see
  /// into (measured: three pairs per source when subscribing, a quarter of a ten-property
  /// `withTracking`).
  private func forEachSource(_ body: (TrackingSource) -> Void) {
    for index in sources.indices {
      Unmanaged.passUnretained(sources[index])._withUnsafeGuaranteedRef(body)
    }
  }

  /// Keeps `observation`, which just fired on this thread, for reuse (root recorders only),
  /// taking the caller's reference; drops it if there is a spare already.
  func keepSpare(_ observation: consuming OneShotObservation) {
    if spareObservation == nil { spareObservation = observation }
  }

  /// Hands what this recorder collected to the enclosing scope, as nested scopes do.
  func handReads(to enclosing: AccessRecorder) { enclosing.absorb(self) }

  private func absorb(_ inner: AccessRecorder) {
    sources.append(contentsOf: inner.sources)
    if inner.mayHaveDuplicates || serialBits & inner.serialBits != 0 { mayHaveDuplicates = true }
    serialBits |= inner.serialBits
    last = nil
  }

  func reset() { truncate(to: 0) }

  /// Drops the sources recorded after the first `count`.
  func truncate(to count: Int) {
    // `removeLast` rather than `removeSubrange`, whose generic replace-subrange path costs
    // hundreds of instructions even for one element.
    while sources.count > count { sources.removeLast() }
    if count == 0 {
      serialBits = 0
      mayHaveDuplicates = false
    }
    last = nil
  }

  /// Removes duplicates from the sources recorded from index `start` on, in place, keeping
  /// first-read order, and returns the new count.
  ///
  /// Complexity: O(n²) comparisons for up to 16 sources (cheaper than hashing at that size),
  /// O(n) expected with a set above that. No allocation up to 16 sources.
  @discardableResult
  func removeDuplicates(from start: Int = 0) -> Int {
    let count = sources.count
    if count - start < 2 || !mayHaveDuplicates { return count }
    defer { if start == 0 { mayHaveDuplicates = false } }
    var kept = start + 1
    if count - start <= 16 {
      for index in (start + 1)..<count {
        let source = sources[index]
        var seen = false
        for earlier in start..<kept where sources[earlier] === source {
          seen = true
          break
        }
        if !seen {
          if kept != index { sources[kept] = source }
          kept += 1
        }
      }
    } else {
      var seen = Set<ObjectIdentifier>(minimumCapacity: count - start)
      seen.insert(ObjectIdentifier(sources[start]))
      for index in (start + 1)..<count {
        let source = sources[index]
        if seen.insert(ObjectIdentifier(source)).inserted {
          if kept != index { sources[kept] = source }
          kept += 1
        }
      }
    }
    truncate(to: kept)
    return kept
  }

  /// The recorded sources without duplicates, in first-read order.
  func uniqueSources() -> [TrackingSource] {
    removeDuplicates()
    return sources
  }
}
