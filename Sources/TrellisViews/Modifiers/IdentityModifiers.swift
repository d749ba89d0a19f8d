import TrellisEnvironment

/// A view with an explicit identity, as `.id(_:)` makes.
public struct IDView<Content: View, ID: Hashable>: View, _PrimitiveView {
  let content: Content
  let id: ID

  /// Renders the content under the identity `id`: a new id is a new view (old state gone,
  /// disappear and task cancellation for the old one, appear for the new one).
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setTransparent(isModifier: true)
    let key = AnyHashable(view.id)
    if let child = node.children.first, node.children.count == 1, child.key == .id(key),
      child.viewTypeID == ObjectIdentifier(Content.self)
    {
      updateKeepingStack(view.content, in: child)
      return
    }
    node.updateChildren { children in
      children.update(.id(key), view.content, explicitID: ExplicitID(key))
    }
  }
}

extension View {
  /// Gives the view an explicit identity, like SwiftUI's `.id(_:)`: when `id` changes, the
  /// view is destroyed and created anew, with fresh state.
  /// - Parameter id: the identity.
  /// - Returns: the identified view.
  public func id<ID: Hashable>(_ id: ID) -> IDView<Self, ID> { IDView(content: self, id: id) }

  /// Sets an environment value for this view and its subtree, like SwiftUI's
  /// `.environment(_:_:)`. Only readers of this key below this point re-run when it changes.
  /// The value a re-run of the view sets again is compared with the last one by the rules of
  /// view inputs: a class instance by identity, plain data by its bits, other values by `==` or
  /// field by field; the same value re-runs no reader, `Equatable` or not. A value that cannot
  /// be compared (a closure) is a change each time.
  /// - Parameters:
  ///   - keyPath: the key's accessor, such as `\.accent`.
  ///   - value: the value.
  /// - Returns: the modified view.
  public func environment<Value>(
    _ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value
  ) -> ModifiedContent<Self, EnvironmentValueModifier<Value>> {
    modifier(EnvironmentValueModifier(keyPath: keyPath, value: value))
  }

  /// Injects `object` for this view and its subtree, read back with
  /// `@Environment(Type.self)`, like SwiftUI's `.environment(_:)` for observable objects.
  /// - Parameter object: the object, keyed by its static type; nil clears the object of that
  ///   type for the subtree (an optional `@Environment(Type.self)` reads nil there), as in
  ///   SwiftUI.
  /// - Returns: the modified view.
  public func environment<Object: AnyObject>(
    _ object: Object?
  ) -> ModifiedContent<Self, EnvironmentObjectModifier<Object>> {
    modifier(EnvironmentObjectModifier(object: object))
  }
}

/// The modifier behind `.environment(_:_:)`.
public struct EnvironmentValueModifier<Value>: _PrimitiveViewModifier {
  /// A built-in modifier has no body.
  public typealias Body = Never
  let keyPath: WritableKeyPath<EnvironmentValues, Value>
  let value: Value

  /// Gives the subtree its own scope (once) and sets the value in it.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    node.ensureOwnEnvironment()
    if let applied = node.parts[AppliedEnvironmentValue<Value>.self] {
      // The same value again sets nothing, by the rules of view inputs: a class instance by
      // identity, plain data by its bits, other values by `==` or field by field. (Set again,
      // a value that is not `Equatable`, such as a service object, re-ran every reader of its
      // key at each run of the view applying it; found by a user testing invalidation.)
      if applied.keyPath == modifier.keyPath,
        ComparisonPlan.elementPlan(for: Value.self).elementsEqual(applied.value, modifier.value)
      {
        node.updateModifier(content: content)
        return
      }
      applied.keyPath = modifier.keyPath
      applied.value = modifier.value
    } else {
      _ = node.parts.part(AppliedEnvironmentValue<Value>.self) {
        AppliedEnvironmentValue(keyPath: modifier.keyPath, value: modifier.value)
      }
    }
    node.environment.apply { $0[keyPath: modifier.keyPath] = modifier.value }
    node.updateModifier(content: content)
  }
}

/// The value an `environment(_:_:)` modifier last set, to tell a new value from the same one.
@MainActor
final class AppliedEnvironmentValue<Value>: NodePart {
  var keyPath: WritableKeyPath<EnvironmentValues, Value>
  var value: Value

  init(keyPath: WritableKeyPath<EnvironmentValues, Value>, value: Value) {
    self.keyPath = keyPath
    self.value = value
  }
}

/// The modifier behind `.environment(_:)` for objects.
public struct EnvironmentObjectModifier<Object: AnyObject>: _PrimitiveViewModifier {
  /// A built-in modifier has no body.
  public typealias Body = Never
  let object: Object?

  /// Gives the subtree its own scope (once) and injects the object in it, or hides the
  /// objects of its type injected above.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    node.ensureOwnEnvironment()
    if let object = modifier.object {
      node.environment.setObject(object)
    } else {
      node.environment.hideObjects(of: Object.self)
    }
    node.updateModifier(content: content)
  }
}

extension ViewNode {
  /// Replaces the inherited scope with a child scope of its own, the first time.
  func ensureOwnEnvironment() {
    guard !ownsEnvironment else { return }
    environment = environment.child(named: enclosingView?.description ?? "root")
    ownsEnvironment = true
  }
}
