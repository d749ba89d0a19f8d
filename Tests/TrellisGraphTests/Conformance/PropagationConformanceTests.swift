import Testing
import TrellisGraph

/// How a change travels through a graph: every node evaluates at most once per change, after
/// its inputs, and a value that recomputes to an equal result stops the change.
///
/// The behaviours are those of the public reactive-framework-test-suite's "graph propagation"
/// section (its case numbers are noted beside each test), written against Trellis. Effects run
/// in `Graph.flush()`, never inside the write (alien-signals runs them at the write), so the
/// tests flush where the peer suite expects an effect to have run.
@Suite("Conformance: propagation")
@MainActor
struct PropagationConformanceTests {
  // Peer cases #1, #8.
  @Test("a diamond's join evaluates once per change, after both of its branches")
  func diamond() {
    let log = Log()
    let a = Cell("a")
    let b = log.derived("b") { a.value }
    let c = log.derived("c") { a.value }
    let d = log.derived("d") { b.value + " " + c.value }
    #expect(d.value == "a a")
    #expect(log.take() == ["b", "c", "d"])
    a.value = "aa"
    #expect(d.value == "aa aa")
    #expect(log.take() == ["b", "c", "d"])
    #expect(d.value == "aa aa")
    #expect(log.take() == [])
  }

  // Peer case #2.
  @Test("a node below a diamond's join evaluates once per change")
  func diamondWithTail() {
    let log = Log()
    let a = Cell("a")
    let b = Derived { a.value }
    let c = Derived { a.value }
    let d = Derived { b.value + " " + c.value }
    let e = log.derived(showingResult: "e") { d.value }
    #expect(e.value == "a a")
    a.value = "aa"
    #expect(e.value == "aa aa")
    #expect(log.take() == ["e a a", "e aa aa"])
  }

  // Peer case #3.
  @Test("a jagged diamond with two tails evaluates its join and each tail once")
  func jaggedDiamondWithTails() {
    let log = Log()
    let a = Cell("a")
    let b = Derived { a.value }
    let c = Derived { a.value }
    let d = Derived { c.value }
    let e = log.derived("e") { b.value + " " + d.value }
    let f = log.derived("f") { e.value }
    let g = log.derived("g") { e.value }
    #expect(f.value == "a a")
    #expect(g.value == "a a")
    #expect(log.take() == ["e", "f", "g"])
    a.value = "b"
    #expect(e.value == "b b")
    #expect(f.value == "b b")
    #expect(g.value == "b b")
    #expect(log.take() == ["e", "f", "g"])
  }

  // Peer cases #4, #208.
  @Test("paths of different lengths joining at one node evaluate it once")
  func asymmetricJoin() {
    let log = Log()
    let a = Cell(1)
    let b = Derived { a.value }
    let c = Derived { b.value }
    let d = Derived { c.value }
    let e = Derived { a.value }
    let f = log.derived(showingResult: "f") { d.value + e.value }
    #expect(f.value == 2)
    a.value = 2
    #expect(f.value == 4)
    #expect(log.take() == ["f 2", "f 4"])
  }

  // Peer case #5.
  @Test("a node that reads a source and a value derived from it evaluates once")
  func skipConnection() {
    let log = Log()
    let a = Cell(2)
    let b = Derived { a.value - 1 }
    let c = Derived { a.value + b.value }
    let d = Derived { () -> String in
      let value = "d: \(c.value)"
      log(value)
      return value
    }
    #expect(d.value == "d: 3")
    a.value = 4
    #expect(d.value == "d: 7")
    #expect(log.take() == ["d: 3", "d: 7"])
  }

  // Peer cases #6, #157.
  @Test("inputs that recompute unchanged do not stop the change of another input")
  func unchangedSiblingsDoNotBlock() {
    let log = Log()
    let a = Cell("a")
    let b = Derived { a.value }
    let c = Derived { () -> String in
      _ = a.value
      log("c")
      return "c"
    }
    let d = Derived { () -> String in
      _ = a.value
      log("d")
      return "d"
    }
    let e = log.derived("e") { b.value + " " + c.value + " " + d.value }
    #expect(e.value == "a c d")
    #expect(log.take() == ["c", "d", "e"])
    a.value = "aa"
    #expect(e.value == "aa c d")
    #expect(log.take() == ["c", "d", "e"])
  }

