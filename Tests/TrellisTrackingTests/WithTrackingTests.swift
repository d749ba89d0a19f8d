import Synchronization
import Testing
import TrellisTracking

/// An `Equatable` value whose `==` ignores `revision`, to see which value a write stores.
struct Versioned: Equatable {
  var key: Int
  var revision: Int
  static func == (lhs: Versioned, rhs: Versioned) -> Bool { lhs.key == rhs.key }
}

/// A class that is not `Equatable`: only identity decides whether an assignment is a change.
final class Ref {}

/// A class whose `==` compares contents, so `==` (not identity) decides.
final class EquatableRef: Equatable {
  let key: Int
  init(key: Int) { self.key = key }
  static func == (lhs: EquatableRef, rhs: EquatableRef) -> Bool { lhs.key == rhs.key }
}

final class Values: Trackable {
  @Tracked var number = 0.0
  @Tracked var versioned = Versioned(key: 0, revision: 0)
  @Tracked var ref = Ref()
  @Tracked var equatableRef = EquatableRef(key: 0)
  @Tracked var plain: [Int: String] = [:]
  var untracked = 0
}

/// A value type that is not `Equatable`: every assignment is a change.
struct Opaque {
  var payload = 0
}

final class HoldsOpaque: Trackable {
  @Tracked var opaque = Opaque()
}

struct ApplyFailed: Error {}

@Suite struct WithTrackingTests {
  @Test func firesOnceAtWillSetWithOldValueVisible() {
    let note = Note()
    let fired = Counter()
    let seen = Log<String>()
    let box = UncheckedBox(note)
    withTracking {
      _ = note.title
    } onChange: {
      fired.increment()
      seen.append(box.value.title)
    }
    note.title = "a"
    #expect(fired.count == 1)
    #expect(seen.entries == [""])
    note.title = "b"
    #expect(fired.count == 1)
    #expect(seen.entries == [""])
    #expect(note.title == "b")
  }

  @Test func inPlaceMutationShowsTheOldValueInsideOnChange() {
    let note = Note()
    note.items = [1, 2]
    let seen = Log<[Int]>()
    let box = UncheckedBox(note)
    withTracking {
      _ = note.items.count
    } onChange: {
      seen.append(box.value.items)
    }
    note.items.append(3)
    #expect(seen.entries == [[1, 2]])
    #expect(note.items == [1, 2, 3])
  }

  @Test func firesOnTheMutatingThread() {
    let note = Note()
    let firedOn = Log<UInt>()
    let testThread = currentThreadID()
    withTracking {
      _ = note.count
    } onChange: {
      firedOn.append(currentThreadID())
    }
    let box = UncheckedBox(note)
    let writer = runOnOtherThread { box.value.count = 1 }
    #expect(writer != testThread)
    #expect(firedOn.entries == [writer])
  }

  @Test func returnsWhatApplyReturns() {
    let note = Note()
    note.count = 41
    let result = withTracking {
      note.count + 1
    } onChange: {
    }
    #expect(result == 42)
  }

  @Test func writesToUnreadPropertiesNeverFire() {
    let note = Note()
    let fired = Counter()
    withTracking {
      _ = note.title
    } onChange: {
      fired.increment()
    }
    note.count = 3
    note.items.append(1)
    note.child = Note()
    #expect(fired.count == 0)
    note.title = "x"
    #expect(fired.count == 1)
  }

  @Test func readsOfAnotherInstanceDoNotSubscribeThisOne() {
    let read = Note()
    let other = Note()
    let fired = Counter()
    withTracking {
      _ = read.title
    } onChange: {
      fired.increment()
    }
    other.title = "x"
    #expect(fired.count == 0)
    read.title = "x"
    #expect(fired.count == 1)
  }

  @Test func emptyScopeInstallsNothing() {
    let note = Note()
    let handlersMade = Counter()
    let fired = Counter()
    func makeHandler() -> @Sendable () -> Void {
      handlersMade.increment()
      return { fired.increment() }
    }
    let values = Values()
    withTracking(
      { _ = values.untracked },  // a plain stored property is not tracked
      onChange: makeHandler())
    #expect(handlersMade.count == 0)
    note.title = "x"
    values.untracked = 1
    #expect(fired.count == 0)

    withTracking(
      {
        _ = note.title
        _ = note.count
      }, onChange: makeHandler())
    #expect(handlersMade.count == 1)
  }

