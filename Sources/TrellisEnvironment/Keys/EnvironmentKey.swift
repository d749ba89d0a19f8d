/// A key for a value in the environment, with the value used where no scope overrides it.
///
/// Mirrors SwiftUI's `EnvironmentKey`. Declare a key, then an accessor on `EnvironmentValues`:
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
public protocol EnvironmentKey {
  /// The type of the value the key stores.
  associatedtype Value
  /// The value read where no enclosing scope sets one.
  static var defaultValue: Value { get }
}
