import ReactivityWorkloads

/// The kairo cases of js-reactivity-benchmark on TrellisGraph (workloads in
/// `ReactivityWorkloads`): each case builds its graph once, runs three warm-up iterations, then
/// times runs of 500 iterations of its closure (writes to the head, flushes, reads) and keeps
/// the fastest of 10, as the original does (`--quick`: of 2).
///
/// The metric is milliseconds per 500 iterations, the original's figure, so the numbers compare
/// directly with the JavaScript libraries'. Every iteration, warm-up included, is checked
/// against the original's assertions (values read, effect runs, evaluations).
struct KairoSuite: BenchmarkSuite {
  let name = "kairo"
  let summary =
    "js-reactivity-benchmark kairo cases on TrellisGraph: ms per 500 iterations, the fastest "
    + "of 10 runs (as the original reports), every iteration checked."

  func run(in context: SuiteContext) {
    let runs = context.options.quick ? 2 : 10
    for kairoCase in KairoCase.allCases {
      let result = MainActor.assumeIsolated {
        KairoBenchmark.run(kairoCase, runs: runs, iterationsPerRun: 500)
      }
      context.record(
        kairoCase.rawValue, .trellis, metric: "ms_per_500_iterations",
        samples: [result.fastest.nanoseconds / 1e6])
      context.check(
        result.failures.isEmpty, kairoCase.rawValue, .trellis,
        result.failures.prefix(5).map(\.description).joined(separator: "; "))
    }
  }
}
