/// The environment as seen from one place in a tree: a typed view of the keyed values that
/// flow down from the root, each overridable for a subtree.
///
/// Mirrors SwiftUI's `EnvironmentValues`: values are read and written through the key
/// subscript, usually behind an accessor property declared in an extension (see
/// `EnvironmentKey`). A value obtained from a scope (`EnvironmentScope.values`) reads through
/// that scope, and each read is a tracked dependency on that key only. `EnvironmentValues()`
/// reads every key's default.
///
/// Writes are recorded in the value itself (it is a value type: copies do not share them) and
/// read back by later reads of the same key. They reach a scope only through
/// `EnvironmentScope.apply(_:)` or `EnvironmentScope.overriding(_:_:name:)`, which is what the
/// view runtime's `.environment(_:_:)` modifier does; writing to `scope.values` alone changes
/// nothing in the scope.
///
/// A key path to a value nobody declared (`\.accnt`, or a key from a module not imported) does
/// not compile, and the error names the fix: the type `UndeclaredEnvironmentKey` in the error
/// message, or `subscript(dynamicMember:)`'s unavailability message, says to declare an
/// `EnvironmentKey` and an accessor.
@MainActor
@dynamicMemberLookup
public struct EnvironmentValues {
  let scope: EnvironmentScope?
  /// Whether reads through `scope` record dependencies; false inside `EnvironmentScope.apply`.
  let tracksReads: Bool
  private(set) var writes: [ObjectIdentifier: EnvironmentWrite] = [:]

  /// An empty set of values, attached to no scope: every key reads its `defaultValue` until
  /// written; writes are recorded in this value. Reads record no dependency.
  public init() {
    scope = nil
    tracksReads = true
  }

  init(scope: EnvironmentScope, tracksReads: Bool = true) {
    self.scope = scope
    self.tracksReads = tracksReads
  }

  /// The value for `key`: a value written to this instance, else the nearest override at or
  /// above its scope, else the key's `defaultValue`. Setting records the write in this
  /// instance only.
  ///
  /// Reading through a scope records a dependency on that key (see `EnvironmentScope`).
  /// - Parameter key: the key type.
  /// - Complexity: a read costs one table lookup if anything was written to this instance,
  ///   plus, through a scope, what `EnvironmentScope.value(for:)` costs. A write is O(1).
  public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
    get {
      if !writes.isEmpty, let write = writes[ObjectIdentifier(key)] {
        return write.value as! Key.Value
      }
      guard let scope else { return Key.defaultValue }
      return tracksReads ? scope.value(for: key) : scope.untrackedValue(for: key)
    }
    set { writes[ObjectIdentifier(key)] = EnvironmentWrite(key: key, value: newValue) }
  }

  /// Stands for an environment value that is not declared, so that `\.name` for an unknown
  /// name fails to compile with a message that says what to declare: a type conforming to
  /// `EnvironmentKey` with a `static var defaultValue`, and an accessor
  /// `var name: Value { get { self[Key.self] } set { self[Key.self] = newValue } }` in an
  /// extension of `EnvironmentValues`.
  @available(
    *, unavailable,
    message: "no environment value has this name: declare an EnvironmentKey and an accessor"
  )
  public subscript(dynamicMember name: String) -> UndeclaredEnvironmentKey {
    get { fatalError("no environment value named \(name)") }
    set {}
  }

  /// The writes recorded on this instance, one per key, in no particular order (the keys are
  /// independent, so the order of applying them does not matter).
  var recordedWrites: [EnvironmentWrite] { Array(writes.values) }
}

/// One recorded write: a key and its new value, able to apply itself to a scope.
@MainActor
struct EnvironmentWrite {
  let keyID: ObjectIdentifier
  let value: Any
  let apply: @MainActor (EnvironmentScope) -> Void

  init<Key: EnvironmentKey>(key: Key.Type, value: Key.Value) {
    keyID = ObjectIdentifier(key)
    self.value = value
    apply = { scope in scope.setValue(value, for: key) }
  }
}

/// The type of an environment value that is not declared. It appears in compiler errors for
/// `\.name` with an unknown name; declare an `EnvironmentKey` and an accessor on
/// `EnvironmentValues` to fix them.
public enum UndeclaredEnvironmentKey {}
