/// Marks a stored property of a `Trackable` class as tracked: reads inside a tracking scope
/// record it, and writes notify whoever recorded it.
///
/// It plays the role of the accessors Apple's `@Observable` macro generates, without a macro:
///
/// ```swift
/// final class Store: Trackable {
///   @Tracked var notes: [Note] = []
///   @Tracked var isLoading = false
/// }
/// ```
///
/// Notification rules (the same as Swift 6.2's `@Observable`):
/// - assigning a value equal to the current one (for `Equatable` values) or the identical
///   instance (for class values) notifies nobody, but the new value is still stored;
/// - an in-place mutation (`store.notes.append(n)`, `store.count += 1`) always notifies, because
///   the old value is not kept around to compare with, and keeping it would break the
///   copy-on-write uniqueness that makes in-place mutation cheap.
///
/// The wrapper is only usable inside a class that conforms to `Trackable`; using it elsewhere
/// is a compile-time error (there is no `wrappedValue` to fall back to).
@propertyWrapper
public struct Tracked<Value> {
  /// The property's storage and subscriber list.
  public let cell: TrackedCell<Value>

  /// Creates tracked storage holding `wrappedValue`; every assignment notifies.
  /// - Parameter wrappedValue: the initial value.
  @inlinable
  public init(wrappedValue: Value) { cell = TrackedCell(wrappedValue) }

  /// Creates tracked storage whose equal-value assignments notify nobody.
  /// - Parameter wrappedValue: the initial value.
  @inlinable
  public init(wrappedValue: Value) where Value: Equatable {
    cell = EquatableTrackedCell(wrappedValue)
  }

  /// Creates tracked storage whose identical-instance assignments notify nobody.
  /// - Parameter wrappedValue: the initial value.
  @inlinable
  public init(wrappedValue: Value) where Value: AnyObject {
    cell = IdentityTrackedCell(wrappedValue)
  }

  /// Creates tracked storage for a class value that is also `Equatable`; `==` decides.
  /// - Parameter wrappedValue: the initial value.
  @inlinable
  public init(wrappedValue: Value) where Value: AnyObject & Equatable {
    cell = EquatableTrackedCell(wrappedValue)
  }

  /// Unavailable: `@Tracked` reaches its storage through the enclosing instance only.
  @available(
    *, unavailable, message: "@Tracked can only be used in a class that conforms to Trackable"
  )
  public var wrappedValue: Value {
    get { fatalError("@Tracked can only be used in a class that conforms to Trackable") }
    set { fatalError("@Tracked can only be used in a class that conforms to Trackable") }
  }

  /// The accessor the compiler calls for every read and write of a `@Tracked` property.
  ///
  /// - Read: records the property in the innermost tracking scope of this thread, if any.
  /// - Write: stores an equal value without notifying (see the type's notes); otherwise
  ///   notifies `willSet`, stores, notifies `didSet`. With no subscribers a write costs one
  ///   relaxed atomic load beyond the store.
  /// - In-place mutation: records the read, notifies `willSet`, yields the storage itself, notifies `didSet`.
  @inlinable
  public static subscript<EnclosingSelf: Trackable>(
    _enclosingInstance instance: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Tracked<Value>>
  ) -> Value {
    get {
      let cell = instance[keyPath: storageKeyPath].cell
      recordAccess(cell)
      return cell.value
    }
    set {
      let cell = instance[keyPath: storageKeyPath].cell
      if cell.isDuplicate(newValue) {
        // Store it anyway, silently, as Apple's `@Observable` does: `==` need not mean
        // identical (`-0.0 == 0.0`, or an `==` that ignores some fields).
        cell.value = newValue
        return
      }
      if cell.hasSubscribers {
        cell.sendWillSet(object: instance, keyPath: wrappedKeyPath, storage: storageKeyPath)
      }
      cell.value = newValue
      if cell.hasSubscribers {
        cell.sendDidSet(object: instance, keyPath: wrappedKeyPath, storage: storageKeyPath)
      }
    }
    _modify {
      let cell = instance[keyPath: storageKeyPath].cell
      recordAccess(cell)
      if cell.hasSubscribers {
        cell.sendWillSet(object: instance, keyPath: wrappedKeyPath, storage: storageKeyPath)
      }
      yield &cell.value
      if cell.hasSubscribers {
        cell.sendDidSet(object: instance, keyPath: wrappedKeyPath, storage: storageKeyPath)
      }
    }
  }
}
