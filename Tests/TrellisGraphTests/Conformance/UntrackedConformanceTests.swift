import Testing
import TrellisGraph

/// Reads inside `GraphEvaluation.untracked(_:)`, and `peek()` or `untrackedValue`, record no
/// dependency, yet return up-to-date values; writes inside are ordinary writes.
///
/// After the "untracked" section of the public reactive-framework-test-suite (case numbers beside
/// each test).
@Suite("Conformance: untracked reads")
@MainActor
struct UntrackedConformanceTests {
  // Peer cases #75, #218.
  @Test("an effect does not re-run for what it read untracked, in or out of a transaction")
  func untrackedReadInAnEffect() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(0)
    let effect = Effect(in: graph) {
      let untracked = GraphEvaluation.untracked { b.value }
      log("\(a.value) \(untracked)")
    }
    a.value = 1
    graph.flush()
    b.value = 1
    graph.flush()
    graph.withTransaction { b.value = 2 }
    graph.flush()
    a.value = 2
    graph.flush()
    #expect(log.take() == ["0 0", "1 0", "2 2"])
    withExtendedLifetime(effect) {}
  }

  // Peer case #76.
  @Test("a derived value does not recompute for what it read untracked")
  func untrackedReadInADerivedValue() {
    let log = Log()
    let a = Cell(0)
    let b = Cell(10)
    let c = log.derived(showingResult: "c") { a.value + GraphEvaluation.untracked { b.value } }
    #expect(c.value == 10)
    a.value = 1
    #expect(c.value == 11)
    b.value = 20
    #expect(c.value == 11)
    #expect(log.take() == ["c 10", "c 11"])
  }

  // Peer case #117.
  @Test("an untracked read of a stale derived value brings it up to date")
  func untrackedReadIsFresh() {
    let a = Cell(0)
    let b = Derived { a.value * 2 }
    #expect(b.value == 0)
    a.value = 5
    #expect(GraphEvaluation.untracked { b.value } == 10)
    a.value = 6
    #expect(b.peek() == 12)
  }

  // Peer case #118.
  @Test("an untracked read blocks the whole chain behind it")
  func untrackedBlocksTheChain() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Derived { a.value * 2 }
    let effect = Effect(in: graph) { log("effect \(GraphEvaluation.untracked { b.value })") }
    for value in 1...2 {
      a.value = value
      graph.flush()
    }
    #expect(log.take() == ["effect 0"])
    #expect(b.value == 4)
    withExtendedLifetime(effect) {}
  }

  // Peer case #156.
  @Test("a write inside untracked in an effect is an ordinary write, and no dependency")
  func untrackedWriteInAnEffect() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(0)
    let writer = Effect(in: graph) {
      let value = a.value
      GraphEvaluation.untracked { b.value = value * 10 }
    }
    let reader = Effect(in: graph) { log("reader \(b.value)") }
    a.value = 1
    graph.flush()
    b.value = 5
    graph.flush()
    #expect(log.take() == ["reader 0", "reader 10", "reader 5"])
    #expect(writer.runCount == 2)
    withExtendedLifetime(reader) {}
  }

  @Test("peek and untrackedValue read without subscribing, in effects and derived values")
  func peekRecordsNoDependency() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(1)
    let doubled = Derived { a.value * 2 }
    let effect = Effect(in: graph) {
      log("effect \(a.peek()) \(a.untrackedValue) \(doubled.peek())")
    }
    let derived = log.derived(showingResult: "derived") { a.peek() + doubled.peek() }
    #expect(derived.value == 3)
    a.value = 2
    graph.flush()
    #expect(derived.value == 3)
    #expect(log.take() == ["effect 1 1 2", "derived 3"])
    #expect(doubled.peek() == 4)
    withExtendedLifetime(effect) {}
  }

  @Test("untracked returns its body's value and nests")
  func untrackedNests() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(1)
    let effect = Effect(in: graph) {
      let value = GraphEvaluation.untracked { GraphEvaluation.untracked { a.value } + 1 }
      log("\(value) \(a.value)")
    }
    a.value = 2
    graph.flush()
    #expect(log.take() == ["2 1", "3 2"])
    withExtendedLifetime(effect) {}
  }
}
