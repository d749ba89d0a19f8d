/// A side-effecting computation, such as a view's body: it runs, records what it read, and
/// runs again on its graph's next flush after any of that changes.
///
/// Effects run only on the main actor, only inside `Graph.flush()` (or an explicit `run()`),
/// in order of `depth` (lower first), so that a parent re-runs before its children and a
/// child its parent already brought up to date is not run again in the same flush.
///
/// An effect that is disposed, or released, stops running and unsubscribes from everything.
@MainActor
public final class Effect: GraphNode {
  /// The graph whose flushes run this effect.
  public let graph: Graph
  /// The effect's position in the parent-before-child order; lower runs first.
  public var depth: Int
  /// How many times the body has run.
  public private(set) var runCount = 0
  /// Why the latest run happened: the sources that changed since the run before it. Empty for
  /// the first run and for explicit `run()` calls on an up-to-date effect.
  public private(set) var lastRunReasons: [InvalidationReason] = []
  /// Whether the effect keeps the reasons of its runs (`lastRunReasons`). When false it keeps
  /// none: hosts that do not explain their updates turn this off.
  public var recordsReasons = true
  /// The flush in which `runsInFlush` was counted (see `Graph.flush()`).
  var flushStamp = 0
  /// How many times the effect ran in the flush `flushStamp`.
  var runsInFlush = 0
  private let body: @MainActor () -> Void

  /// Creates an effect and, by default, runs it once right away to record its dependencies.
  /// - Parameters:
  ///   - name: a name for diagnostics and explanations; defaults to `Effect`.
  ///   - graph: the graph that schedules its re-runs.
  ///   - depth: its place in the parent-before-child order (default 0).
  ///   - runImmediately: pass false to defer the first run to an explicit `run()`.
  ///   - body: the computation; what it reads becomes its dependencies.
  public init(
    name: String? = nil, in graph: Graph, depth: Int = 0, runImmediately: Bool = true,
    _ body: @escaping @MainActor () -> Void
  ) {
    self.graph = graph
    self.depth = depth
    self.body = body
    super.init(kind: .effect, name: name)
    if runImmediately { run() }
  }

  /// Whether a dependency changed since the last run (the effect is waiting for a flush).
  public var isStale: Bool { !flags.isDisjoint(with: [.dirty, .pending]) }

  /// Runs the body now, re-recording its dependencies, whether or not anything changed.
  /// Clears the stale state, so a flush in progress will not run it again for the same change.
  /// Does nothing once the effect is disposed.
  public func run() {
    if flags.contains(.disposed) { return }
    flags.remove([.dirty, .pending])
    if recordsReasons {
      lastRunReasons = staleReasons
      if !staleReasons.isEmpty { staleReasons = [] }
    } else if !staleReasons.isEmpty {
      // Keeps the buffer: marking appends to it, and a reused buffer allocates nothing.
      staleReasons.removeAll(keepingCapacity: true)
    }
    runCount += 1
    Evaluation.run(self, body)
    if flags.contains(.dirty) { schedule() }
  }

  /// Marks the effect stale and schedules it, so that its graph's current or next flush runs
  /// it (parents first, by depth) instead of running it now.
  ///
  /// Hosts use this to turn deep recursion into iteration: a child evaluated from inside its
  /// parent's evaluation nests on the stack, a scheduled one does not.
  public func scheduleRun() {
    if flags.contains(.disposed) { return }
    flags.insert(.dirty)
    schedule()
  }

  /// Runs the body if a dependency really changed (after checking derived inputs); otherwise
  /// just clears the stale state. Returns whether it ran.
  @discardableResult
  public func runIfStale() -> Bool {
    if flags.contains(.disposed) { return false }
    guard Propagation.needsUpdate(self) else {
      if !staleReasons.isEmpty { staleReasons.removeAll(keepingCapacity: !recordsReasons) }
      return false
    }
    run()
    return true
  }

  /// Stops the effect for good: it never runs again and drops all of its subscriptions.
  public func dispose() {
    flags.insert(.disposed)
    flags.remove([.dirty, .pending])
    trackingObserver?.cancel()
    trackingObserver = nil
    removeDependencies(after: nil)
  }

  /// Whether `dispose()` was called.
  public var isDisposed: Bool { flags.contains(.disposed) }

  /// Whether the latest run read anything that can change: a graph node or a tracked
  /// property. A host uses this to know that re-running the body with the same inputs would
  /// read nothing new.
  package var hasDependencies: Bool {
    depsHead != nil || (trackingObserver?.observedCount ?? 0) > 0
  }

  override func reevaluate() -> Bool {
    run()
    return false
  }

  override func schedule() {
    if flags.contains(.queued) || flags.contains(.disposed) { return }
    flags.insert(.queued)
    graph.enqueue(self)
  }

  override var defaultName: String { "Effect" }
}
