import TrellisGraph

extension View {
  /// Registers the view shown when a value of type `Value` is pushed on the enclosing
  /// `NavigationStack` (or selected in a `NavigationSplitView` column), like SwiftUI's
  /// `navigationDestination(for:destination:)`. It lasts while this view is in the tree. A
  /// second registration of the same type in one stack is reported (`invalidInput`), as
  /// SwiftUI logs it, and, as in SwiftUI, the one closest to the stack's root is used. One in
  /// the rows of a lazy container (`List`, `LazyVStack`), which exists only while its row is
  /// realized, is reported once, as SwiftUI warns.
  /// - Parameters:
  ///   - type: the type of the pushed values.
  ///   - destination: the view for a pushed value, built when the value is pushed.
  /// - Returns: the modified view.
  public func navigationDestination<Value: Hashable, Destination: View>(
    for type: Value.Type,
    @ViewBuilder destination: @escaping @MainActor (Value) -> Destination
  ) -> ModifiedContent<Self, NavigationDestinationModifier<Value, Destination>> {
    modifier(NavigationDestinationModifier(destination: destination))
  }

  /// Pushes `destination` on the enclosing `NavigationStack` while `isPresented` is true, like
  /// SwiftUI's `navigationDestination(isPresented:destination:)`. The level sits above the
  /// path's levels; `\.dismiss` inside it (or a pop) sets `isPresented` to false. Setting
  /// `isPresented` to false pops it; the view leaving the tree pops it too.
  /// - Parameters:
  ///   - isPresented: whether the destination is pushed.
  ///   - destination: the pushed view, built when it is pushed.
  /// - Returns: the modified view.
  public func navigationDestination<Destination: View>(
    isPresented: Binding<Bool>,
    @ViewBuilder destination: @escaping @MainActor () -> Destination
  ) -> ModifiedContent<Self, PresentedDestinationModifier> {
    modifier(
      PresentedDestinationModifier(
        presented: { isPresented.wrappedValue ? AnyHashable(true) : nil },
        content: { AnyView(destination()) }, dismiss: { isPresented.wrappedValue = false }))
  }

  /// Pushes the destination for `item` on the enclosing `NavigationStack` while it is non-nil,
  /// like SwiftUI's `navigationDestination(item:destination:)`. The level's identity is the
  /// item: another item is a pop and a push. `\.dismiss` inside it sets `item` to nil.
  /// - Parameters:
  ///   - item: the pushed item.
  ///   - destination: the pushed view for the item, built when it is pushed.
  /// - Returns: the modified view.
  public func navigationDestination<Item: Hashable, Destination: View>(
    item: Binding<Item?>,
    @ViewBuilder destination: @escaping @MainActor (Item) -> Destination
  ) -> ModifiedContent<Self, PresentedDestinationModifier> {
    modifier(
      PresentedDestinationModifier(
        presented: { item.wrappedValue.map { AnyHashable($0) } },
        content: {
          guard let value = item.wrappedValue else { return AnyView(EmptyView()) }
          return AnyView(destination(value))
        }, dismiss: { item.wrappedValue = nil }))
  }
}

