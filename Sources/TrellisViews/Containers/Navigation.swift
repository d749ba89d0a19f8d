import TrellisEnvironment
import TrellisGraph

/// A stack of views driven by a path of values, like SwiftUI's `NavigationStack(path:)`.
///
/// The root is always shown; each value in `path` shows, above it, the destination that
/// `.navigationDestination(for:)` registered for the value's type. Pushing a value (a
/// `NavigationLink` tap, or appending to the path) inserts that destination's identity; popping
/// removes it (disappear, state gone, tasks cancelled). A destination's identity is its depth
/// on the stack: replacing the top value (a new selection) keeps the destination view and
/// passes it the new value, so its `.task(id:)` restarts rather than the view being rebuilt.
///
/// The stack's body reads the path, so it re-renders when the path changes and only then.
/// A value with no registered destination is reported (naming its type and the view that
/// holds the stack) and shows nothing.
public struct NavigationStack<Data: Hashable, Root: View>: View {
  let path: Binding<[Data]>
  let root: Root
  private let holder = StackHolder()

  /// Creates a stack over `path`.
  /// - Parameters:
  ///   - path: the values pushed above the root, bottom first.
  ///   - root: the root view.
  public init(path: Binding<[Data]>, @ViewBuilder root: () -> Root) {
    self.path = path
    self.root = root()
  }

  /// Reads the path and renders the root and the pushed destinations.
  public var body: some View {
    NavigationStackContent(
      root: root, path: path.wrappedValue, holder: holder.name,
      push: { path.wrappedValue.append($0) })
  }
}

/// Learns, when the stack's body runs, the name of the view whose body holds the stack.
@MainActor
private struct StackHolder: DynamicProperty, RuntimeOwnedProperty {
  final class Box {
    var name = "the root view"
  }

  let box = Box()

  var name: String { box.name }

  func _link(to node: ViewNode, ordinal: Int, label: String) { box.name = node.enclosingViewName }
}

/// The rendered stack: root, then one destination per path value.
struct NavigationStackContent<Data: Hashable, Root: View>: View, _PrimitiveView {
  let root: Root
  let path: [Data]
  let holder: String
  let push: @MainActor (Data) -> Void

  static func _update(_ view: Self, in node: ViewNode) {
    node.setTransparent()
    let registry = node.parts.part(NavigationRegistry.self) {
      let registry = NavigationRegistry(holder: view.holder)
      node.environment = node.environment.child(named: node.enclosingViewName)
      node.environment.setObject(registry)
      return registry
    }
    node.showsNavigationTitle(of: .firstChild)
    registry.push = { value in
      guard let value = value as? Data else { return false }
      view.push(value)
      return true
    }
    node.updateChildren { children in
      children.update(.index(0), view.root)
      for (depth, value) in view.path.enumerated() {
        guard let destination = registry.destination(for: value) else {
          reportMissingDestination(for: value, holder: view.holder)
          continue
        }
        children.update(.id(AnyHashable(depth)), NavigationDestinationView(content: destination))
      }
    }
  }

  private static func reportMissingDestination(for value: Data, holder: String) {
    GraphDiagnostics.report(
      GraphDiagnostic(
        kind: .invalidInput, nodes: [holder, "\(type(of: value))"],
        message:
          "NavigationStack in \(holder) has \(value) on its path but no "
          + ".navigationDestination(for: \(type(of: value)).self) inside it; nothing is shown "
          + "for it."))
  }
}

/// A pushed destination, shown in the tree as `Destination` above its content.
struct NavigationDestinationView: View, _PrimitiveView {
  let content: AnyView

  static func _update(_ view: Self, in node: ViewNode) {
    node.setContainer(kind: .navigationDestination)
    node.showsNavigationTitle(of: .allChildren)
    node.updateChild(.index(0), view.content)
  }
}

/// The destinations registered inside one stack, by value type, and how to push onto it.
/// Reaches the views inside the stack through their environment.
@MainActor
final class NavigationRegistry: NodePart {
  /// The view whose body holds the stack, for diagnostics.
  let holder: String
  private var destinations: [ObjectIdentifier: (Any) -> AnyView] = [:]
  var push: (@MainActor (Any) -> Bool)?

  init(holder: String) { self.holder = holder }

  func register<Value>(_ type: Value.Type, _ destination: @escaping @MainActor (Value) -> AnyView) {
    destinations[ObjectIdentifier(type)] = { value in destination(value as! Value) }
  }

  func destination<Value>(for value: Value) -> AnyView? {
    destinations[ObjectIdentifier(type(of: value))]?(value)
  }

