import TrellisTracking

/// A side-effecting computation, such as a view's body: it runs, records what it read, and
/// runs again on its graph's next flush after any of that changes.
///
/// Effects run only on the main actor, only inside `Graph.flush()` (or an explicit `run()`),
/// in order of `depth` (lower first), so that a parent re-runs before its children and a
/// child its parent already brought up to date is not run again in the same flush. Unlike
/// alien-signals, where an effect re-runs synchronously inside the write, a write only queues
/// the effect: any number of writes before the flush cause one run.
///
/// Lifetime and ownership:
/// - An effect that is disposed, or released, never runs again, never checks its inputs, and
///   unsubscribes from everything.
/// - An effect created while another effect runs (or inside `EffectScope.run(_:)`) is owned by
///   it: the owner keeps it alive and disposes it before its own next run and when it is
///   disposed. An effect created inside `untracked(_:)`, in a `Derived`
///   computation, or outside any evaluation has no owner; whoever holds it keeps it alive.
/// - `onCleanup(_:)` inside the body registers work that runs before the next run and on
///   disposal, most recent first.
/// - An effect disposed while it runs (by its own body, or by anything the run reaches: an
///   effect it created, a derived value it read, a cleanup) is disposed at once (`isDisposed`,
///   and it never runs again), but finishes the run: its cleanups run, and the effects it owns
///   are disposed, when the body returns, never in the middle of it. That is everything the
///   run created or registered, before or after the disposal; the previous run's cleanups ran,
///   as always, before the run began. As in Preact, which defers the disposal of a running
///   effect to the end of its run.
@MainActor
public final class Effect: GraphNode {
  /// The graph whose flushes run this effect.
  public let graph: Graph
  /// The effect's position in the parent-before-child order; lower runs first. An effect
  /// created while another one runs (which owns it) starts at least one deeper than that
  /// parent, so that it never runs before the parent that may dispose it. A new depth
  /// takes effect from the next time the effect is queued: an effect already waiting for a
  /// flush, or in the flush running now, keeps the place it was queued at (the queue stores
  /// the depth with each entry when it is queued).
  @exclusivity(unchecked) public var depth: Int
  /// How many times the body has run.
  @exclusivity(unchecked) public private(set) var runCount = 0
  /// Why the latest run happened: the sources that changed since the run before it. Empty for
  /// the first run, for explicit `run()` calls on an up-to-date effect, and when
  /// `recordsReasons` is off.
  @exclusivity(unchecked) public private(set) var lastRunReasons: [InvalidationReason] = []
  /// The reasons collected since the latest run, after `firstStaleNode` when that is set.
  @exclusivity(unchecked) var staleReasons: [InvalidationReason] = []
  /// The first reason collected since the latest run, when it is a graph node (slot -1 for
  /// none): kept as a reference and named only when a run takes it. Most runs have exactly one
  /// reason, the same node as the run before, and then noting and taking it touches no array
  /// (measured: the arrays were 9% of the broad kairo case). Named at the run, not when noted:
  /// the same name, since a node's name never changes and the node is alive until then (it is
  /// a dependency of this effect, and dependencies change only when the effect runs).
  @exclusivity(unchecked) var firstStaleNode = NodeRef(slot: -1, generation: 0)
  /// The node `lastRunReasons` names, when it is exactly that one reason (slot -1 otherwise).
  @exclusivity(unchecked) var lastRunNode = NodeRef(slot: -1, generation: 0)
  /// The body, when it is a closure (an empty one for a runner's effect). Two `let`s rather
  /// than an enum: a run calls a `let` closure of the object borrowed, where binding the
  /// enum's payload copied it, a retain and a release of its context per run (about 37
  /// instructions, 2.5% of kairo's broad case).
  private let closure: @MainActor () -> Void
  /// The body, when it is a runner's method.
  private let runner: UnownedRunner?
  /// Effects and scopes created during the latest run.
  @exclusivity(unchecked) var owned: [GraphNode] = []
  /// Cleanups registered during the latest run, in registration order.
  @exclusivity(unchecked) var cleanups: [@MainActor () -> Void] = []
  /// Its place among effects of equal depth: the order effects were created in.
  let creationOrder: Int
  /// The flush in which `runsInFlush` was counted (see `Graph.flush()`).
  @exclusivity(unchecked) var flushStamp = 0
  @exclusivity(unchecked) var runsInFlush = 0
  /// The change context its next run carries (see `ChangeContext`); 0 for none.
  @exclusivity(unchecked) var changeContext: UInt32 = 0

