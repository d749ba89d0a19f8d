import Synchronization

/// Hand-written tracking accessors, shaped like Apple's `ObservationRegistrar`.
///
/// Use it to write out by hand what the `@Observable` macro would generate, for instance for a
/// property with custom storage:
///
/// ```swift
/// final class Counter: Trackable {
///   private let registrar = TrackingRegistrar()
///   private var _count = 0
///   var count: Int {
///     get { registrar.access(self, keyPath: \.count); return _count }
///     set { registrar.withMutation(of: self, keyPath: \.count) { _count = newValue } }
///   }
/// }
/// ```
///
/// Identity of a property: each key path object is looked up by its object identity first,
/// which is a pointer hash; only the first time a given key path object is seen is it compared
/// by value (the `AnyKeyPath` hashing Apple pays on every read). `@Tracked` needs no lookup at
/// all and is the faster form; this one exists for compatibility.
///
/// A registrar is a value holding a reference, so copies share their subscriptions, like
/// Apple's.
public struct TrackingRegistrar: Sendable {
  let storage = RegistrarStorage()

  /// Creates a registrar with no tracked properties yet.
  public init() {}

  /// Records a read of `keyPath` on `subject` in the innermost tracking scope, if any.
  /// - Parameters:
  ///   - subject: the object whose property is read; must be the object owning this registrar.
  ///   - keyPath: the property read.
  ///   - accessor: the calling accessor, left to its default (`#function`): called from the
  ///     property's getter, it names the property in events and explanations, which its key
  ///     path cannot do (a computed property's key path prints as `<computed Double>` on
  ///     Linux). The first tracked read of a property decides; a name with parentheses (a
  ///     method's, as in the `@Observable` macro's expansion) is ignored. Apple's registrar has
  ///     no such parameter; calls written for it compile unchanged.
  /// - Complexity: one relaxed atomic load when no scope is open anywhere; otherwise a lock
  ///   round-trip and a pointer-keyed lookup.
  @inlinable
  public func access<Subject: AnyObject, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, accessor: String = #function
  ) {
    if !anyScopeIsOpen { return }
    recordAccessSlow(keyPath, accessor: accessor)
  }

  @usableFromInline
  func recordAccessSlow(_ keyPath: AnyKeyPath, accessor: String) {
    guard let recorder = currentRecorder() else { return }
    recorder.record(storage.source(for: keyPath, accessor: accessor))
  }

  /// Announces that `keyPath` of `subject` is about to change: one-shot observers fire now and
  /// continuous observers receive `.willSet`.
  /// - Parameters:
  ///   - subject: the object whose property changes.
  ///   - keyPath: the property about to change.
  public func willSet<Subject: AnyObject, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    guard storage.mayHaveSubscribers, let source = storage.existingSource(for: keyPath) else {
      return
    }
    if source.hasSubscribers { source.sendWillSet(object: subject, keyPath: keyPath) }
  }

  /// Announces that `keyPath` of `subject` has changed: continuous observers receive `.didSet`.
  /// - Parameters:
  ///   - subject: the object whose property changed.
  ///   - keyPath: the property that changed.
  public func didSet<Subject: AnyObject, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    if anyScopeIsOpen, let source = storage.existingSource(for: keyPath) {
      noteWriteInOpenScope(source, object: subject, keyPath: keyPath)
    }
    if writeMayRaceWithEvaluations {
      // A write that may race with an evaluation on the main actor is counted before the
      // subscribers are looked at (see `RacingWrites.swift`). The property's source is looked
      // up under the storage's lock, without the `mayHaveSubscribers` shortcut: an evaluation
      // creates the source under that lock before it reads the value, so either this lookup
      // finds it, or that read comes after this write (the shortcut's unordered load could
      // miss both ways, for the first property of a model ever read).
      guard let source = storage.existingSource(for: keyPath) else { return }
      if source.noteRacingWrite() { source.sendDidSet(object: subject, keyPath: keyPath) }
      return
    }
    guard storage.mayHaveSubscribers, let source = storage.existingSource(for: keyPath) else {
      return
    }
    if source.hasSubscribers { source.sendDidSet(object: subject, keyPath: keyPath) }
  }

  /// Wraps a mutation in `willSet` and `didSet`, as Apple's registrar does.
  /// - Parameters:
  ///   - subject: the object whose property changes.
  ///   - keyPath: the property that changes.
  ///   - mutation: the code that stores the new value.
  /// - Returns: what `mutation` returns.
  public func withMutation<Subject: AnyObject, Member, T>(
    of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> T
  ) rethrows -> T {
    willSet(subject, keyPath: keyPath)
    defer { didSet(subject, keyPath: keyPath) }
    return try mutation()
  }
}

