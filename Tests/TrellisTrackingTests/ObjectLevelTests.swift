import Testing
import TrellisTracking

final class LegacyStore: ObjectTrackable {
  let objectChanges = ObjectChangeNotifier()
  @ObjectTracked var title = ""
  @ObjectTracked var count = 0
  @ObjectTracked var items: [Int] = []
  var extra = 0

  func bumpExtra() {
    objectChanges.withChange(of: self) { extra += 1 }
  }
}

@Suite struct ObjectLevelTests {
  @Test func anyPropertyWriteFiresReadersOfAnyProperty() {
    let store = LegacyStore()
    let fired = Counter()
    withTracking {
      _ = store.title
    } onChange: {
      fired.increment()
    }
    store.count = 1
    #expect(fired.count == 1)
    store.title = "x"
    #expect(fired.count == 1)  // one-shot
  }

  @Test func equalValuesStillNotifyLikePublished() {
    let store = LegacyStore()
    let fired = Counter()
    withTracking {
      _ = store.count
    } onChange: {
      fired.increment()
    }
    store.count = 0
    #expect(fired.count == 1)
  }

  @Test func onChangeSeesTheOldValue() {
    let store = LegacyStore()
    let box = UncheckedBox(store)
    let seen = Log<[Int]>()
    withTracking {
      _ = store.count
    } onChange: {
      seen.append(box.value.items)
    }
    store.items.append(1)
    #expect(seen.entries == [[]])
    #expect(store.items == [1])
  }

  @Test func scopeReadingNothingOfTheObjectIsNotSubscribed() {
    let store = LegacyStore()
    let fired = Counter()
    withTracking {
      _ = store.extra
    } onChange: {
      fired.increment()
    }
    store.count = 1
    #expect(fired.count == 0)
  }

  @Test func recordReadSubscribesTheWholeObject() {
    let store = LegacyStore()
    let fired = Counter()
    withTracking {
      store.objectChanges.recordRead()
    } onChange: {
      fired.increment()
    }
    store.items = [1]
    #expect(fired.count == 1)
  }

  @Test func observeDeliversEveryChangeUntilCancelled() {
    let store = LegacyStore()
    let events = Log<String>()
    let observer = store.objectChanges.observe { event in
      events.append("\(event.phase) \(event.property)")
    }
    store.title = "a"
    store.count += 1
    store.bumpExtra()
    // Object-level events name the object, not the property, as objectWillChange does.
    #expect(
      events.entries == [
        "willSet *", "didSet *", "willSet *", "didSet *", "willSet *", "didSet *",
      ])
    observer.cancel()
    store.title = "b"
    #expect(events.entries.count == 6)
  }

  @Test func releasingTheObserveSubscriptionStopsDelivery() {
    let store = LegacyStore()
    let events = Counter()
    do {
      let observer = store.objectChanges.observe { _ in events.increment() }
      store.count = 1
      #expect(events.count == 2)
      _ = observer
    }
    store.count = 2
    #expect(events.count == 2)
  }

  @Test func withChangeSurroundsTheBody() {
    let store = LegacyStore()
    let box = UncheckedBox(store)
    let seen = Log<String>()
    let observer = store.objectChanges.observe { event in
      seen.append("\(event.phase) \(box.value.extra)")
    }
    store.bumpExtra()
    #expect(seen.entries == ["willSet 0", "didSet 1"])
    observer.cancel()
  }

  @Test func objectLevelAndPropertyLevelDifferOnIdenticalModels() {
    // Same shape, two tracking granularities: a write to `count` wakes a reader of `title`
    // only at object level.
    let legacy = LegacyStore()
    let modern = Note()
    let legacyFired = Counter()
    let modernFired = Counter()
    withTracking {
      _ = legacy.title
    } onChange: {
      legacyFired.increment()
    }
    withTracking {
      _ = modern.title
    } onChange: {
      modernFired.increment()
    }
    legacy.count = 1
    modern.count = 1
    #expect(legacyFired.count == 1)
    #expect(modernFired.count == 0)
  }
}
