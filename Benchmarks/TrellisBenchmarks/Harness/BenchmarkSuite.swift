/// One group of related cases, reported as one markdown table.
///
/// To add a suite, write a type conforming to this protocol in `Suites/<Name>Suite.swift` and
/// list it in `SuiteRegistry.all`. A suite records its measurements, verifies its own results
/// (fire counts, re-evaluation counts, sums) through `SuiteContext.check`, and may declare
/// performance targets, which are reported but never fail the run: CI asserts correctness,
/// not timings.
protocol BenchmarkSuite: Sendable {
  /// The name used by `--filter` and in reports, such as `registrar`.
  var name: String { get }
  /// One line that says what the suite measures; printed above its table.
  var summary: String { get }
  /// Runs every case, recording results and checks in `context`.
  func run(in context: SuiteContext)
}

/// One measured metric of one case for one implementation.
struct BenchmarkResult: Codable, Sendable {
  let suite: String
  let caseName: String
  let implementation: Implementation
  let metric: String
  let median: Double
  let min: Double
  let max: Double
  let samples: [Double]

  enum CodingKeys: String, CodingKey {
    case suite
    case caseName = "case"
    case implementation
    case metric
    case median
    case min
    case max
    case samples
  }
}

/// A ratio of two medians that a suite aims for, such as "Apple ÷ Trellis ≥ 25 for
/// tracked-read".
struct PerformanceTarget: Sendable {
  enum Comparison: Sendable {
    case atLeast(Double)
    case atMost(Double)
  }

  /// One measured median: which case, implementation and metric.
  struct Operand: Sendable {
    let caseName: String
    let implementation: Implementation
    let metric: String
  }

  let label: String
  let numerator: Operand
  let denominator: Operand
  let comparison: Comparison
}

/// A target with its measured ratio, or `nil` when an operand was not measured.
struct TargetOutcome: Sendable {
  let target: PerformanceTarget
  let ratio: Double?

  var isMet: Bool? {
    guard let ratio else { return nil }
    switch target.comparison {
    case .atLeast(let bound): return ratio >= bound
    case .atMost(let bound): return ratio <= bound
    }
  }
}

/// Collects what a suite measures and verifies.
final class SuiteContext {
  let suite: String
  let options: Options
  let sampler: Sampler
  private(set) var results: [BenchmarkResult] = []
  private(set) var failures: [String] = []
  private(set) var targets: [PerformanceTarget] = []

  init(suite: String, options: Options, sampler: Sampler) {
    self.suite = suite
    self.options = options
    self.sampler = sampler
  }

  /// Records the samples of one metric.
  func record(
    _ caseName: String, _ implementation: Implementation, metric: String, samples: [Double]
  ) {
    let summary = Summary(samples)
    results.append(
      BenchmarkResult(
        suite: suite, caseName: caseName, implementation: implementation, metric: metric,
        median: summary.median, min: summary.min, max: summary.max, samples: samples))
    if options.verbose {
      print("  \(suite)/\(caseName)/\(implementation.rawValue) \(metric): \(summary.median)")
    }
  }

  /// Verifies a result; a failed check makes the whole run exit non-zero.
  func check(
    _ condition: Bool, _ caseName: String, _ implementation: Implementation,
    _ message: @autoclosure () -> String
  ) {
    if condition { return }
    let text = "\(suite)/\(caseName)/\(implementation.rawValue): \(message())"
    failures.append(text)
    print("CHECK FAILED \(text)")
  }

  /// Declares a target, evaluated from the medians once the suite has run.
  func target(
    _ label: String,
    _ numerator: (String, Implementation, String),
    over denominator: (String, Implementation, String),
    _ comparison: PerformanceTarget.Comparison
  ) {
    targets.append(
      PerformanceTarget(
        label: label,
        numerator: .init(caseName: numerator.0, implementation: numerator.1, metric: numerator.2),
        denominator: .init(
          caseName: denominator.0, implementation: denominator.1, metric: denominator.2),
        comparison: comparison))
  }

  /// The median of a recorded metric, if it was measured.
  func median(_ operand: PerformanceTarget.Operand) -> Double? {
    results.first {
      $0.caseName == operand.caseName && $0.implementation == operand.implementation
        && $0.metric == operand.metric
    }?.median
  }

  /// Every declared target with its measured ratio.
  var targetOutcomes: [TargetOutcome] {
    targets.map { target in
      guard let top = median(target.numerator), let bottom = median(target.denominator),
        bottom > 0
      else { return TargetOutcome(target: target, ratio: nil) }
      return TargetOutcome(target: target, ratio: top / bottom)
    }
  }
}
