import TrellisTracking

/// Push and pull: marking what may be stale when a source changes, and deciding, lazily, what
/// really has to re-run.
///
/// Push: a changed source marks its direct subscribers dirty and everything further down
/// pending; effects are queued, derived values are only flagged. Pull: before an effect runs
/// or a derived value is read, its dependencies are checked in order, derived ones brought up
/// to date first, stopping at the first dependency whose version changed. A derived value that
/// recomputes to an equal value keeps its version, so nothing below it re-runs (equality
/// cut-off). Both walks use explicit stacks, never recursion, so chain length is unbounded.
@MainActor
enum Propagation {
  @exclusivity(unchecked) private static var pendingWalk: [GraphNode] = []

  /// Marks everything that depends on `source` as stale after `source` changed.
  ///
  /// The walks hold links `unowned(unsafe)`: the lists are not modified while they are walked
  /// (marking only sets flags and queues), and skipping a retain and release per step halves
  /// the cost of a step.
  /// - Parameter source: the node whose value changed.
  static func sourceChanged(_ source: GraphNode) {
    unowned(unsafe) var link = source.subsHead
    while let current = link {
      mark(current.sub, via: current, dirty: true, reason: source)
      link = current.nextSub
    }
    walkPending()
  }

  private static func walkPending() {
    while let node = pendingWalk.popLast() {
      unowned(unsafe) var sublink = node.subsHead
      while let current = sublink {
        mark(current.sub, via: current, dirty: false, reason: node)
        sublink = current.nextSub
      }
    }
  }

  /// Marks a node stale because a tracked property it read changed.
  static func trackedPropertyChanged(_ node: GraphNode, event: TrackingEvent) {
    markDirectly(node, reason: .property(event))
    walkPending()
  }

  private static func markDirectly(_ node: GraphNode, reason: InvalidationReason) {
    let wasStale = !node.flags.isDisjoint(with: [.dirty, .pending])
    node.flags.insert(.dirty)
    if node.kind == .effect { node.staleReasons.append(reason) }
    if !wasStale || node.kind == .effect { enqueueOrWalk(node) }
  }

  private static func mark(_ node: GraphNode, via link: Link, dirty: Bool, reason: GraphNode) {
    if node.flags.contains(.evaluating) {
      // Reached through an edge the running evaluation has not read yet: it will read the new
      // value or drop the edge. Through one it has read: it saw a value that is now stale.
      guard link.stamp == node.runStamp else { return }
    }
    let wasStale = !node.flags.isDisjoint(with: [.dirty, .pending])
    node.flags.insert(dirty ? .dirty : .pending)
    if dirty && node.kind == .effect { node.staleReasons.append(.node(reason)) }
    // An effect may be stale without being queued (a flush that stopped an update cycle
    // dropped it); a new change must schedule it again. `schedule()` ignores queued effects.
    if !wasStale || node.kind == .effect { enqueueOrWalk(node) }
  }

  private static func enqueueOrWalk(_ node: GraphNode) {
    if node.kind == .effect {
      node.schedule()
    } else {
      pendingWalk.append(node)
    }
  }

  /// Whether `root` must re-run: true if a dependency really changed, after bringing every
  /// stale derived dependency up to date. Clears `root`'s pending flag when it need not re-run.
  static func needsUpdate(_ root: GraphNode) -> Bool {
    if root.flags.contains(.dirty) { return true }
    guard root.flags.contains(.pending) else { return false }
    // One shared stack for all checks: a check can start another (a recomputation reads a
    // derived value), so each works above the depth it started at. Reusing it saves an array
    // allocation per check.
    let base = checkStack.count
    defer { checkStack.removeSubrange(base...) }
    checkStack.append(CheckFrame(node: root, link: root.depsHead))
    // After a cycle, nodes stay pending so that a later read checks them again instead of
    // keeping a value computed from the cycle's stale side.
    var sawCycle = false
    while checkStack.count > base {
      let top = checkStack[checkStack.count - 1]
      unowned(unsafe) let node = top.node
      var needs = node.flags.contains(.dirty)
      unowned(unsafe) var cursor = top.link
      var descended = false
      while !needs, let link = cursor {
        unowned(unsafe) let dep = link.dep
        if dep.flags.contains(.evaluating) {
          reportCycle(through: dep, reachedFrom: node)
          sawCycle = true
          cursor = link.nextDep
          continue
        }
        if dep.kind == .derived && !dep.flags.isDisjoint(with: [.dirty, .pending]) {
          checkStack[checkStack.count - 1].link = link
          checkStack.append(CheckFrame(node: dep, link: dep.depsHead))
          descended = true
          break
        }
        if link.version != dep.version {
          needs = true
          if node.kind == .effect { node.staleReasons.append(.node(dep)) }
        } else {
          cursor = link.nextDep
        }
      }
      if descended { continue }
      checkStack.removeLast()
      if checkStack.count == base {
        if !needs && !sawCycle { root.flags.remove(.pending) }
        return needs
      }
      if needs {
        _ = node.reevaluate()
      } else if !sawCycle {
        node.flags.remove(.pending)
      }
    }
    return false
  }

  /// A node being checked and the dependency edge the check has reached.
  private struct CheckFrame {
    unowned(unsafe) let node: GraphNode
    unowned(unsafe) var link: Link?
  }

  @exclusivity(unchecked) private static var checkStack: [CheckFrame] = []

  /// Reports that checking `node` led back to `dep`, which is evaluating: a dependency cycle.
  /// The check then treats that edge as unchanged, so the read returns the previous value.
  private static func reportCycle(through dep: GraphNode, reachedFrom node: GraphNode) {
    let path = Evaluation.evaluationPath(from: dep).map(\.name) + [node.name, dep.name]
    GraphDiagnostics.report(
      GraphDiagnostic(
        kind: .dependencyCycle, nodes: path,
        message:
          "\(path.joined(separator: " → ")) form a cycle; '\(node.name)' keeps its previous "
          + "value. Break the cycle so that no value depends on itself."))
  }
}
