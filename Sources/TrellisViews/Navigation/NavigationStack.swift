import TrellisEnvironment
import TrellisGraph
import TrellisTracking

/// A stack of views: a root, and above it one destination per pushed value, like SwiftUI's
/// `NavigationStack`.
///
/// - **Path.** Without `path:` the stack keeps its own; with `path:` it is a typed collection
///   (`[Note.ID]`) or a `NavigationPath` (values of several types). `NavigationLink(value:)`
///   appends to it; setting it replaces the stack's levels; `\.dismiss` inside a destination
///   pops that destination and those above it.
/// - **Destinations.** A value shows the destination `.navigationDestination(for:)` registered
///   (anywhere inside the stack) for its type; several types can share one path. A value with
///   no destination that the path gets in code is reported (naming its type and the view
///   holding the stack) and shows an empty level, as SwiftUI shows a placeholder: going back
///   pops it. A `NavigationLink` to such a value is refused instead, reported, and leaves the
///   path unchanged.
///   `navigationDestination(isPresented:)`, `(item:)` and `NavigationLink(_:destination:)`
///   push levels without a value, above the path's.
/// - **Identity.** Each pushed element is its own identity, keyed by its position and its
///   value: replacing the top value is a pop and a push (the old destination disappears and is
///   destroyed, a fresh one appears).
/// - **Retains.** Covered levels (the root under a push, and every destination below the top)
///   stay alive and keep their state, hidden: they disappear when covered (their `.task` is
///   cancelled) and appear again when uncovered. Only the top level is in the rendered tree.
/// - **Destroys.** Popping destroys the popped levels (disappear, state gone, tasks
///   cancelled).
///
/// The stack's body reads the path, so it re-renders when the path changes, and only then.
public struct NavigationStack<Data, Root: View>: View {
  let path: NavigationPathSource?
  let root: Root
  @State private var ownPath = NavigationPath()
  private let holder = StackHolder()

  /// Creates a stack that keeps its own path.
  /// - Parameter root: the root view.
  public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {
    path = nil
    self.root = root()
  }

  /// Creates a stack over a `NavigationPath`.
  /// - Parameters:
  ///   - path: the values pushed above the root, bottom first.
  ///   - root: the root view.
  public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root)
  where Data == NavigationPath {
    self.path = NavigationPathSource(path)
    self.root = root()
  }

  /// Creates a stack over a typed path.
  /// - Parameters:
  ///   - path: the values pushed above the root, bottom first.
  ///   - root: the root view.
  public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where
    Data: MutableCollection & RandomAccessCollection & RangeReplaceableCollection,
    Data.Element: Hashable
  {
    self.path = NavigationPathSource(path)
    self.root = root()
  }

  /// Reads the path and renders the root and the pushed destinations.
  public var body: some View {
    let path = self.path ?? NavigationPathSource($ownPath)
    NavigationStackContent(root: root, values: path.values(), path: path, holder: holder.name)
  }
}

/// Learns, when the body of a stack, split view or tab view runs, the name of the view whose
/// body holds it: its own node's enclosing view would be the container itself.
@MainActor
struct StackHolder: DynamicProperty, RuntimeOwnedProperty {
  final class Box {
    var name = "the root view"
  }

  let box = Box()

  var name: String { box.name }

  func _link(to node: ViewNode, ordinal: Int, label: String) { box.name = node.enclosingViewName }
}

/// The rendered stack: the root, then one level per path value and per presented level.
struct NavigationStackContent<Root: View>: View, _PrimitiveView {
  let root: Root
  let values: [AnyHashable]
  let path: NavigationPathSource
  let holder: String

  static func _update(_ view: Self, in node: ViewNode) {
    node.setTransparent()
    node.showsRootNavigationTitle()
    let part = node.parts.part(NavigationStackPart.self) {
      NavigationStackPart(node: node, holder: view.holder)
    }
    let root = view.root
    part.update(
      values: view.values, path: view.path,
      root: { children in children.update(.index(0), root) },
      rootOnly: { node in
        guard let first = node.children.first, first.key == .index(0),
          first.viewTypeID == ObjectIdentifier(Root.self)
        else { return }
        Root._update(root, in: first)
      })
  }
}

