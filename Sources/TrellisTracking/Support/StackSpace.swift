import TrellisTrackingSupport

/// How many bytes of stack remain on the current thread below the caller: a thread-local load
/// and a subtraction (the thread's stack bounds are looked up once per thread).
///
/// The dependency graph uses it to refuse an evaluation that would overflow the stack, instead
/// of crashing or moving main-actor work to another thread.
@inlinable
package func remainingStackBytes() -> Int {
  Int(trellis_stack_remaining())
}
