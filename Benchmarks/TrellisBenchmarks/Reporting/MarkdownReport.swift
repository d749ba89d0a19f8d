import Foundation

/// Renders one suite's results as a markdown table: a row per case and metric, a column per
/// implementation (median, with min–max), then the ratios of medians.
///
/// Ratios read as "how many times the other one costs": Apple ÷ Trellis above 1 means Trellis
/// is faster; object ÷ property above 1 means property-level tracking is cheaper.
enum MarkdownReport {
  static func table(for suite: any BenchmarkSuite, context: SuiteContext) -> String {
    let results = context.results
    var lines = ["## \(suite.name)", "", suite.summary, ""]
    guard !results.isEmpty else { return (lines + ["(no results)", ""]).joined(separator: "\n") }

    let implementations = Implementation.allCases.filter { implementation in
      results.contains { $0.implementation == implementation }
    }
    let hasApple = implementations.contains(.appleObservation)
    let hasObject = implementations.contains(.objectLevel)
    let hasTrellis = implementations.contains(.trellis)

    var header = ["case", "metric"] + implementations.map(\.title)
    if hasTrellis && hasApple { header.append("Apple ÷ Trellis") }
    if hasTrellis && hasObject { header.append("object ÷ property") }
    lines.append("| " + header.joined(separator: " | ") + " |")
    lines.append("|" + header.enumerated().map { $0.offset < 2 ? "---|" : "---:|" }.joined())

    var rows: [(caseName: String, metric: String)] = []
    for result in results
    where !rows.contains(where: {
      $0.caseName == result.caseName && $0.metric == result.metric
    }) {
      rows.append((result.caseName, result.metric))
    }
    for row in rows {
      func find(_ implementation: Implementation) -> BenchmarkResult? {
        results.first {
          $0.caseName == row.caseName && $0.metric == row.metric
            && $0.implementation == implementation
        }
      }
      var cells = [row.caseName, row.metric]
      for implementation in implementations {
        guard let result = find(implementation) else {
          cells.append("–")
          continue
        }
        if result.min == result.max {
          cells.append(format(result.median))
        } else {
          cells.append(
            "\(format(result.median)) (\(format(result.min))–\(format(result.max)))")
        }
      }
      let trellis = find(.trellis)?.median
      if hasTrellis && hasApple { cells.append(ratio(find(.appleObservation)?.median, trellis)) }
      if hasTrellis && hasObject { cells.append(ratio(find(.objectLevel)?.median, trellis)) }
      lines.append("| " + cells.joined(separator: " | ") + " |")
    }

    let outcomes = context.targetOutcomes
    if !outcomes.isEmpty {
      lines += ["", "Targets (ratios of medians):", ""]
      for outcome in outcomes {
        let bound: String
        switch outcome.target.comparison {
        case .atLeast(let value): bound = "≥ \(format(value))"
        case .atMost(let value): bound = "≤ \(format(value))"
        }
        let measured = outcome.ratio.map { format($0) + "×" } ?? "not measured"
        let verdict = outcome.isMet.map { $0 ? "met" : "MISSED" } ?? "n/a"
        lines.append("- \(outcome.target.label): \(measured) (target \(bound)×) — \(verdict)")
      }
    }
    lines.append("")
    return lines.joined(separator: "\n")
  }

  static func ratio(_ numerator: Double?, _ denominator: Double?) -> String {
    guard let numerator, let denominator, denominator > 0 else { return "–" }
    return format(numerator / denominator) + "×"
  }

  /// Three significant figures, without exponent notation for the usual ranges.
  static func format(_ value: Double) -> String {
    let magnitude = abs(value)
    if magnitude == 0 { return "0" }
    if magnitude >= 1000 { return String(format: "%.0f", value) }
    if magnitude >= 100 { return String(format: "%.0f", value) }
    if magnitude >= 10 { return String(format: "%.1f", value) }
    if magnitude >= 1 { return String(format: "%.2f", value) }
    return String(format: "%.3f", value)
  }
}

/// `1.23 s` or `456 ms`.
func formatSeconds(_ duration: Duration) -> String {
  let seconds = duration.nanoseconds / 1e9
  return seconds >= 1 ? String(format: "%.1f s", seconds) : String(format: "%.0f ms", seconds * 1e3)
}
