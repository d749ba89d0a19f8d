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
public struct Tracked<Value>: TrackedStorage {
  /// The property's storage and subscriber list.
  @usableFromInline let cell: TrackedCell<Value>

  /// The same cell, unretained: a trivial value, so the accessors can borrow the cell without
  /// the retain/release pair that loading `cell` from the object's `var` storage costs (about
  /// 10 ns per access; see the accessor notes). `cell` keeps it alive.
  @usableFromInline
  let unmanagedCell: Unmanaged<TrackedCell<Value>>

  /// The cell, for reflection-based naming.
  var trackingSource: TrackingSource { cell }

  /// The current value, for reflection-based naming.
  var storedValue: Any { cell.value }

  @inlinable
  init(cell: TrackedCell<Value>) {
    self.cell = cell
    unmanagedCell = Unmanaged.passUnretained(cell)
  }

  /// Creates tracked storage holding `wrappedValue`; every assignment notifies.
  /// - Parameter wrappedValue: the initial value.
  @inlinable
  public init(wrappedValue: Value) {
    self.init(cell: TrackedCell(wrappedValue, duplicateCheck: nil))
  }

  /// Creates tracked storage whose equal-value assignments notify nobody.
  /// - Parameter wrappedValue: the initial value.
  @inlinable
  public init(wrappedValue: Value) where Value: Equatable {
    self.init(cell: TrackedCell(wrappedValue, duplicateCheck: { $0 == $1 }))
  }

  /// Creates tracked storage whose identical-instance assignments notify nobody.
  /// - Parameter wrappedValue: the initial value.
  @inlinable
  public init(wrappedValue: Value) where Value: AnyObject {
    self.init(cell: TrackedCell(wrappedValue, duplicateCheck: { $0 === $1 }))
  }

  /// Creates tracked storage for a class value that is also `Equatable`; `==` decides.
  /// - Parameter wrappedValue: the initial value.
  @inlinable
  public init(wrappedValue: Value) where Value: AnyObject & Equatable {
    self.init(cell: TrackedCell(wrappedValue, duplicateCheck: { $0 == $1 }))
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
  /// - Write: stores equal values silently (see the type's notes); otherwise notifies
  ///   `willSet`, stores, notifies `didSet`. With no subscribers a write costs one relaxed
  ///   atomic load beyond the store, and `==` is not even called.
  /// - In-place mutation: records the read, notifies `willSet`, yields the storage itself,
  ///   notifies `didSet`.
  ///
  /// The key paths are used only to project the storage, which the optimizer folds into a
  /// direct field access once this accessor is inlined. Passing them on (to events) would make
  /// the compiler build both key path objects on every assignment, observed or not: about
  /// 15 ns of a write that otherwise costs about 1 ns. So events name the property instead
  /// (`TrackingEvent.property`), found by reflection once per property.
  @inlinable
  public static subscript<EnclosingSelf: Trackable>(
    _enclosingInstance instance: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Tracked<Value>>
  ) -> Value {
    // Every accessor is always inlined into the property's synthesized accessor: only then does
    // the optimizer see the key paths as constants and fold `instance[keyPath:]` into a field
    // access. Left to its heuristics it sometimes declines, and the read becomes a run-time
    // key path application (~150 ns instead of ~1 ns).
    @inline(__always)
    get {
      // The value is read before the scope check, and the cell passed unretained, so that
      // nothing opaque runs while the cell is in hand: no retain/release (about 10 ns).
      let value = instance[keyPath: storageKeyPath].cell.value
      if anyScopeIsOpen {
        recordAccessInOpenScope(
          Unmanaged.fromOpaque(instance[keyPath: storageKeyPath].unmanagedCell.toOpaque()))
      }
      return value
    }
    @inline(__always)
    set {
      // Fast path, with no reference counting: the cell is borrowed through `unmanagedCell`
      // (the instance, alive for the whole call, owns it) and no code but `==` runs.
      let quiet = instance[keyPath: storageKeyPath].unmanagedCell._withUnsafeGuaranteedRef {
        cell -> Bool in
        // A write that may race with an evaluation on the main actor takes the slow path
        // (`RacingWrites.swift`); on the main thread this is one thread-local load.
        if writeMayRaceWithEvaluations || cell.hasSubscribers && !cell.isDuplicate(newValue) {
          return false
        }
        // Nobody to notify, or an equal value: store it silently (as Apple's `@Observable`
        // does, since `==` need not mean identical, as with `-0.0 == 0.0`). Inside a scope,
        // a new value is noted for the evaluations that read it before they observe it.
        if anyScopeIsOpen && !cell.isDuplicate(newValue) {
          noteWriteInOpenScope(cell, object: instance, keyPath: nil)
        }
        cell.value = newValue
        return true
      }
      if quiet { return }
      storeObserved(newValue, in: instance[keyPath: storageKeyPath].cell, of: instance)
    }
    @inline(__always)
    _modify {
      let cell = instance[keyPath: storageKeyPath].cell
      recordAccess(cell)
      if cell.hasSubscribers { cell.sendWillSet(object: instance, keyPath: nil) }
      yield &cell.value
      if writeMayRaceWithEvaluations ? cell.noteRacingWrite() : cell.hasSubscribers {
        cell.sendDidSet(object: instance, keyPath: nil)
      }
      if anyScopeIsOpen { noteWriteInOpenScope(cell, object: instance, keyPath: nil) }
    }
  }

  /// The slow half of an assignment: someone observes the property, or the write may race
  /// with an evaluation on the main actor (see `RacingWrites.swift`). Kept out of line so that
  /// the inlined fast half stays small; the cell is held strongly while handlers run.
  @inlinable
  @inline(never)
  static func storeObserved(_ newValue: Value, in cell: TrackedCell<Value>, of instance: AnyObject)
  {
    if writeMayRaceWithEvaluations {
      // No scope is open here, so no evaluation on this thread needs the write noted.
      if cell.isDuplicate(newValue) {
        cell.value = newValue
        return
      }
      if cell.hasSubscribers { cell.sendWillSet(object: instance, keyPath: nil) }
      cell.value = newValue
      if cell.noteRacingWrite() { cell.sendDidSet(object: instance, keyPath: nil) }
      return
    }
    cell.sendWillSet(object: instance, keyPath: nil)
    cell.value = newValue
    if cell.hasSubscribers { cell.sendDidSet(object: instance, keyPath: nil) }
    if anyScopeIsOpen { noteWriteInOpenScope(cell, object: instance, keyPath: nil) }
  }
}
