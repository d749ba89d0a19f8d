/// The environment as seen from one place in a tree: a typed view of the keyed values that
/// flow down from the root, each overridable for a subtree.
///
/// Mirrors SwiftUI's `EnvironmentValues`: values are read and written through the key
/// subscript, usually behind an accessor property declared in an extension. A value obtained
/// from a scope (`EnvironmentScope.values`) reads through that scope, and each read is a
/// tracked dependency on that key only. Writes to a value are recorded locally and take effect
/// when the value is applied to a scope (`EnvironmentScope.overriding(_:)`), which is what the
/// view runtime's `.environment(_:_:)` modifier does.
@MainActor
public struct EnvironmentValues {
  let scope: EnvironmentScope?
  private(set) var writes: [ObjectIdentifier: EnvironmentWrite] = [:]

  /// An empty set of values: every key reads its default; writes are recorded.
  public init() { scope = nil }

  init(scope: EnvironmentScope) { self.scope = scope }

  /// The value for `key`: a value written to this instance, else the nearest scope's
  /// override, else the key's default.
  ///
  /// Reading through a scope records a dependency on that key (see `EnvironmentScope`).
  /// Complexity: O(a) in the number of ancestor scopes that override anything.
  public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
    get {
      if let write = writes[ObjectIdentifier(key)] { return write.value as! Key.Value }
      return scope?.value(for: key) ?? Key.defaultValue
    }
    set { writes[ObjectIdentifier(key)] = EnvironmentWrite(key: key, value: newValue) }
  }

  /// The writes recorded on this instance, in key order (stable within a run).
  var recordedWrites: [EnvironmentWrite] { Array(writes.values) }
}

/// One recorded write: a key and its new value, able to apply itself to a scope.
@MainActor
struct EnvironmentWrite {
  let keyID: ObjectIdentifier
  let keyName: String
  let value: Any
  let apply: @MainActor (EnvironmentScope) -> Void

  init<Key: EnvironmentKey>(key: Key.Type, value: Key.Value) {
    keyID = ObjectIdentifier(key)
    keyName = "\(key)"
    self.value = value
    apply = { scope in scope.setValue(value, for: key) }
  }
}
