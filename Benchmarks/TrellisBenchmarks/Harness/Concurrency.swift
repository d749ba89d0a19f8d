import Foundation
import Synchronization

/// A value handed to another thread in a benchmark where the harness, not the type system,
/// guarantees that accesses do not race (each thread touches different properties).
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// Counts callbacks on one thread at a time; the benchmarks that use it fire on the thread
/// that writes, so a plain integer is enough (and costs every implementation the same).
final class FireCounter: @unchecked Sendable {
  var count = 0
}

/// Runs each body on its own new thread, starting them together, and returns each body's own
/// timed duration.
///
/// Thread creation and the start handshake are outside the timings: each thread spins on a
/// shared flag until all have arrived, then times only its loop.
func runOnThreads(_ bodies: [@Sendable () -> Duration]) -> [Duration] {
  let gate = StartGate()
  let results = Mutex<[Int: Duration]>([:])
  let done = DispatchSemaphore(value: 0)
  for (index, body) in bodies.enumerated() {
    let thread = Thread {
      gate.arrive(expecting: bodies.count)
      let elapsed = body()
      results.withLock { $0[index] = elapsed }
      done.signal()
    }
    thread.start()
  }
  for _ in bodies { done.wait() }
  return results.withLock { table in bodies.indices.map { table[$0]! } }
}

/// A spin barrier: every thread waits until all have arrived, so that they start their loops
/// at the same moment rather than one after another.
private final class StartGate: Sendable {
  private let arrived = Atomic<Int>(0)

  func arrive(expecting count: Int) {
    arrived.add(1, ordering: .acquiringAndReleasing)
    while arrived.load(ordering: .acquiring) < count {}
  }
}
