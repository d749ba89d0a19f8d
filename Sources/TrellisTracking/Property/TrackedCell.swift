import Synchronization

/// The storage of one `@Tracked` property of one object: its value and its subscribers.
///
/// The value lives in this cell rather than inline in the object so that the property has a
/// stable identity for the registrar without any key-path hashing, and so that in-place
/// mutation (`model.items.append(x)`) can yield the storage directly, keeping copy-on-write
/// buffers unique.
@usableFromInline
final class TrackedCell<Value>: TrackingSource, @unchecked Sendable {
  /// The stored value. Access is as thread-safe as the enclosing class makes it, exactly like a
  /// macro-generated `_title` backing field.
  @exclusivity(unchecked)
  @usableFromInline
  var value: Value

  /// Whether assigning the second value over the first would store an equal value, so that
  /// nobody is notified: `==` for `Equatable` values, `===` for class values, nil (every
  /// assignment is a change) for any other type.
  ///
  /// A closure rather than an overridden method: it is formed in `Tracked`'s inlinable
  /// initializers, so it is the comparison specialized for `Value` in the model's module. An
  /// override was the unspecialized generic `==`, through value witnesses: about 80
  /// instructions, a tenth of installing and firing a one-property observation.
  @usableFromInline
  let duplicateCheck: ((Value, Value) -> Bool)?

  @usableFromInline
  init(_ value: Value, duplicateCheck: ((Value, Value) -> Bool)?) {
    self.value = value
    self.duplicateCheck = duplicateCheck
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

  /// Whether assigning `newValue` would store a value equal to the current one.
  @inlinable
  @inline(__always)
  func isDuplicate(_ newValue: Value) -> Bool {
    guard let duplicateCheck else { return false }
    return duplicateCheck(value, newValue)
  }
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
