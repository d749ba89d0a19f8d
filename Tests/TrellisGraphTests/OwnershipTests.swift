import Testing
import TrellisGraph

/// Disposing owners (`Sources/TrellisGraph/Nodes/Ownership.swift`): everything an effect or a
/// scope owns goes with it, in the order of nested disposal, at any depth.
@Suite @MainActor struct OwnershipTests {
  /// A chain of `depth` scopes, each owning a cleanup of its own, an effect with a cleanup, and
  /// the next scope; returns the outermost.
  private func makeChain(depth: Int, in graph: Graph, log: CleanupLog) -> EffectScope {
    let root = EffectScope()
    var current = root
    for level in 0..<depth {
      current = current.run {
        onCleanup { log.lines.append("scope \(level)") }
        _ = Effect(in: graph) { onCleanup { log.lines.append("effect \(level)") } }
        return EffectScope()
      }
    }
    return root
  }

  /// A scope runs its cleanups, then disposes what it owns, most recent first: the next scope
  /// (and all below it), then its effect, whose cleanup runs when it is disposed.
  private func expectedLog(depth: Int) -> [String] {
    (0..<depth).map { "scope \($0)" } + (0..<depth).reversed().map { "effect \($0)" }
  }

  @Test func disposingAChainOfTenThousandOwnersDisposesEveryOneInNestedOrder() {
    let graph = Graph(executor: .manual)
    let log = CleanupLog()
    let root = makeChain(depth: 10_000, in: graph, log: log)
    #expect(log.lines.isEmpty)
    root.dispose()
    #expect(log.lines == expectedLog(depth: 10_000))
    root.dispose()
    #expect(log.lines.count == 20_000)  // a second dispose does nothing
  }

  @Test func releasingTheOutermostOfTenThousandOwnersDisposesThemAll() {
    let graph = Graph(executor: .manual)
    let log = CleanupLog()
    do {
      _ = makeChain(depth: 10_000, in: graph, log: log)
    }
    #expect(log.lines == expectedLog(depth: 10_000))
  }

  @Test func aReRunDisposesWhatThePreviousRunCreatedBeforeItsCleanups() {
    let graph = Graph(executor: .manual)
    let trigger = Cell(0)
    let log = CleanupLog()
    let outer = Effect(in: graph) {
      let run = trigger.value
      onCleanup { log.lines.append("outer cleanup \(run)") }
      _ = Effect(in: graph) { onCleanup { log.lines.append("inner cleanup \(run)") } }
    }
    trigger.value = 1
    graph.flush()
    #expect(log.lines == ["inner cleanup 0", "outer cleanup 0"])
    outer.dispose()
    #expect(
      log.lines == ["inner cleanup 0", "outer cleanup 0", "inner cleanup 1", "outer cleanup 1"])
  }

  // Found by a new user: a child made after the body disposed its own effect kept reacting,
  // and a cleanup registered then never ran.
  @Test func whatABodyCreatesAfterDisposingItsOwnEffectGoesWhenTheRunEnds() {
    let graph = Graph(executor: .manual)
    let trigger = Cell(0)
    let log = CleanupLog()
    var effect: Effect?
    effect = Effect(in: graph) {
      let run = trigger.value
      if run == 2 { effect?.dispose() }
      onCleanup { log.lines.append("cleanup \(run)") }
      _ = Effect(in: graph) { log.lines.append("child \(run) sees \(trigger.value)") }
    }
    trigger.value = 2
    graph.flush()
    #expect(
      log.lines == [
        "child 0 sees 0", "cleanup 0", "child 2 sees 2", "cleanup 2",
      ])
    trigger.value = 3
    graph.flush()
    #expect(log.lines.count == 4)
    #expect(effect?.isDisposed == true)
  }

  // Found by a new user: an effect that disposed itself ran the current run's cleanups at the
  // disposal, in the middle of the body, which went on using what they had released.
  @Test func anEffectDisposedByItsOwnBodyRunsThatRunsCleanupsWhenTheBodyReturns() {
    let graph = Graph(executor: .manual)
    let trigger = Cell(0)
    let log = CleanupLog()
    var effect: Effect?
    effect = Effect(in: graph) {
      let resource = "res\(trigger.value)"
      onCleanup { log.lines.append("cleanup \(resource)") }
      _ = Effect(in: graph) {
        onCleanup { log.lines.append("child of \(resource) disposed") }
      }
      if trigger.value == 1 {
        effect?.dispose()
        log.lines.append("disposed: \(effect?.isDisposed == true)")
        log.lines.append("body still using \(resource)")
      }
    }
    trigger.value = 1
    graph.flush()
    #expect(
      log.lines == [
        "child of res0 disposed", "cleanup res0", "disposed: true", "body still using res1",
        "child of res1 disposed", "cleanup res1",
      ])
    trigger.value = 2
    graph.flush()
    #expect(log.lines.count == 6)
    #expect(!graph.hasPendingWork)
  }

  @Test func aChildThatDisposesItsRunningParentLeavesTheParentsCleanupsToTheEndOfItsRun() {
    let graph = Graph(executor: .manual)
    let trigger = Cell(0)
    let log = CleanupLog()
    var parent: Effect?
    parent = Effect(name: "parent", in: graph) {
      let run = trigger.value
      onCleanup { log.lines.append("parent cleanup \(run)") }
      _ = Effect(name: "child", in: graph) {
        onCleanup { log.lines.append("child cleanup \(run)") }
        if run == 1 { parent?.dispose() }
        log.lines.append("child ran \(run)")
      }
      log.lines.append("parent body ends \(run)")
    }
    trigger.value = 1
    graph.flush()
    #expect(
      log.lines == [
        "child ran 0", "parent body ends 0", "child cleanup 0", "parent cleanup 0",
        "child ran 1", "parent body ends 1", "child cleanup 1", "parent cleanup 1",
      ])
    #expect(parent?.isDisposed == true)
    trigger.value = 2
    graph.flush()
    #expect(log.lines.count == 8)
  }
}

/// Lines appended by cleanups.
@MainActor private final class CleanupLog {
  var lines: [String] = []
}
