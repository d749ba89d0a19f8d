import Testing
import TrellisTracking

/// A model written out by hand the way Apple's `@Observable` macro expands a class: a private
/// registrar, `access`/`withMutation` helpers, a backing field per property, a getter that
/// records the access, a setter that skips equal values (storing them silently), and a
/// `_modify` that always announces the mutation.
final class HandWritten {
  private let _$trackingRegistrar = TrackingRegistrar()

  func access<Member>(keyPath: KeyPath<HandWritten, Member>) {
    _$trackingRegistrar.access(self, keyPath: keyPath)
  }

  func withMutation<Member, Result>(
    keyPath: KeyPath<HandWritten, Member>, _ mutation: () throws -> Result
  ) rethrows -> Result {
    try _$trackingRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
  }

  /// Exposed so tests can call `willSet`/`didSet` by hand.
  var registrar: TrackingRegistrar { _$trackingRegistrar }

  private var _count = 0
  var count: Int {
    get {
      access(keyPath: \.count)
      return _count
    }
    set {
      guard _count != newValue else {
        _count = newValue
        return
      }
      withMutation(keyPath: \.count) { _count = newValue }
    }
    _modify {
      access(keyPath: \.count)
      _$trackingRegistrar.willSet(self, keyPath: \.count)
      defer { _$trackingRegistrar.didSet(self, keyPath: \.count) }
      yield &_count
    }
  }

  private var _name = ""
  var name: String {
    get {
      access(keyPath: \.name)
      return _name
    }
    set {
      guard _name != newValue else {
        _name = newValue
        return
      }
      withMutation(keyPath: \.name) { _name = newValue }
    }
    _modify {
      access(keyPath: \.name)
      _$trackingRegistrar.willSet(self, keyPath: \.name)
      defer { _$trackingRegistrar.didSet(self, keyPath: \.name) }
      yield &_name
    }
  }
}

/// A generic hand-written model: each specialization has its own key path objects.
final class HandWrittenBox<Value: Equatable> {
  private let registrar = TrackingRegistrar()
  private var _value: Value
  init(_ value: Value) { _value = value }
  var value: Value {
    get {
      registrar.access(self, keyPath: \.value)
      return _value
    }
    set {
      guard _value != newValue else { return }
      registrar.withMutation(of: self, keyPath: \.value) { _value = newValue }
    }
  }
}

struct MutationFailed: Error {}

@Suite struct TrackingRegistrarTests {
  @Test func accessAndWithMutationBehaveLikeTracked() {
    let model = HandWritten()
    let box = UncheckedBox(model)
    let seen = Log<Int>()
    withTracking {
      _ = model.count
    } onChange: {
      seen.append(box.value.count)
    }
    model.name = "unread"
    #expect(seen.entries.isEmpty)
    model.count = 0
    #expect(seen.entries.isEmpty)
    model.count = 5
    #expect(seen.entries == [0])
    model.count = 6
    #expect(seen.entries == [0])
    #expect(model.count == 6)
  }

  @Test func modifyAccessorAlwaysAnnounces() {
    let model = HandWritten()
    let fired = Counter()
    withTracking {
      _ = model.count
    } onChange: {
      fired.increment()
    }
    model.count += 0
    #expect(fired.count == 1)
  }

  @Test func continuousObserverSeesWillSetThenDidSetAroundTheStore() {
    let model = HandWritten()
    let box = UncheckedBox(model)
    let seen = Log<String>()
    let observer = TrackingObserver { event in
      seen.append("\(event.phase) \(box.value.count)")
    }
    observer.track { _ = model.count }
    model.count = 1
    model.count += 1
    #expect(seen.entries == ["willSet 0", "didSet 1", "willSet 1", "didSet 2"])
    observer.cancel()
  }

  @Test func eventCarriesTheKeyPathAndObject() {
    let model = HandWritten()
    let events = Log<TrackingEvent>()
    let observer = TrackingObserver { events.append($0) }
    observer.track { _ = model.name }
    model.name = "x"
    #expect(events.entries.map(\.keyPath) == [\HandWritten.name, \HandWritten.name])
    #expect(events.entries.allSatisfy { $0.object == ObjectIdentifier(model) })
    observer.cancel()
  }

  @Test func willSetFiresOneShotScopesAndDidSetDoesNot() {
    let model = HandWritten()
    let fired = Counter()
    withTracking {
      _ = model.count
    } onChange: {
      fired.increment()
    }
    model.registrar.didSet(model, keyPath: \.count)
    #expect(fired.count == 0)
    model.registrar.willSet(model, keyPath: \.count)
    #expect(fired.count == 1)
  }

