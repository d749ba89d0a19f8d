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
  private static var pendingWalk: [GraphNode] = []

  /// Marks everything that depends on `source` as stale after `source` changed.
  /// - Parameters:
  /// - Parameter source: the node whose value changed.
  static func sourceChanged(_ source: GraphNode) {
    var link = source.subsHead
    while let current = link {
      mark(current.sub, via: current, dirty: true, reason: source)
      link = current.nextSub
    }
    while let node = pendingWalk.popLast() {
      var sublink = node.subsHead
      while let current = sublink {
        mark(current.sub, via: current, dirty: false, reason: node)
        sublink = current.nextSub
      }
    }
  }

  /// Marks a node stale because a tracked property it read changed.
  static func trackedPropertyChanged(_ node: GraphNode, event: TrackingEvent) {
    markDirectly(node, reason: .property(event))
    while let pending = pendingWalk.popLast() {
      var sublink = pending.subsHead
      while let current = sublink {
        mark(current.sub, via: current, dirty: false, reason: pending)
        sublink = current.nextSub
      }
    }
  }

  private static func markDirectly(_ node: GraphNode, reason: InvalidationReason) {
    let wasStale = !node.flags.isDisjoint(with: [.dirty, .pending])
    node.flags.insert(.dirty)
    node.staleReasons.append(reason)
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
    if dirty { node.staleReasons.append(.node(reason)) }
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
    var stack: [(node: GraphNode, link: Link?)] = [(root, root.depsHead)]
    // After a cycle, nodes stay pending so that a later read checks them again instead of
    // keeping a value computed from the cycle's stale side.
    var sawCycle = false
    while let top = stack.last {
      var needs = top.node.flags.contains(.dirty)
      var cursor = top.link
      var descended = false
      while !needs, let link = cursor {
        let dep = link.dep
        if dep.flags.contains(.evaluating) {
          reportCycle(through: dep, reachedFrom: top.node)
          sawCycle = true
          cursor = link.nextDep
          continue
        }
        if dep.kind == .derived && !dep.flags.isDisjoint(with: [.dirty, .pending]) {
          stack[stack.count - 1].link = link
          stack.append((dep, dep.depsHead))
          descended = true
          break
        }
        if link.version != dep.version {
          needs = true
          top.node.staleReasons.append(.node(dep))
        } else {
          cursor = link.nextDep
        }
      }
      if descended { continue }
      stack.removeLast()
      if stack.isEmpty {
        if !needs && !sawCycle { root.flags.remove(.pending) }
        return needs
      }
      if needs {
        _ = top.node.reevaluate()
      } else if !sawCycle {
        top.node.flags.remove(.pending)
      }
    }
    return false
  }

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
