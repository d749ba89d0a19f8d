import Observation
import Testing
import TrellisTracking

// The behaviours Apple's own Observation test suite checks (swiftlang/swift,
// test/stdlib/Observation), re-expressed for Trellis `Trackable` models. Where a check compares
// with Apple's `@Observable` directly, both models run the same script.

class Entity: Trackable {
  @Tracked var age = 0
}

class Person: Entity {
  @Tracked var firstName = ""
  @Tracked var lastName = ""
  @Tracked var friends: [Person] = []
  var fullName: String { firstName + " " + lastName }
}

final class MiddleNamePerson: Person {
  @Tracked var middleName = ""
  override var fullName: String { firstName + " " + middleName + " " + lastName }
}

final class HasIgnoredProperty: Trackable {
  @Tracked var field = 3
  var ignored = 4
}

/// `@Observable` with a property that has its own `willSet`/`didSet`: the macro moves the
/// observers onto the backing storage, so they run inside the registrar's `withMutation`.
@Observable final class AppleStateful {
  @ObservationIgnored let log: Log<String>
  init(log: Log<String>) { self.log = log }
  var state = 0 {
    willSet { log.append("user willSet \(state)->\(newValue)") }
    didSet { log.append("user didSet \(oldValue)->\(state)") }
  }
}

/// The same property written out with `TrackingRegistrar`, exactly as the macro expands it:
/// the user's observers stay on the backing field.
final class RegistrarStateful {
  let log: Log<String>
  private let registrar = TrackingRegistrar()
  init(log: Log<String>) { self.log = log }
  private var _state = 0 {
    willSet { log.append("user willSet \(_state)->\(newValue)") }
    didSet { log.append("user didSet \(oldValue)->\(_state)") }
  }
  var state: Int {
    get {
      registrar.access(self, keyPath: \.state)
      return _state
    }
    set {
      guard _state != newValue else {
        _state = newValue
        return
      }
      registrar.withMutation(of: self, keyPath: \.state) { _state = newValue }
    }
    _modify {
      registrar.access(self, keyPath: \.state)
      registrar.willSet(self, keyPath: \.state)
      defer { registrar.didSet(self, keyPath: \.state) }
      yield &_state
    }
  }
}

/// The same property as a computed property over a `@Tracked` one: the user's `willSet` runs
/// before the tracked store (and so before `onChange`), not after it as in Apple's expansion.
final class ComputedStateful: Trackable {
  let log: Log<String>
  init(log: Log<String>) { self.log = log }
  @Tracked private var storage = 0
  var state: Int {
    get { storage }
    set {
      log.append("user willSet \(storage)->\(newValue)")
      let oldValue = storage
      storage = newValue
      log.append("user didSet \(oldValue)->\(storage)")
    }
  }
}

@Observable final class AppleItems {
  var items: [Int] = []
}

final class TrellisItems: Trackable {
  @Tracked var items: [Int] = []
}

/// Runs the willSet/didSet script of Apple's `ObservableDidSetWillSet` test, with tracking
/// scopes armed around it, against any of the stateful models.
private func runStatefulScript(
  log: Log<String>, read: @escaping () -> Int, write: (Int) -> Void, increment: () -> Void,
  track: (() -> Void, @escaping @Sendable () -> Void) -> Void
) {
  track({ _ = read() }, { log.append("onChange 1") })
  write(1)
  write(1)  // equal: the user's observers run, onChange does not
  track({ _ = read() }, { log.append("onChange 2") })
  increment()
  write(3)
}

private func bufferAddress(_ array: [Int]) -> UnsafeRawPointer? {
  array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
}

@Suite struct AppleParityTests {
  @Test func unobservedChangesNotifyNobody() {
    let person = MiddleNamePerson()
    let events = Counter()
    let observer = TrackingObserver { _ in events.increment() }
    observer.track { _ = person.lastName }
    for index in 0..<100 { person.firstName = "\(index)" }
    #expect(events.count == 0)
    #expect(person.firstName == "99")
  }

  @Test func trackingChangesFiresOnceThenNotForEqualValue() {
    let person = MiddleNamePerson()
    let changed = Counter()
    withTracking {
      _ = person.firstName
    } onChange: {
      changed.increment()
    }
    person.firstName = "c"
    #expect(changed.count == 1)
    person.firstName = "c"
    #expect(changed.count == 1)
  }

  @Test func trackingUnchangedPropertyDoesNotFire() {
    let person = MiddleNamePerson()
    let changed = Counter()
    withTracking {
      _ = person.lastName
    } onChange: {
      changed.increment()
    }
    person.firstName = "c"
    #expect(changed.count == 0)
  }

  @Test func computedPropertiesAndSubclassesAreTracked() {
    let person = MiddleNamePerson()
    let changed = Counter()
    withTracking {
      _ = person.fullName
    } onChange: {
      changed.increment()
    }
    person.middleName = "c"
    #expect(changed.count == 1)
    person.middleName = "c"
    #expect(changed.count == 1)

    let base = Counter()
    withTracking {
      _ = person.age
    } onChange: {
      base.increment()
    }
    person.age = 3  // declared in the root class
    #expect(base.count == 1)
  }

