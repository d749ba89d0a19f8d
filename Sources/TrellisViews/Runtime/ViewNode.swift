import TrellisEnvironment
import TrellisGraph

/// The persistent counterpart of a view at one identity: what survives while that identity
/// stays in the tree (state slots, the body's computation, subscriptions, tasks, the
/// environment scope), and what goes away, all at once, when it leaves.
///
/// Nodes are created and updated by the runtime; users meet them only as the parameter of
/// `View._update(_:in:)`, which they never call.
///
/// Ownership runs downward only: a node owns its children and its parts, and holds nothing
/// above it except the host. Whatever a node needs from above (names for diagnostics, the
/// element its elements go into, the environment) is handed down as a value when the node is
/// created. Queued lifecycle actions capture names and parts, never nodes, so nothing reaches a
/// node after it has left the tree.
///
/// What a node is, is decided by its view's first update and never changes: a leaf or a
/// container that renders an element, a transparent wrapper, a composite view (its body
/// evaluated in its own computation) or a built-in modifier. Feature state lives in typed parts
/// (`NodeParts`), one per feature.
@MainActor
public final class ViewNode {
  /// The host; it outlives every node it created (it dismantles them before it goes).
  unowned let host: HostCore
  /// The identity relative to the parent.
  let key: ChildKey
  /// The view type this node was made for; a view of another type at the same key replaces
  /// the node.
  let viewTypeID: ObjectIdentifier
  let viewType: any Any.Type
  /// The tree depth: the order of body runs (parents first).
  let depth: Int
  /// The explicit identity of this node, or of its nearest ancestor below the previous
  /// composite view; shown in the tree and in names.
  let explicitID: ExplicitID?
  /// Whether `explicitID` has not been shown by an element above this node yet: the first
  /// element at or below shows it.
  let identityPending: Bool
  /// The nearest composite view above this node, for names in diagnostics and logs.
  let enclosingView: ViewName?
  /// The element that this node's elements (its own, or its content's) are inserted into.
  let hostParent: ElementID

  /// The environment this node's content reads; a modifier may replace it with a child scope.
  var environment: EnvironmentScope
  /// Whether `environment` is this node's own scope (made by an environment modifier).
  var ownsEnvironment = false

  // Exclusivity: the fields the commit's walk and the keyed reconciliation read for every
  // row opt out of dynamic exclusivity checks (`@exclusivity(unchecked)`). Each check is a
  // runtime call that records the access in a thread-local set; on a reorder of 10,000 rows
  // they were a tenth of the instructions. What a check would catch cannot happen for these
  // fields: nodes are confined to the main actor, and no code holds an `inout` access to one
  // of them across a call that could reach the same field (every access is one statement, or
  // a mutation of the list, which calls no code but `ChildList`'s and the array's; a node's
  // `deinit` never touches its parent).

  /// The children, in order.
  @exclusivity(unchecked) var children: ChildList<ViewNode> = []
  /// Matched in the reconciliation with this stamp (see `ChildUpdater`).
  @exclusivity(unchecked) var claimStamp: UInt32 = 0
  /// The node's position among its parent's children, for parents that keep it (`ForEach`).
  @exclusivity(unchecked) var listPosition = 0

  /// What the node is; set by its view's first update.
  var role = NodeRole.unset
  /// The element's handle, for nodes that render one.
  @exclusivity(unchecked) var elementID: ElementID?
  /// Whether the renderers have the element (a commit created it).
  @exclusivity(unchecked) var isElementCreated = false
  /// What the commit knows about the element (meaningful when `elementID` is set).
  @exclusivity(unchecked) var element = ElementState()
  /// The text a leaf shows.
  var text: String?
  /// The node's own attributes. A transparent node's attributes go to its first element.
  var attributes: ElementAttributes = []
  /// The type this node is named after when it is not the view type: a custom modifier's node
  /// is named after the modifier.
  var nameType: (any Any.Type)?

  /// The body's computation and state, for composite views.
  var composite: CompositePart?
  /// Appearance, disappearance and tasks, for nodes with lifecycle modifiers.
  var lifecycle: LifecyclePart?
  /// Every other feature's state, by type.
  var parts = NodeParts()

  /// False once the node has left the tree.
  var isMounted = true
  /// Whether a commit has seen the node (created its element, queued its appearance).
  @exclusivity(unchecked) var isCommitted = false

  // Visibility, which is not existence (see `Lifecycle/Visibility.swift`).

  /// Whether a retaining container hides this node, and so its subtree: a tab switched away,
  /// a row scrolled out, a covered navigation level. The node keeps its state; its elements
  /// leave the renderers' tree until it is shown again.
  @exclusivity(unchecked) var isHiddenByContainer = false
  /// Whether the node is shown: neither it nor any node above it is hidden by its container.
  /// Appearance follows this flag.
  var isVisible = true

  /// Creates the root node of `host`.
  init(root viewType: any Any.Type, host: HostCore) {
    self.host = host
    key = .index(0)
    self.viewType = viewType
    viewTypeID = ObjectIdentifier(viewType)
    depth = 0
    explicitID = nil
    identityPending = false
    enclosingView = nil
    hostParent = .root
    environment = host.rootEnvironment
  }

