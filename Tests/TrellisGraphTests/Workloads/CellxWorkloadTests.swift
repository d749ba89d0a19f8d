import ReactivityWorkloads
import Testing
import TrellisGraph

/// The cellx benchmark: four derived values per layer, each with an effect.
@Suite("Cellx workload")
@MainActor
struct CellxWorkloadTests {
  @Test(
    "the last layer reads the benchmark's values before and after the batched write",
    arguments: [1000, 2500])
  func benchmarkSizes(layers: Int) {
    let observation = Cellx(layers: layers, graph: Graph(executor: .manual)).run()
    #expect(observation.layers == layers)
    #expect(observation.before == [-3, -6, -2, 2])
    #expect(observation.after == [-2, -4, 2, 3])
    #expect(observation.failures.isEmpty, "\(observation.failures)")
  }

  @Test("5,000 layers (commented out in the original) give the values the table lists")
  func fiveThousandLayers() {
    let observation = Cellx(layers: 5000, graph: Graph(executor: .manual)).run()
    #expect(observation.before == [2, 4, -1, -6])
    #expect(observation.after == [-2, 1, -4, -4])
    #expect(observation.failures.isEmpty, "\(observation.failures)")
  }

  @Test("small sizes follow the layer recurrence")
  func recurrence() {
    // One layer: (2, 1 − 3, 2 + 4, 3); after the write: (3, 4 − 2, 3 + 1, 2).
    let one = Cellx(layers: 1, graph: Graph(executor: .manual)).run()
    #expect(one.before == [2, -2, 6, 3])
    #expect(one.after == [3, 2, 4, 2])
    // Two layers apply it twice.
    let two = Cellx(layers: 2, graph: Graph(executor: .manual)).run()
    #expect(two.before == [-2, -4, 1, 6])
    #expect(two.after == [2, -1, 4, 4])
    #expect(one.failures.isEmpty && two.failures.isEmpty)
  }

  @Test("the benchmark driver sums the timed part over fresh graphs")
  func benchmarkDriver() {
    let result = CellxBenchmark.run(layers: 1000, runs: 2)
    #expect(CellxBenchmark.layerCounts == [1000, 2500])
    #expect(result.layers == 1000)
    #expect(result.runs == 2)
    #expect(result.total >= result.last.elapsed)
    #expect(result.last.after == [-2, -4, 2, 3])
    #expect(result.failures.isEmpty, "\(result.failures)")
  }
}