  @Test func readsThroughArrayElementsAreTracked() {
    let person = MiddleNamePerson()
    let friend = MiddleNamePerson()
    person.friends.append(friend)
    let changed = Counter()
    withTracking {
      _ = person.friends.first?.fullName
    } onChange: {
      changed.increment()
    }
    person.middleName = "c"
    #expect(changed.count == 0)
    friend.middleName = "c"
    #expect(changed.count == 1)
  }

  @Test func readsOfEveryElementTrackEveryElement() {
    let people = (0..<4).map { _ in Person() }
    let group = Person()
    group.friends = people
    let changed = Counter()
    withTracking {
      for friend in group.friends { _ = friend.lastName }
    } onChange: {
      changed.increment()
    }
    people[3].firstName = "unread"
    #expect(changed.count == 0)
    people[3].lastName = "read"
    #expect(changed.count == 1)
  }

  @Test func nestingFiresInnerAndOuterOnce() {
    let person = MiddleNamePerson()
    let inner = Counter()
    let outer = Counter()
    withTracking {
      withTracking {
        _ = person.firstName
      } onChange: {
        inner.increment()
      }
    } onChange: {
      outer.increment()
    }
    person.firstName = "c"
    #expect(inner.count == 1)
    #expect(outer.count == 1)
    person.firstName = "d"
    #expect(outer.count == 1)
  }

  @Test func ignoredPropertyStaysInert() {
    let model = HasIgnoredProperty()
    let changed = Counter()
    withTracking {
      _ = model.ignored
    } onChange: {
      changed.increment()
    }
    model.ignored = 122_112
    model.field = 3429
    #expect(changed.count == 0)
  }

  @Test func ignoredPropertyDoesNotHideATrackedOne() {
    let model = HasIgnoredProperty()
    let changed = Counter()
    withTracking {
      _ = model.ignored
      _ = model.field
    } onChange: {
      changed.increment()
    }
    model.ignored = 122_112
    #expect(changed.count == 0)
    model.field = 3429
    #expect(changed.count == 1)
  }

  @Test func userWillSetAndDidSetOrderMatchesApple() {
    let appleLog = Log<String>()
    let apple = AppleStateful(log: appleLog)
    runStatefulScript(
      log: appleLog, read: { apple.state }, write: { apple.state = $0 },
      increment: { apple.state += 1 },
      track: { withObservationTracking($0, onChange: $1) })

    let trellisLog = Log<String>()
    let trellis = RegistrarStateful(log: trellisLog)
    runStatefulScript(
      log: trellisLog, read: { trellis.state }, write: { trellis.state = $0 },
      increment: { trellis.state += 1 },
      track: { withTracking($0, onChange: $1) })

    let expected = [
      "onChange 1", "user willSet 0->1", "user didSet 0->1",
      "user willSet 1->1", "user didSet 1->1",
      "onChange 2", "user willSet 1->2", "user didSet 1->2",
      "user willSet 2->3", "user didSet 2->3",
    ]
    #expect(appleLog.entries == expected)
    #expect(trellisLog.entries == expected)
  }

  @Test func computedOverTrackedRunsTheUserWillSetBeforeOnChange() {
    // Not Apple's order (there `onChange` comes first): the user's code wraps the tracked
    // store here, rather than the store wrapping the user's observers.
    let log = Log<String>()
    let model = ComputedStateful(log: log)
    runStatefulScript(
      log: log, read: { model.state }, write: { model.state = $0 },
      increment: { model.state += 1 },
      track: { withTracking($0, onChange: $1) })
    #expect(
      log.entries == [
        "user willSet 0->1", "onChange 1", "user didSet 0->1",
        "user willSet 1->1", "user didSet 1->1",
        "user willSet 1->2", "onChange 2", "user didSet 1->2",
        "user willSet 2->3", "user didSet 2->3",
      ])
  }

  @Test func inPlaceMutationKeepsTheArrayBufferUnique() {
    let model = TrellisItems()
    model.items.reserveCapacity(64)
    model.items.append(0)
    let before = bufferAddress(model.items)
    let fired = Counter()
    withTracking {
      _ = model.items.count
    } onChange: {
      fired.increment()
    }
    let observer = TrackingObserver { _ in }
    observer.track { _ = model.items }
    for value in 1..<32 { model.items.append(value) }
    #expect(fired.count == 1)
    #expect(bufferAddress(model.items) == before)
    #expect(model.items == Array(0..<32))
    observer.cancel()
  }

  @Test func bufferCheckDetectsACopy() {
    // The check above is meaningful: a second reference to the buffer forces a copy.
    let model = TrellisItems()
    model.items.reserveCapacity(64)
    model.items.append(0)
    let before = bufferAddress(model.items)
    let copy = model.items
    model.items.append(1)
    #expect(bufferAddress(model.items) != before)
    #expect(copy == [0])
  }

  @Test func appleKeepsTheBufferUniqueToo() {
    let model = AppleItems()
    model.items.reserveCapacity(64)
    model.items.append(0)
    let before = bufferAddress(model.items)
    withObservationTracking {
      _ = model.items.count
    } onChange: {
    }
    for value in 1..<32 { model.items.append(value) }
    #expect(bufferAddress(model.items) == before)
  }
}
