import TrellisTracking

/// A node of the dependency graph: a `Cell`, a `Derived` value, an `Effect` or an
/// `EffectScope`.
///
/// The object is a thin handle: it owns the node's value and closures, while the graph state
/// (flags, versions, dependency edges) lives in the main actor's `NodeStore` under the node's
/// slot. Releasing the object releases the slot; a node's readers keep it alive while they
/// depend on it, never the reverse.
@MainActor
public class GraphNode {
  @usableFromInline let store: NodeStore
  /// The node's slot in `store`.
  @usableFromInline let slot: Int32
  private let explicitName: String?

  /// Brings the node up to date when the store asks, and tells whether its value changed: a
  /// derived value recomputes, a cell written inside a transaction settles, an effect runs.
  /// A closure rather than an override, so that a generic node's code is specialized for its
  /// value type where the node is created (an override in a generic class is reached
  /// unspecialized, through metadata, from the store's non-generic walks).
  @usableFromInline let update: @MainActor (GraphNode) -> Bool

  /// Set while the node has readers: the store keeps it alive for them (see `NodeStore`).
  @exclusivity(unchecked) var retainedBySubscribers: GraphNode?

  /// What the node stands for in the dependency-graph export; set by the layers that create
  /// nodes for state, environment values and view bodies.
  @exclusivity(unchecked) package var role = NodeRole.plain

  /// The node's subscription to the tracked properties its latest evaluation read; made on the
  /// first such read.
  @exclusivity(unchecked) @usableFromInline var relay: ChangeRelay?

  @usableFromInline
  init(kind: NodeKind, name: String?, update: @escaping @MainActor (GraphNode) -> Bool) {
    let store = NodeStore.shared
    self.store = store
    slot = store.allocateSlot(kind: kind)
    explicitName = name
    self.update = update
    store.attach(self)
  }

  isolated deinit {
    relay?.cancel()
    store.objectDidDeinit(slot: slot)
  }

  /// The type-based name, computed on first use (explanations ask for it on every run).
  @exclusivity(unchecked) private var computedName: String?

  /// The node's name for diagnostics and explanations: the one given at creation, or its type.
  public var name: String {
    if let explicitName { return explicitName }
    if let computedName { return computedName }
    // `defaultName` depends on the node's type only; formatting it (a type-name lookup and an
    // interpolation) cost more than the rest of a first run of an effect that names its
    // reason, so it is formatted once per type.
    let type = ObjectIdentifier(Swift.type(of: self))
    let name: String
    if store.lastNamedType == type {
      // Nodes are mostly named in runs of one type (cellx's 4,000 `Derived<Int>`): no hashing.
      name = store.lastDefaultName
    } else if let known = store.defaultNames[type] {
      name = known
    } else {
      name = defaultName
      store.defaultNames[type] = name
    }
    store.lastNamedType = type
    store.lastDefaultName = name
    computedName = name
    return name
  }

  /// The type-based name used when none was given; computed only when asked for.
  var defaultName: String { "\(type(of: self))" }

  /// The value a cell holds, for naming the tracked properties of models kept in cells (the
  /// dependency-graph export reflects it); nil for other nodes.
  var reflectedValue: Any? { nil }

  @inlinable var flags: NodeFlags {
    get { store.nodes[link: slot].flags }
    set { store.nodes[link: slot].flags = newValue }
  }

  /// Whether any node depends on this one now.
  var hasSubscribers: Bool { store.nodes[link: slot].subsHead != -1 }

  /// The edges of the latest evaluation, in read order (for tests).
  var dependencyEdges: [Int32] { store.dependencies(of: slot) }
}
