import TrellisTracking

/// The evaluation in progress on the main actor, and the bookkeeping that goes with it.
@MainActor
enum Evaluation {
  /// The node whose computation is running, if any; reads of cells and derived values made now
  /// become its dependencies.
  @exclusivity(unchecked) static var current: GraphNode?
  /// How many evaluations are nested right now.
  @exclusivity(unchecked) static var depth = 0
  /// Writes deferred because they targeted a source the writer had already read; applied, in
  /// order, when the outermost evaluation ends.
  @exclusivity(unchecked) static var deferredWrites: [() -> Void] = []

  /// Runs `body` as `node`'s evaluation: records what it reads (graph nodes and tracked
  /// properties), drops the dependencies it no longer reads, and reuses the ones it reads again.
  ///
  /// Not generic on purpose: a generic version instantiated tuple metadata at run time on
  /// every evaluation. Callers store their result from inside `body`.
  static func run(_ node: GraphNode, _ body: () -> Void) {
    if depth >= DeepStack.mainThreadDepthLimit && !DeepStack.isActive {
      DeepStack.run { run(node, body) }
      return
    }
    DeepStack.checkDepth(depth, evaluating: node)
    let parent = current
    current = node
    depth += 1
    node.evaluatingParent = parent
    node.runStamp &+= 1
    node.depsTail = nil
    node.flags.insert(.evaluating)
    let reads = trackedReads(isolated: true, during: body)
    node.flags.remove(.evaluating)
    node.evaluatingParent = nil
    node.removeDependencies(after: node.depsTail)
    node.observeTrackedReads(reads)
    depth -= 1
    current = parent
    if depth == 0 && !deferredWrites.isEmpty { applyDeferredWrites() }
  }

  /// Records that the current evaluation read `dep`, reusing the existing edge when the
  /// evaluation reads its dependencies in the same order as last time.
  static func recordRead(of dep: GraphNode) {
    guard let sub = current else { return }
    let tail = sub.depsTail
    if let tail, tail.dep === dep {
      tail.version = dep.version
      return
    }
    let next = tail == nil ? sub.depsHead : tail?.nextDep
    if let next, next.dep === dep {
      next.version = dep.version
      next.stamp = sub.runStamp
      sub.depsTail = next
      return
    }
    if let last = dep.subsTail, last.sub === sub, last.stamp == sub.runStamp {
      last.version = dep.version
      return
    }
    let link = Link(dep: dep, sub: sub, version: dep.version, stamp: sub.runStamp)
    link.prevDep = tail
    link.nextDep = next
    if let tail { tail.nextDep = link } else { sub.depsHead = link }
    next?.prevDep = link
    sub.depsTail = link
    dep.appendSubscriber(link)
  }

  /// The chain of evaluations from `node` outward, for cycle reports.
  static func evaluationPath(from node: GraphNode) -> [GraphNode] {
    var path: [GraphNode] = []
    var cursor: GraphNode? = current
    while let step = cursor {
      path.append(step)
      if step === node { break }
      cursor = step.evaluatingParent
    }
    return path.reversed()
  }

  private static func applyDeferredWrites() {
    let writes = deferredWrites
    deferredWrites = []
    for write in writes { write() }
  }
}

extension GraphNode {
  /// Subscribes to the tracked properties the latest evaluation read, and only those.
  func observeTrackedReads(_ reads: TrackedReads) {
    if reads.isEmpty {
      if let trackingObserver, trackingObserver.observedCount != 0 {
        trackingObserver.observe(reads)
      }
      return
    }
    if trackingObserver == nil {
      trackingObserver = TrackingObserver { [weak self] event in
        guard event.phase == .didSet else { return }
        TrackedChangeInbox.deliver(event, to: self)
      }
    }
    trackingObserver?.observe(reads)
  }
}
