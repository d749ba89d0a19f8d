import ReactivityWorkloads

/// js-reactivity-benchmark's molBench on TrellisGraph (`MolBench` in `ReactivityWorkloads`): two
/// sources, five derived values (one of them a new array on every recomputation) and three
/// effects, with a naive Fibonacci standing for real work. The graph is built once and warmed
/// up with three iterations; the fastest of 5 runs of 10,000 iterations is kept, as in the
/// original (`--quick`: one run). Every iteration checks what the effects pushed.
struct MolBenchSuite: BenchmarkSuite {
  let name = "molBench"
  let summary =
    "js-reactivity-benchmark molBench on TrellisGraph: ms per 10,000 iterations, the fastest "
    + "of 5 runs (as the original reports), every iteration's effect output checked."

  func run(in context: SuiteContext) {
    let runs = context.options.quick ? 1 : 5
    let result = MainActor.assumeIsolated {
      MolBenchmark.run(runs: runs, iterationsPerRun: 10_000)
    }
    context.record(
      "molBench", .trellis, metric: "ms_per_10000_iterations",
      samples: [result.fastest.nanoseconds / 1e6])
    context.check(
      result.failures.isEmpty, "molBench", .trellis,
      result.failures.prefix(5).map(\.description).joined(separator: "; "))
  }
}
