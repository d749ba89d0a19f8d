import ReactivityWorkloads
import Testing
import TrellisGraph

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

  @Test("25-1000x5 sums to 1171484375000; counts match the framework test, then the benchmark")
  func wideDense() {
    let graph = DynamicGraph(config: .wideDense, graph: Graph(executor: .manual))
    #expect(graph.readLeafCount == 1000)
    let first = graph.run()
    #expect(first.sum == 1_171_484_375_000)
    #expect(first.count == 735_756)  // 4,000 at construction; the first write is equal, ignored
    #expect(first.failures.isEmpty, "\(first.failures)")
    let warm = graph.run()
    #expect(warm.sum == 1_171_484_375_000)
    #expect(warm.count == 732_000)  // 3,000 writes × (25 + 49 + 73 + 97) nodes
    #expect(warm.failures.isEmpty, "\(warm.failures)")
  }

  @Test("4-1000x12 - dyn5% sums to 29355933696000; counts match the framework test and benchmark")
  func largeWebApp() {
    let graph = DynamicGraph(config: .largeWebApp, graph: Graph(executor: .manual))
    let first = graph.run()
    #expect(first.sum == 29_355_933_696_000)
    #expect(first.count == 1_473_791)
    #expect(first.failures.isEmpty, "\(first.failures)")
    let warm = graph.run()
    #expect(warm.sum == 29_355_933_696_000)
    #expect(warm.count == 1_463_000)
    #expect(warm.failures.isEmpty, "\(warm.failures)")
  }

  @Test("6-100x15 - dyn50% sums to 15664996402790400")
  func veryDynamic() {
    let graph = DynamicGraph(config: .veryDynamic, graph: Graph(executor: .manual))
    let first = graph.run()
    #expect(first.sum == 15_664_996_402_790_400)
    #expect(first.count == 1_078_673)
    let warm = graph.run()
    #expect(warm.sum == 15_664_996_402_790_400)
    #expect(warm.count == 1_078_000)
    #expect(first.failures.isEmpty && warm.failures.isEmpty, "\(first.failures + warm.failures)")
  }

  @Test("6-10x10 - dyn25% - lazy80% sums to 302310782860")
  func dynamicComponent() {
    let graph = DynamicGraph(config: .dynamicComponent, graph: Graph(executor: .manual))
    #expect(graph.readLeafCount == 2)
    let run = graph.run()
    #expect(run.sum == 302_310_782_860)
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
