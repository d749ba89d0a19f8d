import ReactivityWorkloads
import Testing
import TrellisGraph

/// js-reactivity-benchmark's molBench, with what its effects push made exact.
@Suite("MolBench workload")
@MainActor
struct MolBenchWorkloadTests {
  @Test("building the graph runs H, I and J once: hard(1604), 1604, hard(1599)")
  func initialRun() {
    let bench = MolBench(graph: Graph(executor: .manual))
    #expect(bench.initialPushes == [3201, 1604, 3196])
  }

  @Test("every iteration pushes 3204, 1607, 3201, 1604 from H and I; J never re-runs")
  func iterations() {
    let bench = MolBench(graph: Graph(executor: .manual))
    for i in [0, 1, 2, 7, 500] {
      let observation = bench.iterate(i)
      #expect(observation.pushed == [3204, 1607, 3201, 1604])
      #expect(observation.effectRuns == ["H": 2, "I": 2])
      #expect(observation.failures.isEmpty, "\(observation.failures)")
    }
  }

  @Test("a smaller Fibonacci changes the pushed values, and the checks see it")
  func checksCatchADifference() {
    let bench = MolBench(graph: Graph(executor: .manual), fibonacciArgument: 10)
    let observation = bench.iterate(0)
    // fib(10) is 89, not 1597: F is 91, so G is 99 and 96, and hard adds 89.
    #expect(observation.pushed == [188, 99, 185, 96])
    #expect(!observation.failures.isEmpty)
  }

  @Test("the benchmark driver warms up, times and reports no failed checks")
  func benchmarkDriver() {
    let result = MolBenchmark.run(runs: 2, iterationsPerRun: 3)
    #expect(result.runs == 2)
    #expect(result.iterationsPerRun == 3)
    #expect(result.fastest > .zero)
    #expect(result.failures.isEmpty, "\(result.failures)")
  }
}
