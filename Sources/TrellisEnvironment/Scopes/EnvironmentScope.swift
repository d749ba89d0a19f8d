import TrellisGraph

/// A node of the environment tree: it inherits every value of its parent and may override
/// some of them for itself and everything below it.
///
/// Mirrors the environment SwiftUI passes down a view tree: the view runtime gives a view's
/// subtree its own scope where a `.environment(_:_:)` modifier applies, and attached content
/// (a sheet, an overlay) a child of the scope at its attachment point.
///
/// Structure: an override is one entry in this scope's own table; nothing is copied from the
/// parent, so creating a scope (`child(named:)`, `overriding(_:_:name:)`) or an override
/// (`setValue(_:for:)`) is O(1) and the tree shares structure with its ancestors.
///
/// Lookup cost: a read walks up from the reading scope to the nearest scope that overrides the
/// key (or to the root, for the default): O(d) parent steps for the d scopes passed. A scope
/// that overrides nothing costs one emptiness check; only scopes with overrides hash the key.
/// A tracked read adds two dependency edges: the entry that supplied the value and the key's
/// presence counter (see below).
///
/// Reads are tracked per key. A computation (a `Derived`, an `Effect`, a view's body) that
/// reads key K through a scope depends on the entry that supplied K and on nothing else here:
/// - changing K at that scope re-runs it; changing another key J does not;
/// - a nested scope that overrides K shields its readers from changes of K made above it;
/// - setting a value equal to the current one (for `Equatable` values) invalidates nothing;
///   that includes a new override whose value equals the inherited one;
/// - when an override of K appears in or disappears from a scope that a lookup has already
///   passed through, readers of K re-run, since their value may now come from elsewhere. This
///   re-runs every reader of K, not only those below that scope (the per-key presence counter
///   is shared); readers of other keys are untouched. A scope nobody has read through yet,
///   such as one just made by `overriding(_:_:name:)`, can gain overrides without re-running
///   anyone.
///
/// Objects can be injected by type (`setObject(_:)`) and read back by type (`object(_:)`,
/// `requiredObject(_:readBy:)`), like SwiftUI's `.environment(_:)` with an `@Observable`
/// object and `@Environment(Model.self)`. Reading one depends on the injection; the object's
/// `@Tracked` properties are then tracked per property read, as anywhere else.
///
/// Attachment: content created later (a presented sheet, say) gets a scope made with
/// `child(named:)` from the scope at its attachment point, the place where the `.sheet`
/// modifier sits, so it sees the overrides that enclose that point and none of those that only
/// enclose the modified view. As in SwiftUI, `X.sheet { R() }.environment(\.k, 1)` shows 1 in
/// `R` (the override is applied outside the sheet modifier), while
/// `X.environment(\.k, 1).sheet { R() }` shows the default (the override applies to `X`
/// alone).
///
/// Memory: a scope keeps its parent alive, never its children, so dropping a subtree releases
/// its scopes. Computations that read through a scope keep the entries they read (and an
/// injected object they read) alive, never the scope; scopes never keep computations alive.
///
/// Confined to the main actor, like the graph.
@MainActor
public final class EnvironmentScope {
  /// The scope this one inherits from; nil for a root. Held strongly: a scope keeps its
  /// ancestors alive.
  public let parent: EnvironmentScope?
  /// A name for diagnostics, such as the view that owns the scope.
  public let name: String
  private var entries: [ObjectIdentifier: AnyObject] = [:]
  private var objects: [ObjectIdentifier: Cell<AnyObject?>] = [:]
  /// Whether a lookup has passed through this scope. Until then no reader can have resolved a
  /// key past it, so adding or removing an override here need not re-run anyone.
  private var isReadThrough = false
  /// Keys overridden here, after a lookup passed through, with a value equal to the inherited
  /// one: nobody was re-run, so readers below may still depend on the ancestor that supplied
  /// the value. The first real change of such an override must re-run them.
  private var unannouncedKeys: Set<ObjectIdentifier> = []