/// The shared state behind a `TrackingRegistrar`: one `TrackingSource` per property.
final class RegistrarStorage: Sendable {
  private struct Table {
    /// Key path objects seen so far, by identity, with the key path kept alive so that its
    /// address cannot be reused by another key path.
    var byIdentity: [ObjectIdentifier: (keyPath: SendableKeyPath, source: TrackingSource)] = [:]
    /// The canonical source per property, by value.
    var byValue: [SendableKeyPath: TrackingSource] = [:]
  }

  /// Bounds `byIdentity` for generic classes, whose key path objects may be created afresh.
  private static let identityCacheLimit = 256
  private let table = Mutex(Table())
  private let sourceCount = Atomic<Int>(0)

  /// False until the first property is read inside a tracking scope; lets unobserved writes
  /// skip the lock entirely.
  var mayHaveSubscribers: Bool { sourceCount.load(ordering: .relaxed) != 0 }

  func source(for keyPath: AnyKeyPath, accessor: String) -> TrackingSource {
    let keyPath = SendableKeyPath(keyPath)
    return table.withAnnotatedLock(owner: self) { table in
      let id = ObjectIdentifier(keyPath.keyPath)
      if let hit = table.byIdentity[id] { return hit.source }
      let source: TrackingSource
      if let existing = table.byValue[keyPath] {
        source = existing
      } else {
        source = RegistrarSource(accessor: accessor)
        table.byValue[keyPath] = source
        sourceCount.store(table.byValue.count, ordering: .relaxed)
      }
      if table.byIdentity.count >= Self.identityCacheLimit { table.byIdentity.removeAll() }
      table.byIdentity[id] = (keyPath, source)
      return source
    }
  }

  /// Every property's source with the property's name, in no particular order (for naming
  /// sources in diagnostics).
  var namedSources: [(name: String, source: TrackingSource)] {
    table.withAnnotatedLock(owner: self) { table in
      table.byValue.map { keyPath, source in
        (source.accessorName ?? keyPathPropertyName(keyPath.keyPath), source)
      }
    }
  }

  func existingSource(for keyPath: AnyKeyPath) -> TrackingSource? {
    let keyPath = SendableKeyPath(keyPath)
    return table.withAnnotatedLock(owner: self) { table in
      if let hit = table.byIdentity[ObjectIdentifier(keyPath.keyPath)] { return hit.source }
      return table.byValue[keyPath]
    }
  }
}

/// A key path that may cross threads. Key paths are immutable, but `AnyKeyPath` is not marked
/// `Sendable` in the standard library.
struct SendableKeyPath: Hashable, @unchecked Sendable {
  let keyPath: AnyKeyPath
  init(_ keyPath: AnyKeyPath) { self.keyPath = keyPath }
}

/// The source of one property declared through a `TrackingRegistrar`, with the name of the
/// accessor that first read it when that name can be a property's (no parentheses).
///
/// `@unchecked` only because Swift requires a subclass to restate its superclass's conformance:
/// the one field it adds is a `let` of a `Sendable` type, and the inherited state is
/// `TrackingSource`'s, synchronized there.
final class RegistrarSource: TrackingSource, @unchecked Sendable {
  private let accessor: String?

  init(accessor: String) {
    self.accessor = accessor.isEmpty || accessor.contains("(") ? nil : accessor
    super.init()
  }

  override var accessorName: String? { accessor }
}
