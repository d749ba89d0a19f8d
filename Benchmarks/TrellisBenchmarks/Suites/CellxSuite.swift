import ReactivityWorkloads

/// The cellx benchmark of js-reactivity-benchmark on TrellisGraph (`Cellx` in
/// `ReactivityWorkloads`): layers of four derived values, each with an effect. Each sample
/// builds a fresh graph (untimed) and times reading the last layer, one batched write of the
/// four sources, and reading the last layer again, as the original does.
///
/// The metric is milliseconds per run; the original logs the total of 10 runs. Every run's
/// values are checked against the original's table.
struct CellxSuite: BenchmarkSuite {
  let name = "cellx"
  let summary =
    "js-reactivity-benchmark cellx on TrellisGraph: ms per read–write–read on a fresh graph "
    + "(the original logs the total of 10 runs), last layer checked."

  func run(in context: SuiteContext) {
    let sampler = context.sampler
    for layers in CellxBenchmark.layerCounts {
      let caseName = "cellx\(layers)"
      let (samples, failures) = MainActor.assumeIsolated {
        Self.measure(layers: layers, sampler: sampler)
      }
      context.record(caseName, .trellis, metric: "ms_per_run", samples: samples)
      context.check(
        failures.isEmpty, caseName, .trellis,
        failures.map(\.description).joined(separator: "; "))
    }
  }

  @MainActor
  private static func measure(
    layers: Int, sampler: Sampler
  ) -> (samples: [Double], failures: [CheckFailure]) {
    var failures: Set<CheckFailure> = []
    let samples = sampler.nanosecondsPerOperation(fixedOperations: 1) {
      let observation = Cellx(layers: layers).run()
      failures.formUnion(observation.failures)
      blackHole(observation.after.reduce(0, &+))
      return observation.elapsed
    }
    return (samples.map { $0 / 1e6 }, failures.sorted { $0.description < $1.description })
  }
}
