import Synchronization

// ThreadSanitizer cannot see `Synchronization.Mutex` on Linux when the lock is contended: the
// slow path acquires it in the kernel (a priority-inheritance futex) or in the uninstrumented
// Synchronization library, so TSan never observes the acquire/release pair and reports every
// contended critical section as a data race. Builds made with `-Xswiftc -DTRELLIS_TSAN` (the
// CI's sanitizer step) announce each critical section to TSan explicitly; every other build
// compiles the announcements to nothing.

#if TRELLIS_TSAN
  @_silgen_name("__tsan_acquire")
  private func tsanAcquire(_ address: UnsafeMutableRawPointer?)

  @_silgen_name("__tsan_release")
  private func tsanRelease(_ address: UnsafeMutableRawPointer?)
#endif

extension Mutex {
  /// `withLock(_:)`, with the critical section announced to ThreadSanitizer in `TRELLIS_TSAN`
  /// builds, so that TSan orders it after the previous holder's section.
  /// - Parameters:
  ///   - owner: the object that owns this mutex (and no other); its address names the lock.
  ///   - body: the critical section.
  @inline(__always)
  package borrowing func withAnnotatedLock<Result>(
    owner: AnyObject, _ body: (inout sending Value) -> sending Result
  ) -> sending Result {
    withLock { value in
      #if TRELLIS_TSAN
        tsanAcquire(Unmanaged.passUnretained(owner).toOpaque())
        defer { tsanRelease(Unmanaged.passUnretained(owner).toOpaque()) }
      #endif
      return body(&value)
    }
  }
}