  // Peer case #7.
  @Test("a join whose inputs all recompute unchanged does not evaluate")
  func unchangedInputsStopTheChange() {
    let log = Log()
    let a = Cell("a")
    let b = Derived { () -> String in
      _ = a.value
      log("b")
      return "b"
    }
    let c = Derived { () -> String in
      _ = a.value
      log("c")
      return "c"
    }
    let d = log.derived("d") { b.value + " " + c.value }
    #expect(d.value == "b c")
    #expect(log.take() == ["b", "c", "d"])
    a.value = "aa"
    #expect(d.value == "b c")
    #expect(log.take() == ["b", "c"])
  }

  // Peer cases #9, #10.
  @Test("each level of an increasing fan-in evaluates once, not once per path")
  func convergence() {
    let log = Log()
    let a = Cell(0)
    let b = Derived { a.value }
    let c = log.derived("c") { b.value + a.value }
    let d = log.derived("d") { c.value + b.value }
    let e = log.derived("e") { d.value + c.value }
    #expect(e.value == 0)
    #expect(log.take() == ["c", "d", "e"])
    a.value = 1
    #expect(e.value == 5)
    #expect(log.take() == ["c", "d", "e"])
  }

  // Peer case #205.
  @Test("two sources feeding two crossed values evaluate each value once when both change")
  func crossedDiamond() {
    let log = Log()
    let a = Cell(1)
    let b = Cell(10)
    let c = log.derived(showingResult: "c") { a.value + b.value }
    let d = log.derived(showingResult: "d") { a.value * b.value }
    let e = log.derived(showingResult: "e") { c.value + d.value }
    #expect(e.value == 21)
    #expect(log.take() == ["c 11", "d 10", "e 21"])
    a.value = 2
    b.value = 20
    #expect(e.value == 62)
    #expect(log.take() == ["c 22", "d 40", "e 62"])
  }

  // Peer case #206.
  @Test("two stacked diamonds evaluate each join once")
  func stackedDiamonds() {
    let log = Log()
    let a = Cell(1)
    let b = Derived { a.value }
    let c = Derived { a.value }
    let d = log.derived(showingResult: "d") { b.value + c.value }
    let e = Derived { d.value }
    let f = Derived { d.value }
    let g = log.derived(showingResult: "g") { e.value + f.value }
    #expect(g.value == 4)
    a.value = 2
    #expect(g.value == 8)
    #expect(log.take() == ["d 2", "g 4", "d 4", "g 8"])
  }

