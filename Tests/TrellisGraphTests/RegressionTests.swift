import Foundation
import Testing
import TrellisTracking

@testable import TrellisGraph

final class Meter: Trackable, @unchecked Sendable {
  @Tracked var reading = 0
}

/// Regressions reported against other reactive libraries, and the scheduler's promises.
@MainActor
@Suite struct RegressionTests {
  @Test func rerunningWithTheSameReadsReusesEveryEdge() {
    let graph = Graph(executor: .manual)
    let a = Cell(0)
    let b = Cell(0)
    let effect = Effect(in: graph) { _ = a.value + b.value }
    let firstLinks = effect.dependencyEdges
    a.value = 1
    graph.flush()
    #expect(effect.runCount == 2)
    #expect(effect.dependencyEdges.count == 2)
    #expect(zip(firstLinks, effect.dependencyEdges).allSatisfy { $0 == $1 })
  }

  @Test func workScheduledDuringAFlushRunsInTheSameFlush() {
    let graph = Graph(executor: .manual)
    let source = Cell(0)
    let relay = Cell(0)
    var seen: [Int] = []
    let writer = Effect(name: "writer", in: graph) { relay.value = source.value * 10 }
    let reader = Effect(name: "reader", in: graph) { seen.append(relay.value) }
    source.value = 1
    graph.flush()
    #expect(seen == [0, 10])
    #expect(graph.flushCount == 1)
    #expect(!graph.hasPendingWork)
    withExtendedLifetime((writer, reader)) {}
  }

  @Test func derivedThatIncrementsItsOwnInputSeesItsWriteAndStaysStale() {
    let a = Cell(1, name: "a")
    var seenAfterWrite: [Int] = []
    let derived = Derived(name: "doubler") { () -> Int in
      let value = a.value
      a.value = value + 1
      seenAfterWrite.append(a.value)
      return value * 2
    }
    let diagnostics = TrellisDiagnostics.capture {
      #expect(derived.value == 2)
      // It read `a` before writing it, so the value it returned is already out of date: the
      // next read computes again (and writes again).
      #expect(derived.value == 4)
    }
    #expect(seenAfterWrite == [2, 3])
    #expect(diagnostics.isEmpty)
    #expect(a.untrackedValue == 3)
  }

  @Test func innerRecomputingAloneKeepsTheOuterEdge() {
    let graph = Graph(executor: .manual)
    let a = Cell(1)
    let inner = Derived(name: "inner") { a.value * 2 }
    var outerRuns = 0
    let outer = Effect(name: "outer", in: graph) {
      outerRuns += 1
      _ = inner.value
    }
    a.value = 2
    #expect(inner.value == 4)
    graph.flush()
    #expect(outerRuns == 2)
    a.value = 3
    graph.flush()
    #expect(outerRuns == 3)
    withExtendedLifetime(outer) {}
  }

  @Test func disposingAnEffectWithManyDependenciesUnlinksThemAll() {
    let graph = Graph(executor: .manual)
    let cells = (0..<100_000).map { Cell($0) }
    let effect = Effect(in: graph) { for cell in cells { _ = cell.value } }
    #expect(cells.allSatisfy { $0.hasSubscribers })
    effect.dispose()
    #expect(cells.allSatisfy { !$0.hasSubscribers })
  }

  @Test func subscriptionsKeepNeitherModelsNorNodesAlive() {
    let graph = Graph(executor: .manual)
    weak var weakMeter: Meter?
    weak var weakDerived: Derived<Int>?
    var effect: Effect?
    do {
      let meter = Meter()
      weakMeter = meter
      let derived = Derived { meter.reading }
      weakDerived = derived
      effect = Effect(in: graph) { _ = derived.value }
    }
    #expect(weakMeter != nil)
    #expect(effect?.runCount == 1)
    effect = nil
    #expect(weakDerived == nil)
    #expect(weakMeter == nil)
  }

  @Test func withTransactionGroupsWritesIntoOneRun() {
    let graph = Graph(executor: .manual)
    let a = Cell(0)
    let b = Cell(0)
    var sums: [Int] = []
    let effect = Effect(in: graph) { sums.append(a.value + b.value) }
    graph.withTransaction {
      a.value = 1
      b.value = 2
    }
    graph.flush()
    #expect(sums == [0, 3])
    withExtendedLifetime(effect) {}
  }
}

/// Tracked properties written on other threads while the main actor flushes.
@MainActor
@Suite struct GraphConcurrencyTests {
  @Test func writesFromManyThreadsAreAppliedAndNeverLost() async {
    let meters = (0..<4).map { _ in Meter() }
    let graph = Graph(executor: .manual)
    var lastSeen = [Int](repeating: 0, count: 4)
    var runs = 0
    let effect = Effect(in: graph) {
      runs += 1
      for (index, meter) in meters.enumerated() { lastSeen[index] = meter.reading }
    }
    let writers = meters.enumerated().map { index, meter in
      Task.detached {
        for value in 1...200 { meter.reading = value * (index + 1) }
      }
    }
    for _ in 0..<20 {
      graph.flush()
      await Task.yield()
    }
    for writer in writers { await writer.value }
    graph.flush()
    #expect(lastSeen == [200, 400, 600, 800])
    #expect(runs >= 2)
    withExtendedLifetime(effect) {}
  }
}
