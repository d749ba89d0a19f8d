import Synchronization

/// The subscription a `withTracking` call installs: it fires its handler exactly once.
///
/// The first source to change wins a compare-and-exchange and runs the handler; any other
/// source changing at the same moment on another thread loses it and does nothing. Apple's
/// registrar can call `onChange` twice in that race; this one cannot.
final class OneShotObservation: TrackingSubscriber, @unchecked Sendable {
  private let fired = Atomic<Bool>(false)
  /// Written once at init and taken only by the thread that wins `fired`; that exchange orders
  /// the accesses.
  @exclusivity(unchecked)
  private var onChange: (@Sendable () -> Void)?

  init(onChange: @escaping @Sendable () -> Void) {
    self.onChange = onChange
    super.init(kind: .oneShot)
  }

  override var isFinished: Bool { fired.load(ordering: .acquiring) }

  override func fire(_ phase: TrackingEvent.Phase) {
    guard phase == .willSet else { return }
    guard
      fired.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
        .exchanged
    else { return }
    let handler = onChange
    onChange = nil
    handler?()
  }
}