  /// Creates a root scope, in which every key has its default value and no object is
  /// injected.
  /// - Parameter name: a name for diagnostics and missing-object errors.
  public init(name: String = "root") {
    parent = nil
    self.name = name
    presence = KeyPresence()
  }

  private init(parent: EnvironmentScope, name: String) {
    self.parent = parent
    self.name = name
    presence = parent.presence
  }

  /// The per-key presence counters of this scope's tree, shared by all of its scopes.
  private let presence: KeyPresence

  /// Creates a scope below this one that inherits everything and overrides nothing yet: the
  /// scope of attached content, or of a subtree about to receive overrides.
  ///
  /// This is attachment: the new scope sees what this scope sees now and later, including
  /// overrides set here (or above) afterwards, but none made in sibling scopes. That is
  /// SwiftUI's modifier order for presented content: `X.sheet { R() }.environment(\.k, 1)`
  /// reaches `R`, since the override encloses the sheet's attachment point, and
  /// `X.environment(\.k, 1).sheet { R() }` does not, since that override is a sibling scope
  /// around `X` alone. This scope does not keep the child alive. O(1).
  /// - Parameter name: a name for diagnostics and missing-object errors.
  /// - Returns: the new scope.
  public func child(named name: String) -> EnvironmentScope {
    EnvironmentScope(parent: self, name: name)
  }

  /// Creates a scope below this one that overrides `keyPath` with `value`, like SwiftUI's
  /// `.environment(\.accent, "red")`: the override applies to the new scope and everything
  /// attached below it, not to this scope or its other children.
  ///
  /// Nothing is re-run: no reader can depend on a scope that did not exist. O(1).
  /// - Parameters:
  ///   - keyPath: the accessor of the key, as in `.environment(\.accent, "red")`.
  ///   - value: the value for the new scope's subtree.
  ///   - name: a name for diagnostics and `path`; defaults to this scope's name followed by
  ///     ` (override)`, so that the path tells the two apart.
  /// - Returns: the new scope.
  public func overriding<Value>(
    _ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value, name: String? = nil
  ) -> EnvironmentScope {
    let scope = child(named: name ?? "\(self.name) (override)")
    scope.apply { $0[keyPath: keyPath] = value }
    return scope
  }

  /// Sets, as this scope's own overrides, the values `transform` writes, like SwiftUI's
  /// `.transformEnvironment(_:transform:)` (but for any number of keys).
  ///
  /// `transform` receives the values as seen from this scope, so `$0.fontSize += 2` starts from
  /// the current (possibly inherited) value. Its reads record no dependency, so a body that
  /// applies overrides does not come to depend on the entries it updates. It runs once: the
  /// overrides do not follow later changes of the values it read. Each write then behaves as
  /// `setValue(_:for:)`.
  /// - Parameter transform: sets the values to override, through their accessors.
  public func apply(_ transform: (inout EnvironmentValues) -> Void) {
    var values = EnvironmentValues(scope: self, tracksReads: false)
    transform(&values)
    for write in values.recordedWrites { write.apply(self) }
  }

  /// The environment as seen from this scope, as SwiftUI's `@Environment(\.self)`: reads
  /// through it are tracked per key; writes to the copy stay in the copy.
  public var values: EnvironmentValues { EnvironmentValues(scope: self) }

  /// Reads one value through its accessor, tracked per key, as SwiftUI's
  /// `@Environment(\.accent)` does. Costs what `value(for:)` costs.
  /// - Parameter keyPath: the accessor, such as `\.accent`.
  public subscript<Value>(keyPath: KeyPath<EnvironmentValues, Value>) -> Value {
    values[keyPath: keyPath]
  }

  /// Reads one value as `subscript(_:)` does; assigning sets this scope's own override, as
  /// `apply { $0[keyPath: keyPath] = value }` does: `host.environment[\.accent] = "red"`.
  /// - Parameter keyPath: the accessor, such as `\.accent`.
  public subscript<Value>(keyPath: WritableKeyPath<EnvironmentValues, Value>) -> Value {
    get { values[keyPath: keyPath] }
    set { apply { $0[keyPath: keyPath] = newValue } }
  }

