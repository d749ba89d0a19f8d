import Foundation
import TrellisEnvironment
import TrellisGraph

/// Where `@AppStorage` keeps its values: any key-value store. `UserDefaults` is one (the
/// default, `UserDefaults.standard`); `InMemoryAppStorage` is one for tests and previews.
///
/// A store is read and written on the main actor. Trellis sees the writes made through
/// `@AppStorage` (and `AppStorageStores.didChange(_:in:)`); a write made to the store directly,
/// or by another process, is not seen until something re-runs the readers.
public protocol AppStorageBackend: AnyObject {
  /// The stored value for `key`, or nil.
  /// - Parameter key: the key.
  /// - Returns: a property-list value (`Bool`, `Int`, `Double`, `String`, `Data`, …), or nil.
  func object(forKey key: String) -> Any?
  /// Stores `value` for `key`; nil removes it.
  /// - Parameters:
  ///   - value: a property-list value, or nil.
  ///   - key: the key.
  func set(_ value: Any?, forKey key: String)
}

extension UserDefaults: AppStorageBackend {}

/// A key-value store in memory, for tests and previews: `@AppStorage("k", store: store)`, or
/// `.defaultAppStorage(store)` for a subtree.
public final class InMemoryAppStorage: AppStorageBackend {
  private var values: [String: Any] = [:]

  /// Creates an empty store.
  public init() {}

  /// The stored value for `key`, or nil.
  /// - Parameter key: the key.
  /// - Returns: the value.
  public func object(forKey key: String) -> Any? { values[key] }

  /// Stores `value` for `key`; nil removes it.
  /// - Parameters:
  ///   - value: the value, or nil.
  ///   - key: the key.
  public func set(_ value: Any?, forKey key: String) { values[key] = value }

  /// Every stored key, sorted.
  public var keys: [String] { values.keys.sorted() }
}

/// The tracked side of app storage: one change counter per store and key, shared by every host
/// on the main actor (a store outlives any one view tree), so that a write through one
/// `@AppStorage` re-runs the bodies that read the same key anywhere.
@MainActor
public enum AppStorageStores {
  private static var counters: [StorageKey: Cell<Int>] = [:]

  private struct StorageKey: Hashable {
    let store: ObjectIdentifier
    let key: String
  }

  /// Records, in the running evaluation, a dependency on `key` in `store`.
  static func recordRead(_ key: String, in store: AppStorageBackend) {
    _ = counter(key, store).value
  }

  /// Re-runs the readers of `key` in `store`, for a value written to the store by other means
  /// than `@AppStorage`.
  /// - Parameters:
  ///   - key: the key.
  ///   - store: the store.
  public static func didChange(_ key: String, in store: AppStorageBackend) {
    counter(key, store).value += 1
  }

  private static func counter(_ key: String, _ store: AppStorageBackend) -> Cell<Int> {
    let id = StorageKey(store: ObjectIdentifier(store), key: key)
    if let cell = counters[id] { return cell }
    let cell = Cell(0, name: "@AppStorage \(key)")
    counters[id] = cell
    return cell
  }
}

private struct DefaultAppStorageKey: EnvironmentKey {
  static var defaultValue: AppStorageBackend? { nil }
}

extension EnvironmentValues {
  /// The store `@AppStorage` uses when it names none: `.defaultAppStorage(_:)` sets it; nil
  /// means `UserDefaults.standard`.
  var defaultAppStorage: AppStorageBackend? {
    get { self[DefaultAppStorageKey.self] }
    set { self[DefaultAppStorageKey.self] = newValue }
  }
}

extension View {
  /// Makes `store` the store of every `@AppStorage` in this view that names none, like SwiftUI's
  /// `.defaultAppStorage(_:)`.
  /// - Parameter store: the store.
  /// - Returns: the modified view.
  public func defaultAppStorage(
    _ store: AppStorageBackend
  ) -> ModifiedContent<Self, EnvironmentValueModifier<AppStorageBackend?>> {
    environment(\.defaultAppStorage, store)
  }
}

