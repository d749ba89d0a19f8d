import Dispatch
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

/// An append-only log that any thread may write to.
final class Log<Element: Sendable>: Sendable {
  private let storage = Mutex<[Element]>([])
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

/// Runs `body` on another thread (a Dispatch worker, never the caller, which is blocked
/// waiting for it) and returns that thread's identifier.
@discardableResult
func runOnOtherThread(_ body: @escaping @Sendable () -> Void) -> UInt {
  let id = Log<UInt>()
  let group = DispatchGroup()
  DispatchQueue.global().async(group: group) {
    id.append(currentThreadID())
    body()
  }
  group.wait()
  return id.entries[0]
}