  /// Sets this scope's own override for `key`, creating it if needed; the value applies to this
  /// scope and everything below it that does not override `key` itself.
  ///
  /// Updating an override re-runs the readers that got their value from it. A value equal to
  /// the current one (for `Equatable` values; the inherited one for a new override) re-runs
  /// nobody; for other types every call is a change. A new override in a scope that has been
  /// read through re-runs the readers of `key` (see the type's discussion). O(1) plus the
  /// readers marked.
  /// - Parameters:
  ///   - value: the new value.
  ///   - key: the key.
  public func setValue<Key: EnvironmentKey>(_ value: Key.Value, for key: Key.Type) {
    let id = ObjectIdentifier(key)
    if let entry = entries[id] {
      let cell = unsafeDowncast(entry, to: Cell<Key.Value>.self)
      if valuesAreEqual(cell.untrackedValue, value) { return }
      cell.value = value
      if !unannouncedKeys.isEmpty, unannouncedKeys.remove(id) != nil {
        presence.overridesChanged(for: key)
      }
      return
    }
    let cell = Cell(value, name: "\(key) in \(name)")
    cell.role = .environment
    entries[id] = cell
    guard isReadThrough else { return }
    let inherited = parent.map { $0.untrackedValue(for: key) } ?? Key.defaultValue
    if valuesAreEqual(inherited, value) {
      unannouncedKeys.insert(id)
    } else {
      presence.overridesChanged(for: key)
    }
  }

  /// Removes this scope's own override for `key`, so the inherited value shows again here and
  /// below. Re-runs the readers of `key` if the scope has been read through; does nothing if
  /// there is no override here. O(1) plus the readers marked.
  /// - Parameter key: the key.
  public func removeValue<Key: EnvironmentKey>(for key: Key.Type) {
    let id = ObjectIdentifier(key)
    guard entries.removeValue(forKey: id) != nil else { return }
    unannouncedKeys.remove(id)
    if isReadThrough { presence.overridesChanged(for: key) }
  }

  /// The value of `key` here: the nearest override at or above this scope, else the key's
  /// `defaultValue`. Inside an evaluation the read is a dependency on that key only.
  /// - Parameter key: the key.
  /// - Returns: the value.
  /// - Complexity: O(d) parent steps for the d scopes between this one and the nearest that
  ///   overrides `key` (or the root); the key is hashed only in scopes that override something.
  public func value<Key: EnvironmentKey>(for key: Key.Type) -> Key.Value {
    let id = ObjectIdentifier(key)
    presence.recordRead(of: key)
    guard let entry = nearest({ $0.entries.isEmpty ? nil : $0.entries[id] }) else {
      return Key.defaultValue
    }
    return unsafeDowncast(entry, to: Cell<Key.Value>.self).value
  }

  /// The first entry `lookup` finds in this scope or its ancestors, nearest first, marking
  /// every scope the lookup passes through as read through (see `KeyPresence`).
  private func nearest<Entry>(_ lookup: (EnvironmentScope) -> Entry?) -> Entry? {
    var scope: EnvironmentScope? = self
    while let current = scope {
      if !current.isReadThrough { current.isReadThrough = true }
      if let entry = lookup(current) { return entry }
      scope = current.parent
    }
    return nil
  }

  /// The value of `key` here, read without recording any dependency.
  func untrackedValue<Key: EnvironmentKey>(for key: Key.Type) -> Key.Value {
    let id = ObjectIdentifier(key)
    var scope: EnvironmentScope? = self
    while let current = scope {
      if !current.entries.isEmpty, let entry = current.entries[id] {
        return unsafeDowncast(entry, to: Cell<Key.Value>.self).untrackedValue
      }
      scope = current.parent
    }
    return Key.defaultValue
  }

