import ReactivityWorkloads

/// The dynamic-graph benchmark of js-reactivity-benchmark on TrellisGraph (`DynamicGraph` in
/// `ReactivityWorkloads`): seeded rectangular graphs of static and dynamic derived values, one
/// source written per iteration and the leaves read back.
///
/// As in the original, each configuration's graph is built once, warmed up with three runs and
/// then timed over five runs; `--quick` runs only `25-1000x5` and `4-1000x12 - dyn5%`, with one
/// warm-up and one timed run. Every run's leaf sum is checked, and so is its evaluation count
/// for the configurations that read every leaf (the original's rule).
struct DynamicSuite: BenchmarkSuite {
  let name = "dynamic"
  let summary =
    "js-reactivity-benchmark dynamic graphs on TrellisGraph: ms per run of the configuration's "
    + "iterations; sums and evaluation counts checked."

  func run(in context: SuiteContext) {
    let quick = context.options.quick
    let configs: [DynamicGraphConfig] =
      quick ? [.wideDense, .largeWebApp] : DynamicGraphConfig.perfTests
    for config in configs {
      let (samples, failures) = MainActor.assumeIsolated {
        Self.measure(config, warmUps: quick ? 1 : 3, runs: quick ? 1 : 5)
      }
      context.record(config.title, .trellis, metric: "ms_per_run", samples: samples)
      context.check(
        failures.isEmpty, config.title, .trellis,
        failures.map(\.description).joined(separator: "; "))
    }
  }

  @MainActor
  private static func measure(
    _ config: DynamicGraphConfig, warmUps: Int, runs: Int
  ) -> (samples: [Double], failures: [CheckFailure]) {
    let graph = DynamicGraph(config: config)
    var failures: Set<CheckFailure> = []
    for _ in 0..<warmUps {
      failures.formUnion(graph.run().failures)
    }
    let samples = (0..<runs).map { _ in
      var run: DynamicGraphRun?
      let elapsed = timed { run = graph.run() }
      if let run {
        failures.formUnion(run.failures)
        blackHole(run.sum)
      }
      return elapsed.nanoseconds / 1e6
    }
    return (samples, failures.sorted { $0.description < $1.description })
  }
}