  /// Creates an effect and, by default, runs it once right away to record its dependencies.
  /// - Parameters:
  ///   - name: a name for diagnostics and explanations; defaults to `Effect`.
  ///   - graph: the graph that schedules its re-runs.
  ///   - depth: its place in the parent-before-child order (default 0; inside another
  ///     effect's run, at least that effect's depth plus one).
  ///   - runImmediately: pass false to defer the first run to an explicit `run()` or
  ///     `scheduleRun()`.
  ///   - body: the computation; what it reads becomes its dependencies.
  public convenience init(
    name: String? = nil, in graph: Graph, depth: Int = 0, runImmediately: Bool = true,
    _ body: @escaping @MainActor () -> Void
  ) {
    self.init(name: name, in: graph, depth: depth, runImmediately: runImmediately, .closure(body))
  }

  /// Creates an effect whose body is `runner.runEffect()`, made without running (a host's
  /// view bodies and primitives): the effect holds `runner` unowned, so `runner` may own the
  /// effect. It spares the closure, and its allocation, that capturing `runner` unowned takes.
  /// - Parameters:
  ///   - name: a name for diagnostics and explanations.
  ///   - graph: the graph that schedules its runs.
  ///   - depth: its place in the parent-before-child order.
  ///   - recordsReasons: the initial `recordsReasons`.
  ///   - runner: the object whose `runEffect()` is the body; it must outlive every run (dispose
  ///     the effect before it goes), or a run traps, as reading any released `unowned`
  ///     reference does.
  package convenience init(
    name: String?, in graph: Graph, depth: Int, recordsReasons: Bool, runner: any EffectRunner
  ) {
    self.init(
      name: name, in: graph, depth: depth, runImmediately: false, recordsReasons: recordsReasons,
      .runner(UnownedRunner(runner)))
  }

  private init(
    name: String?, in graph: Graph, depth: Int, runImmediately: Bool,
    recordsReasons: Bool = true, _ body: EffectBody
  ) {
    self.graph = graph
    self.depth = depth
    switch body {
    case .closure(let body):
      closure = body
      runner = nil
    case .runner(let body):
      closure = {}
      runner = body
    }
    let store = NodeStore.shared
    creationOrder = store.effectsCreated
    store.effectsCreated += 1
    super.init(kind: .effect, name: name, update: { _ in false })
    if recordsReasons { flags.insert(.recordsReasons) }
    // A child runs after the parent that owns it, which may dispose it (found by a user
    // comparing with alien-signals: a child at the default depth 0 of a parent at depth 1 ran
    // stale once before its parent's re-run disposed it).
    // At `Int.max` the child stays at its parent's depth: ties run in creation order, so the
    // parent, made first, still runs first (a wrapping add put the child at `Int.min`, first of
    // all; found by a user trying extreme depths).
    if let parentDepth = store.currentOwnerNode?.adopt(self), parentDepth >= self.depth {
      self.depth = parentDepth == .max ? .max : parentDepth + 1
    }
    if runImmediately { run() }
  }

  /// Whether the effect keeps the reasons it became stale (`lastRunReasons`). On by default;
  /// turning it off makes marking and running it allocate nothing for explanations.
  public var recordsReasons: Bool {
    get { flags.contains(.recordsReasons) }
    set {
      if newValue {
        flags.insert(.recordsReasons)
      } else {
        flags.remove(.recordsReasons)
        staleReasons = []
        firstStaleNode = NodeRef(slot: -1, generation: 0)
        lastRunReasons = []
        lastRunNode = NodeRef(slot: -1, generation: 0)
      }
      relay?.setDeliversEvents(newValue)
    }
  }

