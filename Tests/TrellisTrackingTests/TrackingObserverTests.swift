import Foundation
import Testing
import TrellisTracking

final class Subnote: Trackable {
  @Tracked var body = ""
}

/// A model its observer's handler writes. Used from one thread only: `@unchecked` because a
/// handler is `@Sendable`, as it may run on any writing thread.
final class Tally: Trackable, @unchecked Sendable {
  @Tracked var count = 0
}

@Suite struct TrackingObserverTests {
  /// Found by a user of the tracking layer: a handler that writes the property it observes at
  /// `willSet` (where the old value is still stored, so each write is a change) recursed until
  /// the stack overflowed. Deliveries nested 100 deep on one thread are the limit; deeper ones
  /// are dropped (and said on standard error), so the writes stop.
  @Test func aHandlerWritingWhatItObservesAtWillSetStopsAtTheNestingLimit() {
    let note = Tally()
    let willSets = Counter()
    let didSets = Counter()
    let observer = TrackingObserver { event in
      if event.phase == .willSet {
        willSets.increment()
        note.count = 100
      } else {
        didSets.increment()
      }
    }
    observer.track { _ = note.count }
    note.count = 1
    #expect(willSets.count == 100)
    #expect(didSets.count == 100)
    // The outermost write stores last.
    #expect(note.count == 1)
    // Deliveries are whole again afterwards: a write is told once each way, and its handler's
    // nested write stops at the limit again.
    observer.cancel()
    let events = Log<String>()
    let next = TrackingObserver { event in events.append("\(event.phase)") }
    next.track { _ = note.count }
    note.count = 2
    #expect(events.entries == ["willSet", "didSet"])
    next.cancel()
  }

