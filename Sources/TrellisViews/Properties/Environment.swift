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
  private let box: EnvironmentBox

  private init(read: @escaping @MainActor (EnvironmentBox) -> Value, box: EnvironmentBox) {
    self.read = read
    self.box = box
  }

  /// Reads the keyed value at `keyPath`.
  /// - Parameters:
  ///   - keyPath: the accessor, such as `\.accent`.
  ///   - function: filled in by the compiler: in a property declaration, the enclosing type.
  ///   - fileID: filled in by the compiler: where the property is declared.
  ///   - line: filled in by the compiler: where the property is declared.
  public init(
    _ keyPath: KeyPath<EnvironmentValues, Value>, function: StaticString = #function,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    box = EnvironmentBox(PropertyDeclaration(function: function, fileID: fileID, line: line))
    let read: @MainActor (EnvironmentBox) -> Value = { box in
      guard let scope = box.scope else {
        box.reportUnmounted(
          Environment<Value>.self, "\(Value.self)", outcome: "the key's default value is returned")
        return EnvironmentValues()[keyPath: keyPath]
      }
      return scope[keyPath]
    }
    guard Value.self == DismissAction.self else {
      self.read = read
      return
    }
    // The dismiss action outside any presentation knows no view; this one names its reader in
    // the diagnostic (found by a SwiftUI developer: "dismiss() was called by a view").
    self.read = { box in
      let value = read(box)
      guard let action = value as? DismissAction, action.isUnavailable,
        let named = DismissAction.unavailable(for: box.reader?.description) as? Value
      else { return value }
      return named
    }
  }

  /// Reads the injected object of type `Value`; a missing object stops with a diagnostic.
  /// - Parameters:
  ///   - type: the object's type.
  ///   - function: filled in by the compiler: in a property declaration, the enclosing type.
  ///   - fileID: filled in by the compiler: where the property is declared.
  ///   - line: filled in by the compiler: where the property is declared.
  public init(
    _ type: Value.Type, function: StaticString = #function, fileID: StaticString = #fileID,
    line: UInt = #line
  ) where Value: AnyObject {
    box = EnvironmentBox(PropertyDeclaration(function: function, fileID: fileID, line: line))
    read = { box in
      if let object = box.scope?.object(type) { return object }
      guard box.scope != nil else {
        box.reportUnmounted(
          Environment<Value>.self, "\(type)", outcome: "there is no object to return")
        TrellisDiagnostics.trap(
          "@Environment(\(type)) was read outside of a mounted view's body, where "
            + "there is no environment to find it in.")
      }
      let reader = box.reader?.description ?? "the root view"
      let error = EnvironmentError.missingObject(type: "\(type)", reader: reader)
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [reader, "\(type)"], message: error.description))
      TrellisDiagnostics.trap(error.description)
    }
  }

  /// Reads the injected object of type `Object`, or nil when none is injected.
  /// - Parameters:
  ///   - type: the object's type.
  ///   - function: filled in by the compiler: in a property declaration, the enclosing type.
  ///   - fileID: filled in by the compiler: where the property is declared.
  ///   - line: filled in by the compiler: where the property is declared.
  public init<Object: AnyObject>(
    _ type: Object.Type, function: StaticString = #function, fileID: StaticString = #fileID,
    line: UInt = #line
  ) where Value == Object? {
    box = EnvironmentBox(PropertyDeclaration(function: function, fileID: fileID, line: line))
    read = { box in
      guard let scope = box.scope else {
        box.reportUnmounted(Environment<Value>.self, "\(Object.self)?", outcome: "nil is returned")
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

extension Environment: PositionBoundProperty {
  func isLinked(elsewhereThan node: ViewNode, ordinal: Int) -> Bool {
    box.isLinked(elsewhereThan: node)
  }

  func unlinkedCopy() -> Environment {
    Environment(read: read, box: EnvironmentBox(box.declaration))
  }
}

/// What an `@Environment` reads through: the scope of its view, and the view's name for the
/// missing-object error. It keeps the scope, never the node.
@MainActor
final class EnvironmentBox {
  var scope: EnvironmentScope?
  var reader: ViewName?
  /// Where the property was declared: what an unmounted read names.
  let declaration: PropertyDeclaration?
  private var reportedUnmounted = false

  init(_ declaration: PropertyDeclaration? = nil) { self.declaration = declaration }

  /// Whether the box reads another view's environment than `node`'s: that view shows the same
  /// view value.
  func isLinked(elsewhereThan node: ViewNode) -> Bool {
    guard let scope else { return false }
    return scope !== node.environment
  }

  /// Reports, once per property, a read outside of a mounted view, naming the view type and
  /// the property (`@Environment UnmountedReader.accent`) where they can be found.
  func reportUnmounted(_ wrapperType: any Any.Type, _ type: String, outcome: String) {
    guard !reportedUnmounted else { return }
    reportedUnmounted = true
    let name =
      declaration?.describe("@Environment", wrapperType: wrapperType) ?? "@Environment(\(type))"
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: [name],
        message:
          "\(name) (\(type)) was read outside of a mounted view's body, so it has no "
          + "environment; \(outcome). Read it in `body`, or pass the value in."))
  }
}
