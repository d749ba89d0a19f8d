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
}

@MainActor
@Observable final class AppleInventory {
  var count = 0
}
