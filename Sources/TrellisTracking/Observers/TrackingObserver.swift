import Synchronization
import TrellisTrackingSupport

/// A subscription that stays installed: it reports every change of the properties read by its
/// latest `track(_:)` call, with `willSet` and `didSet` timing, until it is cancelled. A
/// property is observed from the end of the `track(_:)` call that first reads it: a write on
/// another thread that lands inside that call, after the read, is not reported (as with
/// Apple's `withObservationTracking`); a property read again by a later call stays observed.
///
/// This is the continuous counterpart of `withTracking(_:onChange:)` and the primitive the graph
/// layer builds on. Each `track(_:)` call replaces the set of observed properties with exactly
/// what that call read: properties not read this time are dropped, and properties read again
/// keep their existing subscription (no work when the set is unchanged).
///
/// The handler runs on the mutating thread, once with `.willSet` and once with `.didSet` per
/// write. A handler may write observed properties, which delivers their events inside its own
/// call; deliveries nested more than 100 deep on one thread (a handler that writes, at
/// `willSet`, the property it is being told of) are dropped, with a message on standard error
/// naming the property, instead of recursing until the stack overflows. Cancelling, or
/// releasing the observer, unsubscribes from every property; cancelling
/// also releases the handler, so a handler that cancels its own observer frees what it
/// captured. An observer keeps nothing alive: neither the models nor the values of the
/// properties it observes.
///
/// Thread safety: `track`, `cancel` and deliveries may happen on any threads.
public final class TrackingObserver: Sendable {
  private let subscription: ContinuousSubscription

  /// Creates an observer that observes nothing until `track(_:)` is called.
  /// - Parameter handler: called on the mutating thread for each `willSet` and `didSet` of an
  ///   observed property. It must not block on the thread that is writing.
  public init(_ handler: @escaping @Sendable (TrackingEvent) -> Void) {
    subscription = ContinuousSubscription(handler: handler)
  }

  deinit { subscription.cancel() }

  /// Runs `body`, recording what it reads, and makes that the observed set.
  ///
  /// Reads made by `body` also count for any enclosing tracking scope, as with nested
  /// `withTracking` calls. Calling `track` after `cancel()` runs `body` and observes nothing.
  /// - Parameter body: the closure whose reads become the observed set.
  /// - Returns: what `body` returns.
  /// - Complexity: O(n) in the number of distinct properties read when the set is unchanged;
  ///   otherwise O(n + m) plus one lock round-trip per property added or dropped.
  @discardableResult
  public func track<Result>(_ body: () throws -> Result) rethrows -> Result {
    try AccessRecorder.withScope(body) { result, recorder in
      recorder.removeDuplicates()
      subscription.replaceSources(with: recorder.sources)
      return result
    }
  }

  /// Makes `reads` the observed set, as if they had been read by `track(_:)`.
  ///
  /// - Parameter reads: properties recorded by `recordTrackedReads(isolated:_:)`.
  /// - Complexity: the same as `track(_:)`'s re-subscription.
  package func observe(_ reads: TrackedReads) {
    subscription.replaceSources(with: reads.sources)
  }

  /// Observes exactly `source`, with no read tracking involved.
  func observe(only source: TrackingSource) {
    subscription.replaceSources(with: [source])
  }

  /// Stops observing; no handler call starts after `cancel()` returns on this thread.
  /// Calling it again does nothing.
  public func cancel() { subscription.cancel() }

  /// Whether `cancel()` has been called (or the observer released).
  public var isCancelled: Bool { subscription.isFinished }

  /// How many distinct properties are observed now; useful in tests and diagnostics.
  public var observedCount: Int { subscription.sourceCount }
}

/// The part of a `TrackingObserver` that sources hold on to.
///
/// It refers to its sources weakly: a source (a property's storage, which holds the property's
/// value) lives exactly as long as its model, so observing `model.child.title` never keeps
/// `child` alive once `model` has let go of it. A source that dies simply drops out.
final class ContinuousSubscription: TrackingSubscriber, @unchecked Sendable {
  private struct WeakSource {
    weak var source: TrackingSource?
  }

