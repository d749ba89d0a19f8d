import TrellisEnvironment
import TrellisGraph
import TrellisTracking

/// An object-level model injected by an ancestor, like SwiftUI's `@EnvironmentObject`: read
/// with `@EnvironmentObject var store: Store` below `.environmentObject(store)`.
///
/// The body depends on the whole object (any `@ObjectTracked` write re-runs it) and on the
/// injection (a new instance re-runs it). A missing object is a programming error, as in
/// SwiftUI: reading it reports a diagnostic with SwiftUI's message ("No ObjectTrackable object
/// of type Store found. A View.environmentObject(_:) for Store may be missing as an ancestor of
/// this view.", naming the view) and then stops with the same message.
@propertyWrapper
@MainActor
public struct EnvironmentObject<ObjectType: ObjectTrackable>: DynamicProperty,
  RuntimeOwnedProperty
{
  private let box = EnvironmentBox()

  /// Creates the property.
  public init() {}

  /// The injected object; reading it in a body makes the body depend on it.
  public var wrappedValue: ObjectType {
    guard let scope = box.scope else {
      TrellisDiagnostics.trap(
        "@EnvironmentObject \(ObjectType.self) was read outside of a mounted view's "
          + "body; it has no environment there.")
    }
    guard let object = scope.object(ObjectType.self) else {
      let reader = box.reader?.description ?? "the root view"
      let message =
        "No ObjectTrackable object of type \(ObjectType.self) found. A "
        + "View.environmentObject(_:) for \(ObjectType.self) may be missing as an ancestor of "
        + "this view (\(reader))."
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [reader, "\(ObjectType.self)"], message: message))
      TrellisDiagnostics.trap(message)
    }
    object.objectChanges.recordRead()
    return object
  }

  /// Bindings to the object's properties: `$store.title`.
  public var projectedValue: ObjectBindings<ObjectType> { ObjectBindings(object: wrappedValue) }

  /// Links the property to the view's environment.
  public func _link(to node: ViewNode, ordinal: Int, label: String) {
    box.scope = node.environment
    box.reader = node.name
  }
}

extension EnvironmentObject: PositionBoundProperty {
  func isLinked(elsewhereThan node: ViewNode, ordinal: Int) -> Bool {
    box.isLinked(elsewhereThan: node)
  }

  func unlinkedCopy() -> EnvironmentObject { EnvironmentObject() }
}

extension View {
  /// Injects `object` for this view and its subtree, read with `@EnvironmentObject`, like
  /// SwiftUI's `.environmentObject(_:)`. Objects are found by their type, exactly as injected.
  /// - Parameter object: the object.
  /// - Returns: the modified view.
  public func environmentObject<Object: ObjectTrackable>(
    _ object: Object
  ) -> ModifiedContent<Self, EnvironmentObjectModifier<Object>> {
    environment(object)
  }
}