/// A stack's state: its registry, its latest path and root, and the pass that builds its
/// levels.
///
/// The pass runs in the stack's own computation: the root is reconciled first (so that the
/// destinations it registers are known), then each level's view is built (tracked: what a
/// destination closure reads re-runs the pass), then the levels are reconciled by identity
/// and every level but the top is hidden.
@MainActor
final class NavigationStackPart: NodePart, EffectRunner {
  unowned let node: ViewNode
  let registry: NavigationRegistry
  private var values: [AnyHashable] = []
  private var path: NavigationPathSource?
  private var updateRoot: (@MainActor (inout ChildUpdater) -> Void)?
  /// Updates the existing root alone, leaving the levels as they are.
  private var updateRootOnly: (@MainActor (ViewNode) -> Void)?
  private var effect: Effect?
  /// Path values without a destination at the last pass, reported once each.
  private var missing: [NavigationLevelKey] = []
  private var reported: Set<NavigationLevelKey> = []
  private var isCheckQueued = false

  init(node: ViewNode, holder: String) {
    self.node = node
    let levels = PresentedLevels()
    registry = NavigationRegistry(
      holder: holder, destinations: DestinationTable(), presentedLevels: levels)
    node.environment = node.environment.child(named: node.enclosingViewName)
    node.environment.setObject(registry)
    // As in SwiftUI, a stack gives its content an edit mode when none is inherited, so that an
    // `EditButton` inside it turns on the editing of the lists it shows.
    if GraphEvaluation.untracked({ node.environment[\.editMode] }) == nil {
      let editMode = NavigationEditMode()
      node.environment.apply { $0.editMode = editMode.binding }
    }
    registry.pushValue = { [weak self] value in
      guard let self, let path, path.canHold(value) else { return .cannotHold }
      // As in SwiftUI, a link whose value has no destination cannot be activated: the path
      // stays as it is, rather than holding a value nothing shows.
      guard registry.destinations.destination(for: value) != nil else {
        let type = type(of: value.base)
        TrellisDiagnostics.report(
          TrellisDiagnostic(
            kind: .invalidInput, nodes: [registry.holder, "\(type)"],
            message:
              "A NavigationLink presents a value of type \(type), but the NavigationStack in "
              + "\(registry.holder) has no navigationDestination(for: \(type).self); the link "
              + "cannot be activated and the path is unchanged."))
        return .refused
      }
      return path.push(value) ? .pushed : .cannotHold
    }
    registry.refusal = { [weak self] value in
      guard let self, let path, !path.canHold(value) else { return nil }
      return "has a path of \(path.elementDescription) values"
    }
    registry.destinations.onChange = { [weak self] in self?.effect?.scheduleRun() }
    levels.onChange = { [weak self] in self?.effect?.scheduleRun() }
  }

  func update(
    values: [AnyHashable], path: NavigationPathSource,
    root: @escaping @MainActor (inout ChildUpdater) -> Void,
    rootOnly: @escaping @MainActor (ViewNode) -> Void
  ) {
    self.values = values
    self.path = path
    updateRoot = root
    updateRootOnly = rootOnly
    if effect == nil {
      effect = node.makeOwnComputation(named: "NavigationStack", runner: self)
    }
    effect?.run()
  }

  func nodeDidUnmount() {
    effect?.dispose()
    registry.pushValue = nil
    registry.destinations.onChange = nil
    registry.presentedLevels?.onChange = nil
  }

  /// The part's effect runs its pass.
  func runEffect() { runPass() }

