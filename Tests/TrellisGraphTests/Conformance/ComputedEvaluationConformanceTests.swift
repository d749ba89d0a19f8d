import Testing
import TrellisGraph

/// Derived values are lazy and memoized: computed on first read, again only when read after an
/// input changed, and never for a read with nothing changed.
///
/// After the "computed evaluation" section of the public reactive-framework-test-suite (case
/// numbers beside each test), with the lazy-evaluation probes of its "behavioural differences"
/// section, where Trellis answers as alien-signals does.
@Suite("Conformance: computed evaluation")
@MainActor
struct ComputedEvaluationConformanceTests {
  // Peer cases #17, #18, #25.
  @Test("a derived value computes on its first read, not at creation, and is then cached")
  func lazyAndCached() {
    let log = Log()
    let a = Cell(0)
    let b = log.derived(showingResult: "b") { a.value }
    let constant = Derived { () -> Int in
      log("constant")
      return 42
    }
    #expect(log.take() == [])
    #expect(b.value == 0)
    #expect(b.value == 0)
    #expect(constant.value == 42)
    #expect(constant.value == 42)
    #expect(log.take() == ["b 0", "constant"])
  }

  // Peer cases #19, #146.
  @Test("a read after one or several input changes recomputes once, with the latest inputs")
  func readAfterChangesRecomputesOnce() {
    let log = Log()
    let a = Cell(0)
    let b = Cell(0)
    let sum = log.derived(showingResult: "sum") { a.value * 2 + b.value }
    #expect(sum.value == 0)
    a.value = 1
    #expect(sum.value == 2)
    a.value = 5
    b.value = 1
    #expect(sum.value == 11)
    #expect(log.take() == ["sum 0", "sum 2", "sum 11"])
  }

  // Peer case #15.
  @Test("a derived value nobody reads does not recompute when its input changes")
  func unreadValueIsNotSubscribed() {
    let log = Log()
    let a = Cell("a")
    let read = Derived { a.value }
    let unread = log.derived(showingResult: "unread") { a.value }
    #expect(read.value == "a")
    a.value = "aa"
    #expect(read.value == "aa")
    #expect(log.take() == [])
    withExtendedLifetime(unread) {}
  }

  // Peer case #21.
  @Test("after a branch switch, the dropped source no longer changes the value")
  func branchSwitchDropsTheSource() {
    let log = Log()
    let a = Cell(0)
    let b = Cell(0)
    let c = Derived { a.value }
    let d = log.derived(showingResult: "d") { a.value == 0 ? b.value : c.value }
    #expect(d.value == 0)
    a.value = 1
    #expect(d.value == 1)
    b.value = 10
    #expect(d.value == 1)
    #expect(log.take() == ["d 0", "d 1"])
  }

  // Peer cases #22, #95.
  @Test("each value of a chain recomputes once per change, upstream first")
  func chainRecomputesOnceEach() {
    let log = Log()
    let a = Cell(0)
    let b = log.derived("b") { a.value }
    let c = log.derived("c") { b.value }
    let d = log.derived("d") { c.value }
    #expect(d.value == 0)
    a.value = 1
    #expect(d.value == 1)
    #expect(log.take() == ["b", "c", "d", "b", "c", "d"])
  }

  // Peer case #23. Trellis differs from alien-signals: reading a stale value brings that value
  // up to date but does not run the effect that reads it; the effect runs at the next flush,
  // which then recomputes nothing again.
  @Test(
    "reading a value an effect depends on does not run the effect; the flush does (differs from alien-signals)"
  )
  func readingDoesNotRunTheEffect() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = log.derived(showingResult: "b") { a.value }
    let c = log.derived(showingResult: "c") { b.value }
    let effect = Effect(in: graph) { log("effect \(c.value)") }
    #expect(log.take() == ["b 0", "c 0", "effect 0"])
    a.value = 1
    #expect(c.value == 1)
    #expect(log.take() == ["b 1", "c 1"])
    #expect(graph.hasPendingWork)
    graph.flush()
    #expect(log.take() == ["effect 1"])
    withExtendedLifetime(effect) {}
  }

  // Peer case #24.
  @Test("two values of one source both recompute, each when it is read")
  func siblingsRecomputeWhenRead() {
    let log = Log()
    let a = Cell(0)
    let b = Derived { () -> Int in
      log("b")
      return a.value
    }
    let c = Derived { () -> Int in
      log("c")
      return a.value
    }
    _ = (b.value, c.value)
    a.value = 1
    #expect(c.value == 1)
    #expect(b.value == 1)
    #expect(log.take() == ["b", "c", "c", "b"])
  }

  // Peer case #26.
  @Test("a derived value stays correct for direct reads after its last effect is disposed")
  func liveAfterLosingItsEffect() {
    let graph = Graph(executor: .manual)
    let a = Cell(0)
    let b = Derived { a.value * 2 }
    let effect = Effect(in: graph) { _ = b.value }
    effect.dispose()
    a.value = 5
    #expect(b.value == 10)
    a.value = 10
    #expect(b.value == 20)
  }

  // Peer case #145.
  @Test("nil is a value like any other: cached, compared and replaced")
  func nilIsAValue() {
    let log = Log()
    let a = Cell(0)
    let c = Derived { () -> Int? in
      let value = a.value == 0 ? nil : a.value
      log("c \(value.map(String.init) ?? "nil")")
      return value
    }
    #expect(c.value == nil)
    #expect(c.value == nil)
    a.value = 1
    #expect(c.value == 1)
    a.value = 0
    #expect(c.value == nil)
    #expect(log.take() == ["c nil", "c 1", "c nil"])
  }

  // Peer cases #147, #132.
  @Test("a source written and written back inside a transaction recomputes nothing")
  func revertedWriteRecomputesNothing() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let c = log.derived(showingResult: "c") { a.value }
    #expect(c.value == 0)
    graph.withTransaction {
      a.value = 5
      a.value = 0
    }
    #expect(c.value == 0)
    #expect(log.take() == ["c 0"])
  }

  // Peer case #149.
  @Test("after a transaction, a chain read by an effect recomputes upstream first")
  func transactionKeepsTopologicalOrder() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Derived { () -> Int in
      log("b")
      return a.value
    }
    let c = Derived { () -> Int in
      log("c")
      return b.value
    }
    let effect = Effect(in: graph) { _ = c.value }
    #expect(log.take() == ["c", "b"])
    graph.withTransaction { a.value = 1 }
    graph.flush()
    #expect(log.take() == ["b", "c"])
    withExtendedLifetime(effect) {}
  }

  // Peer case #115.
  @Test("a computation may create a cell and read it")
  func cellCreatedInsideAComputation() {
    let a = Cell(0)
    let c = Derived { () -> Int in
      let inner = Cell(a.value * 10)
      return inner.value
    }
    #expect(c.value == 0)
    a.value = 3
    #expect(c.value == 30)
  }

  // Peer cases #27, #34.
  @Test("a value that recomputes equal stops the change before the values below it")
  func equalResultStopsTheChange() {
    let log = Log()
    let a = Cell(0)
    let clamped = Derived { min(10, max(0, a.value)) }
    let c = log.derived(showingResult: "c") { clamped.value }
    let d = log.derived(showingResult: "d") { c.value }
    #expect(d.value == 0)
    for value in [-1, 5, 11, 20] {
      a.value = value
      _ = d.value
    }
    #expect(log.take() == ["c 0", "d 0", "c 5", "d 5", "c 10", "d 10"])
  }
}
