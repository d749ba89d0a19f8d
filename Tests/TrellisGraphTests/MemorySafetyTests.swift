import Testing

@testable import TrellisGraph

/// Re-entrant uses of the graph that would read freed or moved memory if the store's lifetime
/// rules were broken. They pass without a sanitizer either way; under AddressSanitizer
/// (`swift test --sanitize=address`) a violation is a report. Each also checks the behaviour.
@MainActor
@Suite struct MemorySafetyTests {
  /// A switch the tests flip after building the graph (computations capture it by reference).
  final class Flag {
    var isOn = false
  }

  @Test func disposingTheEffectBeingCheckedFromInsideADependencyIsSafe() {
    let graph = Graph(executor: .manual)
    let source = Cell(0)
    var effect: Effect?
    let disposeOnNextRun = Flag()
    let input = Derived(name: "input") { () -> Int in
      let value = source.value
      if disposeOnNextRun.isOn { effect?.dispose() }
      return value
    }
    var seen: [Int] = []
    effect = Effect(in: graph) { seen.append(input.value) }
    disposeOnNextRun.isOn = true
    source.value = 1
    graph.flush()
    #expect(seen == [0])
    #expect(effect?.isDisposed == true)
    source.value = 2
    graph.flush()
    #expect(seen == [0])
  }

  @Test func releasingTheEffectBeingCheckedFromInsideADependencyIsSafe() {
    let graph = Graph(executor: .manual)
    let source = Cell(0)
    var effect: Effect?
    let releaseOnNextRun = Flag()
    let input = Derived(name: "input") { () -> Int in
      let value = source.value
      if releaseOnNextRun.isOn { effect = nil }
      return value
    }
    var seen: [Int] = []
    effect = Effect(in: graph) { seen.append(input.value) }
    releaseOnNextRun.isOn = true
    source.value = 1
    // Released before its run: it must not run, although the flush holds it while checking.
    graph.flush()
    #expect(effect == nil)
    #expect(seen == [0])
    source.value = 2
    graph.flush()
    #expect(seen == [0])
  }

  @Test func aDependencyReleasedInsideItsOwnComputationLivesWhileItIsRead() {
    let graph = Graph(executor: .manual)
    let source = Cell(0)
    let dropNow = Flag()
    var holder: Derived<Int>?
    holder = Derived(name: "dropped") { () -> Int in
      let value = source.value
      if dropNow.isOn { holder = nil }
      return value
    }
    weak let weakDerived = holder
    var seen: [Int?] = []
    let effect = Effect(in: graph) { seen.append(weakDerived?.value) }
    dropNow.isOn = true
    source.value = 1
    // The check recomputes the derived value, which drops the last reference to itself: its
    // reader keeps it alive.
    graph.flush()
    #expect(holder == nil)
    #expect(weakDerived != nil)
    #expect(seen == [0, 1])
    effect.dispose()
    #expect(weakDerived == nil)
    #expect(!source.hasSubscribers)
  }

  @Test func creatingManyNodesInsideEvaluationsAndChecksGrowsTheStoreSafely() {
    let graph = Graph(executor: .manual)
    let source = Cell(0)
    var created: [Derived<Int>] = []
    // Each recomputation creates and reads enough nodes to grow the record buffers several
    // times while the check that started it is suspended on the stack.
    let grower = Derived(name: "grower") { () -> Int in
      var total = source.value
      for index in 0..<4_000 {
        let node = Derived { index + source.value }
        created.append(node)
        total &+= node.value
      }
      return total
    }
    let middle = Derived(name: "middle") { grower.value + 1 }
    var seen: [Int] = []
    let effect = Effect(in: graph) { seen.append(middle.value) }
    for value in 1...3 {
      source.value = value
      graph.flush()
    }
    let expected = (0...3).map { value in value + (0..<4_000).reduce(0) { $0 + $1 + value } + 1 }
    #expect(seen == expected)
    #expect(created.count == 16_000)
    withExtendedLifetime(effect) {}
  }

  @Test func writingFromInsideACheckMarksTheNodesBeingChecked() {
    let graph = Graph(executor: .manual)
    let trigger = Cell(0)
    let side = Cell(0)
    let input = Derived(name: "input") { () -> Int in
      let value = trigger.value
      if value == 1 { side.value = 10 }
      return value
    }
    var seen: [String] = []
    let effect = Effect(in: graph) { seen.append("\(input.value) \(side.value)") }
    trigger.value = 1
    graph.flush()
    #expect(seen == ["0 0", "1 10"])
    #expect(!graph.hasPendingWork)
    withExtendedLifetime(effect) {}
  }

