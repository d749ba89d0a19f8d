import Trellis

/// What one step of the demo did, as observed through the host.
struct StepReport: Sendable {
  /// The step.
  let step: DemoStep
  /// Rendered-tree dumps taken during the step, with a caption each.
  let snapshots: [(caption: String, dump: String)]
  /// Every body that ran, with why.
  let bodyRuns: [BodyRun]
  /// Lifecycle events, in order.
  let events: [LifecycleEvent]
  /// Wall-clock time the step took, including simulated latency it waited for.
  let duration: Duration
  /// Why the step did nothing, when the notes file has too few notes for it.
  var skipped: String? = nil

  /// Body runs per view type name, in first-run order.
  var bodyCountsByType: [(type: String, count: Int)] {
    var order: [String] = []
    var counts: [String: Int] = [:]
    for run in bodyRuns {
      let type = String(run.view.prefix { $0 != " " })
      if counts[type] == nil { order.append(type) }
      counts[type, default: 0] += 1
    }
    return order.map { ($0, counts[$0]!) }
  }
}
