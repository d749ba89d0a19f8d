import Trellis

/// Prints step reports for people: the step, a trimmed tree, the bodies that ran and why,
/// the lifecycle events, and the time taken; then a summary.
struct StepPrinter {
  let out: @Sendable (String) -> Void
  /// How many body runs to list per step before summarizing the rest.
  var maximumRunsListed = 8

  func print(_ report: StepReport) {
    let step = report.step
    out("")
    out("── \(step.rawValue). \(step.name) ── \(step.summary)")
    if let skipped = report.skipped { out(skipped) }
    for snapshot in report.snapshots {
      out("Tree (\(snapshot.caption)):")
      for line in snapshot.dump.split(separator: "\n") { out("  \(line)") }
    }
    // A body's first run (reason `inserted`) is not a re-run: counted apart, so that a mount's
    // count does not read as re-runs (found by a new user).
    let firstRuns = report.bodyRuns.count { $0.reasons == ["inserted"] }
    let reRuns = report.bodyRuns.count - firstRuns
    out(
      firstRuns == 0
        ? "Bodies re-run: \(reRuns)"
        : "Bodies run: \(report.bodyRuns.count) (\(firstRuns) for the first time, \(reRuns) re-run)"
    )
    for run in report.bodyRuns.prefix(maximumRunsListed) { out("  \(run)") }
    if report.bodyRuns.count > maximumRunsListed {
      let rest = report.bodyRuns.count - maximumRunsListed
      let types = Set(
        report.bodyRuns.dropFirst(maximumRunsListed).map { $0.view.prefix { $0 != " " } })
      out("  … and \(rest) more (\(types.sorted().joined(separator: ", ")))")
    }
    out(report.events.isEmpty ? "Lifecycle: none" : "Lifecycle:")
    for event in report.events { out("  \(event)") }
    out("Took \(Self.milliseconds(report.duration))")
  }

  func printSummary(_ reports: [StepReport]) {
    out("")
    out("Summary: body evaluations per view type")
    var totals: [String: Int] = [:]
    var order: [String] = []
    for report in reports {
      for (type, count) in report.bodyCountsByType {
        if totals[type] == nil { order.append(type) }
        totals[type, default: 0] += count
      }
    }
    for type in order { out("  \(type): \(totals[type]!)") }
    out("Time per step")
    for report in reports {
      // The skip says why the step did nothing, under `--quiet` too, which omits the steps.
      let skipped = report.skipped.map { " (\($0))" } ?? ""
      out(
        "  \(report.step.rawValue). \(report.step.name): \(Self.milliseconds(report.duration))"
          + skipped)
    }
  }

  static func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let ms = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    return "\((ms * 10).rounded() / 10) ms"
  }
}