  // Peer case #116, #215.
  @Test("disposing one of two effects on a derived value leaves the other subscribed")
  func disposingOneReaderKeepsTheOther() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let c = Derived { a.value * 2 }
    let first = Effect(in: graph) { log("first \(c.value)") }
    let second = Effect(in: graph) { log("second \(c.value)") }
    #expect(log.take() == ["first 0", "second 0"])
    first.dispose()
    a.value = 1
    graph.flush()
    a.value = 2
    graph.flush()
    #expect(log.take() == ["second 2", "second 4"])
    withExtendedLifetime((first, second)) {}
  }

  // Peer case #187.
  @Test("after its only effect is disposed, a write evaluates none of the chain it read")
  func disposalDeactivatesTheChain() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell("a")
    let b = log.derived("b") { a.value }
    let c = log.derived("c") { b.value }
    let d = log.derived("d") { a.value }
    let effect = Effect(in: graph) { log("effect \(c.value)") }
    #expect(d.value == "a")
    #expect(log.take() == ["b", "c", "effect a", "d"])
    effect.dispose()
    a.value = "aa"
    graph.flush()
    #expect(log.take() == [])
    #expect(d.value == "aa")
    #expect(log.take() == ["d"])
  }

  // Peer case #188.
  @Test("a value that a batch makes unreachable is not recomputed")
  func batchedBranchSwitchSkipsTheUnreachable() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(0)
    let c = log.derived("c") { b.value }
    let d = log.derived("d") { a.value == 0 ? c.value : -1 }
    #expect(d.value == 0)
    #expect(log.take() == ["c", "d"])
    graph.withTransaction {
      b.value = 1
      a.value = 1
    }
    #expect(d.value == -1)
    #expect(log.take() == ["d"])
  }

  // Peer case #189.
  @Test("a value dropped by its reader's branch switch is not recomputed")
  func branchSwitchSkipsTheDropped() {
    let log = Log()
    let a = Cell(1)
    let b = Cell(1)
    let c = Cell(1)
    let d = log.derived("d") { c.value }
    let e = log.derived(showingResult: "e") { a.value > 0 ? b.value + d.value : b.value }
    #expect(e.value == 2)
    #expect(log.take() == ["d", "e 2"])
    a.value = 2
    b.value = 2
    c.value = 2
    #expect(e.value == 4)
    #expect(log.take() == ["d", "e 4"])
    a.value = -1
    b.value = -1
    c.value = -1
    #expect(e.value == -1)
    #expect(log.take() == ["e -1"])
  }

  // Peer cases #190, #191.
  @Test("an effect that subscribes after a direct read sees the latest value and later changes")
  func effectSubscribingAfterADirectRead() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Derived { a.value }
    let c = Derived { b.value }
    #expect(c.value == 0)
    a.value = 1
    let effect = Effect(in: graph) { log("effect \(c.value)") }
    #expect(log.take() == ["effect 1"])
    a.value = 2
    graph.flush()
    #expect(log.take() == ["effect 2"])
    withExtendedLifetime(effect) {}
  }

  // Peer cases #192, #204.
  @Test("an effect runs once per flush for a fan-in, and not at all for an unchanged value")
  func effectRunsOncePerFlush() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(1)
    let b = Cell(10)
    let sum = log.derived(showingResult: "sum") { a.value + b.value }
    let zero = Derived { () -> Int in
      _ = a.value
      log("zero")
      return 0
    }
    let effect = Effect(in: graph) { log("effect \(sum.value) \(zero.value)") }
    #expect(log.take() == ["sum 11", "zero", "effect 11 0"])
    graph.withTransaction {
      a.value = 2
      b.value = 20
    }
    graph.flush()
    #expect(log.take() == ["sum 22", "zero", "effect 22 0"])
    b.value = 30
    graph.flush()
    #expect(log.take() == ["sum 32", "effect 32 0"])
    withExtendedLifetime(effect) {}
  }

  // Peer case #207.
  @Test("with a wide fan-out, every effect runs once per change, in creation order")
  func wideFanOut() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let effects = (0..<6).map { index in
      let derived = Derived { a.value + index }
      return Effect(in: graph) { log("\(index): \(derived.value)") }
    }
    #expect(log.take() == ["0: 0", "1: 1", "2: 2", "3: 3", "4: 4", "5: 5"])
    for value in 1...2 {
      a.value = value
      graph.flush()
      let runs = log.take()
      #expect(runs.sorted() == (0..<6).map { "\($0): \($0 + value)" })
      #expect(runs == (0..<6).map { "\($0): \($0 + value)" })
    }
    withExtendedLifetime(effects) {}
  }

  // Peer case #216, with one of the readers behind a derived value.
  @Test(
    "effects run in creation order whether they read a cell directly or through a derived value")
  func creationOrderAcrossDerivedValues() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let mirror = Derived { a.value }
    let effects = [
      Effect(in: graph) { log("first \(a.value)") },
      Effect(in: graph) { log("second \(mirror.value)") },
      Effect(in: graph) { log("third \(a.value)") },
    ]
    #expect(log.take() == ["first 0", "second 0", "third 0"])
    a.value = 1
    graph.flush()
    let runs = log.take()
    #expect(runs.sorted() == ["first 1", "second 1", "third 1"])
    #expect(runs == ["first 1", "second 1", "third 1"])
    withExtendedLifetime(effects) {}
  }
}
