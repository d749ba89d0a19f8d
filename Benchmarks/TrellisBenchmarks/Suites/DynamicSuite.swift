import ReactivityWorkloads

/// The dynamic-graph benchmark of js-reactivity-benchmark on TrellisGraph (`DynamicGraph` in
/// `ReactivityWorkloads`): seeded rectangular graphs of static and dynamic derived values, one
/// source written per iteration and the leaves read back.
///
/// As in the original, each configuration's graph is built once, warmed up with three runs and
/// then timed over five runs; `--quick` runs only `25-1000x5`, `4-1000x12 - dyn5%` and
/// `3-5x500`, with one warm-up and one timed run. `3-5x500` computes with `Double` (its values
/// reach about 3 · 10²⁴¹), the others with `Int`. Every run's leaf sum is checked, and so is its
/// evaluation count for the configurations that read every leaf (the original's rule).
struct DynamicSuite: BenchmarkSuite {
  let name = "dynamic"
  let summary =
    "js-reactivity-benchmark dynamic graphs on TrellisGraph: ms per run of the configuration's "
    + "iterations; sums and evaluation counts checked (3-5x500 in Double, the rest in Int)."

  func run(in context: SuiteContext) {
    let quick = context.options.quick
    let configs: [DynamicGraphConfig] =
      quick ? [.wideDense, .largeWebApp, .deep] : DynamicGraphConfig.perfTests
    for config in configs {
      let result = MainActor.assumeIsolated {
        DynamicBenchmark.run(config, warmUps: quick ? 1 : 3, runs: quick ? 1 : 5)
      }
      context.record(
        config.title, .trellis, metric: "ms_per_run",
        samples: result.samples.map { $0.nanoseconds / 1e6 })
      context.check(
        result.failures.isEmpty, config.title, .trellis,
        result.failures.map(\.description).joined(separator: "; "))
    }
  }
}
