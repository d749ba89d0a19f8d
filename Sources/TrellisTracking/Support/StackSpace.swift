import TrellisTrackingSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many bytes of stack remain on the current thread below the caller: a thread-local load
/// and a subtraction (the thread's stack bounds are looked up once per thread).
///
/// The dependency graph uses it to continue a deep evaluation on a fresh stack segment, and to
/// refuse one that could not get one, instead of overflowing the stack.
@inlinable
package func remainingStackBytes() -> Int {
  Int(trellis_stack_remaining())
}

/// Whether the caller runs on the process's main thread. Cheaper than Foundation's
/// `Thread.isMainThread` (no class lookup): a thread-pointer read and a comparison.
@inlinable
package func isMainThread() -> Bool { trellis_is_main_thread() != 0 }

/// Runs `body` on a fresh stack segment of the current thread and returns when it returns.
///
/// Deep recursion (a first evaluation of a long chain of derived values nests one call per
/// level) continues there instead of overflowing the thread's stack, and never leaves the
/// thread, so main-actor code stays on the main actor. A segment is 16 MiB of address space,
/// committed only as it is used, with a guard page at its end; it is unmapped when `body`
/// returns.
/// - Parameter body: the work; it must not suspend (it is synchronous) and must return.
/// - Returns: false, without running `body`, when no segment could be mapped.
package func withFreshStack(_ body: () -> Void) -> Bool {
  let size = 16 << 20
  let page = Int(sysconf(Int32(_SC_PAGESIZE)))
  #if canImport(Darwin)
    let flags = MAP_PRIVATE | MAP_ANON
  #else
    let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK
  #endif
  guard let base = mmap(nil, size, PROT_READ | PROT_WRITE, flags, -1, 0),
    base != MAP_FAILED
  else { return false }
  defer { munmap(base, size) }
  // The lowest page is the guard: an overflow faults instead of writing into other memory.
  mprotect(base, page, PROT_NONE)
  withoutActuallyEscaping(body) { body in
    let box = StackBody(body)
    let context = Unmanaged.passUnretained(box).toOpaque()
    trellis_call_on_stack(base + page, UInt(size - page), runStackBody, context)
    withExtendedLifetime(box) {}
  }
  return true
}

/// The closure `withFreshStack` runs, boxed to cross into C as a pointer.
private final class StackBody {
  let body: () -> Void
  init(_ body: @escaping () -> Void) { self.body = body }
}

/// The C entry point on the fresh stack: unboxes and runs the closure.
private func runStackBody(_ context: UnsafeMutableRawPointer?) {
  guard let context else { return }
  Unmanaged<StackBody>.fromOpaque(context).takeUnretainedValue().body()
}