  /// Injects `object` for this scope and its subtree, keyed by its static type `Object`, like
  /// SwiftUI's `.environment(object)` for an `@Observable` object.
  ///
  /// Replacing the object re-runs the readers that got it from here; setting the identical
  /// instance again re-runs nobody. A first injection in a scope that has been read through
  /// re-runs the readers of that type (see the type's discussion). The scope keeps the object
  /// alive. O(1) plus the readers marked.
  /// - Parameter object: the object; replaces any object of the same type set here.
  public func setObject<Object: AnyObject>(_ object: Object) {
    let id = ObjectIdentifier(Object.self)
    if let cell = objects[id] {
      if cell.untrackedValue !== object { cell.value = object }
      return
    }
    let cell = Cell<AnyObject?>(object, name: "\(Object.self) in \(name)")
    cell.role = .environment
    objects[id] = cell
    if isReadThrough { presence.overridesChanged(for: Object.self) }
  }

  /// Hides the objects of type `Object` injected above this scope from this scope and its
  /// subtree, until one is set here or below: `object(_:)` then returns nil. For content that
  /// SwiftUI places outside a context it would otherwise inherit (a sheet's content is not in
  /// the navigation stack of the view that presents it). Re-runs readers as `setObject(_:)`
  /// does.
  /// - Parameter type: the type to hide.
  package func hideObjects<Object: AnyObject>(of type: Object.Type) {
    let id = ObjectIdentifier(type)
    if let cell = objects[id] {
      if cell.untrackedValue != nil { cell.value = nil }
      return
    }
    // Named as `setObject(_:)` names it: the reason a reader re-runs is the key, whichever way
    // its value went (named "no …", it read "no Session in P" for an injection too).
    let cell = Cell<AnyObject?>(nil, name: "\(type) in \(name)")
    cell.role = .environment
    objects[id] = cell
    if isReadThrough { presence.overridesChanged(for: type) }
  }

  /// The nearest injected object of type `Object`, or nil, like SwiftUI's
  /// `@Environment(Model.self) var model: Model?`.
  ///
  /// Tracked: injecting or replacing the object re-runs the reader; the object's own tracked
  /// properties are tracked per property read, so a reader of `theme` is not re-run by a change
  /// of `fontSize`. A subtree that never calls this is never affected by the object.
  /// - Parameter type: the object's type, exactly as it was injected.
  /// - Returns: the object, or nil when none is injected at or above this scope.
  /// - Complexity: as `value(for:)`.
  public func object<Object: AnyObject>(_ type: Object.Type) -> Object? {
    let id = ObjectIdentifier(type)
    presence.recordRead(of: type)
    guard let cell = nearest({ $0.objects.isEmpty ? nil : $0.objects[id] }) else { return nil }
    return cell.value.map { unsafeDowncast($0, to: Object.self) }
  }

  /// The nearest injected object of type `Object`, like SwiftUI's
  /// `@Environment(Model.self) var model`, which stops the app when the object is missing;
  /// here the read throws instead. Tracked like `object(_:)`, so a reader that caught the error
  /// re-runs once an ancestor injects the object.
  /// - Parameters:
  ///   - type: the object's type, exactly as it was injected.
  ///   - reader: who is reading, for the error (the view in the view runtime); defaults to
  ///     this scope's name.
  /// - Returns: the object.
  /// - Throws: `EnvironmentError.missingObject` naming the type and the reader (or this
  ///   scope), when no object of the type is injected at or above this scope.
  /// - Complexity: as `value(for:)`.
  public func requiredObject<Object: AnyObject>(
    _ type: Object.Type, readBy reader: String? = nil
  ) throws(EnvironmentError) -> Object {
    guard let object = object(type) else {
      throw EnvironmentError.missingObject(type: "\(type)", reader: reader ?? name)
    }
    return object
  }

  /// The names of this scope and its ancestors, innermost first; for diagnostics. O(depth).
  public var path: [String] {
    var names: [String] = []
    var scope: EnvironmentScope? = self
    while let current = scope {
      names.append(current.name)
      scope = current.parent
    }
    return names
  }
}

/// Whether two values of one type are equal, for `Equatable` types; false otherwise.
func valuesAreEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
  guard let lhs = lhs as? any Equatable else { return false }
  return lhs.isEqual(to: rhs)
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
