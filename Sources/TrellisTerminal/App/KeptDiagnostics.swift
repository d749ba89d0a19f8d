import TrellisGraph

/// The diagnostics a terminal app keeps while it owns the terminal, to print after it: each
/// distinct one once, with how many times it was reported.
///
/// A mistake reported on every update (a `ForEach` with duplicate ids re-reports at each run of
/// its parent) was kept once per report: 20,000 updates kept 20,000 copies (6 MB) and printed
/// 20,000 identical lines at exit (found by a new user's soak test). SwiftUI logs each report
/// and keeps nothing; an app that keeps them for later keeps them once.
struct KeptDiagnostics {
  /// The most distinct diagnostics kept; later distinct ones are counted, not kept.
  static let capacity = 1_000

  /// Each distinct diagnostic, in the order first reported.
  private(set) var distinct: [TrellisDiagnostic] = []
  /// How many times each of `distinct` was reported.
  private(set) var counts: [Int] = []
  /// Distinct diagnostics reported once `capacity` was reached.
  private(set) var dropped = 0
  /// Where each of `distinct` is.
  private var positions: [TrellisDiagnostic: Int] = [:]

  /// Counts `diagnostic`, keeping it if it is new. O(1) amortized (a hash of its text).
  mutating func add(_ diagnostic: TrellisDiagnostic) {
    if let position = positions[diagnostic] {
      counts[position] += 1
    } else if distinct.count < Self.capacity {
      positions[diagnostic] = distinct.count
      distinct.append(diagnostic)
      counts.append(1)
    } else {
      dropped += 1
    }
  }

  /// What to print after the session: each distinct diagnostic once, those reported more than
  /// once with their count, then how many were not kept.
  var report: [TrellisDiagnostic] {
    var report = zip(distinct, counts).map { diagnostic, count in
      count == 1
        ? diagnostic
        : TrellisDiagnostic(
          kind: diagnostic.kind, nodes: diagnostic.nodes,
          message: "\(diagnostic.message) (reported \(count) times while the app ran)")
    }
    if dropped > 0 {
      report.append(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [],
          message:
            "\(dropped) more diagnostic reports were not kept: the app keeps \(Self.capacity) "
            + "distinct diagnostics while it owns the terminal"))
    }
    return report
  }
}
