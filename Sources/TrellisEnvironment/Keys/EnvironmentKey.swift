/// A key for a value in the environment, with the value used where no scope overrides it.
///
/// Mirrors SwiftUI's `EnvironmentKey`: the key type identifies the entry (reads and overrides
/// are looked up by the type, never by a key path or a string). Declare a key, then an
/// accessor on `EnvironmentValues` with a getter and a setter:
///
/// ```swift
/// private struct AccentKey: EnvironmentKey {
///   static let defaultValue = "blue"
/// }
/// extension EnvironmentValues {
///   var accent: String {
///     get { self[AccentKey.self] }
///     set { self[AccentKey.self] = newValue }
///   }
/// }
/// ```
///
/// Then read it with `scope[\.accent]` and override it for a subtree with
/// `scope.overriding(\.accent, "red")`. If `Value` is `Equatable`, setting an equal value
/// re-runs nobody.
public protocol EnvironmentKey {
  /// The type of the value the key stores.
  associatedtype Value
  /// The value read where no enclosing scope sets one. Read each time a lookup reaches the
  /// root without finding an override, so it should be cheap and always the same.
  static var defaultValue: Value { get }
}