  @Test func withMutationReturnsAndRethrowsAndStillAnnouncesDidSet() {
    let model = HandWritten()
    let phases = Log<TrackingEvent.Phase>()
    let observer = TrackingObserver { phases.append($0.phase) }
    observer.track { _ = model.count }
    let result = model.withMutation(keyPath: \.count) { 7 }
    #expect(result == 7)
    #expect(throws: MutationFailed.self) {
      try model.withMutation(keyPath: \.count) { throw MutationFailed() }
    }
    #expect(phases.entries == [.willSet, .didSet, .willSet, .didSet])
    observer.cancel()
  }

  @Test func accessOutsideAnyScopeRecordsNothing() {
    let model = HandWritten()
    _ = model.count
    let fired = Counter()
    withTracking {
      _ = model.name
    } onChange: {
      fired.increment()
    }
    model.count = 3
    #expect(fired.count == 0)
  }

  @Test func instancesHaveSeparateRegistrars() {
    let first = HandWritten()
    let second = HandWritten()
    let fired = Counter()
    withTracking {
      _ = first.count
    } onChange: {
      fired.increment()
    }
    second.count = 1
    #expect(fired.count == 0)
    first.count = 1
    #expect(fired.count == 1)
  }

  @Test func copiesOfARegistrarShareSubscriptions() {
    let model = HandWritten()
    let copy = model.registrar
    let fired = Counter()
    withTracking {
      copy.access(model, keyPath: \HandWritten.count)
    } onChange: {
      fired.increment()
    }
    model.count = 1
    #expect(fired.count == 1)
  }

  @Test func genericClassesAreTrackedPerSpecialization() {
    let ints = HandWrittenBox(1)
    let strings = HandWrittenBox("a")
    let fired = Log<String>()
    withTracking {
      _ = ints.value
    } onChange: {
      fired.append("ints")
    }
    withTracking {
      _ = strings.value
    } onChange: {
      fired.append("strings")
    }
    strings.value = "b"
    #expect(fired.entries == ["strings"])
    ints.value = 2
    #expect(fired.entries == ["strings", "ints"])
  }

  @Test func manyDistinctKeyPathObjectsForOnePropertyShareOneSource() {
    // Key path objects built at run time are equal by value but not identical; the registrar
    // must still map them to one property (and survive its identity cache being reset).
    let model = HandWritten()
    let fired = Counter()
    withTracking {
      _ = model.count
    } onChange: {
      fired.increment()
    }
    for index in 0..<300 {
      let keyPath = \HandWritten.count
      let appended = (\HandWritten.self).appending(path: keyPath)
      model.registrar.didSet(model, keyPath: index.isMultiple(of: 2) ? keyPath : appended)
    }
    #expect(fired.count == 0)
    let dynamic = (\HandWritten.self).appending(path: \HandWritten.count)
    model.registrar.willSet(model, keyPath: dynamic)
    #expect(fired.count == 1)
  }

  // Found by a new user: a property written out with a registrar in its getter and setter was
  // named `<computed Double>` in events and explanations, as a computed key path has no name
  // on Linux. The getter's own name (the registrar's `#function` default) names it now; a
  // read through a helper method (the macro's shape, `HandWritten`) still cannot be named.
  @Test func aPropertyReadInItsOwnGetterIsNamedByIt() {
    final class Thermometer {
      private let registrar = TrackingRegistrar()
      private var storedCelsius = 20.0
      private var storedKelvin = 293.0
      var celsius: Double {
        get {
          registrar.access(self, keyPath: \.celsius)
          return storedCelsius
        }
        set { registrar.withMutation(of: self, keyPath: \.celsius) { storedCelsius = newValue } }
      }
      var kelvin: Double {
        get {
          registrar.access(self, keyPath: \.kelvin)
          return storedKelvin
        }
        set { registrar.withMutation(of: self, keyPath: \.kelvin) { storedKelvin = newValue } }
      }
    }
    let thermometer = Thermometer()
    let model = HandWritten()
    let names = namesOfChanges {
      _ = thermometer.celsius
      _ = thermometer.kelvin
      _ = model.count
    } during: {
      thermometer.kelvin = 300
      thermometer.celsius = 30
      model.count = 1
    }
    #expect(names == ["Thermometer.kelvin", "Thermometer.celsius", "HandWritten.<computed Int>"])
  }
}
