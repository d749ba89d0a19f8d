import Synchronization
import TrellisTrackingSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Whether a tracking scope is open on this thread is whether the C thread-local
// `trellis_current_recorder` (TrellisTrackingSupport) is set: with the initial-exec model that
// is one load relative to the thread pointer, as cheap as loading a global, so a read outside
// every scope costs close to a plain read. (An earlier design kept a process-wide count of
// open scopes for that check; it cost two atomic read-modify-writes per scope and nothing on
// the read path.)

/// The pthread key whose per-thread value is the thread's outermost recorder (retained), from
/// which the recorders of deeper scopes hang; released when the thread exits.
private let rootRecorderKey: pthread_key_t = makeKey { raw in
  trellis_set_root_recorder(nil)
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

/// This thread's outermost recorder, unretained: the thread's pthread key keeps it until the
/// thread exits.
@inline(__always)
func threadRootRecorderReference() -> Unmanaged<AccessRecorder> {
  if let raw = trellis_get_root_recorder() { return Unmanaged.fromOpaque(raw) }
  return Unmanaged.passUnretained(threadRootRecorder())
}

/// This thread's outermost recorder, created on first use.
func threadRootRecorder() -> AccessRecorder {
  if let raw = trellis_get_root_recorder() {
    return Unmanaged<AccessRecorder>.fromOpaque(raw).takeUnretainedValue()
  }
  let recorder = AccessRecorder.makeRoot()
  let raw = Unmanaged.passRetained(recorder).toOpaque()
  pthread_setspecific(rootRecorderKey, raw)
  trellis_set_root_recorder(raw)
  return recorder
}

/// Makes `recorder` the innermost recorder of this thread and returns the one it replaces.
func pushRecorder(_ recorder: AccessRecorder) -> UnsafeMutableRawPointer? {
  let previous = trellis_get_current_recorder()
  trellis_set_current_recorder(Unmanaged.passUnretained(recorder).toOpaque())
  return previous
}

/// Restores the recorder that `pushRecorder` replaced.
func popRecorder(restoring previous: UnsafeMutableRawPointer?) {
  trellis_set_current_recorder(previous)
}

/// Notes a write of `source` (of `object`, at `keyPath`) made while a scope is open on this
/// thread: a graph evaluation that has already read `source`, and does not observe it yet (its
/// first run subscribes at its end), would otherwise never learn that what it read changed
/// (see `AccessRecorder.writes`). Out of line: only writes made inside a scope come here.
@usableFromInline
@inline(never)
func noteWriteInOpenScope(_ source: TrackingSource, object: AnyObject, keyPath: AnyKeyPath?) {
  currentRecorder()?.noteWrite(of: source, object: object, keyPath: keyPath)
}

/// Records a read of `source` into the innermost scope of this thread, if one is open.
///
/// This is the whole cost of a tracked property read: one thread-local load when no scope is
/// open on this thread, plus one identity comparison otherwise.
@inlinable
@inline(__always)
func recordAccess(_ source: TrackingSource) {
  if !anyScopeIsOpen { return }
  recordAccessInOpenScope(Unmanaged.passUnretained(source))
}

/// Whether a tracking scope is open on this thread (one thread-local load).
@inlinable
@inline(__always)
var anyScopeIsOpen: Bool { trellis_get_current_recorder() != nil }

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
