import Testing

@testable import TrellisGraph

/// The push walk marks a derived value's only subscriber at once, in the same loop, instead of
/// through the walk's stack (`NodeStore.mark`): what it marks, and how, must be what the
/// breadth-first walk marked.
@MainActor
@Suite struct PendingWalkTests {
  private func flags(of node: GraphNode) -> NodeFlags {
    NodeStore.shared.nodes[Int(node.slot)].flags.intersection([.dirty, .pending, .queued])
  }

  @Test func aChainOfOnlySubscribersIsMarkedPendingToItsEffect() {
    let graph = Graph(executor: .manual)
    let head = Cell(0, name: "head")
    var chain = [Derived(name: "c1") { head.value + 1 }]
    for level in 2...5 {
      let previous = chain[chain.count - 1]
      chain.append(Derived(name: "c\(level)") { previous.value + 1 })
    }
    let last = chain[chain.count - 1]
    var seen: [Int] = []
    let effect = Effect(name: "effect", in: graph) { seen.append(last.value) }

    head.value = 1
    // The written cell's reader is dirty; everything after it pending, the effect queued.
    #expect(flags(of: chain[0]) == .dirty)
    for node in chain.dropFirst() { #expect(flags(of: node) == .pending) }
    #expect(flags(of: effect) == [.pending, .queued])
    graph.flush()
    #expect(seen == [5, 6])

    // In a transaction the cell's reader is pending too, and the chain after it.
    graph.withTransaction { head.value = 2 }
    for node in chain { #expect(flags(of: node) == .pending) }
    #expect(flags(of: effect) == [.pending, .queued])
    graph.flush()
    #expect(seen == [5, 6, 7])
    for node in chain { #expect(flags(of: node).isEmpty) }
    #expect(flags(of: effect).isEmpty)
  }

  @Test func aValueWithSeveralReadersAndOneWithNoneAreMarkedToo() {
    let graph = Graph(executor: .manual)
    let head = Cell(0, name: "head")
    let shared = Derived(name: "shared") { head.value * 2 }
    let left = Derived(name: "left") { shared.value + 1 }
    let right = Derived(name: "right") { shared.value + 2 }
    let unread = Derived(name: "unread") { head.value - 1 }
    #expect(unread.value == -1)
    var seen: [String] = []
    let leftEffect = Effect(name: "leftEffect", in: graph) { seen.append("L\(left.value)") }
    let rightEffect = Effect(name: "rightEffect", in: graph) { seen.append("R\(right.value)") }

    head.value = 1
    #expect(flags(of: shared) == .dirty)
    #expect(flags(of: unread) == .dirty)
    #expect(flags(of: left) == .pending)
    #expect(flags(of: right) == .pending)
    #expect(flags(of: leftEffect) == [.pending, .queued])
    #expect(flags(of: rightEffect) == [.pending, .queued])
    graph.flush()
    #expect(seen == ["L1", "R2", "L3", "R4"])
    #expect(unread.value == 0)
  }

  /// Branches marked depth first queue their effects out of creation order; they still run
  /// in it.
  @Test func effectsReachedThroughChainsRunInCreationOrder() {
    let graph = Graph(executor: .manual)
    let head = Cell(0, name: "head")
    // `first` subscribes to the head before `second`; `second`'s effect is created first.
    let first = Derived(name: "first") { head.value + 1 }
    let second = Derived(name: "second") { head.value + 2 }
    _ = first.value
    _ = second.value
    let firstNext = Derived(name: "firstNext") { first.value * 10 }
    let secondNext = Derived(name: "secondNext") { second.value * 10 }
    var order: [String] = []
    let early = Effect(name: "early", in: graph) { order.append("early \(secondNext.value)") }
    let late = Effect(name: "late", in: graph) { order.append("late \(firstNext.value)") }
    order = []

    head.value = 1
    #expect(flags(of: early) == [.pending, .queued])
    #expect(flags(of: late) == [.pending, .queued])
    graph.flush()
    #expect(order == ["early 30", "late 20"])
    withExtendedLifetime((early, late)) {}
  }
}
