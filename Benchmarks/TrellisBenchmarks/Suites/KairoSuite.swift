import ReactivityWorkloads

/// The kairo cases of js-reactivity-benchmark on TrellisGraph (workloads in
/// `ReactivityWorkloads`): each case builds its graph once, runs three warm-up iterations, then
/// samples iterations of its closure (writes to the head, flushes, reads).
///
/// The metric is microseconds per iteration, which is the original's unit (milliseconds per
/// 1,000 iterations). Every iteration, warm-up and calibration included, is checked against
/// the original's assertions (values read, effect runs, evaluations).
struct KairoSuite: BenchmarkSuite {
  let name = "kairo"
  let summary =
    "js-reactivity-benchmark kairo cases on TrellisGraph: µs per iteration (= the original's "
    + "ms per 1,000 iterations), every iteration checked."

  func run(in context: SuiteContext) {
    let sampler = context.sampler
    for kairoCase in KairoCase.allCases {
      let (samples, failures) = MainActor.assumeIsolated {
        Self.measure(kairoCase, sampler: sampler)
      }
      context.record(kairoCase.rawValue, .trellis, metric: "us_per_iteration", samples: samples)
      context.check(
        failures.isEmpty, kairoCase.rawValue, .trellis,
        failures.prefix(5).map(\.description).joined(separator: "; "))
    }
  }

  @MainActor
  private static func measure(
    _ kairoCase: KairoCase, sampler: Sampler
  ) -> (samples: [Double], failures: [CheckFailure]) {
    let workload = kairoCase.makeWorkload()
    var failures: Set<CheckFailure> = []
    for _ in 0..<3 {
      failures.formUnion(workload.iterate().failures)
    }
    let samples = sampler.nanosecondsPerOperation { n in
      var reads = 0
      let elapsed = timed {
        for _ in 0..<n {
          let observation = workload.iterate()
          reads &+= observation.reads.count
          if !observation.failures.isEmpty { failures.formUnion(observation.failures) }
        }
      }
      blackHole(reads)
      return elapsed
    }
    return (samples.map { $0 / 1000 }, failures.sorted { $0.description < $1.description })
  }
}