  func nodeDidUnmount() { push = nil }
}

extension ViewNode {
  /// The registry of the nearest enclosing navigation stack, read without a dependency.
  var enclosingNavigationRegistry: NavigationRegistry? {
    GraphEvaluation.untracked { environment.object(NavigationRegistry.self) }
  }
}

extension View {
  /// Registers the view shown when a value of type `Value` is pushed on the enclosing
  /// `NavigationStack`, like SwiftUI's `navigationDestination(for:destination:)`.
  /// - Parameters:
  ///   - type: the type of the pushed values.
  ///   - destination: the view for a pushed value.
  /// - Returns: the modified view.
  public func navigationDestination<Value: Hashable, Destination: View>(
    for type: Value.Type,
    @ViewBuilder destination: @escaping @MainActor (Value) -> Destination
  ) -> ModifiedContent<Self, NavigationDestinationModifier<Value, Destination>> {
    modifier(NavigationDestinationModifier(destination: destination))
  }

  /// Sets the title of the enclosing navigation level, like SwiftUI's `navigationTitle(_:)`:
  /// a preference (`NavigationTitleKey`) that the level reads and shows as `title="…"` (on a
  /// pushed destination's `Destination` element; at the stack's root, on the root's first
  /// element). An outer title replaces inner ones; of siblings, the first in tree order wins.
  /// - Parameter title: the title.
  /// - Returns: the modified view.
  public func navigationTitle<S: StringProtocol>(
    _ title: S
  ) -> ModifiedContent<Self, NavigationTitleModifier> {
    modifier(NavigationTitleModifier(title: String(title)))
  }
}

/// The modifier behind `navigationDestination(for:destination:)`.
public struct NavigationDestinationModifier<Value: Hashable, Destination: View>:
  _PrimitiveViewModifier
{
  /// A built-in modifier has no body.
  public typealias Body = Never
  let destination: @MainActor (Value) -> Destination

  /// Registers the destination with the enclosing stack; reported when there is none.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    let isNew = node.role == .unset
    if let registry = node.enclosingNavigationRegistry {
      let destination = modifier.destination
      registry.register(Value.self) { AnyView(destination($0)) }
    } else if isNew {
      GraphDiagnostics.report(
        GraphDiagnostic(
          kind: .invalidInput, nodes: [node.enclosingViewName],
          message:
            ".navigationDestination(for: \(Value.self).self) in \(node.enclosingViewName) is "
            + "not inside a NavigationStack; it has no effect."))
    }
    node.updateModifier(content: content)
  }
}

/// The modifier behind `navigationTitle(_:)`: the `NavigationTitleKey` preference.
public struct NavigationTitleModifier: _PrimitiveViewModifier {
  /// A built-in modifier has no body.
  public typealias Body = Never
  let title: String

  /// Sets the title preference, which the enclosing navigation level shows.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    PreferenceWritingModifier<NavigationTitleKey>._apply(
      PreferenceWritingModifier(value: modifier.title), to: content, in: node)
  }
}

/// A button that pushes `value` on the enclosing `NavigationStack`, like SwiftUI's
/// `NavigationLink(value:label:)`. Headless: a host taps it with `ViewHost.tap(_:)`.
public struct NavigationLink<Label: View, Value: Hashable>: View, _PrimitiveView {
  let value: Value
  let label: Label

  /// Creates a link.
  /// - Parameters:
  ///   - value: the value to push.
  ///   - label: the link's label.
  public init(value: Value, @ViewBuilder label: () -> Label) {
    self.value = value
    self.label = label()
  }

  /// Renders `NavigationLink` with its label; its action pushes the value.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setContainer(kind: .navigationLink)
    let value = view.value
    let registry = node.enclosingNavigationRegistry
    let enclosing = node.enclosingView
    node.setAction { [weak registry] in
      guard let registry, registry.push?(value) == true else {
        let name = enclosing?.description ?? "the root view"
        GraphDiagnostics.report(
          GraphDiagnostic(
            kind: .invalidInput, nodes: [name],
            message:
              "NavigationLink(value: \(value)) in \(name) is not inside a NavigationStack "
              + "whose path holds \(Value.self); the tap does nothing."))
        return
      }
    }
    node.updateChild(.index(0), view.label)
  }
}

extension NavigationLink where Label == Text {
  /// Creates a link titled `title`.
  /// - Parameters:
  ///   - title: the title.
  ///   - value: the value to push.
  public init<S: StringProtocol>(_ title: S, value: Value) {
    self.init(value: value) { Text(title) }
  }
}
