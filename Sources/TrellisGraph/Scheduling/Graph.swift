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
/// Inside a flush, effects run by increasing `Effect.depth` (ties in scheduling order). Work
/// scheduled during a flush runs in the same flush, in a further round. If work keeps
/// scheduling itself for `maximumRounds` rounds, the flush stops and reports a
/// `GraphDiagnostic.Kind.updateCycle` naming the effects still scheduled; they stay stale and
/// will not run until something they read changes again. The same holds across flushes: when
/// `maximumRounds` flushes in a row were each scheduled by the previous one's `afterFlush`
/// work (lifecycle actions writing state), the chain is reported and stopped. Never a hang.
@MainActor
public final class Graph {
  /// How this graph's flushes are triggered.
  public let executor: GraphExecutor
  /// The bound on rounds within one flush before it is reported as an update cycle.
  public var maximumRounds = 100
  /// How many flushes ran work so far.
  public private(set) var flushCount = 0
  /// How many effect runs the flushes performed so far.
  public private(set) var runCount = 0

  /// Called at the end of every flush that ran work, after the last effect; the view runtime
  /// commits lifecycle actions here.
  public var afterFlush: (@MainActor () -> Void)?

  private var queue: [Effect] = []
  /// True while `afterFlush` runs (lifecycle actions of the flush that just ended).
  private var isCommitting = false
  /// Whether the next flush was scheduled by the previous one's lifecycle actions.
  private var nextFlushIsChained = false
  /// How many flushes in a row were each scheduled by the one before.
  private var chainedFlushes = 0
  private var isFlushing = false
  private var flushTaskScheduled = false

  /// Creates a graph.
  /// - Parameter executor: `.mainActor` (default) or `.manual`.
  public init(executor: GraphExecutor = .mainActor) {
    self.executor = executor
  }

  /// The names of the effects waiting for a flush, in scheduling order.
  public var pendingEffectNames: [String] { queue.map(\.name) }

  /// Drops every scheduled effect without running it (they stay stale until something they
  /// read changes again). For hosts that stop an update cycle.
  public func discardPendingWork() {
    for effect in queue { effect.flags.remove(.queued) }
    queue.removeAll()
  }

  /// Whether an effect is waiting for a flush. Changes to tracked properties posted from other
  /// threads (or from a main-actor executor that does not run on the main thread, as on Linux
  /// under `dispatch_main`) are taken in first, so that the effects they affect count.
  public var hasPendingWork: Bool {
    TrackedChangeInbox.drain()
    return !queue.isEmpty
  }

  /// Runs every stale effect now, parents before children, until nothing is stale. Changes to
  /// tracked properties made on other threads are taken in first. Calling it during a flush
  /// does nothing (the running flush picks the work up).
  /// - Complexity: O(k log k) for k effects scheduled, plus their evaluations.
  public func flush() {
    TrackedChangeInbox.drain()
    guard !isFlushing, !queue.isEmpty else { return }
    if nextFlushIsChained {
      chainedFlushes += 1
    } else {
      chainedFlushes = 0
    }
    nextFlushIsChained = false
    if chainedFlushes >= maximumRounds {
      chainedFlushes = 0
      reportUpdateCycle(
        over: "\(maximumRounds) flushes in a row, each scheduled by the one before (its "
          + "lifecycle actions)")
      return
    }
    isFlushing = true
    flushCount += 1
    defer {
      isFlushing = false
      isCommitting = true
      afterFlush?()
      isCommitting = false
    }
    var rounds = 0
    while !queue.isEmpty {
      rounds += 1
      if rounds > maximumRounds {
        reportUpdateCycle(over: "\(maximumRounds) rounds of one flush")
        return
      }
      let batch = queue.enumerated().sorted {
        ($0.element.depth, $0.offset) < ($1.element.depth, $1.offset)
      }
      queue.removeAll(keepingCapacity: true)
      for (_, effect) in batch {
        effect.flags.remove(.queued)
        if effect.runIfStale() { runCount += 1 }
      }
    }
  }

  /// Groups the writes of `body`: no flush can start until it returns, so its effects see all
  /// of its writes at once. Flushes never start synchronously in the middle of code anyway;
  /// this states the intent and is the place to extend transactions later.
  /// - Parameter body: the writes.
  /// - Returns: what `body` returns.
  public func withTransaction<Result>(_ body: () throws -> Result) rethrows -> Result {
    try body()
  }

  func enqueue(_ effect: Effect) {
    queue.append(effect)
    // Work scheduled while a flush commits its lifecycle actions continues that flush's chain:
    // if the chain never ends, it is an update cycle spread over many flushes.
    if isCommitting { nextFlushIsChained = true }
    guard executor == .mainActor, !isFlushing, !flushTaskScheduled else { return }
    flushTaskScheduled = true
    Task { @MainActor [weak self] in
      self?.flushTaskScheduled = false
      self?.flush()
    }
  }

  private func reportUpdateCycle(over span: String) {
    let names = queue.map(\.name)
    for effect in queue {
      effect.flags.remove(.queued)
    }
    queue.removeAll()
    GraphDiagnostics.report(
      GraphDiagnostic(
        kind: .updateCycle, nodes: names,
        message:
          "\(names.joined(separator: ", ")) kept "
          + (names.count == 1 ? "invalidating itself" : "invalidating each other")
          + " for \(span); the work was stopped. Look for a body, effect or lifecycle action "
          + "that writes state it (or its parent) reads, or an .id that changes every update."))
  }
}
