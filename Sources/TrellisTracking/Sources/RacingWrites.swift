import Synchronization
import TrellisTrackingSupport

// Writes that can land inside a main-actor evaluation running on another thread.
//
// A dependency graph's evaluation (a view's body, a derived value, an effect) observes the
// properties it read for the first time only when it ends. A write made on another thread
// after such a read, and before that end, found nobody to notify, so the evaluation's value
// stayed stale until the property was written again (Apple's `withObservationTracking` has the
// same window). It is closed from both sides, Dekker-style:
// - the writer stores the value, counts the write process-wide
//   (`trellis_count_off_main_write`), raises the source's `lastRacingWrite` to that count, and
//   only then looks for subscribers (sequentially consistent loads);
// - the evaluation reads the process-wide count when it begins; when it ends it subscribes,
//   then reads the `lastRacingWrite` of each property it just started to observe with a
//   read-modify-write (adding 0) and compares it with the count it began with
//   (`ChangeRelay.observe(readsOf:in:since:)`).
// Both sides modify `lastRacingWrite`, so their two operations are ordered: if the
// evaluation's comes second it reads the writer's count; if the writer's comes second it reads
// what the evaluation's wrote, which makes the subscription, made before, visible to the
// writer's look for subscribers. Either the writer notifies the subscription, or the
// evaluation sees the count and treats the property as changed (both may happen; the second
// notice changes nothing). A write the count saw before the evaluation began happened before
// its reads, so the evaluation read that value or a newer one. (A fence after the
// subscriptions would order them too; two operations on one location keep the argument to
// that location.)
//
// Only writes that can race pay for this: those made off the main thread, outside every
// tracking scope. Evaluations run on the main actor, so a write on the main thread is never
// inside one unless the evaluation makes it itself, which `AccessRecorder.writes` covers; a
// write inside a scope on another thread (an `Observations` closure) keeps the window, as does
// a `withTracking` or `TrackingObserver` scope, which does not take part.

/// Whether a write made here may race with a main-actor evaluation on another thread: the
/// thread is not the main thread and has no tracking scope open. Two thread-local loads.
@inlinable
@inline(__always)
var writeMayRaceWithEvaluations: Bool {
  trellis_on_main_thread() == 0 && trellis_get_current_recorder() == nil
}

/// The count of racing writes so far (see above): an evaluation reads it when it begins.
@inlinable
@inline(__always)
package func racingWritesSoFar() -> UInt64 { trellis_off_main_writes() }

extension TrackingSource {
  /// Counts a write that may race with evaluations (see above), after its value is stored,
  /// and says whether anyone is subscribed now, for the writer to notify at `didSet`.
  /// - Returns: whether the source has subscribers, loaded after the count was published.
  @usableFromInline
  @inline(never)
  final func noteRacingWrite() -> Bool {
    let count = trellis_count_off_main_write()
    // Raised, never lowered: two writes that race with each other (no lock of the app orders
    // them) may get here in either order. The loop always ends in a successful
    // read-modify-write, storing the larger count: that is what orders this write with a
    // subscription (see above).
    var current = lastRacingWrite.load(ordering: .relaxed)
    while true {
      let (exchanged, original) = lastRacingWrite.compareExchange(
        expected: current, desired: max(current, count), ordering: .sequentiallyConsistent)
      if exchanged { break }
      current = original
    }
    return subscriberCount.load(ordering: .sequentiallyConsistent) != 0
      || oneShotSlot.load(ordering: .sequentiallyConsistent) != nil
  }

  /// Whether a write that may race with evaluations was counted after `count` (see above).
  /// The caller subscribed first; the read is a read-modify-write, which orders it with the
  /// writers' (see above).
  final func hasRacingWrite(after count: UInt64) -> Bool {
    lastRacingWrite.wrappingAdd(0, ordering: .sequentiallyConsistent).oldValue > count
  }
}
