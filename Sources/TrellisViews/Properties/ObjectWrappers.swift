import TrellisGraph
import TrellisTracking

/// An object-level model owned by the view, like SwiftUI's `@StateObject`.
///
/// The factory runs once per identity, lazily, when the body first runs; the object lives as
/// long as the identity. The body depends on the whole object: any `@ObjectTracked` write
/// re-runs it, whether or not the body read that property (the object-level baseline).
@propertyWrapper
@MainActor
public struct StateObject<ObjectType: ObjectTrackable>: DynamicProperty, RuntimeOwnedProperty {
  private let box: StateObjectBox<ObjectType>

  /// Creates the property.
  /// - Parameter wrappedValue: the factory, run once per identity.
  public init(wrappedValue: @autoclosure @escaping () -> ObjectType) {
    box = StateObjectBox(factory: wrappedValue)
  }

  private init(box: StateObjectBox<ObjectType>) { self.box = box }

  /// The owned object.
  public var wrappedValue: ObjectType {
    if let object = box.object { return object }
    TrellisDiagnostics.trap(
      "@StateObject \(ObjectType.self) was read outside of a mounted view's body; it "
        + "has no storage there.")
  }

  /// Bindings to the object's properties: `$store.title`.
  public var projectedValue: ObjectBindings<ObjectType> { ObjectBindings(object: wrappedValue) }

  /// Links the property to its slot, creating the object on the first body run.
  public func _link(to node: ViewNode, ordinal: Int, label: String) {
    guard let composite = node.composite else { return }
    let object: ObjectType
    if let existing = composite.slot(ordinal) as? ObjectType {
      object = existing
    } else {
      object = box.factory()
      composite.setSlot(ordinal, object)
    }
    box.object = object
    object.objectChanges.recordRead()
  }
}

extension StateObject: PositionBoundProperty {
  func isLinked(elsewhereThan node: ViewNode, ordinal: Int) -> Bool {
    guard let object = box.object else { return false }
    return object !== node.composite?.slot(ordinal)
  }

  func unlinkedCopy() -> StateObject { StateObject(box: StateObjectBox(factory: box.factory)) }
}

@MainActor
final class StateObjectBox<ObjectType: AnyObject> {
  /// Kept with the view value, as SwiftUI keeps the autoclosure: the same view value shown under
  /// a new identity (a destination pushed a second time) makes a new object with it. A factory
  /// that captures what owns the host makes a cycle, as it would in SwiftUI.
  let factory: () -> ObjectType
  var object: ObjectType?
  init(factory: @escaping () -> ObjectType) { self.factory = factory }
}

/// An object-level model passed in by the parent, like SwiftUI's `@ObservedObject`. The view
/// does not own it: a new instance passed by the parent replaces it, and nothing keeps the old
/// one alive. The body depends on the whole object.
@propertyWrapper
@MainActor
public struct ObservedObject<ObjectType: ObjectTrackable>: DynamicProperty, ObjectIdentityInput {
  /// The observed object.
  public let wrappedValue: ObjectType

  /// Creates the property.
  /// - Parameter wrappedValue: the object.
  public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }

  /// Bindings to the object's properties: `$model.title`.
  public var projectedValue: ObjectBindings<ObjectType> { ObjectBindings(object: wrappedValue) }

  /// Subscribes the body to the whole object.
  public func _link(to node: ViewNode, ordinal: Int, label: String) {
    wrappedValue.objectChanges.recordRead()
  }

}

/// Bindings to the properties of an object, reached with `$object.property`.
@dynamicMemberLookup
@MainActor
public struct ObjectBindings<ObjectType: AnyObject> {
  let object: ObjectType

  /// A binding to `object[keyPath: keyPath]`.
  /// - Parameter keyPath: the property.
  public subscript<Subject>(
    dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>
  ) -> Binding<Subject> {
    let object = self.object
    return Binding(
      get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 },
      source: AnyHashable([AnyHashable(ObjectIdentifier(object)), AnyHashable(keyPath)]))
  }
}

/// Makes bindings to the properties of a tracked (`Trackable`) model, like SwiftUI's
/// `@Bindable`: `$note.title` is a `Binding<String>`.
///
/// SwiftUI requires an `Observable` model; here any class compiles, but only a tracked
/// property's changes re-run the bodies that read it: a binding to a plain property of an
/// untracked class reads and writes it, and no view updates.
@propertyWrapper
@dynamicMemberLookup
@MainActor
public struct Bindable<Value: AnyObject>: ObjectIdentityInput {
  /// The model.
  public var wrappedValue: Value

  /// Creates the property.
  /// - Parameter wrappedValue: the model.
  public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

  /// Wraps a model, for use in an expression: `Bindable(note).title`.
  /// - Parameter wrappedValue: the model.
  public init(_ wrappedValue: Value) { self.wrappedValue = wrappedValue }

  /// Itself, so `$note` gives access to bindings.
  public var projectedValue: Bindable<Value> { self }

  /// A binding to a property of the model.
  /// - Parameter keyPath: the property.
  public subscript<Subject>(
    dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>
  ) -> Binding<Subject> {
    ObjectBindings(object: wrappedValue)[dynamicMember: keyPath]
  }

}
