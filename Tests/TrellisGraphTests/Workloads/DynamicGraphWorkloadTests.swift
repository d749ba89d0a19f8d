import Foundation
import ReactivityWorkloads
import Testing
import TrellisGraph

/// Whether to run the workloads that take minutes in a debug build.
private let longWorkloads = ProcessInfo.processInfo.environment["TRELLIS_LONG_WORKLOADS"] != nil

/// The dynamic-graph benchmark (from reactively): seeded random graphs of static and dynamic
/// nodes, checked against the sums and evaluation counts the original lists.
@Suite("Dynamic graph workload")
@MainActor
struct DynamicGraphWorkloadTests {
  @Test("configurations carry the benchmark's fields and titles")
  func configurations() {
    let wide = DynamicGraphConfig.wideDense
    #expect(wide.width == 1000)
    #expect(wide.totalLayers == 5)
    #expect(wide.staticFraction == 1)
    #expect(wide.nSources == 25)
    #expect(wide.readFraction == 1)
    #expect(wide.iterations == 3000)
    #expect(wide.title == "25-1000x5")

    let large = DynamicGraphConfig.largeWebApp
    #expect(large.width == 1000)
    #expect(large.totalLayers == 12)
    #expect(large.staticFraction == 0.95)
    #expect(large.nSources == 4)
    #expect(large.readFraction == 1)
    #expect(large.iterations == 7000)
    #expect(large.title == "4-1000x12 - dyn5%")

    #expect(
      DynamicGraphConfig.perfTests.map(\.title) == [
        "2-10x5 - lazy80%", "6-10x10 - dyn25% - lazy80%", "4-1000x12 - dyn5%", "25-1000x5",
        "6-100x15 - dyn50%",
      ])
  }

  @Test(
    "the framework tests' small graphs give their sums and counts",
    arguments: [
      DynamicGraphConfig.staticGraph, .staticGraphPartialRead, .smallDynamicGraph,
    ])
  func smallGraphs(config: DynamicGraphConfig) {
    let graph = DynamicGraph(config: config, graph: Graph(executor: .manual))
    let run = graph.run()
    #expect(run.isFirstRun)
    #expect(run.sum == config.expectedSum)
    #expect(run.count == config.expectedFirstRunCount)
    #expect(run.failures.isEmpty, "\(run.failures)")
  }

  // The two benchmark-size graphs the suite checks by default: one run each, as the original's
  // framework test does (sum, and evaluations from construction through the first run).

  @Test("25-1000x5 sums to 1171484375000 with 735,756 evaluations")
  func wideDense() {
    let graph = DynamicGraph(config: .wideDense, graph: Graph(executor: .manual))
    #expect(graph.readLeafCount == 1000)
    #expect(graph.evaluationCount == 4000)  // the effect evaluated every node once
    let first = graph.run()
    #expect(first.isFirstRun)
    #expect(first.sum == 1_171_484_375_000)
    // 4,000 at construction + 3,000 writes × (25 + 49 + 73 + 97) nodes, less the first write's
    // 244: it writes 0 to source 0, which already holds 0, so nothing re-runs.
    #expect(first.count == 735_756)
    #expect(first.failures.isEmpty, "\(first.failures)")
  }

  @Test("4-1000x12 - dyn5% sums to 29355933696000 with 1,473,791 evaluations")
  func largeWebApp() {
    let graph = DynamicGraph(config: .largeWebApp, graph: Graph(executor: .manual))
    #expect(graph.readLeafCount == 1000)
    let first = graph.run()
    #expect(first.sum == 29_355_933_696_000)
    #expect(first.count == 1_473_791)
    #expect(first.failures.isEmpty, "\(first.failures)")
  }

  // Slower checks (minutes in a debug build), run when TRELLIS_LONG_WORKLOADS is set: the
  // benchmark's warm counts (a second run, as after the benchmark's warm-up) and the other
  // benchmark configurations.

  @Test(
    "warm runs give the benchmark's sums and counts",
    .enabled(if: longWorkloads, "set TRELLIS_LONG_WORKLOADS=1 to run"),
    arguments: [DynamicGraphConfig.wideDense, .largeWebApp, .veryDynamic])
  func warmCounts(config: DynamicGraphConfig) {
    let graph = DynamicGraph(config: config, graph: Graph(executor: .manual))
    let first = graph.run()
    #expect(first.sum == config.expectedSum)
    #expect(first.count == config.expectedFirstRunCount)
    let warm = graph.run()
    #expect(!warm.isFirstRun)
    #expect(warm.sum == config.expectedSum)
    #expect(warm.count == config.expectedCount)
    #expect(first.failures.isEmpty && warm.failures.isEmpty, "\(first.failures + warm.failures)")
  }

  @Test(
    "lazy configurations (a fifth of the leaves read) give the benchmark's sums",
    .enabled(if: longWorkloads, "set TRELLIS_LONG_WORKLOADS=1 to run"),
    arguments: [DynamicGraphConfig.simpleComponent, .dynamicComponent])
  func lazyConfigurations(config: DynamicGraphConfig) {
    let graph = DynamicGraph(config: config, graph: Graph(executor: .manual))
    #expect(graph.readLeafCount == 2)
    let run = graph.run()
    #expect(run.sum == config.expectedSum)
    // The framework test's count for frameworks whose pull counts it checks (lazy ones).
    #expect(run.count == config.expectedFirstRunCount)
    #expect(run.failures.isEmpty, "\(run.failures)")
  }

  @Test("the benchmark driver warms up, times and reports no failed checks")
  func benchmarkDriver() {
    let result = DynamicBenchmark.run(.smallDynamicGraph, runs: 2)
    #expect(result.title == "2-4x2 - dyn50%")
    #expect(result.runs == 2)
    #expect(result.result.sum == 72)
    #expect(result.failures.isEmpty, "\(result.failures)")
  }
}
