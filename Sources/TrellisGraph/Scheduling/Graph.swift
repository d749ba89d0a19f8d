/// The scheduler of a dependency graph: it collects the effects that became stale and runs
/// them, coalesced, in one flush on the main actor.
///
/// Mirrors how SwiftUI batches invalidations: any number of writes in one turn lead to one
/// flush, in which each affected body runs once, parents before children.
///
/// - With `.mainActor`, the first stale effect of a turn schedules a main-actor task that
///   flushes; later changes in the same turn join that flush.
/// - With `.manual`, nothing runs until `flush()` is called: tests drive it deterministically.
///
/// Inside a flush, effects run by increasing `Effect.depth`, ties in the order the effects were
/// created (siblings in the order they were built, whichever change reached them first; where
/// alien-signals runs a batch's effects in the order they were notified). An effect queued
/// during the flush (a child its parent created, or one whose input the flush changed) runs in
/// the same flush, in its place, at any depth. An effect that keeps invalidating itself is an
/// update cycle: when one effect would run more than `maximumRounds` times in one flush, the
/// flush stops it and reports a `TrellisDiagnostic.Kind.updateCycle` naming it and the effects
/// still queued. For the rest of the flush only effects that have never run get their first
/// run (what the last runs created); every other one stays stale and runs again only once
/// something it reads changes again. Never a hang.
///
/// The limit counts runs, not cycles, so two acyclic shapes reach it too:
/// - a chain of more than `maximumRounds` effects, each writing a cell the next one reads,
///   created downstream first: the queue runs effects by depth, then creation, so the first
///   one made re-runs once per upstream step (as Preact's batch limit stops the same chain);
///   give each effect a depth one greater than the one it reads from, or raise the limit;
/// - an effect that appends to a tracked array (`log.entries.append(x)`): an in-place mutation
///   reads the property too, so each run invalidates itself. Read what the effect depends on,
///   then append inside `untracked { … }`, or keep the log in a plain property.
///
/// A graph keeps none of its effects alive: the queue holds references that a released effect
/// invalidates, so a graph, a host, or an effect dropped with work pending is simply freed.
@MainActor
public final class Graph {
  /// How this graph's flushes are triggered.
  public let executor: GraphExecutor
  /// How many times one effect may run in one flush before the flush is reported as an update
  /// cycle. At least 1: a smaller value is reported as `invalidInput` and 1 is used, since with
  /// none every run would be stopped as a cycle.
  @exclusivity(unchecked) public var maximumRounds = 100 {
    didSet {
      guard maximumRounds < 1 else { return }
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [],
          message:
            "Graph.maximumRounds was set to \(maximumRounds); an effect needs at least one run "
            + "per flush, so 1 is used instead."))
      maximumRounds = 1
    }
  }
  /// How many flushes found effects queued so far. Each queued effect is checked, and runs
  /// only if a dependency did change: a flush counts here even when every check found nothing
  /// to run (a derived value recomputed to an equal value, or the effect was run directly).
  @exclusivity(unchecked) public private(set) var flushCount = 0
  /// How many effect runs the flushes performed so far.
  @exclusivity(unchecked) public private(set) var runCount = 0

  /// Called when an effect is queued while no flush is running (at the end of the graph
  /// operation that queued it, never in the middle of one). When set, the graph schedules no
  /// flush task of its own: a host drives its own update cycle. The handler must not run
  /// graph work synchronously beyond scheduling it.
  @exclusivity(unchecked) package var onWorkScheduled: (@MainActor () -> Void)?

  /// Whether a change gave one of this graph's effects a nonzero change context (see
  /// `ChangeContext`) since the layer above last took the flag with
  /// `takeChangeContextMark()`. Per graph, so that a transaction used with one host's models
  /// tells that host, and no other, to record what made its changes.
  @exclusivity(unchecked) var markedWithChangeContext = false

  /// Whether a change gave one of this graph's effects a nonzero change context since the
  /// previous call; clears the flag.
  package func takeChangeContextMark() -> Bool {
    guard markedWithChangeContext else { return false }
    markedWithChangeContext = false
    return true
  }

  @exclusivity(unchecked) private var queue = RunQueue()
  @exclusivity(unchecked) private var isFlushing = false
  @exclusivity(unchecked) private var flushTaskScheduled = false
  /// Whether the store will call `workWasScheduled()` at the end of the current operation.
  @exclusivity(unchecked) var awaitsNotification = false
  @exclusivity(unchecked) private var flushStamp = 0
  @usableFromInline let store = NodeStore.shared

  /// Creates a graph.
  /// - Parameter executor: `.mainActor` (default) or `.manual`.
  public init(executor: GraphExecutor = .mainActor) {
    self.executor = executor
  }

  isolated deinit {
    if recordsLastChange { store.stopRecordingChanges() }
  }

  /// Whether the store keeps a log of the latest change (the cells and tracked properties that
  /// changed, the nodes they marked, the nodes that re-evaluated) for
  /// `exportDOT(highlightingLastChange:)`. Off by default: recording costs a set insertion per
  /// node touched. The log is shared by every graph of the main actor; it is kept while any
  /// graph asks for it.
  public var recordsLastChange = false {
    didSet {
      guard recordsLastChange != oldValue else { return }
      if recordsLastChange { store.startRecordingChanges() } else { store.stopRecordingChanges() }
    }
  }

  /// The names of the effects waiting for a flush, in run order.
  package var pendingEffectNames: [String] {
    queue.waiting.sorted { $0.precedes($1) }.compactMap { entry in
      store.isLive(entry.ref) ? store.object(at: entry.ref.slot)?.name : nil
    }
  }

  /// Drops every queued effect without running it (they stay stale until something they read
  /// changes again). For hosts that stop an update cycle.
  package func discardPendingWork() {
    for entry in queue.removeAll() where store.isLive(entry.ref) {
      store.nodes[Int(entry.ref.slot)].flags.remove(.queued)
    }
  }

  /// Whether an effect is queued for a flush. The flush checks each queued effect and runs
  /// only those a change did reach, so this may be true when the next flush runs nothing: an
  /// effect run directly after it was queued stays queued until then, and one whose changed
  /// inputs are derived values that recompute to equal values does not run. Changes to tracked
  /// properties posted from other threads (or from a main-actor executor that does not run on
  /// the main thread, as on Linux under `dispatch_main`) are taken in first, so that the effects
  /// they affect count.
  public var hasPendingWork: Bool {
    takePostedChanges()
    // Asked several times per update cycle, nearly always of an empty queue: no copy then.
    guard !queue.isEmpty else { return false }
    return queue.waiting.contains { entry in
      store.isLive(entry.ref) && !store.nodes[Int(entry.ref.slot)].flags.contains(.disposed)
    }
  }

  /// Runs every stale effect now, parents before children, until nothing is stale.
  ///
  /// Changes to tracked properties made on other threads are taken in once, at the start;
  /// those posted while the flush runs wait for the next flush (the inbox schedules a drain
  /// for them, so none is lost). Otherwise a thread writing all the while would give every run
  /// of the flush new work, and an effect that writes nothing would be stopped as an update
  /// cycle. A host's update cycle does the same around its rounds.
  ///
  /// Calling it during a flush, or inside `withTransaction(_:)`, does nothing (the running
  /// flush, or the next one, picks the work up). Calling it while a `Derived` computation runs
  /// (outside a flush; also from the body of an effect that computation runs) does nothing
  /// either and, when effects are queued, reports a `TrellisDiagnostic.Kind.invalidInput`
  /// naming the value being computed: the effects stay queued for the next flush. Run there,
  /// an effect that reads the value being computed would see it unfinished and be taken as up
  /// to date, losing its update. From the body of an effect run by `Effect.run()` outside a
  /// flush (with no computation around it) it flushes as anywhere else: a host made inside an
  /// effect mounts that way.
  /// - Complexity: O(k log k) for k effects queued, plus their evaluations; no allocation in
  ///   steady state.
  public func flush() {
    takePostedChanges()
    guard !isFlushing, store.transactionDepth == 0, !queue.isEmpty else { return }
    if store.innermostEvaluation >= 0 {
      let computing = store.innermostDerivedComputation()
      if computing >= 0 {
        reportFlushInsideComputation(of: computing)
        return
      }
    }
    isFlushing = true
    flushCount += 1
    flushStamp &+= 1
    // Drains are held for the runs, as `TrackedChangeInbox.holdingDrains(_:)` holds them (its
    // notes say why nothing needs scheduling when the hold ends); the counter is raised here
    // directly, as this function already has a `defer` for its several exits.
    // Counted wrapping, as the store counts its operations (see `NodeStore.activeOperations`):
    // holds nest with the stack, so the overflow checks could never fire.
    TrackedChangeInbox.holds &+= 1
    defer {
      TrackedChangeInbox.holds &-= 1
      isFlushing = false
      store.changeLog?.seal()
    }
    while let entry = queue.popFirst() {
      // Only effects are queued; a slot reused by another node fails the generation check.
      guard let flags = store.unqueue(entry.ref) else { continue }
      let slot = entry.ref.slot
      // The check holds no reference to the effect: a computation it runs may release the
      // effect, which then never runs (the check sees it disposed and stops).
      guard store.needsUpdate(slot, flags: flags) else {
        if store.isLive(entry.ref) {
          store.withEffect(at: slot) { effect in
            effect.clearStaleReasons()
            if effect.changeContext != 0 { effect.changeContext = 0 }
          }
        }
        continue
      }
      guard let ran = withLiveEffect(entry.ref, { runInFlush($0) }) else { continue }
      if !ran {
        runFirstRunsAfterStoppedCycle()
        return
      }
    }
  }

  /// Calls `body` with the effect `ref` names, if it is still live, and holds it for the call:
  /// one explicit retain (its body may drop the last other reference to the effect), the
  /// object borrowed inside. Taking it as a strong reference cost two retains and releases per
  /// run.
  @inline(__always)
  private func withLiveEffect<Result>(
    _ ref: NodeRef, _ body: (Effect) -> Result
  ) -> Result? {
    guard store.isLive(ref), let handle = store.handles[link: ref.slot] else { return nil }
    _ = handle.retain()
    let result = withGuaranteedObject(handle) { object in
      body(unsafeDowncast(object, to: Effect.self))
    }
    handle.release()
    return result
  }

  /// Runs `effect` as part of the current flush; false, after reporting an update cycle, when it
  /// has already run `maximumRounds` times in it.
  private func runInFlush(_ effect: Effect) -> Bool {
    if effect.flushStamp != flushStamp {
      effect.flushStamp = flushStamp
      effect.runsInFlush = 0
    }
    if effect.runsInFlush >= maximumRounds {
      reportUpdateCycle(at: effect)
      return false
    }
    effect.run()
    effect.runsInFlush += 1
    runCount += 1
    return true
  }

  /// The rest of a flush that stopped an update cycle: runs only the queued effects that have
  /// never run (a view's new children, made by the last runs), so that what the cycle made is
  /// complete, and leaves every other queued effect stale. Dropping the first runs too left new
  /// rows empty, with nothing earlier to show (found by a new user whose diagnostic sink wrote
  /// state). Ends: an effect runs here at most once, as it has run once afterwards.
  private func runFirstRunsAfterStoppedCycle() {
    while let entry = queue.popFirst() {
      let slot = entry.ref.slot
      // As in `flush()`: no reference is held across the check, which may release the effect.
      guard let flags = store.unqueue(entry.ref), store.isLive(entry.ref),
        store.withEffect(at: slot, { $0.runCount == 0 }),
        store.needsUpdate(slot, flags: flags), withLiveEffect(entry.ref, { $0.run() }) != nil
      else { continue }
      runCount += 1
    }
  }

  /// Applies the changes to tracked properties posted from other threads, if there are any
  /// (two loads when there are none; see `TrackedChangeInbox.drain()`).
  package func takePostedChanges() {
    if store.postedChanges.isSet { TrackedChangeInbox.drain() }
  }

  /// Whether a transaction is open (on any graph: they share one): a flush now does nothing.
  package var isInTransaction: Bool { store.transactionDepth > 0 }

  /// Groups the writes of `body` into one transaction: its effects run at the next flush, and
  /// a `Cell` written and then written back to an equal value inside it counts as unchanged,
  /// so nothing that reads it recomputes or re-runs, unless a computation read the written
  /// value in between (a derived value read, an effect run inside the transaction): for that
  /// computation the write-back is a change, as in Preact's `batch`. Reads inside the
  /// transaction see its writes. Transactions nest; the outermost one decides.
  ///
  /// Transactions are global to the main actor's graph: any graph's cells take part.
  /// - Parameter body: the writes.
  /// - Returns: what `body` returns.
  @inlinable
  public func withTransaction<Result>(_ body: () throws -> Result) rethrows -> Result {
    // Inlinable, as the store's part: called across modules, the generic function ran
    // unspecialized and called `body` through a reabstraction thunk, on every batch.
    try store.withTransaction(body)
  }

  /// Puts an effect in the queue (the store calls this when it marks one stale). Always
  /// inlined into the store's `schedule`.
  @inline(__always)
  func enqueue(_ ref: NodeRef, depth: Int, order: Int) {
    queue.push(ref, depth: depth, order: order)
    if isFlushing || awaitsNotification { return }
    // A manual graph without a host waits for `flush()`: nobody to tell.
    if executor == .manual && onWorkScheduled == nil { return }
    awaitsNotification = true
    store.notifyAtEndOfOperation(self)
  }

  /// Work was queued while no flush ran: start one, or tell the host.
  func workWasScheduled() {
    awaitsNotification = false
    if isFlushing || queue.isEmpty { return }
    if let onWorkScheduled {
      onWorkScheduled()
      return
    }
    guard executor == .mainActor, !flushTaskScheduled else { return }
    flushTaskScheduled = true
    Task { @MainActor [weak self] in
      self?.flushTaskScheduled = false
      self?.flush()
    }
  }

  /// A flush was asked for while the derived value at `slot` was being computed, with effects
  /// queued; they stay queued.
  private func reportFlushInsideComputation(of slot: Int32) {
    let name = store.object(at: slot)?.name ?? "a derived value"
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: [name],
        message:
          "flush() was called while '\(name)' was being computed; it did nothing, and the "
          + "queued effects run at the next flush. Flush from outside computations."))
  }

  private func reportUpdateCycle(at effect: Effect) {
    var names = [effect.name]
    // The loop: every effect of this graph that also used up its runs in this flush, parents
    // first. The queue alone can name only the effect at the limit (two effects re-queueing
    // each other leave just the other one queued after each run). Found by a scan of the
    // store, here only, so that running an effect keeps no record for this rare report.
    var looping: [Effect] = []
    for slot in 0..<Int32(store.nodes.count) {
      let record = store.nodes[Int(slot)]
      // A checked cast: this runs once per reported cycle, where speed does not matter.
      guard record.kind == .effect, !record.flags.contains(.dead),
        let other = store.object(at: slot) as? Effect
      else { continue }
      guard other !== effect, other.graph === self, other.flushStamp == flushStamp,
        other.runsInFlush >= maximumRounds
      else { continue }
      looping.append(other)
    }
    looping.sort { ($0.depth, $0.creationOrder) < ($1.depth, $1.creationOrder) }
    let queued = queue.waiting.sorted(by: { $0.precedes($1) }).compactMap { entry in
      store.isLive(entry.ref) ? store.object(at: entry.ref.slot) : nil
    }
    for node in looping + queued where !names.contains(node.name) {
      names.append(node.name)
    }
    // What changed before the effect's last run points at the writer when it is a computation
    // that writes during its own evaluation (found by a new user: a derived value that wrote a
    // cell looped its reader, and the report named only the reader).
    let reasons = effect.lastRunReasons.map { "'\($0.description)'" }
    let lastRun =
      reasons.isEmpty
      ? "" : " '\(effect.name)' last ran for a change to \(reasons.joined(separator: ", "))."
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .updateCycle, nodes: names,
        message:
          "\(names.joined(separator: ", ")) kept "
          + (names.count == 1 ? "invalidating itself" : "invalidating each other")
          + " for \(maximumRounds) runs in one flush; the work was stopped.\(lastRun) Look for a "
          + "body, effect, computation or lifecycle action that writes state it (or its parent) "
          + "reads, or an .id that changes every update."))
  }
}
