import Foundation

/// A sweep drawn as one chart: the cases of `suite` named `<casePrefix><N>` give the x axis
/// (N, a number with an optional `k` or `M` suffix: `10`, `1k`, `100k`) and their `metric`
/// medians the y axis, one line per implementation.
struct ChartSpec: Sendable {
  let fileName: String
  let title: String
  let suite: String
  let metric: String
  let casePrefix: String
  let xLabel: String
  let yLabel: String
}

/// Writes self-contained SVG line charts (hand-written SVG text: no scripts, no external
/// fonts or styles), with log–log axes because the sweeps span several decades.
enum SVGCharts {
  /// The charts this tool draws. A later suite gets its chart by naming its cases after the
  /// prefix here (`views`: `update-row-1k`, `update-row-10k`, …, metric `ns_per_update`).
  static let specs: [ChartSpec] = [
    ChartSpec(
      fileName: "mutation-cost-vs-readers.svg",
      title: "Cost of one mutation against readers of the model (wide-store)",
      suite: "wide-store", metric: "ns_per_update", casePrefix: "width-",
      xLabel: "readers of the model (one property each)",
      yLabel: "ns per update (write + re-evaluations)"),
    ChartSpec(
      fileName: "update-cost-vs-list-size.svg",
      title: "Update cost against list size (views)",
      suite: "views", metric: "ns_per_update", casePrefix: "update-row-",
      xLabel: "list size (rows)", yLabel: "ns per update"),
  ]

