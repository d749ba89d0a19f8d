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
/// - a nested call's reads also subscribe every enclosing call, also when the nested `apply`
///   throws (it then installs nothing itself).
///
/// One deliberate difference: when two threads change two recorded properties at the same
/// moment, `onChange` still runs exactly once (Apple's registrar can run it twice).
///
/// A model that is deallocated before any recorded property changes does not call `onChange`;
/// its properties, and with them the pending observation, are simply released.
///
/// The observation is installed when `apply` returns, as Apple's is: a write made on another
/// thread after `apply` read the property and before the installation is not reported (the
/// next write is), as with Apple's. To follow a property written on other threads, use
/// `Observations` or a `TrackingObserver`, which stay installed between reads, or re-arm in
/// `onChange` and compare the value read after re-arming with the one you hold.
///
/// - Parameters:
///   - apply: the closure whose reads are recorded; it runs exactly once, synchronously.
///   - onChange: called once when a recorded property is about to change.
/// - Returns: what `apply` returns.
/// - Complexity: each tracked read inside `apply` costs one thread-local load and one
///   comparison; installing costs one compare-and-exchange per distinct property read (a lock
///   round-trip instead where another observation already holds that property's slot).
@discardableResult
@inlinable
@inline(__always)
public func withTracking<T>(
  _ apply: () throws -> T, onChange: @autoclosure () -> @Sendable () -> Void
) rethrows -> T {
  // Inlinable over a non-generic scope, so that `T` is never handled through value witnesses
  // (an unspecialized generic `withTracking` was about a tenth of a one-property call).
  let scope = TrackingScope.open()
  let result: T
  do {
    result = try apply()
  } catch {
    scope.abandon()
    throw error
  }
  scope.close(subscribing: onChange)
  return result
}

/// One `withTracking` call's scope on this thread: the recorder its reads go to, and the
/// enclosing scope's recorder, if any, which the scope replaces while it is open.
///
/// The recorders are borrowed, not retained: the thread's root recorder lives as long as the
/// thread (its pthread key holds it), and every child lives as long as its parent.
@usableFromInline
struct TrackingScope {
  let root: Unmanaged<AccessRecorder>
  let enclosing: UnsafeMutableRawPointer?
  let recorder: Unmanaged<AccessRecorder>

  /// Opens a scope: reads on this thread are recorded into it until it is closed or abandoned.
  @usableFromInline
  static func open() -> TrackingScope {
    let root = threadRootRecorderReference()
    let enclosing = trellis_get_current_recorder()
    let recorder: Unmanaged<AccessRecorder>
    if let enclosing {
      recorder = Unmanaged<AccessRecorder>.fromOpaque(enclosing)._withUnsafeGuaranteedRef {
        Unmanaged.passUnretained($0.childRecorder().firstFreeRecorder())
      }
    } else {
      recorder = root._withUnsafeGuaranteedRef {
        $0.isSubscribing ? Unmanaged.passUnretained($0.firstFreeRecorder()) : root
      }
    }
    trellis_set_current_recorder(recorder.toOpaque())
    return TrackingScope(root: root, enclosing: enclosing, recorder: recorder)
  }

  /// Closes the scope after its body threw: nothing is installed for it, but what it read
  /// before throwing was read by the enclosing scopes too, and stays theirs (found by a new
  /// user: a helper that threw took its reads from the call around it, which Observation,
  /// whose `apply` cannot throw, never does).
  @usableFromInline
  func abandon() {
    trellis_set_current_recorder(enclosing)
    recorder._withUnsafeGuaranteedRef { recorder in
      if !recorder.sources.isEmpty { handReadsToEnclosing(recorder) }
      recorder.reset()
    }
  }

  /// Adds what `recorder` read to the enclosing scope's reads, if there is one: a nested
  /// call's reads are its enclosing calls' too. The enclosing recorder is borrowed, as the
  /// type's note says (it outlives this scope, its child).
  @inline(__always)
  private func handReadsToEnclosing(_ recorder: AccessRecorder) {
    guard let enclosing else { return }
    Unmanaged<AccessRecorder>.fromOpaque(enclosing)._withUnsafeGuaranteedRef {
      recorder.handReads(to: $0)
    }
  }

  /// Closes the scope and subscribes what it read to one observation calling the handler
  /// `onChange` makes; a scope that read nothing installs nothing, and `onChange` is not
  /// evaluated.
  @usableFromInline
  func close(subscribing onChange: () -> @Sendable () -> Void) {
    trellis_set_current_recorder(enclosing)
    recorder._withUnsafeGuaranteedRef { recorder in
      if recorder.sources.isEmpty { return }
      handReadsToEnclosing(recorder)
      if recorder.sources.count > 1 { recorder.removeDuplicates() }
      // Evaluating `onChange` (which `subscribeOneShot` does) may open another scope on this
      // thread; it must not reuse this recorder before its sources are subscribed.
      recorder.isSubscribing = true
      root._withUnsafeGuaranteedRef { $0.subscribeOneShot(recorder, onChange) }
      recorder.isSubscribing = false
      recorder.reset()
    }
  }
}
