import Testing
import TrellisGraph

/// Writes made by effects, cleanups and derived computations take effect at once: the writer
/// sees its own write, readers of the written cell become stale (the writer too, if it had
/// already read the cell), and effects made stale during a flush run in that flush.
///
/// After the "inner write" section of the public reactive-framework-test-suite and its read-after-
/// write probes (case numbers beside each test). The graph reports nothing for these writes; the
/// view layer reports a state write from a body, as SwiftUI does.
@Suite("Conformance: inner writes")
@MainActor
struct InnerWriteConformanceTests {
  // Peer cases #50, #55, #56.
  @Test("an effect's write to another cell is visible after each flush")
  func effectWritesBack() {
    let graph = Graph(executor: .manual)
    let a = Cell(0)
    let b = Cell(0)
    let doubled = Derived { a.value * 2 }
    let effect = Effect(in: graph) { b.value = doubled.value }
    #expect(b.value == 0)
    a.value = 5
    graph.flush()
    #expect(b.value == 10)
    #expect(effect.runCount == 2)
  }

  // Peer case #51.
  @Test("a cleanup that writes its effect's input re-runs nothing beyond the pending run")
  func cleanupWritingTheInput() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let effect = Effect(in: graph) {
      log("run \(a.value)")
      onCleanup { a.value = 999 }
    }
    a.value = 1
    graph.flush()
    #expect(log.take() == ["run 0", "run 999"])
    #expect(!graph.hasPendingWork)
    withExtendedLifetime(effect) {}
  }

  // Peer case #53. Trellis differs from alien-signals, where the effect runs inside each write
  // and sees 1, 2 and 3: here it runs once, at the flush.
  @Test("several writes before a flush are seen as the last one only (differs from alien-signals)")
  func onlyTheFinalValueIsObserved() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let effect = Effect(in: graph) { log("\(a.value)") }
    for value in 1...3 { a.value = value }
    graph.flush()
    #expect(log.take() == ["0", "3"])
    withExtendedLifetime(effect) {}
  }

  // Peer case #54.
  @Test("an effect's conditional write propagates until the values settle")
  func writesSettle() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(0)
    let effect = Effect(in: graph) {
      log("run \(a.value) \(b.value)")
      if a.value > 0 && b.value == 0 { b.value = a.value }
    }
    a.value = 5
    graph.flush()
    #expect(b.value == 5)
    #expect(log.take() == ["run 0 0", "run 5 0", "run 5 5"])
    withExtendedLifetime(effect) {}
  }

  // Peer cases #52, #57, #112, #135, #137, #138, #186.
  @Test("a computation's write to another cell reaches that cell's readers")
  func computationWritesASideChannel() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let source = Cell(0)
    let side = Cell(0)
    let writer = Derived { () -> Int in
      let value = source.value
      side.value = value * 10
      return value
    }
    let reader = Derived { side.value + 1 }
    let effect = Effect(in: graph) { log("effect \(writer.value) \(side.value)") }
    #expect(side.value == 0)
    #expect(reader.value == 1)
    let diagnostics = TrellisDiagnostics.capture {
      source.value = 2
      #expect(writer.value == 2)
      #expect(side.value == 20)
      #expect(reader.value == 21)
      graph.flush()
    }
    #expect(diagnostics == [])
    #expect(log.take() == ["effect 0 0", "effect 2 20"])
    withExtendedLifetime(effect) {}
  }

  // Peer cases #114, #133.
  @Test(
    "an effect that writes a cell back to its value leaves later readers to see the settled value")
  func writeBackToTheOriginalValue() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let mirror = Derived { a.value }
    let resetter = Effect(in: graph) {
      let value = a.value
      log("resetter \(value)")
      if value == 1 { a.value = 0 }
    }
    let reader = Effect(in: graph) { log("reader \(mirror.value)") }
    a.value = 1
    graph.flush()
    #expect(a.value == 0)
    #expect(log.take() == ["resetter 0", "reader 0", "resetter 1", "resetter 0"])
    withExtendedLifetime((resetter, reader)) {}
  }

  // Peer case #134.
  @Test("a later effect sees the value an earlier effect wrote in the same flush")
  func laterEffectSeesTheRewrite() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let rewriter = Effect(in: graph) { if a.value == 1 { a.value = 10 } }
    let reader = Effect(in: graph) { log("reader \(a.value)") }
    a.value = 1
    graph.flush()
    #expect(log.take() == ["reader 0", "reader 10"])
    withExtendedLifetime((rewriter, reader)) {}
  }

  // Peer case #136.
  @Test("a computation that writes an unchanged value to a cell disturbs none of its readers")
  func unchangedSideWrite() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let source = Cell(0)
    let side = Cell(0)
    let writer = Derived { () -> Int in
      side.value = 0
      return source.value
    }
    _ = writer.value
    let effect = Effect(in: graph) { log("side \(side.value)") }
    source.value = 1
    #expect(writer.value == 1)
    graph.flush()
    #expect(log.take() == ["side 0"])
    withExtendedLifetime(effect) {}
  }

  // Peer case #172.
  @Test("a computation that writes its own input stays stale and recomputes on every read")
  func writingItsOwnInputNeverCaches() {
    let log = Log()
    let a = Cell(0)
    let c = Derived { () -> Int in
      a.value = a.value + 1
      let value = a.value
      log("c \(value)")
      return value
    }
    #expect(c.value == 1)
    #expect(c.value == 2)
    #expect(log.take() == ["c 1", "c 2"])
  }

  // Peer cases #174, #179: the writer sees its own write, as in alien-signals.
  @Test("a computation that increments its input reads the incremented value back")
  func selfIncrementReadsItsWrite() {
    let s = Cell(1)
    let c = Derived { () -> Int in
      s.value = s.value + 1
      return s.value
    }
    let diagnostics = TrellisDiagnostics.capture {
      #expect(c.value == 2)
      #expect(s.value == 2)
      #expect(c.value == 3)
      #expect(s.value == 3)
    }
    #expect(diagnostics == [])
  }

  @Test("an effect that writes a cell and reads it back sees its own write")
  func effectReadsItsOwnWrite() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(false)
    let b = Cell(0)
    let effect = Effect(in: graph) {
      if a.value {
        b.value = 1
        log("read back \(b.value)")
      }
    }
    a.value = true
    graph.flush()
    #expect(log.take() == ["read back 1"])
    withExtendedLifetime(effect) {}
  }

  // Peer cases #180, #49. Trellis differs from alien-signals, where the effect runs once per
  // write: an evaluation that wrote a cell it had read is stale again, so the effect runs a
  // second time and sees the settled value.
  @Test(
    "an effect that resets its own input through a derived value runs again to see it (differs from alien-signals)"
  )
  func resetThroughADerivedValue() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let s = Cell(false)
    let c = Derived { s.value }
    let effect = Effect(in: graph) {
      let value = c.value
      log("run \(value)")
      if value { s.value = false }
    }
    for _ in 1...2 {
      s.value = true
      graph.flush()
      #expect(s.value == false)
    }
    #expect(log.take() == ["run false", "run true", "run false", "run true", "run false"])
    withExtendedLifetime(effect) {}
  }

  // Peer case #113.
  @Test("an effect that counts its input up to a target converges within one flush")
  func convergence() {
    let graph = Graph(executor: .manual)
    let counter = Cell(0)
    let effect = Effect(in: graph) {
      let value = counter.value
      if value < 5 { counter.value = value + 1 }
    }
    let diagnostics = TrellisDiagnostics.capture { graph.flush() }
    #expect(diagnostics == [])
    #expect(counter.value == 5)
    #expect(effect.runCount == 6)
  }

  // Peer case #181.
  @Test("a computation that writes two cells gives their readers a consistent pair")
  func twoSideWrites() {
    let source = Cell(0)
    let b = Cell(0)
    let c = Cell(0)
    let writer = Derived { () -> Int in
      let value = source.value
      b.value = value + 1
      c.value = value + 2
      return value
    }
    _ = writer.value
    let pair = Derived { "\(b.value),\(c.value)" }
    #expect(pair.value == "1,2")
    source.value = 10
    _ = writer.value
    #expect(pair.value == "11,12")
  }

  // Peer case #182.
  @Test("a side write made while a transaction is open is visible in it and after the flush")
  func sideWriteInATransaction() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let source = Cell(0)
    let side = Cell(0)
    let writer = Derived { () -> Int in
      let value = source.value
      side.value = value * 10
      return value
    }
    _ = writer.value
    let effect = Effect(in: graph) { log("side \(side.value)") }
    graph.withTransaction {
      source.value = 5
      #expect(writer.value == 5)
      #expect(side.value == 50)
    }
    graph.flush()
    #expect(log.take() == ["side 0", "side 50"])
    withExtendedLifetime(effect) {}
  }

  // Peer case #183.
  @Test("a writer that a branch switch stops reading stops writing")
  func branchSwitchStopsTheWriter() {
    let flag = Cell(true)
    let source = Cell(0)
    let side = Cell(-1)
    let writer = Derived { () -> Int in
      let value = source.value
      side.value = value
      return value
    }
    let branch = Derived { flag.value ? writer.value : 999 }
    #expect(branch.value == 0)
    source.value = 1
    _ = branch.value
    #expect(side.value == 1)
    flag.value = false
    #expect(branch.value == 999)
    source.value = 2
    _ = branch.value
    #expect(side.value == 1)
  }

  // Peer case #184.
  @Test("nested computations that both write side cells leave both right")
  func nestedSideWrites() {
    let source = Cell(0)
    let innerSide = Cell(0)
    let outerSide = Cell(0)
    let inner = Derived { () -> Int in
      let value = source.value
      innerSide.value = value * 10
      return value + 1
    }
    let outer = Derived { () -> Int in
      let value = inner.value
      outerSide.value = value * 100
      return value
    }
    _ = outer.value
    #expect((innerSide.value, outerSide.value) == (0, 100))
    source.value = 2
    _ = outer.value
    #expect((innerSide.value, outerSide.value) == (20, 300))
  }

  // Peer case #185.
  @Test("a write a computation made before throwing stays")
  func writeBeforeAThrow() throws {
    struct Failure: Error {}
    let source = Cell(0)
    let side = Cell(-1)
    let c = Derived(throwing: { () throws -> Int in
      let value = source.value
      side.value = value * 10
      if value > 0 { throw Failure() }
      return value
    })
    #expect(try c.get() == 0)
    #expect(side.value == 0)
    source.value = 1
    #expect(throws: Failure.self) { try c.get() }
    #expect(side.value == 10)
  }

  // Peer cases #212, #213.
  @Test("an effect that resets its input keeps catching every later write")
  func resetKeepsPropagating() {
    let graph = Graph(executor: .manual)
    for initial in [1, 0] {
      let s = Cell(initial)
      let c = Derived { s.value }
      let effect = Effect(in: graph) { if c.value > 0 { s.value = 0 } }
      graph.flush()
      #expect(s.value == 0)
      for value in 1...3 {
        s.value = value
        graph.flush()
        #expect(s.value == 0)
      }
      withExtendedLifetime(effect) {}
    }
  }

  // Peer case #224.
  @Test(
    "an effect reading a value another effect's write made stale mid-flush sees the fresh value")
  func freshAfterASiblingsWrite() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(0)
    let sum = Derived { a.value + b.value }
    let writer = Effect(in: graph) { if a.value == 1 { b.value = 10 } }
    let reader = Effect(in: graph) { log("reader \(sum.value)") }
    a.value = 1
    graph.flush()
    #expect(log.take() == ["reader 0", "reader 11"])
    withExtendedLifetime((writer, reader)) {}
  }

  // Peer case #225.
  @Test("an effect fed by two effects' writes in one flush sees both")
  func fanInOfTwoWrites() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b1 = Cell(0)
    let b2 = Cell(0)
    let sum = Derived { b1.value + b2.value }
    let first = Effect(in: graph) { if a.value == 1 { b1.value = 10 } }
    let second = Effect(in: graph) { if a.value == 1 { b2.value = 20 } }
    let reader = Effect(in: graph) { log("reader \(sum.value)") }
    a.value = 1
    graph.flush()
    #expect(log.take() == ["reader 0", "reader 30"])
    withExtendedLifetime((first, second, reader)) {}
  }

  // Peer probe #173: the second effect sees the first one's write, as in alien-signals.
  @Test("an effect running after another in the same flush reads that effect's write")
  func midFlushReadsSeeWrites() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(false)
    let b = Cell(0)
    let writer = Effect(in: graph) { if a.value { b.value = 1 } }
    let reader = Effect(in: graph) { if a.value { log("reader \(b.value)") } }
    a.value = true
    graph.flush()
    #expect(log.take() == ["reader 1"])
    withExtendedLifetime((writer, reader)) {}
  }
}
