import Synchronization
import TrellisTrackingSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// How many tracking scopes are open right now, on all threads together, is
// `trellis_open_scope_count` (TrellisTrackingSupport). A read first loads it (one relaxed
// atomic load); only when it is non-zero does the read pay for the thread-local lookup, so a
// read outside every scope costs close to a plain read. A relaxed load is enough: the only
// scope a read may record into is one opened on the reading thread, and that thread's own
// increment is always visible to it.

/// The pthread key whose per-thread value is the thread's outermost recorder (retained), from
/// which the recorders of deeper scopes hang; released when the thread exits.
private let rootRecorderKey: pthread_key_t = makeKey { raw in
  if let raw { Unmanaged<AccessRecorder>.fromOpaque(raw).release() }
}

#if canImport(Darwin)
  private typealias KeyDestructor = @convention(c) (UnsafeMutableRawPointer) -> Void
#else
  private typealias KeyDestructor = @convention(c) (UnsafeMutableRawPointer?) -> Void
#endif

private func makeKey(destructor: KeyDestructor?) -> pthread_key_t {
  var key = pthread_key_t()
  let status = pthread_key_create(&key, destructor)
  precondition(status == 0, "Trellis could not create its thread-local tracking key (\(status)).")
  return key
}

/// The innermost recorder open on this thread, if any.
@usableFromInline
func currentRecorder() -> AccessRecorder? {
  guard let raw = trellis_get_current_recorder() else { return nil }
  return Unmanaged<AccessRecorder>.fromOpaque(raw).takeUnretainedValue()
}

/// This thread's outermost recorder, created on first use.
func threadRootRecorder() -> AccessRecorder {
  if let raw = pthread_getspecific(rootRecorderKey) {
    return Unmanaged<AccessRecorder>.fromOpaque(raw).takeUnretainedValue()
  }
  let recorder = AccessRecorder.makeRoot()
  pthread_setspecific(rootRecorderKey, Unmanaged.passRetained(recorder).toOpaque())
  return recorder
}

/// Makes `recorder` the innermost recorder of this thread and returns the one it replaces.
func pushRecorder(_ recorder: AccessRecorder) -> UnsafeMutableRawPointer? {
  let previous = trellis_get_current_recorder()
  trellis_set_current_recorder(Unmanaged.passUnretained(recorder).toOpaque())
  trellis_add_open_scopes(1)
  return previous
}

/// Restores the recorder that `pushRecorder` replaced.
func popRecorder(restoring previous: UnsafeMutableRawPointer?) {
  trellis_add_open_scopes(-1)
  trellis_set_current_recorder(previous)
}

/// Records a read of `source` into the innermost scope of this thread, if one is open.
///
/// This is the whole cost of a tracked property read: one relaxed atomic load when nothing is
/// tracking anywhere, plus one thread-local lookup and one identity comparison otherwise.
@inlinable
@inline(__always)
func recordAccess(_ source: TrackingSource) {
  if !anyScopeIsOpen { return }
  recordAccessInOpenScope(Unmanaged.passUnretained(source))
}

/// Whether a tracking scope is open on any thread (one relaxed atomic load).
@inlinable
@inline(__always)
var anyScopeIsOpen: Bool { trellis_open_scopes() != 0 }

/// The out-of-line half of a tracked read. It takes the source unretained, so that the
/// inlined caller needs no retain and release around the call (about 10 ns of the 30 ns a
/// read inside a scope used to cost); the recorder retains it only when it appends it.
///
/// Inlined up to the comparison with the last recorded source, so that reading the same
/// property again (the common case in a loop or a body) makes no call at all: a thread-local
/// load (initial-exec, one instruction) and a pointer comparison.
@inlinable
@inline(__always)
func recordAccessInOpenScope(_ source: Unmanaged<TrackingSource>) {
  guard let raw = trellis_get_current_recorder() else { return }
  Unmanaged<AccessRecorder>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.record(source) }
}
