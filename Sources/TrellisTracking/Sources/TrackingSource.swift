import Synchronization
import TrellisTrackingSupport

/// One thing a tracking scope can depend on: a single property of a single object (or, for the
/// object-level baseline, a whole object).
///
/// A source keeps its subscribers in a small list behind its own lock, so two threads writing
/// two different properties never contend, and it mirrors the subscriber count in an atomic so
/// that a write nobody observes costs two relaxed loads and no lock.
///
/// The common `withTracking` case, one one-shot observation on a property, skips the lock and
/// the list altogether: the observation goes into `oneShotSlot` with one compare-and-exchange,
/// and the next write takes it out with one exchange (measured: the two lock round-trips and
/// the list's reference counting were a third of installing and firing an observation).
/// Invariant: a non-nil slot holds one retain of a `OneShotObservation`, owned by whichever
/// thread exchanges it out (a write, or the source's deinit), which releases it. Only
/// one-shot observations go there, and only into an empty slot; anything else uses the list,
/// so every subscriber is in exactly one place and no write can miss one that was installed
/// before it began.
///
/// Sources never reference the object they belong to, so a subscription can never keep a model
/// alive.
public class TrackingSource: @unchecked Sendable {
  /// How many subscribers the list holds (finished ones included until purged); read without
  /// the lock.
  @usableFromInline
  let subscriberCount = Atomic<Int>(0)
  /// How many of them want `willSet` (all but graph relays, which act at `didSet`); a write
  /// that nobody hears at `willSet` skips that lock round-trip.
  private let willSetCount = Atomic<Int>(0)
  private let subscribers = Mutex(SubscriberList())
  /// A one-shot observation installed without the lock (see above), retained.
  @usableFromInline
  let oneShotSlot = Atomic<UnsafeMutableRawPointer?>(nil)
  /// The process-wide count of writes that may race with evaluations (`RacingWrites.swift`)
  /// at this source's latest such write; 0 before any.
  @usableFromInline
  let lastRacingWrite = Atomic<UInt64>(0)
  /// A number no other source in the process has, so that a subscriber can recognise a source
  /// it already observes without loading a weak reference (an address can be reused).
  package let serial = trellis_next_source_serial()

  /// Creates a source with no subscribers.
  public init() {}

  deinit {
    if let raw = oneShotSlot.exchange(nil, ordering: .acquiring) {
      Unmanaged<TrackingSubscriber>.fromOpaque(raw).release()
    }
  }

  /// Whether any subscriber may need to hear of a write. Relaxed loads: a subscriber that
  /// installs concurrently with a write may or may not see that write, as with Apple's registrar.
  @inlinable
  @inline(__always)
  final var hasSubscribers: Bool {
    subscriberCount.load(ordering: .relaxed) != 0 || oneShotSlot.load(ordering: .relaxed) != nil
  }

  /// Subscribes a one-shot observation, taking the reference the caller retained for this
  /// source: into the empty slot without the lock, else into the list (which keeps its own).
  func add(oneShotRetained observation: Unmanaged<OneShotObservation>) {
    let raw = observation.toOpaque()
    if oneShotSlot.compareExchange(expected: nil, desired: raw, ordering: .releasing).exchanged {
      return
    }
    add(observation.takeRetainedValue())
  }

  /// Takes the observation at `address` out of the one-shot slot if it is there, and releases
  /// the slot's reference to it. The caller must keep that observation alive (so that its
  /// address cannot be reused while it is compared), and it must have fired: a fired
  /// observation left in the slot is garbage, waiting for the next write to this source to
  /// drop it.
  func clearSlot(holdingFired address: UnsafeMutableRawPointer) {
    guard oneShotSlot.load(ordering: .relaxed) == address,
      oneShotSlot.compareExchange(expected: address, desired: nil, ordering: .acquiring)
        .exchanged
    else { return }
    Unmanaged<TrackingSubscriber>.fromOpaque(address).release()
  }

  func add(_ subscriber: TrackingSubscriber) {
    subscribers.withAnnotatedLock(owner: self) { list in
      // Finished subscribers are purged each time the list reaches a power of two: O(1)
      // amortized per subscriber.
      let size = list.size
      if size >= 8, size.nonzeroBitCount == 1 { list.removeAll { $0.isFinished } }
      list.append(subscriber)
      publishCounts(of: list)
    }
  }

  func remove(_ subscriber: TrackingSubscriber) {
    subscribers.withAnnotatedLock(owner: self) { list in
      if list.remove(subscriber) { publishCounts(of: list) }
    }
  }

  /// Mirrors the list's counts in the atomics (under the lock).
  private func publishCounts(of list: SubscriberList) {
    subscriberCount.store(list.count, ordering: .relaxed)
    willSetCount.store(list.willSetCount, ordering: .relaxed)
  }

