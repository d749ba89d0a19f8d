/// Runs a measured body repeatedly: warm-up and calibration first, then several samples.
///
/// A sample times a batch of operations with `ContinuousClock` and divides by the batch size,
/// so that clock reads (about 20 ns each) never dominate a nanosecond-scale operation. The
/// batch size is calibrated once per case so that a sample lasts about `sampleDuration`.
struct Sampler: Sendable {
  /// Samples kept per case.
  var sampleCount: Int
  /// How long one sample should last, in nanoseconds.
  var sampleDuration: Double
  /// Upper bound on a batch, so that a mis-calibrated case cannot run for minutes.
  var maximumBatch: Int

  /// Measures a batched operation.
  ///
  /// - Parameter body: runs `n` operations and returns how long the part that should count
  ///   took (it may do untimed setup and checks around it, see `timed(_:)`).
  /// - Returns: nanoseconds per operation, one value per sample.
  func nanosecondsPerOperation(_ body: (_ n: Int) -> Duration) -> [Double] {
    // Warm-up doubles as calibration: grow the batch until it is long enough to scale from.
    var batch = 1
    var elapsed = body(batch).nanoseconds
    while elapsed < sampleDuration / 8 && batch < maximumBatch {
      batch = Swift.min(batch * 4, maximumBatch)
      elapsed = body(batch).nanoseconds
    }
    let perOperation = Swift.max(elapsed / Double(batch), 0.01)
    batch = Swift.max(1, Swift.min(maximumBatch, Int(sampleDuration / perOperation)))
    _ = body(batch)
    return (0..<sampleCount).map { _ in body(batch).nanoseconds / Double(batch) }
  }

  /// Measures an operation whose batch size is fixed by the case (for example, one write that
  /// fires 10,000 observers), with `warmUps` unrecorded runs first.
  ///
  /// - Parameters:
  ///   - operations: how many operations one run of `body` stands for.
  ///   - warmUps: runs made before samples are kept.
  ///   - body: one run; returns the timed part's duration.
  /// - Returns: nanoseconds per operation, one value per sample.
  func nanosecondsPerOperation(
    fixedOperations operations: Int, warmUps: Int = 1, _ body: () -> Duration
  ) -> [Double] {
    for _ in 0..<warmUps { _ = body() }
    return (0..<sampleCount).map { _ in body().nanoseconds / Double(operations) }
  }
}

/// Times `body` with `ContinuousClock`.
@inline(__always)
func timed(_ body: () -> Void) -> Duration {
  ContinuousClock().measure(body)
}
