/// The distinct tracked properties one closure read, as recorded by `recordTrackedReads`.
///
/// A value to hand to `TrackingObserver.observe(_:)`; it keeps the per-property bookkeeping it
/// names alive, never the models.
package struct TrackedReads: Sendable {
  let sources: [TrackingSource]

  /// No reads were recorded.
  package var isEmpty: Bool { sources.isEmpty }

  /// The number of distinct properties read.
  package var count: Int { sources.count }
}

/// Runs `body` and returns what it read, without subscribing to anything.
///
/// This is the building block for a dependency graph: record reads during an evaluation, then
/// decide whom to subscribe. With `isolated: true`, the reads are kept out of any enclosing
/// tracking scope, so that a node depends on what it read itself and not on what the nodes
/// it evaluated read.
/// - Parameters:
///   - isolated: whether to hide these reads from enclosing scopes (default `false`, which is
///     the nesting behaviour of `withTracking`).
///   - body: the closure whose reads are recorded; it runs once, synchronously.
/// - Returns: what `body` returned, and the distinct properties it read.
package func recordTrackedReads<Result>(
  isolated: Bool = false, _ body: () throws -> Result
) rethrows -> (result: Result, reads: TrackedReads) {
  try AccessRecorder.withScope(isolatesReads: isolated, body) { result, recorder in
    (result, TrackedReads(sources: recorder.uniqueSources()))
  }
}

/// Runs `body` and returns what it read, like `recordTrackedReads(isolated:_:)` but without a
/// generic result, so that a caller in another module pays for no generic metadata (tuple
/// types are instantiated at run time for every call of the generic form).
/// - Parameters:
///   - isolated: whether to hide these reads from enclosing scopes.
///   - body: the closure whose reads are recorded; it runs once, synchronously.
/// - Returns: the distinct properties `body` read.
package func trackedReads(isolated: Bool = false, during body: () -> Void) -> TrackedReads {
  AccessRecorder.withScope(isolatesReads: isolated, body) { _, recorder in
    TrackedReads(sources: recorder.uniqueSources())
  }
}
