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
/// Inside a flush, effects run by increasing `Effect.depth`, ties in scheduling order. An effect
/// scheduled during a flush joins the same flush at its depth, so a tree whose bodies schedule
/// their children level by level runs in one flush however deep it is. If one effect runs more
/// than `maximumRounds` times in one flush, the flush stops and reports a
/// `GraphDiagnostic.Kind.updateCycle` naming that effect and the others still scheduled; they
/// stay stale and will not run until something they read changes again. The same holds across
/// flushes: when `maximumRounds` flushes in a row were each scheduled by the previous one's
/// `afterFlush` work (lifecycle actions writing state), the chain is reported and stopped.
/// Never a hang.
@MainActor
public final class Graph {
  /// How this graph's flushes are triggered.
  public let executor: GraphExecutor
  /// How many times one effect may run in one flush before it is reported as an update cycle.
  public var maximumRounds = 100
  /// How many flushes ran work so far.
  public private(set) var flushCount = 0
  /// How many effect runs the flushes performed so far.
  public private(set) var runCount = 0

  /// Called at the end of every flush that ran work, after the last effect; the view runtime
  /// commits lifecycle actions here.
  public var afterFlush: (@MainActor () -> Void)?

  /// Called when an effect is queued while no flush is running. When set, the graph schedules
  /// no flush task of its own: a host drives one update cycle (flush, commit, lifecycle) per
  /// main-actor turn instead.
  package var onWorkScheduled: (@MainActor () -> Void)?

  /// The scheduled effects, by depth, each depth in scheduling order.
  private var queue = RunQueue()
  /// Identifies the running flush, so each effect counts its runs per flush.
  private var flushStamp = 0
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
  public var pendingEffectNames: [String] { queue.effects.map(\.name) }

  /// Drops every scheduled effect without running it (they stay stale until something they
  /// read changes again). For hosts that stop an update cycle.
  public func discardPendingWork() {
    for effect in queue.effects { effect.flags.remove(.queued) }
    queue = RunQueue()
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
  /// - Complexity: O(k log k) for k effect runs, plus their evaluations.
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
    flushStamp &+= 1
    while let effect = queue.popFirst() {
      effect.flags.remove(.queued)
      if effect.flushStamp != flushStamp {
        effect.flushStamp = flushStamp
        effect.runsInFlush = 0
      }
      guard effect.runsInFlush < maximumRounds || !effect.isStale else {
        reportUpdateCycle(over: "\(maximumRounds) runs in one flush", first: effect)
        return
      }
      if effect.runIfStale() {
        effect.runsInFlush += 1
        runCount += 1
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
    queue.push(effect)
    // Work scheduled while a flush commits its lifecycle actions continues that flush's chain:
    // if the chain never ends, it is an update cycle spread over many flushes.
    if isCommitting { nextFlushIsChained = true }
    guard !isFlushing else { return }
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

  private func reportUpdateCycle(over span: String, first: Effect? = nil) {
    var names = pendingEffectNames
    if let first, !names.contains(first.name) { names.insert(first.name, at: 0) }
    discardPendingWork()
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

/// Scheduled effects in run order: by depth, and within a depth in scheduling order. One
/// first-in-first-out bucket per depth; pushing and popping are O(1) (amortized), so a flush
/// that schedules a whole deep tree level by level costs O(n).
@MainActor
private struct RunQueue {
  private struct Bucket {
    var effects: [Effect] = []
    var head = 0
  }

  private var buckets: [Bucket] = []
  /// No bucket below this one holds an effect.
  private var lowest = 0
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  mutating func push(_ effect: Effect) {
    let depth = max(effect.depth, 0)
    if depth >= buckets.count {
      buckets.append(contentsOf: repeatElement(Bucket(), count: depth - buckets.count + 1))
    }
    buckets[depth].effects.append(effect)
    if depth < lowest { lowest = depth }
    count += 1
  }

  mutating func popFirst() -> Effect? {
    guard count > 0 else { return nil }
    while buckets[lowest].head == buckets[lowest].effects.count { lowest += 1 }
    let effect = buckets[lowest].effects[buckets[lowest].head]
    buckets[lowest].head += 1
    if buckets[lowest].head == buckets[lowest].effects.count {
      buckets[lowest].effects.removeAll(keepingCapacity: true)
      buckets[lowest].head = 0
    }
    count -= 1
    return effect
  }

  /// Every scheduled effect, in run order.
  var effects: [Effect] { buckets.flatMap { $0.effects[$0.head...] } }
}
