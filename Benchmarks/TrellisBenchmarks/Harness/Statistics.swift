/// Median, minimum and maximum of one case's samples.
struct Summary: Sendable {
  let median: Double
  let min: Double
  let max: Double

  init(_ samples: [Double]) {
    precondition(!samples.isEmpty, "a case needs at least one sample")
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    median =
      sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    min = sorted[0]
    max = sorted[sorted.count - 1]
  }
}

extension Duration {
  /// The duration in nanoseconds, as a floating-point number.
  var nanoseconds: Double {
    let parts = components
    return Double(parts.seconds) * 1e9 + Double(parts.attoseconds) / 1e9
  }
}