/// A value kept in a key-value store under `key`, like SwiftUI's `@AppStorage`: it survives
/// the view (and the app, with `UserDefaults`), and every view that reads the same key of the
/// same store re-runs when it is written through any `@AppStorage`.
///
/// Supported values, as in SwiftUI: `Bool`, `Int`, `Double`, `String`, `URL`, `Data`,
/// `RawRepresentable` types with `Int` or `String` raw values (stored as the raw value), and
/// the optionals of all of these; any other type does not compile. A stored value of another
/// type reads as the default, as in SwiftUI, and is reported once (naming the key, the view
/// and the value). Writing during a body follows the rule of `@State` (reported, applied
/// after the update).
@propertyWrapper
@MainActor
public struct AppStorage<Value>: DynamicProperty, RuntimeOwnedProperty {
  private let key: String
  private let defaultValue: Value
  private let explicitStore: AppStorageBackend?
  private let encode: (Value) -> Any?
  private let decode: (Any) -> Value?
  private let box = AppStorageBox()

  private init(
    key: String, defaultValue: Value, store: AppStorageBackend?,
    encode: @escaping (Value) -> Any?, decode: @escaping (Any) -> Value?
  ) {
    self.key = key
    self.defaultValue = defaultValue
    explicitStore = store
    self.encode = encode
    self.decode = decode
  }

  private var store: AppStorageBackend {
    explicitStore ?? box.environmentStore ?? UserDefaults.standard
  }

  /// The stored value, or the default; assigning stores it and re-runs the readers of the key.
  public var wrappedValue: Value {
    get {
      let store = self.store
      AppStorageStores.recordRead(key, in: store)
      guard let stored = store.object(forKey: key) else { return defaultValue }
      guard let value = decode(stored) else {
        reportMismatch(stored)
        return defaultValue
      }
      return value
    }
    nonmutating set {
      let store = self.store
      let key = self.key
      let encoded = encode(newValue)
      let write: @MainActor () -> Void = {
        store.set(encoded, forKey: key)
        AppStorageStores.didChange(key, in: store)
      }
      guard let host = box.host else {
        write()
        return
      }
      host.writeState(
        ObjectIdentifier(box), named: "@AppStorage(\"\(key)\")", write)
    }
  }

  /// Reports, once per stored value, that `stored` does not read as `Value`.
  private func reportMismatch(_ stored: Any) {
    let shown = "\(stored)"
    guard box.reportedMismatch != shown else { return }
    box.reportedMismatch = shown
    let place = box.viewName.map { " in \($0)" } ?? ""
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: [box.viewName ?? "@AppStorage(\"\(key)\")", key],
        message:
          "@AppStorage(\"\(key)\")\(place) holds \(String(reflecting: stored)) "
          + "(\(type(of: stored))), which does not read as \(Value.self); the default, "
          + "\(String(reflecting: defaultValue)), is used. Store a value of type \(Value.self) "
          + "under the key, or use another key for this value."))
  }

  /// A binding to the stored value.
  public var projectedValue: Binding<Value> {
    let storage = self
    return Binding(get: { storage.wrappedValue }, set: { storage.wrappedValue = $0 })
  }

  /// Links the property to the view's environment (for `.defaultAppStorage`) and host (for the
  /// write rule).
  public func _link(to node: ViewNode, ordinal: Int, label: String) {
    box.environmentStore = GraphEvaluation.untracked { node.environment[\.defaultAppStorage] }
    box.host = node.host
    if box.viewName == nil { box.viewName = node.diagnosticName }
  }
}

/// What an `@AppStorage` learns when it is linked.
@MainActor
final class AppStorageBox {
  var environmentStore: AppStorageBackend?
  @HostReference var host: HostCore?
  /// The view that declares the property, for diagnostics.
  var viewName: String?
  /// The stored value last reported as not reading as the property's type.
  var reportedMismatch: String?
}

extension AppStorage {
  /// Stores a `Bool`.
  /// - Parameters:
  ///   - wrappedValue: the default.
  ///   - key: the key.
  ///   - store: the store, or nil for the default store.
  public init(wrappedValue: Value, _ key: String, store: AppStorageBackend? = nil)
  where Value == Bool {
    self.init(
      key: key, defaultValue: wrappedValue, store: store, encode: { $0 }, decode: { $0 as? Bool })
  }