  @Test func reportsWillSetAndDidSetWithPropertyNames() {
    let note = Note()
    let events = Log<String>()
    let observer = TrackingObserver { event in
      events.append("\(event.phase) \(event.property)")
    }
    observer.track {
      _ = note.title
      _ = note.items
    }
    note.title = "a"
    note.items.append(1)
    note.count = 1
    #expect(
      events.entries == [
        "willSet title", "didSet title", "willSet items", "didSet items",
      ])
    observer.cancel()
  }

  @Test func eventIdentifiesTheObjectAndDescribesTheProperty() {
    let note = Note()
    let events = Log<TrackingEvent>()
    let observer = TrackingObserver { events.append($0) }
    observer.track { _ = note.count }
    note.count = 2
    let recorded = events.entries
    #expect(recorded.count == 2)
    #expect(recorded.allSatisfy { $0.object == ObjectIdentifier(note) })
    #expect(recorded.allSatisfy { $0.objectType == Note.self })
    #expect(recorded.map(\.description) == ["Note.count", "Note.count"])
    #expect(recorded.map(\.phase) == [.willSet, .didSet])
    #expect(recorded[0].keyPath == nil)
    #expect(recorded[0].property == "count")
  }

  @Test func seesTheOldValueAtWillSetAndTheNewValueAtDidSet() {
    let note = Note()
    let box = UncheckedBox(note)
    let seen = Log<String>()
    let observer = TrackingObserver { event in
      seen.append("\(event.phase) \(box.value.count)")
    }
    observer.track { _ = note.count }
    note.count = 1
    note.count += 1
    #expect(seen.entries == ["willSet 0", "didSet 1", "willSet 1", "didSet 2"])
    observer.cancel()
  }

  @Test func staysSubscribedAcrossWrites() {
    let note = Note()
    let willSets = Counter()
    let observer = TrackingObserver { event in
      if event.phase == .willSet { willSets.increment() }
    }
    observer.track { _ = note.count }
    for value in 1...5 { note.count = value }
    #expect(willSets.count == 5)
    observer.cancel()
  }

  @Test func equalWritesProduceNoEventsButInPlaceMutationsDo() {
    let note = Note()
    let events = Counter()
    let observer = TrackingObserver { _ in events.increment() }
    observer.track { _ = note.count }
    note.count = 0
    #expect(events.count == 0)
    note.count += 0
    #expect(events.count == 2)
    observer.cancel()
  }

  @Test func deliversOnTheMutatingThread() {
    let note = Note()
    let threads = Log<UInt>()
    let observer = TrackingObserver { _ in threads.append(currentThreadID()) }
    observer.track { _ = note.count }
    let box = UncheckedBox(note)
    let writer = runOnOtherThread { box.value.count = 1 }
    #expect(threads.entries == [writer, writer])
    observer.cancel()
  }

  @Test func retrackDropsUnreadPropertiesAndKeepsRereadOnes() {
    let note = Note()
    let events = Log<String>()
    let observer = TrackingObserver { event in
      if event.phase == .willSet { events.append(event.property) }
    }
    observer.track {
      _ = note.title
      _ = note.count
    }
    #expect(observer.observedCount == 2)
    observer.track {
      _ = note.count
      _ = note.items
    }
    #expect(observer.observedCount == 2)
    note.title = "dropped"
    note.count = 1
    note.items = [1]
    #expect(events.entries == ["count", "items"])
    observer.cancel()
  }

  @Test func retrackingTheSameSetKeepsOneSubscriptionPerProperty() {
    let note = Note()
    let willSets = Counter()
    let observer = TrackingObserver { event in
      if event.phase == .willSet { willSets.increment() }
    }
    for _ in 0..<3 {
      observer.track {
        _ = note.count
        _ = note.count
      }
    }
    #expect(observer.observedCount == 1)
    note.count = 1
    #expect(willSets.count == 1)
    observer.cancel()
  }

  @Test func retrackFollowsAChangedChain() {
    let parent = Note()
    let first = Note()
    let second = Note()
    parent.child = first
    let willSets = Log<String>()
    let observer = TrackingObserver { event in
      if event.phase == .willSet { willSets.append(event.property) }
    }
    let track = { observer.track { _ = parent.child?.title } }
    track()
    parent.child = second
    track()
    first.title = "old child"
    second.title = "new child"
    #expect(willSets.entries == ["child", "title"])
    observer.cancel()
  }

  @Test func trackingNothingObservesNothing() {
    let note = Note()
    let events = Counter()
    let observer = TrackingObserver { _ in events.increment() }
    observer.track { _ = note.title }
    observer.track {}
    #expect(observer.observedCount == 0)
    note.title = "x"
    #expect(events.count == 0)
  }

  @Test func cancelUnsubscribesFromEverything() {
    let note = Note()
    let events = Counter()
    let observer = TrackingObserver { _ in events.increment() }
    observer.track {
      _ = note.title
      _ = note.count
    }
    #expect(!observer.isCancelled)
    observer.cancel()
    #expect(observer.isCancelled)
    #expect(observer.observedCount == 0)
    note.title = "x"
    note.count = 1
    #expect(events.count == 0)
    observer.cancel()  // a second cancel does nothing
    #expect(observer.isCancelled)
  }

  @Test func trackAfterCancelRunsTheBodyAndObservesNothing() {
    let note = Note()
    let events = Counter()
    let observer = TrackingObserver { _ in events.increment() }
    observer.cancel()
    let result = observer.track { note.count + 10 }
    #expect(result == 10)
    #expect(observer.observedCount == 0)
    note.count = 1
    #expect(events.count == 0)
  }

  @Test func cancelInsideTheHandlerStopsLaterEvents() {
    let note = Note()
    let phases = Log<TrackingEvent.Phase>()
    let holder = Log<TrackingObserver>()
    let observer = TrackingObserver { event in
      phases.append(event.phase)
      holder.entries.first?.cancel()
    }
    holder.append(observer)
    observer.track { _ = note.count }
    note.count = 1
    note.count = 2
    #expect(phases.entries == [.willSet])
    holder.removeAll()
  }

  @Test func releasingTheObserverUnsubscribes() {
    let note = Note()
    let events = Counter()
    do {
      let observer = TrackingObserver { _ in events.increment() }
      observer.track { _ = note.title }
      note.title = "a"
      #expect(events.count == 2)
    }
    note.title = "b"
    #expect(events.count == 2)
  }

  @Test func trackInsideWithTrackingAlsoSubscribesTheEnclosingScope() {
    let note = Note()
    let outer = Counter()
    let events = Counter()
    let observer = TrackingObserver { _ in events.increment() }
    withTracking {
      observer.track { _ = note.title }
    } onChange: {
      outer.increment()
    }
    note.title = "x"
    #expect(outer.count == 1)
    #expect(events.count == 2)
    observer.cancel()
  }

  @Test func observesSubclassAndCrossObjectProperties() {
    let note = Note()
    let sub = Subnote()
    let names = namesOfChanges {
      _ = note.title
      _ = sub.body
    } during: {
      sub.body = "b"
      note.title = "t"
    }
    #expect(names == ["Subnote.body", "Note.title"])
  }

  /// Each delivery used to wrap the stored handler in two more reabstraction thunks (the
  /// handler was a bare function type written back through `Mutex`'s inout), so the n-th
  /// delivery ran 2n frames deep: deliveries slowed down quadratically and a long-lived
  /// observer overflowed the stack. The depth of the handler's stack must not grow.
  @Test func aLongLivedObserverDeliversAtAConstantStackDepth() {
    let note = Note()
    let depths = Log<Int>()
    let observer = TrackingObserver { event in
      if event.phase == .didSet { depths.append(Thread.callStackReturnAddresses.count) }
    }
    observer.track { _ = note.count }
    for value in 1...2_000 { note.count = value }
    let seen = depths.entries
    #expect(seen.count == 2_000)
    #expect(Set(seen).count == 1, "depths went from \(seen.first ?? 0) to \(seen.last ?? 0)")
    observer.cancel()
  }
}
