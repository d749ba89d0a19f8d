import TrellisTracking

/// A node of the dependency graph: a `Cell`, a `Derived` value or an `Effect`.
///
/// Nodes are confined to the main actor. Each keeps two intrusive lists of `Link`s: the
/// dependencies its latest evaluation read, and the subscribers that read it. A node releases
/// its own edges when it is deallocated, so dropping the last reference to a node is all it
/// takes to remove it from the graph; subscriptions never keep a node alive.
/// Hot fields opt out of dynamic exclusivity checks: nodes are confined to the main actor and
/// never handed out during a mutation of themselves, and the checks (a thread-local access set
/// insert per field access) cost more than the graph's own work on every propagation step.
@MainActor
public class GraphNode {
  enum Kind: UInt8 {
    case cell
    case derived
    case effect
  }

  let kind: Kind
  @exclusivity(unchecked)
  var flags: NodeFlags = []
  /// Bumped each time the node's value changes (cells and derived values).
  @exclusivity(unchecked)
  var version = 0
  /// Bumped at the start of each evaluation; links confirmed by that evaluation carry it.
  @exclusivity(unchecked)
  var runStamp = 0

  @exclusivity(unchecked)
  var depsHead: Link?
  /// During an evaluation: the last dependency confirmed so far. Otherwise: the list's tail.
  @exclusivity(unchecked)
  unowned(unsafe) var depsTail: Link?
  @exclusivity(unchecked)
  unowned(unsafe) var subsHead: Link?
  @exclusivity(unchecked)
  unowned(unsafe) var subsTail: Link?

  /// The node whose evaluation started this one's, while this one evaluates.
  @exclusivity(unchecked)
  unowned(unsafe) var evaluatingParent: GraphNode?

  /// Subscriptions to tracked properties read by the latest evaluation (created on first use).
  @exclusivity(unchecked)
  var trackingObserver: TrackingObserver?

  /// Why an effect is stale: the sources that changed since its last run. Only effects keep
  /// reasons (they are what explanations report); derived values would pay for nothing.
  @exclusivity(unchecked)
  var staleReasons: [InvalidationReason] = []

  private let explicitName: String?

  init(kind: Kind, name: String?) {
    self.kind = kind
    self.explicitName = name
  }

  isolated deinit {
    trackingObserver?.cancel()
    removeDependencies(after: nil)
  }

  /// The node's name for diagnostics and explanations: the one given at creation, or its type.
  public var name: String { explicitName ?? defaultName }

  /// The type-based name used when none was given; computed only when asked for.
  var defaultName: String { "\(type(of: self))" }

  /// Brings the node up to date by running its computation. Returns whether its value changed.
  func reevaluate() -> Bool { false }

  /// Puts an effect in its graph's run queue; other nodes have nothing to schedule.
  func schedule() {}
}

extension GraphNode {
  /// Unlinks every dependency after `link` (all of them when `link` is nil).
  func removeDependencies(after link: Link?) {
    var next: Link?
    if let link {
      next = link.nextDep
      link.nextDep = nil
    } else {
      next = depsHead
      depsHead = nil
    }
    depsTail = link
    while let current = next {
      next = current.nextDep
      current.nextDep = nil
      current.dep.removeSubscriber(current)
    }
  }

  /// Removes `link` from this node's subscriber list. O(1).
  func removeSubscriber(_ link: Link) {
    if let prev = link.prevSub { prev.nextSub = link.nextSub } else { subsHead = link.nextSub }
    if let next = link.nextSub { next.prevSub = link.prevSub } else { subsTail = link.prevSub }
    link.prevSub = nil
    link.nextSub = nil
  }

  /// Appends `link` to this node's subscriber list. O(1).
  func appendSubscriber(_ link: Link) {
    link.prevSub = subsTail
    if let tail = subsTail { tail.nextSub = link } else { subsHead = link }
    subsTail = link
  }

  /// Whether this node has any subscribers.
  var hasSubscribers: Bool { subsHead != nil }

  /// The dependency edges of the latest evaluation, in read order (for tests).
  var dependencyLinks: [Link] {
    var links: [Link] = []
    var link = depsHead
    while let current = link {
      links.append(current)
      link = current.nextDep
    }
    return links
  }

  /// Whether `sub` read this node during its current evaluation.
  func isReadInCurrentRun(by sub: GraphNode) -> Bool {
    var link = subsHead
    while let current = link {
      if current.sub === sub && current.stamp == sub.runStamp { return true }
      link = current.nextSub
    }
    return false
  }
}
