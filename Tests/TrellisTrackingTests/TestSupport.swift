import Synchronization
import TrellisTracking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Models and helpers shared by the TrellisTracking test files.

final class Note: Trackable {
  @Tracked var title = ""
  @Tracked var count = 0
  @Tracked var items: [Int] = []
  @Tracked var child: Note?
}

/// Counts calls from any thread.
final class Counter: Sendable {
  private let value = Atomic<Int>(0)
  func increment() { value.add(1, ordering: .relaxed) }
  var count: Int { value.load(ordering: .relaxed) }
}

/// A value behind a POSIX mutex. The tests use this rather than `Synchronization.Mutex`,
/// whose contended path ThreadSanitizer cannot see on Linux (see `SanitizerAnnotations.swift`
/// in TrellisTracking), so that a TSan report always means a real race.
final class Locked<Value>: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var value: Value

  init(_ value: Value) {
    self.value = value
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}

/// An append-only log that any thread may write to.
final class Log<Element: Sendable>: Sendable {
  private let storage = Locked<[Element]>([])
  func append(_ element: Element) { storage.withLock { $0.append(element) } }
  var entries: [Element] { storage.withLock { $0 } }
  func removeAll() { storage.withLock { $0.removeAll() } }
}

/// Lets a test hand a non-Sendable model to a `@Sendable` callback that runs synchronously on
/// the mutating thread.
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// A stable identifier of the calling thread.
func currentThreadID() -> UInt {
  #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
  #else
    return UInt(pthread_self())
  #endif
}

/// Carries a thread's body across `pthread_create`.
private final class ThreadContext {
  let body: @Sendable () -> Void
  init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

/// A started POSIX thread; `join()` waits for it. Plain pthreads (rather than Dispatch) so that
/// ThreadSanitizer sees every start and join as a synchronization point.
struct TestThread {
  private let handle: pthread_t

  init(_ body: @escaping @Sendable () -> Void) {
    let context = Unmanaged.passRetained(ThreadContext(body)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let status = pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        Unmanaged<ThreadContext>.fromOpaque(raw).takeRetainedValue().body()
        return nil
      }, context)
    precondition(status == 0, "pthread_create failed: \(status)")
    #if canImport(Darwin)
      handle = thread!
    #else
      handle = thread
    #endif
  }

  func join() { pthread_join(handle, nil) }
}

/// Runs `body(index)` on `count` new threads that all start at the same moment (they meet at
/// a barrier first), and waits for all of them.
func runConcurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let barrier = SpinBarrier(parties: count)
  let threads = (0..<count).map { index in
    TestThread {
      barrier.arriveAndWait()
      body(index)
    }
  }
  for thread in threads { thread.join() }
}

/// A reusable barrier built on atomics only (ThreadSanitizer understands them): the last of
/// `parties` threads to arrive releases the others. Waiters yield while they spin.
final class SpinBarrier: Sendable {
  private let parties: Int
  private let arrived = Atomic<Int>(0)
  private let generation = Atomic<Int>(0)

  init(parties: Int) { self.parties = parties }

  func arriveAndWait() {
    let current = generation.load(ordering: .acquiring)
    if arrived.add(1, ordering: .acquiringAndReleasing).newValue == parties {
      arrived.store(0, ordering: .relaxed)
      generation.add(1, ordering: .releasing)
    } else {
      while generation.load(ordering: .acquiring) == current { sched_yield() }
    }
  }
}

/// Runs `body` on another thread, waits for it, and returns that thread's identifier.
@discardableResult
func runOnOtherThread(_ body: @escaping @Sendable () -> Void) -> UInt {
  let id = Log<UInt>()
  TestThread {
    id.append(currentThreadID())
    body()
  }.join()
  return id.entries[0]
}

/// The descriptions (`Type.property`) of the changes a `TrackingObserver` sees at `didSet`
/// while `writes` runs, when it observes what `reads` reads.
func namesOfChanges(observing reads: () -> Void, during writes: () -> Void) -> [String] {
  let names = Log<String>()
  let observer = TrackingObserver { event in
    if event.phase == .didSet { names.append(event.description) }
  }
  observer.track(reads)
  writes()
  observer.cancel()
  return names.entries
}