  private func runPass() {
    guard node.isMounted, let updateRoot, let updateRootOnly else { return }
    let table = registry.destinations
    let presented = registry.presentedLevels
    // The root first, untracked, so that the destinations and levels it sets are there.
    table.isPassRunning = true
    presented?.isPassRunning = true
    GraphEvaluation.untracked {
      if node.children.isEmpty {
        node.updateChildren { children in updateRoot(&children) }
      } else {
        updateRootOnly(node)
      }
    }
    table.isPassRunning = false
    presented?.isPassRunning = false
    var levels: [(key: NavigationLevelKey, content: AnyView, dismiss: DismissAction)] = []
    var missing: [NavigationLevelKey] = []
    var typesInUse = Set<ObjectIdentifier>()
    for (position, value) in values.enumerated() {
      let key = NavigationLevelKey(position: position, value: value)
      let dismiss = DismissAction { [weak self] in self?.path?.truncate(position) }
      guard let make = table.destination(for: value) else {
        // As SwiftUI shows a placeholder: an empty level, on top of the ones below, that going
        // back pops (with nothing there, the path could not be popped past it).
        missing.append(key)
        levels.append((key, AnyView(EmptyView()), dismiss))
        continue
      }
      typesInUse.insert(ObjectIdentifier(type(of: value.base)))
      levels.append((key, make(value), dismiss))
    }
    let presentedKeys = presented?.keys ?? []
    for (level, value) in zip(presented?.levels ?? [], presentedKeys) {
      let key = NavigationLevelKey(position: -1, value: value)
      let dismiss = level.dismiss
      levels.append((key, level.content(), DismissAction { dismiss() }))
    }
    table.typesInUse = typesInUse
    self.missing = missing
    GraphEvaluation.untracked {
      table.isPassRunning = true
      presented?.isPassRunning = true
      defer {
        table.isPassRunning = false
        presented?.isPassRunning = false
      }
      node.updateChildren { children in
        updateRoot(&children)
        for level in levels {
          children.update(
            .id(AnyHashable(level.key)),
            NavigationLevel(content: level.content, dismiss: level.dismiss))
        }
      }
      // Only the top level is shown; the ones it covers are hidden, alive.
      let host = node.host
      let children = node.children
      for (index, child) in children.enumerated() {
        if index == children.count - 1 {
          host.show(child, in: node)
        } else {
          host.hide(child)
        }
      }
      if !missing.isEmpty { queueMissingCheck() }
    }
    // A level pushed or popped, or the destination of a value above registered, while the
    // levels were reconciled (by a level's own content) is built by one more pass.
    if let presented, presented.keys != presentedKeys {
      effect?.scheduleRun()
    } else if missing.contains(where: { table.destination(for: $0.value) != nil }) {
      effect?.scheduleRun()
    }
  }

  /// Reports, after the update (when every destination of the update has registered), the
  /// path values that still have no destination: once each, while they stay.
  private func queueMissingCheck() {
    guard !isCheckQueued else { return }
    isCheckQueued = true
    node.host.lifecycleQueue.enqueue(.change) { [weak self] _ in
      guard let self else { return }
      isCheckQueued = false
      guard node.isMounted else { return }
      for key in missing where reported.insert(key).inserted {
        let type = type(of: key.value.base)
        TrellisDiagnostics.report(
          TrellisDiagnostic(
            kind: .invalidInput, nodes: [registry.holder, "\(type)"],
            message:
              "NavigationStack in \(registry.holder) has the value "
              + "\(String(reflecting: key.value.base)) on its path but no "
              + ".navigationDestination(for: \(type).self) inside it; an empty level is shown "
              + "for it, which going back pops."))
      }
      reported.formIntersection(missing)
    }
  }
}

/// The edit mode a navigation stack keeps for its content when none is inherited.
@MainActor
final class NavigationEditMode: Trackable {
  @Tracked var mode = EditMode.inactive

  /// A binding to `mode`, read tracked: the views that read it re-run when it changes.
  var binding: Binding<EditMode> {
    Binding(get: { self.mode }, set: { self.mode = $0 })
  }
}

/// The identity of a pushed level: its position and its value.
struct NavigationLevelKey: Hashable {
  let position: Int
  let value: AnyHashable
}

/// A pushed level, shown in the tree as `Destination` above its content. Its environment has
/// `\.dismiss` popping it and `\.isPresented` true.
struct NavigationLevel: View, _PrimitiveView {
  let content: AnyView
  let dismiss: DismissAction

  static func _update(_ view: Self, in node: ViewNode) {
    if node.role == .unset {
      node.setContainer(kind: .navigationDestination)
      node.environment = node.environment.child(named: "Destination in \(node.enclosingViewName)")
      node.environment.setPresentation(dismiss: view.dismiss)
    }
    node.showsNavigationTitle(of: .allChildren)
    node.parts.part(DismissPart.self) { DismissPart() }.dismiss = view.dismiss
    node.updateChild(.index(0), view.content)
  }
}