  /// The handler, boxed in a struct. `Mutex` stores its value at generic abstraction, and
  /// writing a bare function type back through the lock's `inout` wraps it in two more
  /// reabstraction thunks on every access: the n-th delivery then ran 2n frames deep.
  private struct Handler {
    let deliver: @Sendable (TrackingEvent) -> Void
  }

  /// The handler, dropped by `cancel()`: a handler that captures its own observer (to cancel
  /// it) would otherwise keep both alive for good.
  private let handler: Mutex<Handler?>
  private let cancelled = Atomic<Bool>(false)
  private let sources = Mutex<[WeakSource]>([])
  /// Names the `sources` lock for ThreadSanitizer; the handler's lock is named by `self` (see
  /// `withAnnotatedLock`: one owner per mutex).
  private let sourcesLockOwner = SourcesLockOwner()

  private final class SourcesLockOwner: Sendable {}

  init(handler: @escaping @Sendable (TrackingEvent) -> Void) {
    self.handler = Mutex(Handler(deliver: handler))
    super.init(kind: .continuous)
  }

  override var isFinished: Bool { cancelled.load(ordering: .acquiring) }

  /// How many deliveries may be open on one thread, one inside another, before the next is
  /// dropped. A handler that writes a property it observes at `willSet`, where the old value
  /// is still stored, starts a delivery inside its own at each write: without a limit it
  /// recursed until the stack overflowed (found by a user of the tracking layer). Handlers that
  /// write other observed properties nest a few levels.
  static let maximumNesting = 100

  override func receive(_ event: TrackingEvent) {
    if isFinished { return }
    let depth = trellis_enter_delivery()
    defer { trellis_leave_delivery() }
    guard depth <= Self.maximumNesting else {
      if depth == Self.maximumNesting + 1, !reportedNesting.exchange(true, ordering: .relaxed) {
        Self.reportNesting(event)
      }
      return
    }
    // Called outside the lock, so that a handler may cancel its own observer.
    handler.withAnnotatedLock(owner: self) { $0 }?.deliver(event)
  }

  private let reportedNesting = Atomic<Bool>(false)

  /// Says on standard error that deliveries nested past the limit, naming the property; once
  /// per observer. The tracking layer has no diagnostics sink of its own (`TrellisDiagnostics`
  /// is the graph's, above it).
  private static func reportNesting(_ event: TrackingEvent) {
    let message =
      "TrellisTracking: a TrackingObserver's handler wrote \(event) while it was being told of "
      + "a change of it (\(maximumNesting) deliveries deep on one thread); deeper deliveries "
      + "are dropped. A handler that writes what it observes should do so at didSet, or write "
      + "only when the value differs.\n"
    let bytes = Array(message.utf8)
    trellis_write_standard_error(bytes, UInt(bytes.count))
  }

  var sourceCount: Int {
    sources.withAnnotatedLock(owner: sourcesLockOwner) { current in
      current.reduce(0) { $0 + ($1.source == nil ? 0 : 1) }
    }
  }

  func replaceSources(with new: [TrackingSource]) {
    sources.withAnnotatedLock(owner: sourcesLockOwner) { current in
      if isFinished { return }
      if current.count == new.count && zip(current, new).allSatisfy({ $0.source === $1 }) {
        return
      }
      let live = current.compactMap(\.source)
      let newIDs = Set(new.map(ObjectIdentifier.init))
      let oldIDs = Set(live.map(ObjectIdentifier.init))
      for source in live where !newIDs.contains(ObjectIdentifier(source)) {
        source.remove(self)
      }
      for source in new where !oldIDs.contains(ObjectIdentifier(source)) {
        source.add(self)
      }
      current = new.map { WeakSource(source: $0) }
    }
  }

  func cancel() {
    guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let dropped = sources.withAnnotatedLock(owner: sourcesLockOwner) { current in
      defer { current = [] }
      return current.compactMap(\.source)
    }
    for source in dropped { source.remove(self) }
    // Taken out under the lock and released after it: what the handler captured may run code
    // in its deinit.
    _ = handler.withAnnotatedLock(owner: self) { $0.take() }
  }
}
