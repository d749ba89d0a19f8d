/// The one tracking source of an `ObjectTrackable` object: any property write announces a
/// change of the whole object, like `ObservableObject.objectWillChange`.
public final class ObjectChangeNotifier: TrackingSource, @unchecked Sendable {
  /// Creates a notifier with no observers.
  public override init() { super.init() }

  /// Observes every change of the object until the returned observer is cancelled or released.
  ///
  /// This is the `@ObservedObject` style of subscription: no read tracking is involved.
  /// - Parameter handler: called on the mutating thread with `.willSet` and `.didSet` events.
  /// - Returns: the observer; keep it to stay subscribed.
  public func observe(_ handler: @escaping @Sendable (TrackingEvent) -> Void) -> TrackingObserver {
    let observer = TrackingObserver(handler)
    observer.observe(only: self)
    return observer
  }

  /// Records a dependency on the whole object in the innermost tracking scope, as reading any
  /// `@ObjectTracked` property does.
  @inlinable
  public func recordRead() { recordAccess(self) }

  /// Announces a change by hand, for state the object keeps outside `@ObjectTracked` storage.
  /// - Parameters:
  ///   - object: the object that is changing (used for the event's identity and type).
  ///   - body: the mutation, run between the `.willSet` and `.didSet` announcements.
  public func withChange<T>(of object: AnyObject, _ body: () throws -> T) rethrows -> T {
    if hasSubscribers { sendWillSet(object: object, keyPath: nil) }
    defer {
      // A write that may race with an evaluation on the main actor is counted before the
      // subscribers are looked at (see `RacingWrites.swift`), as `@ObjectTracked` writes are.
      if writeMayRaceWithEvaluations ? noteRacingWrite() : hasSubscribers {
        sendDidSet(object: object, keyPath: nil)
      }
      if anyScopeIsOpen { noteWriteInOpenScope(self, object: object, keyPath: nil) }
    }
    return try body()
  }
}
