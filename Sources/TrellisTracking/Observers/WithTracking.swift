/// Runs `apply`, records every tracked property it reads, and calls `onChange` once, the first
/// time any of those properties is about to change.
///
/// This mirrors Apple's `withObservationTracking(_:onChange:)`:
/// - reads are recorded synchronously while `apply` runs, through computed properties and
///   through chains of tracked objects (`parent.child.count` records both hops);
/// - `onChange` runs on the mutating thread, at `willSet` time, before the new value is stored,
///   so reading the property inside it still gives the old value;
/// - it runs at most once; writes to properties `apply` did not read never trigger it;
/// - a scope that reads nothing installs nothing;
/// - a nested call's reads also subscribe every enclosing call.
///
/// One deliberate difference: when two threads change two recorded properties at the same
/// moment, `onChange` still runs exactly once (Apple's registrar can run it twice).
///
/// A model that is deallocated before any recorded property changes does not call `onChange`;
/// its properties, and with them the pending observation, are simply released.
///
/// - Parameters:
///   - apply: the closure whose reads are recorded; it runs exactly once, synchronously.
///   - onChange: called once when a recorded property is about to change.
/// - Returns: what `apply` returns.
/// - Complexity: each tracked read inside `apply` costs one atomic load, one thread-local
///   lookup and one comparison; installing costs one lock round-trip per distinct property read.
@discardableResult
public func withTracking<T>(
  _ apply: () throws -> T, onChange: @autoclosure () -> @Sendable () -> Void
) rethrows -> T {
  try AccessRecorder.withScope(apply) { result, recorder in
    recorder.removeDuplicates()
    // A copy of the list (sharing its buffer): evaluating `onChange` may run code that opens
    // another scope on this thread and reuses the recorder.
    let sources = recorder.sources
    if !sources.isEmpty {
      let observation = OneShotObservation(onChange: onChange())
      for source in sources { source.add(observation) }
    }
    return result
  }
}
