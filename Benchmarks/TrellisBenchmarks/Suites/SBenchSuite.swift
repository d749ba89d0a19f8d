import ReactivityWorkloads

/// js-reactivity-benchmark's S.js-style cases on TrellisGraph (`SBench` in
/// `ReactivityWorkloads`): `createSignals`; the `create…` cases, which create computations
/// (effects) over signals, from none to 1,000 per computation and from 2 to 1,000 computations
/// per signal; and the `update…` cases, which write a signal read by computations many times in
/// one batch. Sizes are the original's (`COUNT` = 1,000,000); `--quick` divides them by 10.
///
/// A sample is one timed run after the original's three warm-ups at a hundredth of the size:
/// building, the batch, and disposing the computations (creating the input signals is not
/// timed). Every run checks the signals created, the computation runs and the sum of the values
/// they read.
struct SBenchSuite: BenchmarkSuite {
  let name = "sbench"
  let summary =
    "js-reactivity-benchmark S.js-style cases on TrellisGraph: ms per run (create, batch, "
    + "dispose), at the original's sizes (quick: a tenth); runs and values read checked."

  func run(in context: SuiteContext) {
    let quick = context.options.quick
    for sBenchCase in SBenchCase.all(scale: quick ? 10 : 1) {
      let observations = MainActor.assumeIsolated {
        (0..<(quick ? 1 : 3)).map { _ in SBench.run(sBenchCase) }
      }
      context.record(
        sBenchCase.name, .trellis, metric: "ms_per_run",
        samples: observations.map { $0.elapsed.nanoseconds / 1e6 })
      let failures = Set(observations.flatMap(\.failures)).sorted {
        $0.description < $1.description
      }
      context.check(
        failures.isEmpty, sBenchCase.name, .trellis,
        failures.map(\.description).joined(separator: "; "))
    }
  }
}
