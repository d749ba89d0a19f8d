import Synchronization
import TrellisTrackingSupport

/// The subscription a `withTracking` call installs: it fires its handler exactly once.
///
/// The first source to change wins a compare-and-exchange and runs the handler; any other
/// source changing at the same moment on another thread loses it and does nothing. Apple's
/// registrar can call `onChange` twice in that race; this one cannot.
///
/// Reuse: an observation that fires on a thread that tracks (has a root recorder) becomes that
/// thread's spare (`AccessRecorder.spareObservation`), its handler already released; the next
/// `withTracking` call on that thread reuses it when nothing else can reach it any more (the
/// spare's reference is the only one). It fired on this same thread, so every write of the
/// firing happened before, in program order. That saves an allocation and a deallocation,
/// about a third of installing and firing one observation. An observation that never fires is
/// never kept: when its sources go, it goes, with its handler.
final class OneShotObservation: TrackingSubscriber, @unchecked Sendable {
  // `@unchecked`: `onChange` and `firedOn` are written by the installing thread before the
  // observation is published to any source (under the source's lock), and afterwards only by
  // the thread that wins `fired`; that exchange orders the accesses.
  private let fired = Atomic<Bool>(false)
  @exclusivity(unchecked) private var onChange: (@Sendable () -> Void)?

  /// Creates an observation with no handler yet; `arm(with:)` gives it one.
  init() {
    super.init(kind: .oneShot)
  }

  override var isFinished: Bool { fired.load(ordering: .acquiring) }

  override func fire(_ phase: TrackingEvent.Phase) {
    // Reached through a source's list, which keeps its own reference: hand on a copy.
    guard phase == .willSet else { return }
    Self.fire(handingOn: self)
  }

  /// Fires `observation` if no other source has, then offers the reference it is given to this
  /// thread's root recorder as its spare (or drops it). A write that takes the observation out
  /// of a source's one-shot slot passes the slot's reference, so firing it costs no further
  /// retain or release (a pair is about a tenth of installing and firing an observation).
  static func fire(handingOn observation: consuming OneShotObservation) {
    guard observation.claim() else { return }
    observation.runHandler()
    guard let raw = trellis_get_root_recorder() else { return }
    // Moved through an optional: a closure cannot consume a parameter it captures.
    var moved = Optional(observation)
    Unmanaged<AccessRecorder>.fromOpaque(raw)._withUnsafeGuaranteedRef {
      $0.keepSpare(moved.take().unsafelyUnwrapped)
    }
  }

  /// Whether this call is the one that fires: the first of any number of racing sources.
  private func claim() -> Bool {
    fired.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
      .exchanged
  }

  /// Runs the handler and releases it (only the thread that won `claim` calls this).
  private func runHandler() {
    // Bound, not called through the optional: `handler?()` copied the closure first (a
    // retain and a release).
    guard let handler = onChange.take() else { return }
    handler()
  }

  /// Gives a new observation, or a spare (fired on this thread, referenced by nothing else),
  /// the handler it fires, before it is published to any source.
  func arm(with handler: consuming @escaping @Sendable () -> Void) {
    onChange = consume handler
    fired.store(false, ordering: .releasing)
  }
}
