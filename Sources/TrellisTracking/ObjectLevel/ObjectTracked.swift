/// A stored property of an `ObjectTrackable` class: reading it depends on the whole object,
/// and every assignment or in-place mutation notifies all of the object's readers, equal value
/// or not, as `@Published` does.
@propertyWrapper
public struct ObjectTracked<Value> {
  @usableFromInline
  var value: Value

  /// Creates the storage.
  /// - Parameter wrappedValue: the initial value.
  @inlinable
  public init(wrappedValue: Value) { value = wrappedValue }

  /// Unavailable: `@ObjectTracked` reaches its storage through the enclosing instance only.
  @available(
    *, unavailable,
    message: "@ObjectTracked can only be used in a class that conforms to ObjectTrackable"
  )
  public var wrappedValue: Value {
    get {
      fatalError("@ObjectTracked can only be used in a class that conforms to ObjectTrackable")
    }
    set {
      fatalError("@ObjectTracked can only be used in a class that conforms to ObjectTrackable")
    }
  }

  /// The accessor the compiler calls for every read and write of an `@ObjectTracked` property:
  /// reads record the object's notifier, writes announce a whole-object change.
  @inlinable
  public static subscript<EnclosingSelf: ObjectTrackable>(
    _enclosingInstance instance: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, ObjectTracked<Value>>
  ) -> Value {
    @inline(__always)
    get {
      recordAccess(instance.objectChanges)
      return instance[keyPath: storageKeyPath].value
    }
    @inline(__always)
    set {
      let notifier = instance.objectChanges
      if notifier.hasSubscribers {
        notifier.sendWillSet(object: instance, keyPath: nil)
      }
      instance[keyPath: storageKeyPath].value = newValue
      if writeMayRaceWithEvaluations ? notifier.noteRacingWrite() : notifier.hasSubscribers {
        notifier.sendDidSet(object: instance, keyPath: nil)
      }
      if anyScopeIsOpen { noteWriteInOpenScope(notifier, object: instance, keyPath: nil) }
    }
    @inline(__always)
    _modify {
      let notifier = instance.objectChanges
      recordAccess(notifier)
      if notifier.hasSubscribers {
        notifier.sendWillSet(object: instance, keyPath: nil)
      }
      yield &instance[keyPath: storageKeyPath].value
      if writeMayRaceWithEvaluations ? notifier.noteRacingWrite() : notifier.hasSubscribers {
        notifier.sendDidSet(object: instance, keyPath: nil)
      }
      if anyScopeIsOpen { noteWriteInOpenScope(notifier, object: instance, keyPath: nil) }
    }
  }
}
