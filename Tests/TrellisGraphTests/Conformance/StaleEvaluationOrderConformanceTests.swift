import Testing
import TrellisGraph

/// After a change, stale values are brought up to date upstream first: no computation ever sees
/// an input that is itself stale, and each recomputes at most once.
///
/// After the "stale evaluation order" section of the public reactive-framework-test-suite (case
/// numbers beside each test).
@Suite("Conformance: stale evaluation order")
@MainActor
struct StaleEvaluationOrderConformanceTests {
  // Peer case #94.
  @Test("a read recomputes each stale input once, and the reader once, with fresh inputs")
  func staleInputsRecomputeOnce() {
    let log = Log()
    let a = Cell(0)
    let b = log.derived(showingResult: "b") { a.value }
    let c = Derived { () -> String in
      _ = a.value
      log("c")
      return "c"
    }
    let d = log.derived(showingResult: "d") { "\(b.value) \(c.value)" }
    #expect(d.value == "0 c")
    a.value = 1
    #expect(d.value == "1 c")
    #expect(log.take() == ["b 0", "c", "d 0 c", "b 1", "c", "d 1 c"])
  }

  // Peer cases #95, #158.
  @Test("every value of a chain read after a change is fresh, wherever the read starts")
  func chainValuesAreFresh() {
    let log = Log()
    let a = Cell(0)
    let b = log.derived(showingResult: "b") { a.value + 1 }
    let c = log.derived(showingResult: "c") { b.value + 1 }
    let d = log.derived(showingResult: "d") { c.value + 1 }
    #expect(d.value == 3)
    a.value = 10
    #expect(b.value == 11)
    #expect(d.value == 13)
    #expect(c.value == 12)
    #expect(log.take() == ["b 1", "c 2", "d 3", "b 11", "c 12", "d 13"])
  }

  // Peer case #159.
  @Test(
    "a value created after its input was written reads the written value, and follows later writes")
  func createdAfterADirtySource() {
    let a = Cell(0)
    let b = Derived { a.value * 2 }
    a.value = 5
    let c = Derived { b.value + 1 }
    #expect(c.value == 11)
    a.value = 10
    #expect(c.value == 21)
  }

  // Peer case #97.
  @Test("a value reading a source and a chain over it sees both fresh")
  func directAndIndirectInputsAgree() {
    let log = Log()
    let a = Cell(0)
    let b = Derived { a.value }
    let c = Derived { b.value }
    let d = Derived { () -> Int in
      let direct = a.value
      let indirect = c.value
      log("d \(direct) \(indirect)")
      return direct + indirect
    }
    #expect(d.value == 0)
    a.value = 1
    #expect(d.value == 2)
    #expect(log.take() == ["d 0 0", "d 1 1"])
  }

  @Test("an effect's inputs are all fresh when it runs: it never sees a glitch")
  func effectsSeeNoGlitch() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(1)
    let double = Derived { a.value * 2 }
    let triple = Derived { a.value * 3 }
    let sum = Derived { double.value + triple.value }
    let effect = Effect(in: graph) {
      log("\(a.value) \(double.value) \(triple.value) \(sum.value)")
    }
    for value in 2...3 {
      a.value = value
      graph.flush()
    }
    #expect(log.take() == ["1 2 3 5", "2 4 6 10", "3 6 9 15"])
    withExtendedLifetime(effect) {}
  }
}
