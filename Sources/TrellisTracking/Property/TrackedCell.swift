import Synchronization

/// The storage of one `@Tracked` property of one object: its value and its subscribers.
///
/// The value lives in this cell rather than inline in the object so that the property has a
/// stable identity for the registrar without any key-path hashing, and so that in-place
/// mutation (`model.items.append(x)`) can yield the storage directly, keeping copy-on-write
/// buffers unique.
@usableFromInline
class TrackedCell<Value>: TrackingSource, @unchecked Sendable {
  /// The stored value. Access is as thread-safe as the enclosing class makes it, exactly like a
  /// macro-generated `_title` backing field.
  @exclusivity(unchecked)
  @usableFromInline
  final var value: Value

  @usableFromInline
  init(_ value: Value) {
    self.value = value
    super.init()
  }

  /// The property's name, found the first time an event needs it and cached (read lock-free).
  private let cachedName = AtomicLazyReference<PropertyNameBox>()

  /// Finds which stored property of `object` holds this cell (see `TrackedFieldNames`: one
  /// reflection per class, then a few word comparisons), so events can name it without key
  /// paths. Only observed writes ask.
  override func propertyName(in object: AnyObject) -> String? {
    if let box = cachedName.load() { return box.name }
    guard let name = TrackedFieldNames.name(of: self, in: object) else { return nil }
    return cachedName.storeIfNil(PropertyNameBox(name)).name
  }

  /// Whether assigning `newValue` would store a value equal to the current one. Overridden for
  /// `Equatable` and class values; for any other type every assignment is a change.
  @usableFromInline
  func isDuplicate(_ newValue: Value) -> Bool { false }
}

/// A cell for `Equatable` values: assigning an equal value does not notify.
@usableFromInline
final class EquatableTrackedCell<Value: Equatable>: TrackedCell<Value>, @unchecked Sendable {
  @usableFromInline
  override init(_ value: Value) { super.init(value) }

  @usableFromInline
  override func isDuplicate(_ newValue: Value) -> Bool { value == newValue }
}

/// A cell for class references: assigning the identical instance does not notify.
@usableFromInline
final class IdentityTrackedCell<Value: AnyObject>: TrackedCell<Value>, @unchecked Sendable {
  @usableFromInline
  override init(_ value: Value) { super.init(value) }

  @usableFromInline
  override func isDuplicate(_ newValue: Value) -> Bool { value === newValue }
}

/// The storage of a tracked property, as reflection sees it in an object's fields.
protocol TrackedStorage {
  var trackingSource: TrackingSource { get }
  /// The current value, so that reflection can look inside it for further tracked objects.
  var storedValue: Any { get }
}

/// A property name, boxed to live in an `AtomicLazyReference`.
final class PropertyNameBox: Sendable {
  let name: String
  init(_ name: String) { self.name = name }
}