  /// Stores an `Int`.
  /// - Parameters:
  ///   - wrappedValue: the default.
  ///   - key: the key.
  ///   - store: the store, or nil for the default store.
  public init(wrappedValue: Value, _ key: String, store: AppStorageBackend? = nil)
  where Value == Int {
    self.init(
      key: key, defaultValue: wrappedValue, store: store, encode: { $0 },
      decode: { AppStorageCoding.int($0) })
  }

  /// Stores a `Double`.
  /// - Parameters:
  ///   - wrappedValue: the default.
  ///   - key: the key.
  ///   - store: the store, or nil for the default store.
  public init(wrappedValue: Value, _ key: String, store: AppStorageBackend? = nil)
  where Value == Double {
    self.init(
      key: key, defaultValue: wrappedValue, store: store, encode: { $0 },
      decode: { ($0 as? Double) ?? ($0 as? NSNumber)?.doubleValue })
  }

  /// Stores a `String`.
  /// - Parameters:
  ///   - wrappedValue: the default.
  ///   - key: the key.
  ///   - store: the store, or nil for the default store.
  public init(wrappedValue: Value, _ key: String, store: AppStorageBackend? = nil)
  where Value == String {
    self.init(
      key: key, defaultValue: wrappedValue, store: store, encode: { $0 }, decode: { $0 as? String })
  }

  /// Stores a `URL` (as its absolute string).
  /// - Parameters:
  ///   - wrappedValue: the default.
  ///   - key: the key.
  ///   - store: the store, or nil for the default store.
  public init(wrappedValue: Value, _ key: String, store: AppStorageBackend? = nil)
  where Value == URL {
    self.init(
      key: key, defaultValue: wrappedValue, store: store, encode: { $0.absoluteString },
      decode: { ($0 as? String).flatMap(URL.init(string:)) ?? ($0 as? URL) })
  }

  /// Stores `Data`.
  /// - Parameters:
  ///   - wrappedValue: the default.
  ///   - key: the key.
  ///   - store: the store, or nil for the default store.
  public init(wrappedValue: Value, _ key: String, store: AppStorageBackend? = nil)
  where Value == Data {
    self.init(
      key: key, defaultValue: wrappedValue, store: store, encode: { $0 }, decode: { $0 as? Data })
  }

  /// Stores a value with a `String` raw value (an enum), as its raw value.
  /// - Parameters:
  ///   - wrappedValue: the default.
  ///   - key: the key.
  ///   - store: the store, or nil for the default store.
  public init(wrappedValue: Value, _ key: String, store: AppStorageBackend? = nil)
  where Value: RawRepresentable, Value.RawValue == String {
    self.init(
      key: key, defaultValue: wrappedValue, store: store, encode: { $0.rawValue },
      decode: { ($0 as? String).flatMap { Value(rawValue: $0) } })
  }

  /// Stores a value with an `Int` raw value (an enum), as its raw value.
  /// - Parameters:
  ///   - wrappedValue: the default.
  ///   - key: the key.
  ///   - store: the store, or nil for the default store.
  public init(wrappedValue: Value, _ key: String, store: AppStorageBackend? = nil)
  where Value: RawRepresentable, Value.RawValue == Int {
    self.init(
      key: key, defaultValue: wrappedValue, store: store, encode: { $0.rawValue },
      decode: { ($0 as? Int).flatMap { Value(rawValue: $0) } })
  }

  /// Stores an optional `Bool`; nil removes the key. The default is nil.
  /// - Parameters:
  ///   - key: the key.
  ///   - store: the store, or nil for the default store.
  public init(_ key: String, store: AppStorageBackend? = nil) where Value == Bool? {
    self.init(optionalKey: key, store: store)
  }

  /// Stores an optional `Int`; nil removes the key. The default is nil.
  /// - Parameters:
  ///   - key: the key.
  ///   - store: the store, or nil for the default store.
  public init(_ key: String, store: AppStorageBackend? = nil) where Value == Int? {
    self.init(optionalKey: key, store: store)
  }

  /// Stores an optional `Double`; nil removes the key. The default is nil.
  /// - Parameters:
  ///   - key: the key.
  ///   - store: the store, or nil for the default store.
  public init(_ key: String, store: AppStorageBackend? = nil) where Value == Double? {
    self.init(optionalKey: key, store: store)
  }

