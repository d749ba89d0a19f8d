import Synchronization
import Testing
import TrellisTracking

/// Something a handler captures, to see when the handler itself is released.
final class Sentinel: Sendable {
  func touch() {}
}

@Suite struct LeakTests {
  @Test func modelReleasedWhileAWithTrackingObservationIsPendingFreesEverything() {
    weak var weakModel: Note?
    weak var weakSentinel: Sentinel?
    let fired = Counter()
    do {
      let model = Note()
      let sentinel = Sentinel()
      weakModel = model
      weakSentinel = sentinel
      withTracking {
        _ = model.title
        _ = model.count
      } onChange: {
        sentinel.touch()
        fired.increment()
      }
    }
    #expect(weakModel == nil)
    #expect(weakSentinel == nil)
    #expect(fired.count == 0)
  }

  @Test func firedObservationReleasesItsHandlerWhileTheModelLives() {
    let model = Note()
    weak var weakSentinel: Sentinel?
    do {
      let sentinel = Sentinel()
      weakSentinel = sentinel
      withTracking {
        _ = model.title
        _ = model.count  // still lists the spent observation until it is purged
      } onChange: {
        sentinel.touch()
      }
    }
    #expect(weakSentinel != nil)
    model.title = "x"
    #expect(weakSentinel == nil)
  }

  @Test func handlerCapturingTheModelKeepsItOnlyUntilItFires() {
    // Like Apple's registrar, a pending handler that captures its model forms a cycle; firing
    // breaks it.
    weak var weakModel: Note?
    do {
      let model = Note()
      weakModel = model
      let box = UncheckedBox(model)
      withTracking {
        _ = model.count
      } onChange: {
        _ = box.value.title
      }
    }
    #expect(weakModel != nil)
    weakModel?.count = 1
    #expect(weakModel == nil)
  }

  @Test func observationSpanningTwoModelsSurvivesOneOfThem() {
    let survivor = Note()
    weak var weakDoomed: Note?
    weak var weakSentinel: Sentinel?
    let fired = Counter()
    do {
      let doomed = Note()
      let sentinel = Sentinel()
      weakDoomed = doomed
      weakSentinel = sentinel
      withTracking {
        _ = doomed.title
        _ = survivor.title
      } onChange: {
        sentinel.touch()
        fired.increment()
      }
    }
    #expect(weakDoomed == nil)
    #expect(weakSentinel != nil)
    survivor.title = "x"
    #expect(fired.count == 1)
    #expect(weakSentinel == nil)
  }

  @Test func releasedTrackingObserverUnsubscribesAndFreesItsHandler() {
    let model = Note()
    let events = Counter()
    weak var weakObserver: TrackingObserver?
    weak var weakSentinel: Sentinel?
    do {
      let sentinel = Sentinel()
      weakSentinel = sentinel
      let observer = TrackingObserver { _ in
        sentinel.touch()
        events.increment()
      }
      weakObserver = observer
      observer.track {
        _ = model.title
        _ = model.items
      }
    }
    #expect(weakObserver == nil)
    #expect(weakSentinel == nil)
    model.title = "x"
    model.items = [1]
    #expect(events.count == 0)
  }

  @Test func observersDoNotKeepModelsAlive() {
    let observer = TrackingObserver { _ in }
    weak var weakModel: Note?
    weak var weakChild: Note?
    do {
      let model = Note()
      let child = Note()
      model.child = child
      weakModel = model
      weakChild = child
      observer.track { _ = model.child?.title }
      #expect(observer.observedCount == 2)
    }
    #expect(weakModel == nil)
    #expect(weakChild == nil)
    #expect(observer.observedCount == 0)
    observer.cancel()
  }

  @Test func retrackingReleasesValuesNoLongerObserved() {
    let observer = TrackingObserver { _ in }
    let parent = Note()
    weak var weakChild: Note?
    do {
      let child = Note()
      weakChild = child
      parent.child = child
      observer.track { _ = parent.child?.title }
      parent.child = nil
    }
    observer.track { _ = parent.child?.title }
    #expect(weakChild == nil)
    observer.cancel()
  }

  @Test func registrarFormModelIsFreedWithAPendingObservation() {
    weak var weakModel: HandWritten?
    let fired = Counter()
    do {
      let model = HandWritten()
      weakModel = model
      withTracking {
        _ = model.count
      } onChange: {
        fired.increment()
      }
      let observer = TrackingObserver { _ in }
      observer.track { _ = model.name }
    }
    #expect(weakModel == nil)
    #expect(fired.count == 0)
  }

  @Test func objectLevelSubscriptionsDoNotKeepTheStoreAlive() {
    weak var weakStore: LegacyStore?
    let observer: TrackingObserver
    do {
      let store = LegacyStore()
      weakStore = store
      observer = store.objectChanges.observe { _ in }
      withTracking {
        _ = store.count
      } onChange: {
      }
    }
    #expect(weakStore == nil)
    observer.cancel()
  }

  // Found by a new user: cancel() kept the handler, so a handler that cancels its own observer
  // (and so captures it) kept both, and what it captured, alive for good.
  @Test func anObserverThatCancelsItselfFromItsHandlerFreesWhatItCaptured() {
    let model = Note()
    weak var weakSentinel: Sentinel?
    weak var weakObserver: TrackingObserver?
    let events = Counter()
    do {
      let sentinel = Sentinel()
      weakSentinel = sentinel
      let box = Mutex<TrackingObserver?>(nil)
      let observer = TrackingObserver { _ in
        sentinel.touch()
        events.increment()
        box.withLock { $0?.cancel() }
      }
      box.withLock { $0 = observer }
      weakObserver = observer
      observer.track { _ = model.count }
    }
    #expect(weakSentinel != nil)
    model.count = 1
    #expect(events.count == 1)
    #expect(weakSentinel == nil)
    #expect(weakObserver == nil)
  }
}