/// The modifier behind `navigationDestination(for:destination:)`.
public struct NavigationDestinationModifier<Value: Hashable, Destination: View>:
  _PrimitiveViewModifier
{
  /// A built-in modifier has no body.
  public typealias Body = Never
  let destination: @MainActor (Value) -> Destination

  /// Registers the destination with the enclosing stack or split view; reported when there is
  /// none.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    let isNew = node.role == .unset
    node.setTransparent(isModifier: true)
    if let registry = node.enclosingNavigationRegistry {
      let registration = node.parts.part(DestinationRegistration.self) {
        DestinationRegistration(table: registry.destinations, type: ObjectIdentifier(Value.self))
      }
      let lazy =
        isNew
        ? GraphEvaluation.untracked { node.environment.object(LazyContainerMarker.self) } : nil
      if let lazy, lazy.registry === registry {
        // In a lazy container's rows, inside this stack: every realized row declares it again.
        if registry.reportedLazyDestinations.insert(registration.type).inserted {
          TrellisDiagnostics.report(
            TrellisDiagnostic(
              kind: .invalidInput, nodes: registry.diagnosticNodes(from: node.enclosingViewName),
              message:
                ".navigationDestination(for: \(Value.self).self) in \(node.enclosingViewName) "
                + "is inside the rows of a \(lazy.kind) (in \(lazy.place)), which builds its rows "
                + "only when they are shown: the navigation stack of \(registry.holder) sees it "
                + "only while such a row exists. Declare it outside the \(lazy.kind), as SwiftUI "
                + "asks."))
        }
      } else if isNew,
        registration.table.hasRegistration(
          of: registration.type, besides: ObjectIdentifier(registration))
      {
        // As SwiftUI logs it; both use the declaration closest to the stack's root.
        TrellisDiagnostics.report(
          TrellisDiagnostic(
            kind: .invalidInput, nodes: registry.diagnosticNodes(from: node.enclosingViewName),
            message:
              ".navigationDestination(for: \(Value.self).self) in \(node.enclosingViewName) "
              + "is declared again in the navigation stack of \(registry.holder); only the one "
              + "closest to the stack's root is used. Declare one destination for each type in "
              + "a stack."))
      }
      let destination = modifier.destination
      registration.table.register(
        registration.type, owner: ObjectIdentifier(registration), depth: node.depth,
        make: { value in AnyView(destination(value.base as! Value)) })
    } else if isNew {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [node.enclosingViewName],
          message:
            ".navigationDestination(for: \(Value.self).self) in \(node.enclosingViewName) is "
            + "not inside a NavigationStack or NavigationSplitView; it has no effect."))
    }
    node.updateModifier(content: content)
  }
}

/// One `navigationDestination(for:)` registration, removed when its view leaves the tree.
@MainActor
final class DestinationRegistration: NodePart {
  let table: DestinationTable
  let type: ObjectIdentifier

  init(table: DestinationTable, type: ObjectIdentifier) {
    self.table = table
    self.type = type
  }

  func nodeDidUnmount() { table.unregister(type, owner: ObjectIdentifier(self)) }
}

/// The modifier behind `navigationDestination(isPresented:destination:)` and
/// `navigationDestination(item:destination:)`: it reads its binding in its own computation and
/// pushes (or pops) a level of the enclosing stack.
public struct PresentedDestinationModifier: _PrimitiveViewModifier {
  /// A built-in modifier has no body.
  public typealias Body = Never
  let presented: @MainActor () -> AnyHashable?
  let content: @MainActor () -> AnyView
  let dismiss: @MainActor () -> Void

  /// Renders the content, and keeps the level pushed while the binding presents it.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    let isNew = node.role == .unset
    node.updateModifier(content: content)
    guard let levels = node.enclosingNavigationRegistry?.presentedLevels else {
      if isNew {
        TrellisDiagnostics.report(
          TrellisDiagnostic(
            kind: .invalidInput, nodes: [node.enclosingViewName],
            message:
              ".navigationDestination(isPresented:) or (item:) in \(node.enclosingViewName) is "
              + "not inside a NavigationStack; it has no effect."))
      }
      return
    }
    let part = node.parts.part(PresentedDestinationPart.self) {
      PresentedDestinationPart(node: node, levels: levels)
    }
    part.update(modifier)
  }
}

/// A presented destination's state: the computation that reads the binding and keeps the
/// stack's level in step.
@MainActor
final class PresentedDestinationPart: NodePart, EffectRunner {
  unowned let node: ViewNode
  let levels: PresentedLevels
  private var modifier: PresentedDestinationModifier?
  private var effect: Effect?

  init(node: ViewNode, levels: PresentedLevels) {
    self.node = node
    self.levels = levels
  }

  func update(_ modifier: PresentedDestinationModifier) {
    self.modifier = modifier
    if effect == nil {
      effect = node.makeOwnComputation(named: "navigationDestination", runner: self)
    }
    effect?.run()
  }

  /// The part's effect runs its pass.
  func runEffect() { runPass() }

  private func runPass() {
    guard node.isMounted, let modifier else { return }
    let key = modifier.presented()
    GraphEvaluation.untracked {
      let owner = ObjectIdentifier(self)
      if let key {
        levels.set(owner: owner, key: key, content: modifier.content, dismiss: modifier.dismiss)
      } else {
        levels.remove(owner: owner)
      }
    }
  }

  func nodeDidUnmount() {
    effect?.dispose()
    levels.remove(owner: ObjectIdentifier(self))
  }
}
