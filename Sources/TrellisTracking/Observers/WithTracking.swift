import TrellisTrackingSupport

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
  // The recorders are borrowed, not retained: the thread's root recorder lives as long as the
  // thread (its pthread key holds it), and every child lives as long as its parent.
  let root = threadRootRecorderReference()
  let enclosing = trellis_get_current_recorder()
  let recorder: Unmanaged<AccessRecorder>
  if let enclosing {
    recorder = Unmanaged<AccessRecorder>.fromOpaque(enclosing)._withUnsafeGuaranteedRef {
      $0.childRecorderReference()
    }
  } else {
    recorder = root._withUnsafeGuaranteedRef {
      $0.isSubscribing ? $0.childRecorderReference() : root
    }
  }
  return try recorder._withUnsafeGuaranteedRef { recorder in
    let previous = pushRecorder(recorder)
    let result: T
    do {
      result = try apply()
    } catch {
      popRecorder(restoring: previous)
      recorder.reset()
      throw error
    }
    popRecorder(restoring: previous)
    if recorder.sources.isEmpty { return result }
    if let enclosing {
      Unmanaged<AccessRecorder>.fromOpaque(enclosing)._withUnsafeGuaranteedRef {
        recorder.handReads(to: $0)
      }
    }
    recorder.removeDuplicates()
    // Evaluating `onChange` may open another scope on this thread; it must not reuse this
    // recorder before its sources are subscribed.
    recorder.isSubscribing = true
    let handler = onChange()
    root._withUnsafeGuaranteedRef { $0.subscribeOneShot(recorder, handler) }
    recorder.isSubscribing = false
    recorder.reset()
    return result
  }
}
