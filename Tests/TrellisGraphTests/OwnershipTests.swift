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
}

/// Lines appended by cleanups.
@MainActor private final class CleanupLog {
  var lines: [String] = []
}