  @Test func throwingApplyInstallsNothingAndClosesItsScope() throws {
    let note = Note()
    let fired = Counter()
    #expect(throws: ApplyFailed.self) {
      try withTracking {
        _ = note.title
        throw ApplyFailed()
      } onChange: {
        fired.increment()
      }
    }
    note.title = "x"
    #expect(fired.count == 0)
    // The failed scope is closed: a read now is outside every scope, and a new scope works.
    _ = note.count
    let again = Counter()
    withTracking {
      _ = note.title
    } onChange: {
      again.increment()
    }
    note.count = 1
    #expect(again.count == 0)
    note.title = "y"
    #expect(again.count == 1)
  }

  @Test func nestedScopeSubscribesTheEnclosingScope() {
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
    note.title = "y"
    #expect(inner.count == 1)
    #expect(outer.count == 1)
  }

  /// Found by a new user: a nested call whose `apply` threw took its reads from the call
  /// around it, so the outer observation missed a write it had read through a failing helper.
  @Test func aNestedScopeThatThrowsStillSubscribesTheEnclosingScope() {
    let note = Note()
    let inner = Counter()
    let outer = Counter()
    withTracking {
      _ = try? withTracking { () throws -> Int in
        _ = note.title
        throw ApplyFailed()
      } onChange: {
        inner.increment()
      }
      _ = note.count
    } onChange: {
      outer.increment()
    }
    note.title = "x"
    #expect(outer.count == 1)
    // The throwing call itself installed nothing.
    #expect(inner.count == 0)
  }

  @Test func enclosingScopeReadsDoNotLeakIntoTheNestedOne() {
    let note = Note()
    let inner = Counter()
    let outer = Counter()
    withTracking {
      _ = note.count
      withTracking {
        _ = note.title
      } onChange: {
        inner.increment()
      }
      _ = note.items
    } onChange: {
      outer.increment()
    }
    note.count = 1
    #expect(outer.count == 1)
    #expect(inner.count == 0)
    note.items = [1]
    #expect(inner.count == 0)
    note.title = "x"
    #expect(inner.count == 1)
    #expect(outer.count == 1)
  }

  @Test func readsPropagateThroughEveryEnclosingLevel() {
    let note = Note()
    let fired = Log<String>()
    withTracking {
      withTracking {
        withTracking {
          _ = note.title
        } onChange: {
          fired.append("innermost")
        }
      } onChange: {
        fired.append("middle")
      }
    } onChange: {
      fired.append("outermost")
    }
    note.title = "x"
    #expect(fired.entries.sorted() == ["innermost", "middle", "outermost"])
  }

  @Test func chainTracksBothHops() {
    let parent = Note()
    let firstChild = Note()
    parent.child = firstChild
    let leafFired = Counter()
    withTracking {
      _ = parent.child?.count
    } onChange: {
      leafFired.increment()
    }
    firstChild.count = 1
    #expect(leafFired.count == 1)

    let linkFired = Counter()
    withTracking {
      _ = parent.child?.count
    } onChange: {
      linkFired.increment()
    }
    parent.child = Note()
    #expect(linkFired.count == 1)
  }

  @Test func replacedChildIsNoLongerTrackedByANewScope() {
    let parent = Note()
    let oldChild = Note()
    parent.child = oldChild
    parent.child = Note()
    let fired = Counter()
    withTracking {
      _ = parent.child?.count
    } onChange: {
      fired.increment()
    }
    oldChild.count = 5
    #expect(fired.count == 0)
    parent.child?.count = 5
    #expect(fired.count == 1)
  }

  @Test func equalEquatableWriteDoesNotNotify() {
    let note = Note()
    note.title = "same"
    let fired = Counter()
    withTracking {
      _ = note.title
    } onChange: {
      fired.increment()
    }
    note.title = "same"
    #expect(fired.count == 0)
    note.title = "different"
    #expect(fired.count == 1)
  }

  @Test func identicalInstanceDoesNotNotifyButAnotherInstanceDoes() {
    let values = Values()
    let original = values.ref
    let fired = Counter()
    withTracking {
      _ = values.ref
    } onChange: {
      fired.increment()
    }
    values.ref = original
    #expect(fired.count == 0)
    values.ref = Ref()
    #expect(fired.count == 1)
  }

  @Test func equatableClassUsesEqualityNotIdentity() {
    let values = Values()
    let fired = Counter()
    withTracking {
      _ = values.equatableRef
    } onChange: {
      fired.increment()
    }
    values.equatableRef = EquatableRef(key: 0)  // another instance, equal by ==
    #expect(fired.count == 0)
    values.equatableRef = EquatableRef(key: 1)
    #expect(fired.count == 1)
  }

  @Test func nonEquatableValueNotifiesOnEveryAssignment() {
    let model = HoldsOpaque()
    let fired = Counter()
    withTracking {
      _ = model.opaque
    } onChange: {
      fired.increment()
    }
    model.opaque = Opaque()
    #expect(fired.count == 1)
  }

  @Test func inPlaceMutationAlwaysNotifies() {
    let note = Note()
    let fired = Counter()
    withTracking {
      _ = note.count
    } onChange: {
      fired.increment()
    }
    note.count += 0
    #expect(fired.count == 1)

    let itemsFired = Counter()
    withTracking {
      _ = note.items
    } onChange: {
      itemsFired.increment()
    }
    note.items.removeAll()  // already empty: no element changes, still a mutation
    #expect(itemsFired.count == 1)
  }

  /// Apple's `@Observable` setter skips the notification for an equal value but still stores
  /// it (`guard shouldNotifyObservers(_x, newValue) else { _x = newValue; return }`), so a value
  /// that is `==` but not identical in every respect is kept.
  @Test func equalWriteStoresTheNewValueWithoutNotifying() {
    let values = Values()
    let fired = Counter()
    withTracking {
      _ = values.number
      _ = values.versioned
      _ = values.equatableRef
    } onChange: {
      fired.increment()
    }
    values.number = -0.0
    #expect(values.number.sign == .minus)
    values.versioned = Versioned(key: 0, revision: 7)
    #expect(values.versioned.revision == 7)
    let replacement = EquatableRef(key: 0)
    values.equatableRef = replacement
    #expect(values.equatableRef === replacement)
    #expect(fired.count == 0)
  }

  @Test func writesInsideApplyDoNotFireTheScopeBeingBuilt() {
    let note = Note()
    let fired = Counter()
    withTracking {
      _ = note.count
      note.count = 1
      note.items.append(1)
    } onChange: {
      fired.increment()
    }
    #expect(fired.count == 0)
    note.items.append(2)  // `append` read `items` in place, so it is tracked
    #expect(fired.count == 1)
  }

  @Test func independentScopesOnOnePropertyEachFireOnce() {
    let note = Note()
    let first = Counter()
    let second = Counter()
    withTracking {
      _ = note.title
    } onChange: {
      first.increment()
    }
    withTracking {
      _ = note.title
    } onChange: {
      second.increment()
    }
    note.title = "x"
    note.title = "y"
    #expect(first.count == 1)
    #expect(second.count == 1)
  }

  @Test func readsInsideOnChangeAreNotTracked() {
    let note = Note()
    let box = UncheckedBox(note)
    let fired = Counter()
    withTracking {
      _ = note.title
    } onChange: {
      fired.increment()
      _ = box.value.count
    }
    note.title = "x"
    note.count = 1
    #expect(fired.count == 1)
  }

  // An observation that fired through one property is still in the slots of the others it
  // observed, and is reused by the thread's next scope: these pin down that neither the old
  // handler nor a stale slot ever fires again.

  @Test func aScopeReinstalledOverAFiredOneFiresOnlyItsOwnHandler() {
    let note = Note()
    let log = Log<String>()
    withTracking {
      _ = note.title
      _ = note.count
    } onChange: {
      log.append("first")
    }
    note.title = "a"
    withTracking {
      _ = note.title
      _ = note.count
    } onChange: {
      log.append("second")
    }
    note.count = 1
    note.title = "b"
    note.count = 2
    #expect(log.entries == ["first", "second"])
  }

  @Test func aScopeReadingFewerPropertiesIsNotFiredByTheOthers() {
    let note = Note()
    let log = Log<String>()
    withTracking {
      _ = note.title
      _ = note.count
      _ = note.items
    } onChange: {
      log.append("first")
    }
    note.title = "a"
    withTracking {
      _ = note.title
    } onChange: {
      log.append("second")
    }
    note.count = 1
    note.items = [1]
    #expect(log.entries == ["first"])
    note.title = "b"
    #expect(log.entries == ["first", "second"])
    // The next scope on this thread again reads what the first one did.
    withTracking {
      _ = note.count
      _ = note.items
    } onChange: {
      log.append("third")
    }
    note.title = "c"
    note.items = [2]
    note.count = 3
    #expect(log.entries == ["first", "second", "third"])
  }

  @Test func rereadsFarApartAreSubscribedOnce() {
    // More than 64 sources, so that the recorder's duplicate summary has collisions, and a
    // property read again after all of them.
    let notes = (0..<70).map { _ in Note() }
    let fired = Counter()
    let observer = TrackingObserver { _ in fired.increment() }
    observer.track {
      _ = notes[0].title
      for note in notes { _ = note.count }
      _ = notes[0].title
    }
    notes[0].title = "x"
    #expect(fired.count == 2)  // willSet and didSet, once each
    notes[69].count = 1
    #expect(fired.count == 4)
  }

  @Test func anOnChangeExpressionThatTracksInsideANestedScopeKeepsBothSubscriptions() {
    let note = Note()
    let log = Log<String>()
    // The handler is made by code that itself tracks, as a library's helper might.
    func handler(_ name: String) -> @Sendable () -> Void {
      withTracking {
        _ = note.count
      } onChange: {
        log.append("count")
      }
      return { log.append(name) }
    }
    withTracking {
      withTracking({ _ = note.title }, onChange: handler("title"))
    } onChange: {
    }
    note.title = "x"
    note.count = 1
    #expect(log.entries == ["title", "count"])
  }
}
