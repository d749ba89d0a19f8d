import Synchronization
import Testing
import TrellisTracking

final class Note: Trackable {
  @Tracked var title = ""
  @Tracked var count = 0
  @Tracked var items: [Int] = []
  @Tracked var child: Note?
}

/// Counts calls from any thread.
final class Counter: Sendable {
  private let value = Atomic<Int>(0)
  func increment() { value.add(1, ordering: .relaxed) }
  var count: Int { value.load(ordering: .relaxed) }
}

@Suite struct WithTrackingTests {
  @Test func firesOnceAtWillSetWithOldValueVisible() {
    let note = Note()
    let fired = Counter()
    let seen = Mutex<[String]>([])
    let box = UncheckedBox(note)
    withTracking {
      _ = note.title
    } onChange: {
      fired.increment()
      seen.withLock { $0.append(box.value.title) }
    }
    note.title = "a"
    note.title = "b"
    #expect(fired.count == 1)
    #expect(seen.withLock { $0 } == [""])
  }

  @Test func unreadPropertyDoesNotFire() {
    let note = Note()
    let fired = Counter()
    withTracking {
      _ = note.title
    } onChange: {
      fired.increment()
    }
    note.count = 3
    #expect(fired.count == 0)
    note.title = "x"
    #expect(fired.count == 1)
  }

  @Test func equalValueDoesNotNotifyButInPlaceMutationDoes() {
    let note = Note()
    let fired = Counter()
    withTracking {
      _ = note.count
    } onChange: {
      fired.increment()
    }
    note.count = 0
    #expect(fired.count == 0)
    note.count += 0
    #expect(fired.count == 1)
  }

  @Test func nestedScopesSubscribeOuter() {
    let note = Note()
    let inner = Counter()
    let outer = Counter()
    withTracking {
      withTracking {
        _ = note.title
      } onChange: {
        inner.increment()
      }
    } onChange: {
      outer.increment()
    }
    note.title = "x"
    #expect(inner.count == 1)
    #expect(outer.count == 1)
  }

  @Test func chainTracksBothHops() {
    let parent = Note()
    parent.child = Note()
    let fired = Counter()
    withTracking {
      _ = parent.child?.count
    } onChange: {
      fired.increment()
    }
    parent.child?.count = 1
    #expect(fired.count == 1)
    let fired2 = Counter()
    withTracking {
      _ = parent.child?.count
    } onChange: {
      fired2.increment()
    }
    parent.child = Note()
    #expect(fired2.count == 1)
  }

  @Test func continuousObserverSeesWillSetAndDidSet() {
    let note = Note()
    let events = Mutex<[String]>([])
    let observer = TrackingObserver { event in
      events.withLock { $0.append("\(event.phase) \(event.property)") }
    }
    observer.track { _ = note.title }
    note.title = "a"
    note.count = 1
    observer.track { _ = note.count }
    note.title = "b"
    note.count = 2
    observer.cancel()
    note.count = 3
    #expect(
      events.withLock { $0 } == ["willSet title", "didSet title", "willSet count", "didSet count"])
  }
}

/// Lets a test hand a non-Sendable model to a `@Sendable` callback that runs synchronously on
/// the mutating thread.
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