  /// Whether the latest run read anything that can change: a graph node or a tracked property.
  /// A host uses this to know that re-running the body with the same inputs would read
  /// nothing new.
  package var hasDependencies: Bool {
    store.nodes[Int(slot)].depsHead != -1 || (relay?.observedCount ?? 0) > 0
  }

  /// Whether a dependency may have changed since the last run (the effect is waiting for a
  /// flush), counting tracked properties changed on other threads whose changes wait to be
  /// applied (they are applied now). A change that reaches the effect through a derived value
  /// counts until that value is recomputed: if it recomputes to an equal value, the effect does
  /// not run, and `runIfStale()` returns false.
  public var isStale: Bool {
    if store.postedChanges.isSet { TrackedChangeInbox.drain() }
    return !flags.isDisjoint(with: .stale)
  }

  /// Whether `dispose()` was called.
  public var isDisposed: Bool { flags.contains(.disposed) }

  /// Runs the body now, re-recording its dependencies, whether or not anything changed.
  /// Clears the stale state, so a flush in progress will not run it again for the same change.
  /// Does nothing once the effect is disposed, or while it is already running (reported as a
  /// dependency cycle).
  public func run() {
    // An effect created inside an effect runs inside it, one level deeper on the stack: when
    // the thread's stack is nearly used up, the run continues on a fresh segment of it, as a
    // derived value's first evaluation does. Never another thread.
    if remainingStackBytes() < NodeStore.stackSwitchThreshold, withFreshStack({ runHere() }) {
      return
    }
    runHere()
  }

  private func runHere() {
    // A run that no evaluation began applies the changes posted from other threads first, as a
    // flush does: the derived values it reads take them as up to date. Inside a flush, drains
    // are held (the flush applied them at its start), so this does nothing there, and the
    // hold, a plain load, is asked before the flag, a call.
    if store.currentSubscriber < 0 && TrackedChangeInbox.holds == 0
      && store.postedChanges.isSet
    {
      TrackedChangeInbox.drain()
    }
    let flags = self.flags
    if flags.contains(.disposed) { return }
    if !flags.isDisjoint(with: .onStack) {
      store.reportReentrantRun(of: self)
      return
    }
    if !owned.isEmpty || !cleanups.isEmpty {
      disposeOwnedAndClean()
      // A cleanup may have disposed this very effect.
      if self.flags.contains(.disposed) { return }
    }
    if flags.contains(.recordsReasons) { takeStaleReasons() }
    guard let frame = store.beginEvaluation(of: self, ownsEffects: true) else { return }
    runCount += 1
    // The context it was marked with is the current one while it runs (see `ChangeContext`).
    let context = changeContext
    var outerContext: UInt32 = 0
    if context != 0 {
      outerContext = store.changeContext
      changeContext = 0
      store.changeContext = context
    }
    if let runner {
      runner.object.runEffect()
    } else {
      closure()
    }
    if context != 0 { store.changeContext = outerContext }
    store.endEvaluation(of: self, frame)
    // Disposed during the run: the disposal left what the run owns and its cleanups for now,
    // so that the body never lost them while it still used them (see `beginDisposal()`).
    if self.flags.contains(.disposed) { finishDisposalAfterRun() }
  }

  /// The rest of a disposal that came while the effect ran: what the run created, then its
  /// cleanups and subscriptions, as `dispose()` would have taken them.
  private func finishDisposalAfterRun() {
    if !owned.isEmpty {
      let children = owned
      owned = []
      GraphNode.dispose(children, in: store)
    }
    finishDisposal()
  }

  /// Marks the effect stale and queues it, so that its graph's current or next flush runs it
  /// (parents first, by depth) instead of running it now: the first run of an effect made
  /// with `runImmediately: false`, or a run forced without a change. Does nothing once the
  /// effect is disposed. O(1).
  ///
  /// Hosts use this to turn deep recursion into iteration: a child evaluated from inside its
  /// parent's evaluation nests on the stack, a queued one does not.
  public func scheduleRun() {
    if flags.contains(.disposed) { return }
    store.markForRun(slot)
  }