  /// Stores an optional `String`; nil removes the key. The default is nil.
  /// - Parameters:
  ///   - key: the key.
  ///   - store: the store, or nil for the default store.
  public init(_ key: String, store: AppStorageBackend? = nil) where Value == String? {
    self.init(optionalKey: key, store: store)
  }

  /// Stores an optional `URL`, as its absolute string; nil removes the key. The default is nil.
  /// - Parameters:
  ///   - key: the key.
  ///   - store: the store, or nil for the default store.
  public init(_ key: String, store: AppStorageBackend? = nil) where Value == URL? {
    self.init(optionalKey: key, store: store)
  }

  /// Stores an optional `Data`; nil removes the key. The default is nil.
  /// - Parameters:
  ///   - key: the key.
  ///   - store: the store, or nil for the default store.
  public init(_ key: String, store: AppStorageBackend? = nil) where Value == Data? {
    self.init(optionalKey: key, store: store)
  }

  /// Stores an optional value with a `String` raw value (an enum), as its raw value, as
  /// SwiftUI does; nil removes the key. The default is nil. A stored string that is no raw
  /// value of the type reads as nil and is reported once.
  /// - Parameters:
  ///   - key: the key.
  ///   - store: the store, or nil for the default store.
  public init<R>(_ key: String, store: AppStorageBackend? = nil)
  where Value == R?, R: RawRepresentable, R.RawValue == String {
    self.init(optionalRawKey: key, store: store)
  }

  /// Stores an optional value with an `Int` raw value (an enum), as its raw value, as SwiftUI
  /// does; nil removes the key. The default is nil. A stored number that is no raw value of
  /// the type reads as nil and is reported once.
  /// - Parameters:
  ///   - key: the key.
  ///   - store: the store, or nil for the default store.
  public init<R>(_ key: String, store: AppStorageBackend? = nil)
  where Value == R?, R: RawRepresentable, R.RawValue == Int {
    self.init(optionalRawKey: key, store: store)
  }

  /// An optional `RawRepresentable`, stored as its raw value.
  private init<R: RawRepresentable>(optionalRawKey key: String, store: AppStorageBackend?)
  where Value == R? {
    self.init(
      key: key, defaultValue: nil, store: store, encode: { $0?.rawValue },
      decode: { stored in (stored as? R.RawValue).flatMap { R(rawValue: $0) }.map { .some($0) } })
  }

  /// An optional of one of the plain supported types.
  private init<Wrapped>(optionalKey key: String, store: AppStorageBackend?)
  where Value == Wrapped? {
    self.init(
      key: key, defaultValue: nil, store: store,
      encode: { $0.map { AppStorageCoding.encode($0) } ?? nil },
      decode: { AppStorageCoding.decode($0, as: Wrapped.self) })
  }
}

/// Encoding of the optional forms, by the wrapped value's type.
enum AppStorageCoding {
  static func encode(_ value: Any) -> Any? {
    if let url = value as? URL { return url.absoluteString }
    return value
  }

  /// A stored number as an `Int`, as `UserDefaults.integer(forKey:)` reads it (a fraction is
  /// dropped); nil for a number no `Int` holds (NaN, an infinity, one past `Int`'s range), for
  /// which `NSNumber.intValue` would give `Int.min` (found by a user breaking the runtime).
  static func int(_ stored: Any) -> Int? {
    if let int = stored as? Int { return int }
    guard let number = stored as? NSNumber else { return nil }
    let double = number.doubleValue
    // 2⁶³, exactly: the first Double past `Int.max` (an `Int` in range was taken above).
    guard double.isFinite, double >= -0x1p63, double < 0x1p63 else { return nil }
    return number.intValue
  }

  static func decode<Wrapped>(_ stored: Any, as type: Wrapped.Type) -> Wrapped?? {
    if Wrapped.self == URL.self, let string = stored as? String {
      // A string that is no URL does not read (reported), as for the non-optional form.
      guard let url = URL(string: string) else { return nil }
      return .some(url as? Wrapped)
    }
    if let value = stored as? Wrapped { return .some(value) }
    return nil
  }
}