  /// Tells every subscriber that the value is about to change.
  ///
  /// One-shot subscribers are removed from this source's list before any callback runs, so a
  /// callback that writes the same property again cannot fire them twice.
  @usableFromInline
  func sendWillSet(object: AnyObject, keyPath: AnyKeyPath?) {
    if oneShotSlot.load(ordering: .relaxed) != nil,
      let raw = oneShotSlot.exchange(nil, ordering: .acquiring)
    {
      // This write took the slot's retain, which firing hands on (only one-shot observations
      // go into the slot).
      OneShotObservation.fire(
        handingOn: Unmanaged<OneShotObservation>.fromOpaque(raw).takeRetainedValue())
    }
    if willSetCount.load(ordering: .relaxed) == 0 { return }
    let snapshot = subscribers.withAnnotatedLock(owner: self) { list -> Snapshot in
      if let only = list.only {
        // The common case (one `withTracking` scope, or one observer) without copying the
        // list: emptying it in place keeps its buffer for the next subscriber, which saves an
        // allocation and a free (~50 ns) per install-and-fire, and moving the subscriber out
        // saves a retain and a release.
        if only.kind == .oneShot || only.isFinished {
          let removed = list.removeOnly()
          publishCounts(of: list)
          return removed.map { .one($0) } ?? .many([])
        }
        return .one(only)
      }
      let snapshot = list.all
      let leaves = { (subscriber: TrackingSubscriber) in
        subscriber.kind == .oneShot || subscriber.isFinished
      }
      if snapshot.contains(where: { $0.map(leaves) ?? false }) {
        // Rebuilt rather than removed in place: the snapshot shares the buffer, so an in-place
        // removal would copy it first.
        list.removeAll(where: leaves)
        publishCounts(of: list)
      }
      return .many(snapshot)
    }
    deliver(.willSet, to: snapshot, object: object, keyPath: keyPath)
  }

  /// Tells every continuous subscriber and relay that the value has changed.
  @usableFromInline
  func sendDidSet(object: AnyObject, keyPath: AnyKeyPath?) {
    let snapshot = subscribers.withAnnotatedLock(owner: self) { list -> Snapshot in
      if let only = list.only { return .one(only) }
      return .many(list.all)
    }
    deliver(.didSet, to: snapshot, object: object, keyPath: keyPath)
  }

  /// The subscribers to notify, taken under the lock and used after it is released.
  private enum Snapshot {
    case one(TrackingSubscriber)
    /// In subscription order; nil where a subscriber was removed.
    case many([TrackingSubscriber?])
  }

  private func deliver(
    _ phase: TrackingEvent.Phase, to snapshot: Snapshot, object: AnyObject,
    keyPath: AnyKeyPath?
  ) {
    // One-shot subscribers and relays only need to know that a change happens, so an event
    // (and with it the property's name) is built only when a continuous subscriber is there to
    // receive it.
    switch snapshot {
    case .one(let subscriber):
      deliver(phase, to: subscriber, object: object, keyPath: keyPath, event: nil)
    case .many(let subscribers):
      var built: TrackingEvent?
      for case let subscriber? in subscribers {
        built = deliver(phase, to: subscriber, object: object, keyPath: keyPath, event: built)
      }
    }
  }

  /// Delivers to one subscriber; returns the event if one was built, for the next subscriber.
  @discardableResult
  private func deliver(
    _ phase: TrackingEvent.Phase, to subscriber: TrackingSubscriber, object: AnyObject,
    keyPath: AnyKeyPath?, event built: TrackingEvent?
  ) -> TrackingEvent? {
    if subscriber.isFinished { return built }
    switch subscriber.kind {
    case .oneShot:
      subscriber.fire(phase)
      return built
    case .relay:
      if phase == .didSet { subscriber.changed(self, object: object, keyPath: keyPath) }
      return built
    case .continuous:
      let event = built ?? event(phase, object: object, keyPath: keyPath)
      subscriber.receive(event)
      return event
    }
  }

  /// The event describing a change of this source in `object`.
  package func event(
    _ phase: TrackingEvent.Phase, object: AnyObject, keyPath: AnyKeyPath?
  ) -> TrackingEvent {
    var event = TrackingEvent(
      phase: phase, object: ObjectIdentifier(object), objectType: type(of: object),
      keyPath: keyPath)
    // Not a field of its own: a larger event made every optional event in the graph's paths
    // go through value witnesses (measured: 6% more instructions in kairo's triangle).
    event.propertyName = keyPath == nil ? propertyName(in: object) : accessorName
    return event
  }

  /// The accessor that first read this source through a `TrackingRegistrar`, if it can name
  /// a property (see `TrackingRegistrar.access(_:keyPath:accessor:)`).
  var accessorName: String? { nil }

  /// The name of the property this source stores in `object`, when it is one property and
  /// has no key path to name it; nil for whole-object sources.
  func propertyName(in object: AnyObject) -> String? { nil }
}

/// Something a `TrackingSource` notifies.
@usableFromInline
package class TrackingSubscriber: @unchecked Sendable {
  /// How a subscriber wants to hear of changes.
  enum Kind {
    /// A `withTracking` observation: fires once, at `willSet`, and leaves every list.
    case oneShot
    /// A `TrackingObserver`: an event at `willSet` and at `didSet`, until cancelled.
    case continuous
    /// A graph node's relay: told at `didSet` which source changed; no event is built.
    case relay
  }

  let kind: Kind

  init(kind: Kind) { self.kind = kind }

  /// Whether the subscriber has fired (one-shot) or been cancelled; finished subscribers are
  /// purged lazily from the lists of the sources they did not fire through.
  var isFinished: Bool { fatalError("subclass responsibility") }

  /// Delivers a change to a continuous subscriber.
  func receive(_ event: TrackingEvent) {}

  /// Tells a one-shot subscriber that a change is happening (no event is built for it).
  func fire(_ phase: TrackingEvent.Phase) {}

  /// Tells a relay that `source` of `object` has changed (at `didSet`).
  func changed(_ source: TrackingSource, object: AnyObject, keyPath: AnyKeyPath?) {}
}
