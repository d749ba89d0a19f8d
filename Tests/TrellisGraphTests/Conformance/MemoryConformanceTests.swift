import Testing

@testable import TrellisGraph

/// Subscriptions end with what made them: a disposed or released effect unsubscribes, values
/// nobody reads any more lose their subscriptions, and nothing keeps a node alive but its
/// readers and whoever holds it.
///
/// After the "memory" section of the public reactive-framework-test-suite (case numbers beside
/// each test). Where the peer suite can only hope for a garbage collection, Swift releases
/// deterministically, so these tests check the objects themselves with weak references.
@Suite("Conformance: memory")
@MainActor
struct MemoryConformanceTests {
  // Peer case #99.
  @Test("a derived value nothing holds or reads is freed; its source is unaffected")
  func unreferencedDerivedIsFreed() {
    let a = Cell(0)
    weak var weakDerived: Derived<Int>?
    do {
      let c = Derived { a.value * 2 }
      #expect(c.value == 0)
      weakDerived = c
      #expect(a.hasSubscribers)
    }
    #expect(weakDerived == nil)
    #expect(!a.hasSubscribers)
    a.value = 5
    #expect(a.value == 5)
  }

  // Peer cases #160, #215.
  @Test("disposing the effects of a derived value unsubscribes them, then it, from its source")
  func disposalUnsubscribes() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Derived { a.value * 2 }
    let first = Effect(in: graph) { log("first \(b.value)") }
    let second = Effect(in: graph) { log("second \(b.value)") }
    first.dispose()
    #expect(b.hasSubscribers)
    a.value = 1
    graph.flush()
    second.dispose()
    #expect(!b.hasSubscribers)
    #expect(first.dependencyEdges.isEmpty && second.dependencyEdges.isEmpty)
    a.value = 2
    graph.flush()
    #expect(log.take() == ["first 0", "second 0", "second 2"])
    #expect(b.value == 4)
  }

  // Peer case #161. Trellis differs from alien-signals, which unlinks a derived value from its
  // sources when its last subscriber leaves: here a chain that is still held stays subscribed,
  // so a write marks it stale, but nothing recomputes until it is read again.
  @Test(
    "a chain whose only effect is disposed is marked by writes but recomputes only when read (differs from alien-signals)"
  )
  func chainAfterItsEffectIsDisposed() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = log.derived(showingResult: "b") { a.value + 1 }
    let c = Derived { b.value + 1 }
    let d = Derived { c.value + 1 }
    let effect = Effect(in: graph) { log("effect \(d.value)") }
    #expect(
      [a.hasSubscribers, b.hasSubscribers, c.hasSubscribers, d.hasSubscribers] == [
        true, true, true, true,
      ])
    effect.dispose()
    #expect(
      [a.hasSubscribers, b.hasSubscribers, c.hasSubscribers, d.hasSubscribers] == [
        true, true, true, false,
      ])
    for value in 1...2 {
      a.value = value
      graph.flush()
    }
    #expect(!graph.hasPendingWork)
    #expect(log.take() == ["b 1", "effect 3"])
    #expect(d.value == 5)
    #expect(log.take() == ["b 3"])
  }

  @Test("released effects free the nodes they alone held, and unsubscribe from what remains")
  func releasedEffectsFreeTheirNodes() {
    let graph = Graph(executor: .manual)
    let a = Cell(0)
    weak var weakDerived: Derived<Int>?
    weak var weakEffect: Effect?
    do {
      let derived = Derived { a.value + 1 }
      weakDerived = derived
      let effect = Effect(in: graph) { _ = derived.value }
      weakEffect = effect
      a.value = 1
    }
    #expect(weakEffect == nil)
    #expect(weakDerived == nil)
    #expect(!a.hasSubscribers)
    graph.flush()
    #expect(graph.runCount == 0)
  }

  @Test("a graph dropped with stale effects is freed, and so are they once released")
  func droppingAGraphWithPendingWork() {
    weak var weakGraph: Graph?
    weak var weakEffect: Effect?
    let a = Cell(0)
    do {
      let graph = Graph(executor: .manual)
      weakGraph = graph
      let effect = Effect(in: graph) { _ = a.value }
      weakEffect = effect
      a.value = 1
      #expect(graph.hasPendingWork)
    }
    #expect(weakEffect == nil)
    #expect(weakGraph == nil)
    #expect(!a.hasSubscribers)
  }

  @Test("an owner's re-run frees the effects its previous run created")
  func ownedEffectsAreFreedOnReRun() {
    let graph = Graph(executor: .manual)
    let a = Cell(0)
    var created: [WeakReference<Effect>] = []
    let outer = Effect(in: graph) {
      _ = a.value
      created.append(WeakReference(Effect(in: graph) { _ = a.value }))
    }
    a.value = 1
    graph.flush()
    #expect(created.map { $0.object == nil } == [true, false])
    outer.dispose()
    #expect(created.map { $0.object == nil } == [true, true])
  }

  @Test("re-running with the same reads reuses its edges; dropped reads free theirs")
  func edgesAreReusedAndFreed() {
    let graph = Graph(executor: .manual)
    let useB = Cell(true)
    let a = Cell(0)
    let b = Cell(0)
    let effect = Effect(in: graph) {
      _ = a.value
      if useB.value { _ = b.value }
    }
    let edges = effect.dependencyEdges
    #expect(edges.count == 3)
    a.value = 1
    graph.flush()
    #expect(effect.dependencyEdges == edges)
    useB.value = false
    graph.flush()
    #expect(effect.dependencyEdges == Array(edges.prefix(2)))
    #expect(!b.hasSubscribers)
  }

  @Test("a main-actor graph flushes on its own, once for the writes of one turn")
  func mainActorGraphFlushesByItself() async {
    let graph = Graph(executor: .mainActor)
    let log = Log()
    let a = Cell(0)
    let effect = Effect(in: graph) { log("run \(a.value)") }
    for value in 1...3 { a.value = value }
    for _ in 0..<20 where graph.hasPendingWork { await Task.yield() }
    #expect(log.take() == ["run 0", "run 3"])
    #expect(graph.flushCount == 1)
    withExtendedLifetime(effect) {}
  }

  @Test("a main-actor graph dropped with its flush scheduled is freed, and the flush does nothing")
  func droppingAMainActorGraphWithAScheduledFlush() async {
    weak var weakGraph: Graph?
    weak var weakEffect: Effect?
    let log = Log()
    let a = Cell(0)
    do {
      let graph = Graph(executor: .mainActor)
      weakGraph = graph
      let effect = Effect(in: graph) { log("run \(a.value)") }
      weakEffect = effect
      a.value = 1
      #expect(graph.hasPendingWork)
    }
    #expect(weakEffect == nil)
    #expect(weakGraph == nil)
    for _ in 0..<20 { await Task.yield() }
    #expect(log.take() == ["run 0"])
    #expect(!a.hasSubscribers)
  }
}
