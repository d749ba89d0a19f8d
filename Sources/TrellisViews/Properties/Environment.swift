import TrellisEnvironment
import TrellisGraph

/// Reads a value from the environment of the view, like SwiftUI's `@Environment`.
///
/// - `@Environment(\.accent) var accent` reads a keyed value through its accessor on
///   `EnvironmentValues`. The body depends on that key only: changing another key does not
///   re-run it, and a nearer override shields it from changes above (except the first value
///   set above it for a key nobody set before, which re-runs every reader of the key once).
/// - Read outside a mounted view's body (a view value that was never mounted), a keyed value
///   reports a diagnostic naming the value's type and returns the key's default, as SwiftUI
///   warns and reads the default there.
/// - `@Environment(Store.self) var store` reads an object injected with `.environment(store)`.
///   A missing object is a programming error, as in SwiftUI: the runtime reports a diagnostic
///   naming the type and the view, then stops with the same message.
/// - `@Environment(Store.self) var store: Store?` reads it optionally: nil when missing.
@propertyWrapper
@MainActor
public struct Environment<Value>: DynamicProperty, RuntimeOwnedProperty {
  private let read: @MainActor (EnvironmentBox) -> Value
  private let box = EnvironmentBox()

  /// Reads the keyed value at `keyPath`.
  /// - Parameter keyPath: the accessor, such as `\.accent`.
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
    read = { box in
      guard let scope = box.scope else {
        box.reportUnmounted("\(Value.self)", outcome: "the key's default value is returned")
        return EnvironmentValues()[keyPath: keyPath]
      }
      return scope[keyPath]
    }
  }

  /// Reads the injected object of type `Value`; a missing object stops with a diagnostic.
  /// - Parameter type: the object's type.
  public init(_ type: Value.Type) where Value: AnyObject {
    read = { box in
      if let object = box.scope?.object(type) { return object }
      guard box.scope != nil else {
        box.reportUnmounted("\(type)", outcome: "there is no object to return")
        fatalError(
          "Trellis: @Environment(\(type)) was read outside of a mounted view's body, where "
            + "there is no environment to find it in.")
      }
      let reader = box.reader?.description ?? "the root view"
      let error = EnvironmentError.missingObject(type: "\(type)", reader: reader)
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [reader, "\(type)"], message: error.description))
      fatalError("Trellis: \(error.description)")
    }
  }

  /// Reads the injected object of type `Object`, or nil when none is injected.
  /// - Parameter type: the object's type.
  public init<Object: AnyObject>(_ type: Object.Type) where Value == Object? {
    read = { box in
      guard let scope = box.scope else {
        box.reportUnmounted("\(Object.self)?", outcome: "nil is returned")
        return nil
      }
      return scope.object(type)
    }
  }

  /// The current value; reading it in a body makes the body depend on it.
  public var wrappedValue: Value { read(box) }

  /// Links the property to the view's environment.
  public func _link(to node: ViewNode, ordinal: Int, label: String) {
    box.scope = node.environment
    box.reader = node.name
  }
}

/// What an `@Environment` reads through: the scope of its view, and the view's name for the
/// missing-object error. It keeps the scope, never the node.
@MainActor
final class EnvironmentBox {
  var scope: EnvironmentScope?
  var reader: ViewName?
  private var reportedUnmounted = false

  /// Reports, once per property, a read outside of a mounted view.
  func reportUnmounted(_ type: String, outcome: String) {
    guard !reportedUnmounted else { return }
    reportedUnmounted = true
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: ["@Environment(\(type))"],
        message:
          "@Environment(\(type)) was read outside of a mounted view's body, so it has no "
          + "environment; \(outcome). Read it in `body`, or pass the value in."))
  }
}
