import TrellisGraph

/// A node of the environment tree: it inherits every value of its parent and may override
/// some of them for itself and everything below it.
///
/// An override is one entry in this scope's own table; nothing is copied from the parent, so
/// creating a scope or an override is O(1) and the tree shares structure, as SwiftUI's
/// environment does. Lookups walk up to the nearest scope that overrides the key: O(a) in the
/// number of ancestors that override anything (scopes without overrides are skipped cheaply).
///
/// Reads are tracked per key. A computation (a `Derived`, an `Effect`, a view's body) that
/// reads key K through a scope depends on the entry that supplied K and on nothing else here:
/// - changing K at that scope re-runs it; changing another key J does not;
/// - a nested scope that overrides K shields its readers from changes of K made above it;
/// - setting a value equal to the current one (for `Equatable` values) invalidates nothing.
///
/// Objects can be injected by type (`setObject(_:)`) and read back by type; their tracked
/// properties are tracked as usual, per property.
///
/// Attachment: content created later (a presented sheet, say) gets a scope made with
/// `child(named:)` from the scope at its attachment point, so it sees exactly the overrides
/// applied before that point: override-then-attach sees the value, attach-then-override does
/// not, as with modifier order in SwiftUI.
///
/// Memory: a scope keeps its parent alive, never its children; dropping a subtree releases
/// its scopes.
@MainActor
public final class EnvironmentScope {
  /// The scope this one inherits from; nil for a root.
  public let parent: EnvironmentScope?
  /// A name for diagnostics, such as the view that owns the scope.
  public let name: String
  private var entries: [ObjectIdentifier: AnyObject] = [:]
  private var objects: [ObjectIdentifier: Cell<AnyObject?>] = [:]

  /// Creates a root scope, in which every key has its default value.
  /// - Parameter name: a name for diagnostics.
  public init(name: String = "root") {
    parent = nil
    self.name = name
  }

  private init(parent: EnvironmentScope, name: String) {
    self.parent = parent
    self.name = name
  }

  /// Creates a scope below this one that inherits everything and overrides nothing yet: the
  /// scope of attached content, or of a subtree about to receive overrides.
  /// - Parameter name: a name for diagnostics.
  /// - Returns: the new scope.
  public func child(named name: String) -> EnvironmentScope {
    EnvironmentScope(parent: self, name: name)
  }

  /// Creates a scope below this one that overrides `keyPath` with `value`.
  /// - Parameters:
  ///   - keyPath: the accessor of the key, as in `.environment(\.accent, "red")`.
  ///   - value: the value for the new scope's subtree.
  ///   - name: a name for diagnostics.
  /// - Returns: the new scope.
  public func overriding<Value>(
    _ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value, name: String? = nil
  ) -> EnvironmentScope {
    let scope = child(named: name ?? self.name)
    scope.apply { $0[keyPath: keyPath] = value }
    return scope
  }

  /// Applies the writes `transform` makes to a fresh `EnvironmentValues` as this scope's own
  /// overrides (creating or updating them).
  /// - Parameter transform: sets the values to override, through their accessors.
  public func apply(_ transform: (inout EnvironmentValues) -> Void) {
    var values = EnvironmentValues()
    transform(&values)
    for write in values.recordedWrites { write.apply(self) }
  }

  /// The environment as seen from this scope; reads through it are tracked per key.
  public var values: EnvironmentValues { EnvironmentValues(scope: self) }

  /// Reads one value through its accessor, tracked per key.
  /// - Parameter keyPath: the accessor, such as `\.accent`.
  public subscript<Value>(keyPath: KeyPath<EnvironmentValues, Value>) -> Value {
    values[keyPath: keyPath]
  }

  /// Sets this scope's own override for `key`, creating it if needed. An equal value (for
  /// `Equatable` values) changes nothing.
  /// - Parameters:
  ///   - value: the new value.
  ///   - key: the key.
  public func setValue<Key: EnvironmentKey>(_ value: Key.Value, for key: Key.Type) {
    let id = ObjectIdentifier(key)
    if let entry = entries[id] {
      let cell = unsafeDowncast(entry, to: Cell<Key.Value>.self)
      if valuesAreEqual(cell.untrackedValue, value) { return }
      cell.value = value
      return
    }
    entries[id] = Cell(value, name: "\(key) in \(name)")
    KeyPresence.overrideAdded(for: id)
  }

  /// Removes this scope's own override for `key`, so the inherited value shows again.
  /// - Parameter key: the key.
  public func removeValue<Key: EnvironmentKey>(for key: Key.Type) {
    let id = ObjectIdentifier(key)
    guard entries.removeValue(forKey: id) != nil else { return }
    KeyPresence.overrideAdded(for: id)
  }

  /// The value of `key` here: the nearest override at or above this scope, else the default.
  /// Inside an evaluation the read is a dependency on that key only.
  /// - Parameter key: the key.
  /// - Returns: the value.
  /// - Complexity: O(a) in the number of ancestors with overrides.
  public func value<Key: EnvironmentKey>(for key: Key.Type) -> Key.Value {
    let id = ObjectIdentifier(key)
    KeyPresence.recordRead(of: id)
    var scope: EnvironmentScope? = self
    while let current = scope {
      if !current.entries.isEmpty, let entry = current.entries[id] {
        return unsafeDowncast(entry, to: Cell<Key.Value>.self).value
      }
      scope = current.parent
    }
    return Key.defaultValue
  }

  /// Injects `object` for this scope and its subtree, keyed by its type, like SwiftUI's
  /// `.environment(object)`.
  /// - Parameter object: the object; replaces any object of the same type set here.
  public func setObject<Object: AnyObject>(_ object: Object) {
    let id = ObjectIdentifier(Object.self)
    if let cell = objects[id] {
      if cell.untrackedValue !== object { cell.value = object }
      return
    }
    objects[id] = Cell(object, name: "\(Object.self) in \(name)")
    KeyPresence.overrideAdded(for: id)
  }

  /// The nearest injected object of type `Object`, or nil. Tracked: injecting or replacing
  /// the object re-runs the reader; the object's own tracked properties are tracked per read.
  /// - Parameter type: the object's type.
  /// - Returns: the object, or nil when none is injected at or above this scope.
  public func object<Object: AnyObject>(_ type: Object.Type) -> Object? {
    let id = ObjectIdentifier(type)
    KeyPresence.recordRead(of: id)
    var scope: EnvironmentScope? = self
    while let current = scope {
      if !current.objects.isEmpty, let cell = current.objects[id] {
        return cell.value.map { unsafeDowncast($0, to: Object.self) }
      }
      scope = current.parent
    }
    return nil
  }

  /// The nearest injected object of type `Object`.
  /// - Parameters:
  ///   - type: the object's type.
  ///   - reader: who is reading (the view's name in the view runtime), for the error.
  /// - Returns: the object.
  /// - Throws: `EnvironmentError.missingObject` naming the type, the reader and this scope.
  public func requiredObject<Object: AnyObject>(
    _ type: Object.Type, readBy reader: String? = nil
  ) throws(EnvironmentError) -> Object {
    guard let object = object(type) else {
      throw EnvironmentError.missingObject(type: "\(type)", reader: reader ?? name)
    }
    return object
  }

  /// The names of this scope and its ancestors, innermost first; for diagnostics.
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