  /// Creates a child of `parent`.
  init(
    parent: ViewNode, key: ChildKey, viewType: any Any.Type, explicitID: ExplicitID?
  ) {
    host = parent.host
    self.key = key
    self.viewType = viewType
    viewTypeID = ObjectIdentifier(viewType)
    depth = parent.depth &+ 1
    let parentIsNamed = parent.role.isNamedComposite
    if let explicitID {
      self.explicitID = explicitID
      identityPending = true
    } else if parentIsNamed {
      self.explicitID = nil
      identityPending = false
    } else {
      self.explicitID = parent.explicitID
      identityPending = parent.elementID == nil && parent.identityPending
    }
    // Trellis's own composites (`NavigationStack`, `TabView`) are not what a diagnostic should
    // name: the app's view around them is.
    let parentNamesChildren = parentIsNamed && parent.composite?.type.isBuiltIn != true
    enclosingView = parentNamesChildren ? parent.name : parent.enclosingView
    hostParent = parent.elementID ?? parent.hostParent
    environment = parent.environment
    isVisible = parent.isVisible
  }

  /// The node's name: its type (or the modifier it is named after) and explicit identity.
  var name: ViewName { ViewName(type: nameType ?? viewType, explicitID: explicitID) }

  /// The view's type name without generic arguments, such as `NoteRow` or `ForEach`.
  var typeName: String { ViewTypeNames.name(of: nameType ?? viewType) }

  /// The name used in logs: the type name, with the explicit identity when there is one.
  var displayName: String { name.description }

  /// The nearest enclosing composite view's name, for diagnostics.
  var enclosingViewName: String { enclosingView?.description ?? "the root view" }

  /// The view a diagnostic about this node should name: itself when it is a composite view,
  /// otherwise the composite whose body contains it.
  var diagnosticName: String { role.isNamedComposite ? displayName : enclosingViewName }

  /// Whether this node renders an element.
  var isShown: Bool { elementID != nil }

  /// Reconciles this node's children: see `ChildUpdater`.
  func updateChildren(_ body: (inout ChildUpdater) -> Void) {
    var updater = ChildUpdater(parent: self)
    body(&updater)
    updater.finish()
  }

  /// Reconciles a node with exactly one child, the common case (a body, a modifier's
  /// content, a container's content), without building a new children array.
  func updateChild<Content: View>(_ key: ChildKey, _ view: Content) {
    if let child = children.first {
      if children.count == 1, child.key == key, child.viewTypeID == ObjectIdentifier(Content.self) {
        updateKeepingStack(view, in: child)
        return
      }
    } else {
      let child = ViewNode(parent: self, key: key, viewType: Content.self, explicitID: nil)
      children = ChildList(child)
      host.markChildrenChanged(of: self)
      updateKeepingStack(view, in: child)
      return
    }
    updateChildren { children in children.update(key, view) }
  }

  /// Declares this node a leaf that renders `kind` with `text`; later updates change the text.
  func setLeaf(kind: ElementKind, text: String?) {
    if role == .unset {
      role = .leaf
      self.text = text
      makeElement(kind)
      return
    }
    guard self.text != text else { return }
    self.text = text
    host.markTextChanged(of: self)
  }

  /// Declares this node a container that renders `kind` around its children.
  func setContainer(kind: ElementKind) {
    guard role == .unset else { return }
    role = .container
    makeElement(kind)
  }

  /// Declares this node a structural wrapper: its content's elements stand in its place.
  func setTransparent(isModifier: Bool = false) {
    guard role == .unset else { return }
    role = isModifier ? .modifier : .transparent
  }

  /// Replaces the node's own attributes; the change reaches the renderer at the next commit.
  func setAttributes(_ attributes: ElementAttributes) {
    guard attributes != self.attributes else { return }
    self.attributes = attributes
    if role == .unset { return }
    host.markAttributesChanged(of: self)
  }

  /// Gives the node an element of `kind` (created by the next commit).
  func makeElement(_ kind: ElementKind) {
    elementID = host.elements.allocate(owner: self)
    element.kind = kind
  }
}

/// What a node is, decided by its view's first update.
enum NodeRole: Equatable {
  /// Not updated yet.
  case unset
  /// Renders an element with text and no children of its own (`Text`, `Toggle`).
  case leaf
  /// Renders an element around its children (`VStack`, `Button`).
  case container
  /// Renders nothing itself; its children stand in its place (tuples, conditions, `ForEach`).
  case transparent
  /// A built-in modifier: transparent, and named after the view it modifies in lifecycle logs.
  case modifier
  /// A composite view or custom modifier: its body runs in its own computation.
  case composite

  /// Whether the node is a composite that names what is below it.
  var isNamedComposite: Bool { self == .composite }
}

/// A node's element as the host tracks it between commits.
struct ElementState {
  /// What the element is.
  var kind = ElementKind.text
  /// The element's children as the renderers have them.
  var children = ChildList<ElementID>()
  /// The attributes it inherits from the structural wrappers it is the first element of.
  var inheritedAttributes: ElementAttributes = []
  var hasInheritedAttributes: Bool { !inheritedAttributes.isEmpty }
  /// The attributes the renderers have.
  var committedAttributes: ElementAttributes = []
  /// The text the renderers have.
  var committedText: String?
  /// The commit for which the element is already listed as having new text.
  var textMark: UInt32 = 0
  /// The commit that created the element (its `HostCore.commitNumber` while it ran; 0 before).
  var createdInCommit: UInt32 = 0
}

/// A view's name for logs and diagnostics: its type and explicit identity, turned into text
/// only when asked for.
struct ViewName {
  let type: any Any.Type
  let explicitID: ExplicitID?

  /// `NoteRow`, or `NoteRow #3` with an explicit identity.
  @MainActor
  var description: String {
    let typeName = ViewTypeNames.name(of: type)
    guard let explicitID else { return typeName }
    return "\(typeName) #\(explicitID.text)"
  }
}

/// Type names for display, cached per type: a fact about the type, shared by every host.
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