  /// Runs the body if a dependency really changed (after checking derived inputs); otherwise
  /// just clears the stale state. Returns whether it ran.
  ///
  /// Called while a `Derived` computation runs (also from the body of an effect that
  /// computation runs), it does nothing, returns false and reports a
  /// `TrellisDiagnostic.Kind.invalidInput` naming the effect and the value being computed: the
  /// effect is left as it was, so a stale one runs at the next flush. Whether a dependency
  /// changed cannot be decided then (a value being computed has no new value yet), and a check
  /// that took it as unchanged would clear the stale state and lose the update. Inside an
  /// effect's body otherwise (a parent bringing a child up to date) it works as anywhere else.
  @discardableResult
  public func runIfStale() -> Bool {
    if flags.contains(.disposed) { return false }
    if store.innermostEvaluation >= 0 {
      let computing = store.innermostDerivedComputation()
      if computing >= 0 {
        reportRunInsideComputation(of: computing)
        return false
      }
    }
    if store.postedChanges.isSet { TrackedChangeInbox.drain() }
    guard store.needsUpdate(slot) else {
      clearStaleReasons()
      if changeContext != 0 { changeContext = 0 }
      return false
    }
    run()
    return true
  }

  /// `runIfStale()` was called while the derived value at `slot` was being computed.
  private func reportRunInsideComputation(of slot: Int32) {
    let computing = store.object(at: slot)?.name ?? "a derived value"
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: [name, computing],
        message:
          "runIfStale() was called on '\(name)' while '\(computing)' was being computed; it "
          + "did nothing, and '\(name)' runs at the next flush if it is stale. Run effects "
          + "from outside computations."))
  }

  /// Forgets the reasons collected by a check that found nothing changed.
  @inline(__always)
  func clearStaleReasons() {
    firstStaleNode = NodeRef(slot: -1, generation: 0)
    if !staleReasons.isEmpty { clearStaleReasonList() }
  }

  private func clearStaleReasonList() {
    // `removeLast` keeps the buffer without the generic replace-subrange path of
    // `removeAll(keepingCapacity:)`.
    while !staleReasons.isEmpty { staleReasons.removeLast() }
  }

  /// Records that `node`, a dependency, changed since the latest run.
  @inline(__always)
  func noteStale(node: NodeRef) {
    if firstStaleNode.slot < 0 && staleReasons.isEmpty {
      firstStaleNode = node
    } else {
      appendStaleReason(node: node)
    }
  }

  /// `noteStale(node:)`, unless that node is already among the reasons (a walk that decides
  /// every dependency meets again the ones a change already named).
  @inline(__always)
  func noteStaleIfNew(node: NodeRef) {
    if firstStaleNode == node { return }
    if firstStaleNode.slot < 0 && staleReasons.isEmpty {
      firstStaleNode = node
    } else {
      appendStaleReasonIfNew(node: node)
    }
  }

  /// Reasons are compared by name: building one is what appending costs anyway, and an
  /// identity kept beside each reason made every reason list slower to clear (measured: 4%
  /// more instructions in kairo's triangle).
  private func appendStaleReasonIfNew(node: NodeRef) {
    let reason = InvalidationReason(node: node.slot, in: store)
    if staleReasons.contains(reason) { return }
    staleReasons.append(reason)
  }

  /// Records that a tracked property the effect read changed, unless it is already among the
  /// reasons: a property written a million times before a run is one reason, not a million.
  /// - Complexity: O(k) in the reasons collected since the latest run.
  func noteStale(property event: TrackingEvent) {
    if staleReasons.contains(where: { $0.names(event) }) { return }
    staleReasons.append(InvalidationReason(event))
  }

  /// Notes a change posted without an event for an effect that keeps reasons: a racing write
  /// its run missed (see `InvalidationReason.racingWrite`).
  func noteStaleFromRacingWrite() {
    if staleReasons.contains(.racingWrite) { return }
    staleReasons.append(.racingWrite)
  }

  private func appendStaleReason(node: NodeRef) {
    staleReasons.append(InvalidationReason(node: node.slot, in: store))
  }

  /// Makes the reasons collected since the latest run `lastRunReasons`, for the run starting.
  @inline(__always)
  private func takeStaleReasons() {
    let first = firstStaleNode
    if first.slot >= 0 && first == lastRunNode && staleReasons.isEmpty {
      // The same single reason as the latest run: `lastRunReasons` already says it.
      firstStaleNode = NodeRef(slot: -1, generation: 0)
      return
    }
    takeStaleReasonsSlowly(first: first)
  }

  private func takeStaleReasonsSlowly(first: NodeRef) {
    firstStaleNode = NodeRef(slot: -1, generation: 0)
    if first.slot >= 0 && staleReasons.isEmpty {
      // One reason, a node: named now (see `firstStaleNode`), the node is still this effect's
      // dependency. Appended to the emptied buffer of the latest run's reasons (inserting it in
      // front of an empty list took the generic replace-subrange path).
      lastRunNode = first
      while !lastRunReasons.isEmpty { lastRunReasons.removeLast() }
      lastRunReasons.append(InvalidationReason(node: first, in: store))
      return
    }
    lastRunNode = NodeRef(slot: -1, generation: 0)
    swap(&lastRunReasons, &staleReasons)
    clearStaleReasons()
    if first.slot >= 0 {
      lastRunReasons.insert(InvalidationReason(node: first, in: store), at: 0)
    }
  }

  /// Stops the effect for good: it never runs again and drops all of its subscriptions. Its
  /// cleanups run and its owned effects are disposed. Safe to call from anywhere, including
  /// from inside an evaluation that is checking this effect; calling it again does nothing.
  ///
  /// Called while the effect runs (from its body, or from anything its run reaches), it marks
  /// the effect disposed at once, and the cleanups and owned effects go when the body returns
  /// (see "Lifetime and ownership" above).
  public func dispose() { disposeWithOwned() }

  isolated deinit {
    // Released is disposed: its cleanups run and what it owns goes with it.
    dispose()
  }

  /// The first half of `dispose()`: marks the effect disposed and hands over what it owns
  /// (see `GraphNode.disposeWithOwned()`); nil if it was disposed already. While the effect
  /// runs it hands over nothing: its run ends the disposal (`finishDisposalAfterRun()`), since
  /// the body may still use what its cleanups release, or the effects it created.
  func beginDisposal() -> [GraphNode]? {
    if flags.contains(.disposed) { return nil }
    flags.insert(.disposed)
    flags.remove(.stale)
    if flags.contains(.evaluating) { return [] }
    let children = owned
    owned = []
    return children
  }

  /// The second half of `dispose()`, once what it owned is disposed: its cleanups run and it
  /// drops its subscriptions. Left to the end of the run when the effect is running.
  func finishDisposal() {
    if flags.contains(.evaluating) { return }
    runCleanups()
    relay?.cancel()
    relay = nil
    staleReasons = []
    firstStaleNode = NodeRef(slot: -1, generation: 0)
    store.disposeDependencies(of: slot)
  }

  /// Disposes what the previous run created, most recent first, and runs its cleanups, most
  /// recent first.
  private func disposeOwnedAndClean() {
    if !owned.isEmpty {
      let children = owned
      owned = []
      GraphNode.dispose(children, in: store)
    }
    runCleanups()
  }

  /// Runs the cleanups, most recent first. Untracked: what a cleanup reads is nobody's
  /// dependency, whichever evaluation disposed this effect.
  private func runCleanups() {
    if cleanups.isEmpty { return }
    store.withoutEvaluation {
      let actions = cleanups
      cleanups = []
      for action in actions.reversed() { action() }
    }
  }

  override var defaultName: String { "Effect" }
}

/// An object whose method is an effect's body (see `Effect.init(name:in:depth:runner:)`).
@MainActor
package protocol EffectRunner: AnyObject {
  /// Runs the effect's body; what it reads becomes the effect's dependencies.
  func runEffect()
}

/// What an effect runs, as its initializer takes it.
private enum EffectBody {
  case closure(@MainActor () -> Void)
  case runner(UnownedRunner)
}

/// An effect's runner, held unowned: the runner owns the effect.
private struct UnownedRunner {
  unowned let object: any EffectRunner
  init(_ object: any EffectRunner) { self.object = object }
}
