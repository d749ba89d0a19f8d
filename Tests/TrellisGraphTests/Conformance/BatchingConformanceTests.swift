import Testing
import TrellisGraph

/// `Graph.withTransaction(_:)` groups writes: reads inside see them at once, effects run at the
/// next flush (never inside the transaction), and a cell written and written back counts as
/// unchanged, so nothing that reads it recomputes or runs, unless a computation read the
/// written value in between.
///
/// After the "batching" section of the public reactive-framework-test-suite (case numbers beside
/// each test). alien-signals runs the effects when the outermost batch ends; Trellis runs them at
/// the next `flush()`, so each test flushes right after its transaction.
@Suite("Conformance: batching")
@MainActor
struct BatchingConformanceTests {
  // Peer cases #65, #71, #72, #74.
  @Test("an effect runs once for a transaction's writes and sees only their final values")
  func oneRunForATransaction() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(0)
    let effect = Effect(in: graph) { log("\(a.value) \(b.value)") }
    graph.withTransaction {
      for value in 1...3 { a.value = value }
      b.value = 1
    }
    graph.flush()
    #expect(log.take() == ["0 0", "3 1"])
    #expect(effect.runCount == 2)
  }

  // Peer case #66.
  @Test("nested transactions run nothing until the flush after the outermost")
  func nestedTransactions() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let effect = Effect(in: graph) { log("\(a.value)") }
    graph.withTransaction {
      a.value = 1
      graph.withTransaction { a.value = 2 }
      graph.flush()
      #expect(log.take() == ["0"])
      a.value = 3
    }
    graph.flush()
    #expect(log.take() == ["3"])
    withExtendedLifetime(effect) {}
  }

  @Test("a computation that read a transaction's write sees its write-back as a change")
  func writeBackAfterATrackedRead() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(1)
    var effect: Effect?
    graph.withTransaction {
      a.value = 2
      // Its first run reads 2: for it, going back to 1 is a change.
      effect = Effect(in: graph) { log("\(a.value)") }
      a.value = 1
    }
    graph.flush()
    #expect(log.take() == ["2", "1"])
    // The same for a run asked for inside the transaction.
    graph.withTransaction {
      a.value = 3
      effect?.run()
      a.value = 1
    }
    graph.flush()
    #expect(log.take() == ["3", "1"])
    // With no tracked read in between, a write-back is still no change.
    graph.withTransaction {
      a.value = 4
      _ = a.untrackedValue
      a.value = 1
    }
    graph.flush()
    #expect(log.take() == [])
    #expect(effect?.runCount == 4)
  }

  // Peer cases #67, #68, #128.
  @Test("inside a transaction, cells and derived values read the transaction's writes")
  func readsInsideATransaction() {
    let graph = Graph(executor: .manual)
    let a = Cell(0)
    let b = Derived { a.value + 1 }
    let c = Derived { b.value * 2 }
    graph.withTransaction {
      a.value = 1
      #expect(a.value == 1)
      a.value = 5
      #expect(a.value == 5)
      #expect(c.value == 12)
      #expect(b.value == 6)
    }
    #expect(c.value == 12)
  }

  // Peer cases #69, #154.
  @Test("a transaction that throws keeps its writes, and the flush runs their effects")
  func throwingTransaction() {
    struct Failure: Error {}
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let effect = Effect(in: graph) { log("\(a.value)") }
    #expect(throws: Failure.self) {
      try graph.withTransaction {
        a.value = 1
        throw Failure()
      }
    }
    graph.flush()
    a.value = 2
    graph.flush()
    #expect(log.take() == ["0", "1", "2"])
    withExtendedLifetime(effect) {}
  }

  // Peer cases #70, #126.
  @Test("an effect created inside a transaction runs at once and sees the writes before it")
  func effectCreatedInATransaction() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let effect = graph.withTransaction { () -> Effect in
      a.value = 42
      let effect = Effect(in: graph) { log("\(a.value)") }
      #expect(log.take() == ["42"])
      return effect
    }
    graph.flush()
    #expect(log.take() == [])
    withExtendedLifetime(effect) {}
  }

  // Peer case #119.
  @Test("writes that leave a derived value equal run no effect")
  func equalResultRunsNoEffect() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(0)
    let sum = log.derived(showingResult: "sum") { a.value + b.value }
    let effect = Effect(in: graph) { log("effect \(sum.value)") }
    graph.withTransaction {
      a.value = 1
      b.value = -1
    }
    graph.flush()
    #expect(log.take() == ["sum 0", "effect 0", "sum 0"])
    withExtendedLifetime(effect) {}
  }

  // Peer case #122.
  @Test("after a transaction, single writes propagate as usual")
  func writesAfterATransaction() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let effect = Effect(in: graph) { log("\(a.value)") }
    graph.withTransaction { a.value = 1 }
    graph.flush()
    a.value = 2
    graph.flush()
    #expect(log.take() == ["0", "1", "2"])
    withExtendedLifetime(effect) {}
  }

  // Peer cases #123, #125, #132.
  @Test("transactions that write a cell and write it back recompute and run nothing, however often")
  func revertedTransactionsDoNothing() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let doubled = log.derived(showingResult: "doubled") { a.value * 2 }
    let direct = Effect(in: graph) { log("direct \(a.value)") }
    let throughDerived = Effect(in: graph) { log("derived \(doubled.value)") }
    #expect(log.take() == ["direct 0", "doubled 0", "derived 0"])
    for value in 1...3 {
      graph.withTransaction {
        a.value = value
        a.value = 0
      }
      graph.flush()
    }
    #expect(doubled.value == 0)
    #expect(log.take() == [])
    #expect(direct.runCount == 1)
    #expect(graph.runCount == 0)
    withExtendedLifetime(throughDerived) {}
  }

  // Peer case #131.
  @Test("a reverted source does not hide another source's change in the same transaction")
  func revertedSourceBesideARealChange() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(10)
    let c1 = log.derived(showingResult: "c1") { a.value * 2 }
    let c2 = log.derived(showingResult: "c2") { c1.value + b.value }
    let effect = Effect(in: graph) { log("effect \(c2.value)") }
    #expect(log.take() == ["c1 0", "c2 10", "effect 10"])
    graph.withTransaction {
      a.value = 5
      a.value = 0
      b.value = 20
    }
    graph.flush()
    #expect(log.take() == ["c2 20", "effect 20"])
    withExtendedLifetime(effect) {}
  }

  // Peer case #129.
  @Test("reading one derived value inside a transaction runs no effect of another early")
  func readingInsideATransactionRunsNoEffect() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let c1 = Derived { a.value + 1 }
    let c2 = Derived { a.value * 2 }
    let effect = Effect(in: graph) { log("effect \(c2.value)") }
    #expect(log.take() == ["effect 0"])
    graph.withTransaction {
      a.value = 5
      #expect(c1.value == 6)
    }
    #expect(log.take() == [])
    graph.flush()
    #expect(log.take() == ["effect 10"])
    withExtendedLifetime(effect) {}
  }

  // Peer cases #130, #175. Trellis differs from alien-signals, where each of the writer's two
  // writes re-runs the reader at once: effects run in the flush, so the reader runs once and
  // sees both writes, with no transaction needed.
  @Test("an effect's several writes reach a reader as one run (differs from alien-signals)")
  func effectWritesAreBatchedByTheFlush() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(0)
    let c = Cell(0)
    let writer = Effect(in: graph) {
      let value = a.value
      b.value = value + 1
      c.value = value + 2
    }
    let pair = Derived { "\(b.value),\(c.value)" }
    let reader = Effect(in: graph) { log(pair.value) }
    a.value = 10
    graph.flush()
    #expect(log.take() == ["1,2", "11,12"])
    withExtendedLifetime((writer, reader)) {}
  }

  // Peer case #235. An effect's own transaction coalesces its writes for the reader; the effect
  // reads the cell with `peek()` because a tracked read followed by a write would make it stale
  // again (see "inner writes").
  @Test("a transaction inside an effect coalesces its writes into one run of the reader")
  func transactionInsideAnEffect() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(0)
    let writer = Effect(in: graph) {
      _ = a.value
      graph.withTransaction {
        b.value = b.peek() + 10
        b.value = b.peek() + 1
      }
    }
    let reader = Effect(in: graph) { log("reader \(b.value)") }
    a.value = 1
    graph.flush()
    #expect(log.take() == ["reader 11", "reader 22"])
    withExtendedLifetime((writer, reader)) {}
  }

  // Peer case #219.
  @Test("a transaction opened inside untracked still coalesces")
  func transactionInsideUntracked() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let effect = Effect(in: graph) { log("\(a.value)") }
    GraphEvaluation.untracked {
      graph.withTransaction {
        for value in 1...3 { a.value = value }
      }
    }
    graph.flush()
    #expect(log.take() == ["0", "3"])
    withExtendedLifetime(effect) {}
  }

  // Peer probe #176 (alien-signals' batch returns nothing).
  @Test("withTransaction returns the body's result")
  func transactionResult() {
    let graph = Graph(executor: .manual)
    #expect(graph.withTransaction { 42 } == 42)
  }

  @Test("a transaction covers the cells of every graph")
  func transactionsSpanGraphs() {
    let first = Graph(executor: .manual)
    let second = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let onFirst = Effect(in: first) { log("first \(a.value)") }
    let onSecond = Effect(in: second) { log("second \(a.value)") }
    first.withTransaction {
      a.value = 1
      a.value = 0
    }
    first.flush()
    second.flush()
    #expect(log.take() == ["first 0", "second 0"])
    second.withTransaction { a.value = 2 }
    second.flush()
    #expect(log.take() == ["second 2"])
    first.flush()
    #expect(log.take() == ["first 2"])
    withExtendedLifetime((onFirst, onSecond)) {}
  }
}