  /// Writes every chart with data into `directory`; returns one line per chart saying what
  /// was written or why it was skipped.
  static func write(_ results: [BenchmarkResult], into directory: String) throws -> [String] {
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true)
    var messages: [String] = []
    for spec in specs {
      let series = collect(spec, from: results)
      guard !series.isEmpty else {
        messages.append(
          "SVG: skipped \(spec.fileName): no `\(spec.suite)` results with cases "
            + "`\(spec.casePrefix)<N>` and metric `\(spec.metric)` in this run.")
        continue
      }
      let path = (directory as NSString).appendingPathComponent(spec.fileName)
      try render(spec, series: series).write(toFile: path, atomically: true, encoding: .utf8)
      messages.append("SVG written to \(path)")
    }
    return messages
  }

  struct Point {
    let x: Double
    let median: Double
    let min: Double
    let max: Double
  }

  static func collect(_ spec: ChartSpec, from results: [BenchmarkResult]) -> [(
    Implementation, [Point]
  )] {
    Implementation.allCases.compactMap { implementation in
      let points = results.compactMap { result -> Point? in
        guard result.suite == spec.suite, result.metric == spec.metric,
          result.implementation == implementation, result.caseName.hasPrefix(spec.casePrefix),
          let x = size(result.caseName.dropFirst(spec.casePrefix.count)), x > 0,
          result.min > 0
        else { return nil }
        return Point(x: x, median: result.median, min: result.min, max: result.max)
      }.sorted { $0.x < $1.x }
      return points.isEmpty ? nil : (implementation, points)
    }
  }

  /// The x value of a case-name suffix: `100` → 100, `1k` → 1,000, `2M` → 2,000,000; nil for
  /// anything else.
  static func size(_ text: Substring) -> Double? {
    if let value = Double(text) { return value }
    let multipliers: [Character: Double] = ["k": 1e3, "M": 1e6]
    guard let last = text.last, let multiplier = multipliers[last],
      let value = Double(text.dropLast())
    else { return nil }
    return value * multiplier
  }

  static func color(_ implementation: Implementation) -> String {
    switch implementation {
    case .trellis: return "#1f77b4"
    case .appleObservation: return "#7f7f7f"
    case .objectLevel: return "#d62728"
    }
  }

  static func render(_ spec: ChartSpec, series: [(Implementation, [Point])]) -> String {
    let width = 760.0
    let height = 480.0
    let left = 90.0
    let right = 190.0
    let top = 50.0
    let bottom = 70.0
    let plotWidth = width - left - right
    let plotHeight = height - top - bottom

    let points = series.flatMap(\.1)
    let xDecades = decades(points.map(\.x))
    let yDecades = decades(points.flatMap { [$0.min, $0.max, $0.median] })
    func px(_ x: Double) -> Double {
      let span = Double(xDecades.upperBound - xDecades.lowerBound)
      return left + (log10(x) - Double(xDecades.lowerBound)) / max(span, 1) * plotWidth
    }
    func py(_ y: Double) -> Double {
      let span = Double(yDecades.upperBound - yDecades.lowerBound)
      return top + plotHeight - (log10(y) - Double(yDecades.lowerBound)) / max(span, 1)
        * plotHeight
    }
    func f(_ value: Double) -> String { String(format: "%.1f", value) }

    var svg: [String] = []
    svg.append(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
      viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" \
      font-size="12">
      """)
    svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>")
    svg.append(
      "<text x=\"\(f(width / 2))\" y=\"24\" text-anchor=\"middle\" font-size=\"15\" "
        + "font-weight=\"bold\">\(escape(spec.title))</text>")

    // Grid and ticks, one per decade (log scale on both axes).
    for decade in xDecades {
      let x = px(pow(10, Double(decade)))
      svg.append(
        "<line x1=\"\(f(x))\" y1=\"\(f(top))\" x2=\"\(f(x))\" y2=\"\(f(top + plotHeight))\" "
          + "stroke=\"#e0e0e0\"/>")
      svg.append(
        "<text x=\"\(f(x))\" y=\"\(f(top + plotHeight + 18))\" text-anchor=\"middle\">"
          + "\(tickLabel(decade))</text>")
    }
    for decade in yDecades {
      let y = py(pow(10, Double(decade)))
      svg.append(
        "<line x1=\"\(f(left))\" y1=\"\(f(y))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(y))\" "
          + "stroke=\"#e0e0e0\"/>")
      svg.append(
        "<text x=\"\(f(left - 8))\" y=\"\(f(y + 4))\" text-anchor=\"end\">"
          + "\(tickLabel(decade))</text>")
    }
    svg.append(
      "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotWidth))\" "
        + "height=\"\(f(plotHeight))\" fill=\"none\" stroke=\"#333\"/>")
    svg.append(
      "<text x=\"\(f(left + plotWidth / 2))\" y=\"\(f(height - 22))\" text-anchor=\"middle\">"
        + "\(escape(spec.xLabel)) — log scale</text>")
    svg.append(
      "<text transform=\"translate(22 \(f(top + plotHeight / 2))) rotate(-90)\" "
        + "text-anchor=\"middle\">\(escape(spec.yLabel)) — log scale</text>")

    // Series: a line through the medians, a min–max bar at each point.
    for (implementation, points) in series {
      let stroke = color(implementation)
      let path = points.map { "\(f(px($0.x))),\(f(py($0.median)))" }.joined(separator: " ")
      svg.append(
        "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"2\"/>")
      for point in points {
        let x = px(point.x)
        svg.append(
          "<line x1=\"\(f(x))\" y1=\"\(f(py(point.min)))\" x2=\"\(f(x))\" "
            + "y2=\"\(f(py(point.max)))\" stroke=\"\(stroke)\" stroke-width=\"1\"/>")
        svg.append(
          "<circle cx=\"\(f(x))\" cy=\"\(f(py(point.median)))\" r=\"3.5\" fill=\"\(stroke)\">"
            + "<title>\(implementation.rawValue), \(Int(point.x)): median "
            + "\(MarkdownReport.format(point.median)) (min \(MarkdownReport.format(point.min)), "
            + "max \(MarkdownReport.format(point.max)))</title></circle>")
      }
    }

    // Legend.
    for (row, (implementation, _)) in series.enumerated() {
      let y = top + 10 + Double(row) * 22
      let x = left + plotWidth + 16
      svg.append(
        "<line x1=\"\(f(x))\" y1=\"\(f(y))\" x2=\"\(f(x + 24))\" y2=\"\(f(y))\" "
          + "stroke=\"\(color(implementation))\" stroke-width=\"2\"/>")
      svg.append(
        "<text x=\"\(f(x + 30))\" y=\"\(f(y + 4))\">\(implementation.rawValue)</text>")
    }
    svg.append(
      "<text x=\"\(f(left + plotWidth + 16))\" y=\"\(f(top + 10 + Double(series.count) * 22 + 8))\" "
        + "font-size=\"10\" fill=\"#555\">bars: min–max of samples</text>")
    svg.append("</svg>")
    return svg.joined(separator: "\n") + "\n"
  }

  /// The whole decades that cover `values` (for example 10⁰…10³).
  static func decades(_ values: [Double]) -> ClosedRange<Int> {
    let logs = values.filter { $0 > 0 }.map(log10)
    let low = Int(floor(logs.min() ?? 0))
    let high = Int(ceil(logs.max() ?? 1))
    return low...max(high, low + 1)
  }

  static func tickLabel(_ decade: Int) -> String {
    switch decade {
    case 0: return "1"
    case 1: return "10"
    case 2: return "100"
    case 3: return "1k"
    case 4: return "10k"
    case 5: return "100k"
    case 6: return "1M"
    case 7: return "10M"
    default: return "1e\(decade)"
    }
  }

  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
