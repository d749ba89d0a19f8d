import TrellisEnvironment
import TrellisGraph

/// The persistent counterpart of a view at one identity: what survives while that identity
/// stays in the tree (state slots, the body's computation, subscriptions, tasks, the
/// environment scope), and what goes away, all at once, when it leaves.
///
/// Nodes are created and updated by the runtime; users meet them only as the parameter of
/// `View._update(_:in:)`, which they never call.
@MainActor
public final class ViewNode {
  unowned let host: HostCore
  unowned(unsafe) let parent: ViewNode?
  let key: ChildKey
  let viewTypeID: ObjectIdentifier
  let viewType: any Any.Type
  let depth: Int
  /// The explicit identity of this node or of the nearest ancestor below the previous
  /// composite view; shown in the tree and in logs.
  let explicitID: AnyHashable?

  /// The environment this node's content reads; a modifier may replace it with a child scope.
  var environment: EnvironmentScope

  var children: [ViewNode] = []
  /// Set while a `ChildUpdater` has matched this node in the current update.
  var isClaimed = false

  // What the node renders.
  var kind = ""
  var text: String?
  var showsInTree = true
  var action: (@MainActor () -> Void)?
  var toggle: Binding<Bool>?
  /// Extra attributes shown in the tree dump (`title`, `path`, …).
  var attributes: [(String, String)] = []

  // Composite views.
  var viewBox: AnyObject?
  var bodyEffect: Effect?
  var slots: [Int: AnyObject] = [:]
  var inputChanges: [String] = []
  /// Internal composites (ForEach elements, modifier bodies) are not logged or counted.
  var isInternal = false

  // Modifiers.
  var modifierState: AnyObject?

  // Lifecycle.
  var isMounted = true
  var hasAppeared = false
  var disappearActions: [@MainActor () -> Void] = []
  var runningTasks: [RunningTask] = []

  init(
    parent: ViewNode?, key: ChildKey, viewType: any Any.Type, explicitID: AnyHashable?,
    host: HostCore? = nil
  ) {
    self.host = host ?? parent!.host
    self.parent = parent
    self.key = key
    self.viewType = viewType
    viewTypeID = ObjectIdentifier(viewType)
    depth = (parent?.depth ?? -1) + 1
    let inherits = parent.map { $0.bodyEffect == nil || $0.isInternal } ?? false
    self.explicitID = explicitID ?? (inherits ? parent?.explicitID : nil)
    environment = parent?.environment ?? self.host.rootEnvironment
  }

  /// The type this node is named after when it is not the view type: a custom modifier's
  /// node (a `ModifiedContent`) is named after the modifier.
  var nameType: (any Any.Type)?

  /// The view's type name without generic arguments, such as `NoteRow` or `ForEach`.
  var typeName: String { ViewTypeNames.name(of: nameType ?? viewType) }

  /// The name used in logs: the type name, with the explicit identity when there is one.
  var displayName: String {
    guard let explicitID else { return typeName }
    return "\(typeName) #\(Self.describeID(explicitID))"
  }

  /// An identity as shown in names and dumps; ids longer than 12 characters (UUIDs) are
  /// shortened to their first 8 characters and `…`.
  static func describeID(_ id: AnyHashable) -> String {
    let text = "\(id.base)"
    return text.count > 12 ? String(text.prefix(8)) + "…" : text
  }

  /// Reconciles this node's children: see `ChildUpdater`.
  func updateChildren(_ body: (inout ChildUpdater) -> Void) {
    var updater = ChildUpdater(parent: self)
    body(&updater)
    updater.finish()
    children = updater.updated
  }

  /// Marks this node as a leaf that renders `text`.
  func setLeaf(kind: String, text: String?, showsInTree: Bool = true) {
    self.kind = kind
    self.text = text
    self.showsInTree = showsInTree
  }

  /// Marks this node as a container shown (or not) in the rendered tree.
  func setContainer(kind: String, showsInTree: Bool) {
    self.kind = kind
    self.showsInTree = showsInTree
  }

  /// The nearest enclosing composite view's name, for diagnostics.
  var enclosingViewName: String {
    var cursor: ViewNode? = self
    while let node = cursor {
      if node.bodyEffect != nil && !node.isInternal { return node.displayName }
      cursor = node.parent
    }
    return "the root view"
  }
}

/// Type names for display, cached per type.
@MainActor
enum ViewTypeNames {
  private static var cache: [ObjectIdentifier: String] = [:]

  static func name(of type: any Any.Type) -> String {
    let id = ObjectIdentifier(type)
    if let name = cache[id] { return name }
    var name = String(describing: type)
    if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
    cache[id] = name
    return name
  }
}