  @Test func aQueuedEffectWhoseSlotIsReusedIsNotConfusedWithTheNewNode() {
    let graph = Graph(executor: .manual)
    let source = Cell(0)
    var oldRuns = 0
    var old: Effect? = Effect(in: graph) {
      _ = source.value
      oldRuns += 1
    }
    source.value = 1
    old = nil
    // The freed slot is reused at once by the next node.
    var newRuns = 0
    let replacement = Effect(in: graph) { newRuns += 1 }
    graph.flush()
    #expect(oldRuns == 1)
    #expect(newRuns == 1)
    #expect(old == nil)
    withExtendedLifetime(replacement) {}
  }

  /// The flush takes a queued effect off its queue in one access to its record
  /// (`NodeStore.unqueue`), which must compare generations: here the slot of a queued effect is
  /// freed and taken by a queued effect of another graph, so that the old entry, taken as the
  /// new node's, would run it in the wrong graph's flush and clear its `queued` flag.
  @Test func aReusedSlotsOldQueueEntryLeavesTheNewNodeAlone() throws {
    let graph = Graph(executor: .manual)
    let otherGraph = Graph(executor: .manual)
    let source = Cell(0)
    var oldRuns = 0
    var old: Effect? = Effect(name: "old", in: graph) {
      _ = source.value
      oldRuns += 1
    }
    let oldSlot = try #require(old?.slot)
    source.value = 1
    #expect(graph.hasPendingWork)
    old?.dispose()
    old = nil
    var newRuns = 0
    let replacement = Effect(name: "new", in: otherGraph, runImmediately: false) {
      newRuns += 1
    }
    try #require(replacement.slot == oldSlot, "the freed slot is reused by the next node")
    replacement.scheduleRun()
    graph.flush()
    #expect(oldRuns == 1)
    #expect(newRuns == 0)
    #expect(replacement.isStale)
    #expect(replacement.flags.contains(.queued))
    #expect(otherGraph.hasPendingWork)
    otherGraph.flush()
    #expect(newRuns == 1)
    #expect(!replacement.isStale)
    #expect(!replacement.flags.contains(.queued))
  }

  /// The walks index records through the graph's links without a bounds check in release
  /// builds (`RecordStorage.subscript(link:)`), on the invariant that the node and edge buffers
  /// never shrink, so that an index stored in a link stays inside them through frees and
  /// reuse. Here a chain is freed while its effect is queued, and its slots and edges are
  /// reused by a fan-out; every link followed afterwards is in range (an assertion in debug
  /// builds, a report under AddressSanitizer), and the buffers kept their size.
  @Test func linksStayInsideTheBuffersThroughFreesAndReuse() {
    let graph = Graph(executor: .manual)
    let source = Cell(0, name: "source")
    let store = source.store
    var chainRuns = 0
    // Built in a function, so that nothing but the effect holds the chain.
    func makeChain() -> Effect {
      var last: Derived<Int>?
      for index in 0..<20 {
        let before = last
        last = Derived(name: "chain\(index)") { (before?.value ?? source.value) + 1 }
      }
      return Effect(in: graph) { [last] in
        _ = last?.value
        chainRuns += 1
      }
    }
    var chainEffect: Effect? = makeChain()
    let sizes = (nodes: store.nodes.count, edges: store.edges.count)
    source.value = 1
    chainEffect = nil
    // The chain's slots and edges are free now, and taken again by a fan-out.
    let fan = (0..<30).map { index in Derived(name: "fan\(index)") { source.value + index } }
    var sums: [Int] = []
    let fanEffect = Effect(in: graph) { sums.append(fan.reduce(0) { $0 + $1.value }) }
    source.value = 2
    graph.flush()
    #expect(chainRuns == 1)
    #expect(chainEffect == nil)
    #expect(sums == [435 + 30, 435 + 60])
    #expect(store.nodes.count < sizes.nodes + fan.count, "the fan-out reused freed slots")
    #expect(store.nodes.count >= sizes.nodes)
    #expect(store.edges.count >= sizes.edges)
    withExtendedLifetime(fanEffect) {}
  }
}
