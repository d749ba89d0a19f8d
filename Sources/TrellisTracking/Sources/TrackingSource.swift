import Synchronization

/// One thing a tracking scope can depend on: a single property of a single object (or, for the
/// object-level baseline, a whole object).
///
/// A source keeps its subscribers in a small list behind its own lock, so two threads writing
/// two different properties never contend, and it mirrors the subscriber count in an atomic so
/// that a write nobody observes costs one relaxed load and no lock.
///
/// Sources never reference the object they belong to, so a subscription can never keep a model
/// alive.
public class TrackingSource: @unchecked Sendable {
  /// How many live-or-not-yet-purged subscribers the list holds; read without the lock.
  @usableFromInline
  let subscriberCount = Atomic<Int>(0)
  private let subscribers = Mutex<[TrackingSubscriber]>([])

  /// Creates a source with no subscribers.
  public init() {}

  /// Whether any subscriber may need to hear of a write. A relaxed load: a subscriber that
  /// installs concurrently with a write may or may not see that write, as with Apple's registrar.
  @inlinable
  @inline(__always)
  final var hasSubscribers: Bool { subscriberCount.load(ordering: .relaxed) != 0 }

  func add(_ subscriber: TrackingSubscriber) {
    subscribers.withAnnotatedLock(owner: self) { list in
      if list.count >= 8, list.count.nonzeroBitCount == 1 {
        list.removeAll { $0.isFinished }
      }
      list.append(subscriber)
      subscriberCount.store(list.count, ordering: .relaxed)
    }
  }

  func remove(_ subscriber: TrackingSubscriber) {
    subscribers.withAnnotatedLock(owner: self) { list in
      if let index = list.firstIndex(where: { $0 === subscriber }) {
        list.remove(at: index)
        subscriberCount.store(list.count, ordering: .relaxed)
      }
    }
  }

  /// Tells every subscriber that the value is about to change.
  ///
  /// One-shot subscribers are removed from this source's list before any callback runs, so a
  /// callback that writes the same property again cannot fire them twice.
  @usableFromInline
  func sendWillSet(object: AnyObject, keyPath: AnyKeyPath?) {
    let snapshot = subscribers.withAnnotatedLock(owner: self) { list -> Snapshot in
      if list.count == 1 {
        // The common case (one `withTracking` scope, or one observer) without copying the
        // list: emptying it in place keeps its buffer for the next subscriber, which saves an
        // allocation and a free (~50 ns) per install-and-fire.
        let only = list[0]
        if only.isOneShot || only.isFinished {
          list.removeLast()
          subscriberCount.store(0, ordering: .relaxed)
        }
        return .one(only)
      }
      let snapshot = list
      if list.contains(where: { $0.isOneShot || $0.isFinished }) {
        // Rebuild rather than remove in place: the snapshot shares the buffer, so an in-place
        // removal would copy it first.
        list = snapshot.filter { !($0.isOneShot || $0.isFinished) }
        subscriberCount.store(list.count, ordering: .relaxed)
      }
      return .many(snapshot)
    }
    deliver(.willSet, to: snapshot, object: object, keyPath: keyPath)
  }

  /// Tells every continuous subscriber that the value has changed.
  @usableFromInline
  func sendDidSet(object: AnyObject, keyPath: AnyKeyPath?) {
    let snapshot = subscribers.withAnnotatedLock(owner: self) { list -> Snapshot in
      list.count == 1 ? .one(list[0]) : .many(list)
    }
    deliver(.didSet, to: snapshot, object: object, keyPath: keyPath)
  }

  /// The subscribers to notify, taken under the lock and used after it is released.
  private enum Snapshot {
    case one(TrackingSubscriber)
    case many([TrackingSubscriber])
  }

  private func deliver(
    _ phase: TrackingEvent.Phase, to snapshot: Snapshot, object: AnyObject,
    keyPath: AnyKeyPath?
  ) {
    // One-shot subscribers only need to know that a change happens, so an event (and with it
    // the property's name) is built only when a continuous subscriber is there to receive it.
    switch snapshot {
    case .one(let subscriber):
      if subscriber.isFinished { return }
      if subscriber.isOneShot {
        subscriber.fire(phase)
      } else {
        subscriber.receive(event(phase, object: object, keyPath: keyPath))
      }
    case .many(let subscribers):
      var built: TrackingEvent?
      for subscriber in subscribers where !subscriber.isFinished {
        if subscriber.isOneShot {
          subscriber.fire(phase)
          continue
        }
        let event = built ?? event(phase, object: object, keyPath: keyPath)
        built = event
        subscriber.receive(event)
      }
    }
  }

  private func event(
    _ phase: TrackingEvent.Phase, object: AnyObject, keyPath: AnyKeyPath?
  ) -> TrackingEvent {
    var event = TrackingEvent(
      phase: phase, object: ObjectIdentifier(object), objectType: type(of: object),
      keyPath: keyPath)
    if keyPath == nil { event.propertyName = propertyName(in: object) }
    return event
  }

  /// The name of the property this source stores in `object`, when it is one property and
  /// has no key path to name it; nil for whole-object sources.
  func propertyName(in object: AnyObject) -> String? { nil }
}

/// Something a `TrackingSource` notifies: a one-shot `withTracking` observation or a continuous
/// `TrackingObserver`'s subscription.
class TrackingSubscriber: @unchecked Sendable {
  /// One-shot subscribers leave a source's list the first time that source changes.
  let isOneShot: Bool

  init(isOneShot: Bool) { self.isOneShot = isOneShot }

  /// Whether the subscriber has fired (one-shot) or been cancelled; finished subscribers are
  /// purged lazily from the lists of the sources they did not fire through.
  var isFinished: Bool { fatalError("subclass responsibility") }

  /// Delivers a change to a continuous subscriber.
  func receive(_ event: TrackingEvent) {}

  /// Tells a one-shot subscriber that a change is happening (no event is built for it).
  func fire(_ phase: TrackingEvent.Phase) {}
}
