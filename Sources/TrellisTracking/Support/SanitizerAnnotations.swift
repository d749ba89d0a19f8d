import Synchronization
import TrellisTrackingSupport

// ThreadSanitizer cannot see `Synchronization.Mutex` on Linux when the lock is contended: the
// slow path acquires it in the kernel (a priority-inheritance futex) or in the uninstrumented
// Synchronization library, so TSan never observes the acquire/release pair and reports every
// contended critical section as a data race. Each critical section is therefore announced to
// TSan explicitly. Whether the build is sanitized is answered by the C target, which SwiftPM
// compiles with the sanitizer's flags (`__has_feature(thread_sanitizer)`), so an app built with
// `--sanitize=thread` gets the announcements with no flag of its own; in every other build the
// announcement is one load of a constant and a branch not taken.

extension Mutex {
  /// `withLock(_:)`, with the critical section announced to ThreadSanitizer in sanitized
  /// builds, so that TSan orders it after the previous holder's section.
  /// - Parameters:
  ///   - owner: the object that owns this mutex (and no other); its address names the lock.
  ///     `Unmanaged` only turns it into that address, which is never dereferenced; the caller
  ///     holds `owner` for the call.
  ///   - body: the critical section.
  @inline(__always)
  package borrowing func withAnnotatedLock<Result>(
    owner: AnyObject, _ body: (inout sending Value) -> sending Result
  ) -> sending Result {
    withLock { value in
      guard trellis_under_tsan != 0 else { return body(&value) }
      trellis_tsan_acquire(Unmanaged.passUnretained(owner).toOpaque())
      defer { trellis_tsan_release(Unmanaged.passUnretained(owner).toOpaque()) }
      return body(&value)
    }
  }
}
