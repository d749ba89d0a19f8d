import Observation
import Testing
import TrellisTracking

final class Inventory: Trackable {
  @Tracked var count = 0
  @Tracked var label = "box"
}

@MainActor
@Suite struct ObservationsTests {
  @Test func initialValueThenOneValuePerTurnOfChanges() async {
    let inventory = Inventory()
    var iterator = Observations { inventory.count }.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    inventory.count = 1
    inventory.count = 2
    inventory.count = 3
    #expect(await iterator.next() == 3)
    inventory.label = "crate"
    inventory.count = 4
    #expect(await iterator.next() == 4)
  }

  @Test func cancellationEndsIteration() async {
    let inventory = Inventory()
    var delivered: [Int] = []
    let task = Task { @MainActor in
      for await value in Observations({ inventory.count }) { delivered.append(value) }
    }
    for _ in 0..<1_000 where delivered.isEmpty { await Task.yield() }
    #expect(delivered == [0])
    task.cancel()
    await task.value
    inventory.count = 5
    #expect(delivered == [0])
  }

  @Test func untilFinishedEndsWhenTheClosureSaysSo() async {
    let inventory = Inventory()
    var iterator = Observations<Int, Never>.untilFinished {
      inventory.count < 2 ? .next(inventory.count) : .finish
    }.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    inventory.count = 1
    #expect(await iterator.next() == 1)
    inventory.count = 2
    #expect(await iterator.next() == nil)
    inventory.count = 1
    #expect(await iterator.next() == nil)
  }

  @Test func anErrorTheClosureThrowsEndsTheSequenceWithIt() async throws {
    struct Empty: Error, Equatable {}
    let inventory = Inventory()
    var iterator = Observations { () throws(Empty) -> Int in
      guard inventory.count >= 0 else { throw Empty() }
      return inventory.count
    }.makeAsyncIterator()
    #expect(try await iterator.next() == 0)
    inventory.count = -1
    await #expect(throws: Empty()) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
  }

  /// The same script on Apple's `Observations` and on Trellis's, both on the main actor: the
  /// same values, including the coalescing of one turn's writes.
  @Test func deliversWhatApplesObservationsDeliversOnTheMainActor() async {
    let apple = AppleInventory()
    let trellis = Inventory()
    var appleIterator = Observation.Observations { apple.count }.makeAsyncIterator()
    var trellisIterator = Observations { trellis.count }.makeAsyncIterator()
    var appleValues: [Int?] = [await appleIterator.next()]
    var trellisValues: [Int?] = [await trellisIterator.next()]
    for writes in [[1], [2, 3], [4, 4, 5]] {
      for value in writes {
        apple.count = value
        trellis.count = value
      }
      appleValues.append(await appleIterator.next())
      trellisValues.append(await trellisIterator.next())
    }
    #expect(appleValues == [0, 1, 3, 5])
    #expect(trellisValues == appleValues)
  }

  // Found by a new user: with one suspension between writes, every other value was skipped.
  // Once woken, the iterator yielded once more, and the writer took that turn to write again.
  // Here the change is already signalled when `next()` is called, and a task queued on the
  // main actor writes again as soon as the iterator suspends: the value must be the one
  // written before, evaluated without a suspension in between. (Writers that yield between
  // writes are not tested directly: under the test runner the main actor's jobs do not
  // always run in the order they were queued, for Apple's `Observations` too.)
  @Test func aWokenIteratorEvaluatesWithoutSuspendingAgain() async {
    let inventory = Inventory()
    var iterator = Observations { inventory.count }.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    inventory.count = 1
    let nextTurn = Task { @MainActor in inventory.count = 2 }
    #expect(await iterator.next() == 1)
    await nextTurn.value
    // A new write, rather than waiting for the task's: if the task's write was the value
    // above, waiting for another would hang instead of failing.
    inventory.count = 3
    #expect(await iterator.next() == 3)
  }

  // Found by a new user: a write from another thread landing between one value's evaluation
  // and the next observation was missed, and the sequence waited for good on a stale value.
  // The closure starts the other thread's write after its read and waits for it: the same
  // window, made deterministic.
  @Test func aWriteBetweenTheReadAndTheNextWaitIsNotMissed() async {
    let inventory = Inventory()
    let shared = UncheckedBox(inventory)
    var wroteInWindow = false
    var iterator = Observations { () -> Int in
      let value = inventory.count
      if value == 1 && !wroteInWindow {
        wroteInWindow = true
        TestThread { shared.value.count = 2 }.join()
      }
      return value
    }.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    inventory.count = 1
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == 2)
  }

  // Found by a new user: a closure that writes what it reads (`evaluations += 1`) woke its
  // own iterator, which produced the same value again and again without ever suspending, and
  // the main actor was never let go. Its own writes count for nothing, as in Apple's (which
  // observes only after the closure returns). A task queued on the main actor writes the next
  // value once the iterator suspends: woken by its own write, it would produce 1 again.
  @Test func theClosuresOwnWritesProduceNoValue() async {
    let inventory = Inventory()
    var evaluations = 0
    var iterator = Observations { () -> Int in
      evaluations += 1
      inventory.label = "seen \(evaluations)"
      return inventory.count + inventory.label.count * 0
    }.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    inventory.count = 1
    #expect(await iterator.next() == 1)
    let nextTurn = Task { @MainActor in inventory.count = 2 }
    #expect(await iterator.next() == 2)
    await nextTurn.value
    #expect(evaluations == 3)
    #expect(inventory.label == "seen 3")
  }
}

@MainActor
@Observable final class AppleInventory {
  var count = 0
}
