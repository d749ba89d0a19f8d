import Testing
import TrellisGraph
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
}
