import Testing
import TrellisGraph

/// Dependencies are what the latest evaluation read: a branch switch subscribes to what is newly
/// read, unsubscribes from what no longer is, and never evaluates what became unreachable.
///
/// After the "dynamic dependencies" section of the public reactive-framework-test-suite (case
/// numbers beside each test). Effects run in `Graph.flush()`, so the tests flush where the peer
/// suite expects an effect to have run at the write.
@Suite("Conformance: dynamic dependencies")
@MainActor
struct DynamicDependencyConformanceTests {
  // Peer cases #12, #13.
  @Test("only the branch taken is a dependency, before and after a switch")
  func onlyTheTakenBranchIsADependency() {
    let log = Log()
    let a = Cell("a")
    let b = Cell("b")
    let useA = Cell(true)
    let c = log.derived(showingResult: "c") { useA.value ? a.value : b.value }
    #expect(c.value == "a")
    b.value = "bb"
    #expect(c.value == "a")
    a.value = "aa"
    #expect(c.value == "aa")
    #expect(log.take() == ["c a", "c aa"])
    useA.value = false
    #expect(c.value == "bb")
    a.value = "aaa"
    #expect(c.value == "bb")
    b.value = "bbb"
    #expect(c.value == "bbb")
    #expect(log.take() == ["c bb", "c bbb"])
  }

  // Peer case #14.
  @Test("a dependency acquired by a branch switch is brought up to date before it is read")
  func newDependencyIsFresh() {
    let log = Log()
    let a = Cell(1)
    let b = Cell(10)
    let useC = Cell(false)
    let c = log.derived(showingResult: "c") { a.value }
    let d = Derived { useC.value ? c.value : b.value }
    #expect(d.value == 10)
    useC.value = true
    a.value = 2
    #expect(d.value == 2)
    #expect(log.take() == ["c 2"])
  }

  // Peer case #16.
  @Test("a branch that falls back to a derived value of the same source switches both ways")
  func lazyBranch() {
    let log = Log()
    let a = Cell(0)
    let b = log.derived(showingResult: "b") { a.value }
    let c = Derived { a.value > 0 ? a.value : b.value }
    #expect(c.value == 0)
    a.value = 1
    #expect(c.value == 1)
    a.value = 0
    #expect(c.value == 0)
    #expect(log.take() == ["b 0", "b 0"])
  }

  // Peer case #165.
  @Test("dropping a dependency leaves another reader's subscription to it intact")
  func droppingADependencyKeepsSiblings() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let toggle = Cell(true)
    let state = Cell(1)
    let p = Derived { toggle.value ? state.value : 111 }
    let pp = Derived { state.value }
    let first = Effect(in: graph) { log("p \(p.value)") }
    let second = Effect(in: graph) { log("pp \(pp.value)") }
    toggle.value = false
    graph.flush()
    #expect(p.value == 111)
    state.value = 2
    graph.flush()
    #expect(pp.value == 2)
    #expect(log.take() == ["p 1", "pp 1", "p 111", "pp 2"])
    withExtendedLifetime((first, second)) {}
  }

  // Peer case #166.
  @Test("a dependency dropped and read again is subscribed again and seen up to date")
  func resubscribingAfterABranchSwitch() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let flag = Cell(true)
    let source = Cell(1)
    let c = Derived { flag.value ? source.value : 0 }
    let effect = Effect(in: graph) { log("seen \(c.value)") }
    flag.value = false
    graph.flush()
    source.value = 2
    graph.flush()
    flag.value = true
    graph.flush()
    source.value = 3
    graph.flush()
    #expect(log.take() == ["seen 1", "seen 0", "seen 2", "seen 3"])
    withExtendedLifetime(effect) {}
  }

  // Peer case #193.
  @Test("a value whose only reader stops reading it is not recomputed, though its input changed")
  func unreachableAfterTheSwitchIsNotRecomputed() {
    let log = Log()
    let a = Cell<Int?>(1)
    let b = Derived { a.value }
    let c = log.derived(showingResult: "c") { b.value ?? -1 }
    let d = Derived { () -> Int in
      if b.value != nil { return c.value }
      return 0
    }
    #expect(d.value == 1)
    a.value = nil
    #expect(d.value == 0)
    #expect(log.take() == ["c 1"])
  }

  // Peer cases #194, #195.
  @Test("a gated chain follows repeated writes, read by an effect or directly")
  func gatedChain() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let items = Cell<[Int]?>(nil)
    let isLoaded = Derived { items.value != nil }
    let message = Derived { isLoaded.value ? "loaded" : "not loaded" }
    let effect = Effect(in: graph) { log(message.value) }
    for value in [[1, 2, 3], [4, 5], nil] {
      items.value = value
      graph.flush()
    }
    #expect(log.take() == ["not loaded", "loaded", "not loaded"])
    items.value = [1]
    #expect(isLoaded.value)
    #expect(message.value == "loaded")
    items.value = nil
    #expect(message.value == "not loaded")
    // The effect saw "not loaded" before and sees it again: the message changed twice since,
    // and a version is compared, not a value, so it runs (once, at the flush).
    graph.flush()
    #expect(log.take() == ["not loaded"])
    withExtendedLifetime(effect) {}
  }

  // Peer case #196.
  @Test("a first input that recomputes unchanged does not hide a second input's change")
  func secondInputStillTriggers() {
    let log = Log()
    let source1 = Cell(0)
    let source2 = Cell(0)
    let c1 = Derived { source1.value }
    let c2 = Derived { source1.value % 2 + source2.value }
    let c3 = log.derived(showingResult: "c3") { c1.value + c2.value }
    #expect(c3.value == 0)
    source1.value = 2
    #expect(c3.value == 2)
    source2.value = 1
    #expect(c3.value == 3)
    #expect(log.take() == ["c3 0", "c3 2", "c3 3"])
  }

  // Peer case #197.
  @Test("a chain cut off at its first value stays cut off over repeated writes")
  func cutOffOverRepeatedWrites() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let source = Cell(0)
    let parity = log.derived(showingResult: "parity") { source.value % 2 }
    let next = log.derived(showingResult: "next") { parity.value + 1 }
    let effect = Effect(in: graph) { log("effect \(next.value)") }
    #expect(log.take() == ["parity 0", "next 1", "effect 1"])
    for value in [2, 4, 6] {
      source.value = value
      graph.flush()
    }
    #expect(log.take() == ["parity 0", "parity 0", "parity 0"])
    withExtendedLifetime(effect) {}
  }

  // Peer cases #198, #199.
  @Test("an effect subscribes to what a branch switch makes it read, and drops the rest")
  func effectFollowsItsBranch() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let condition = Cell(false)
    let a = Cell("value")
    let effect = Effect(in: graph) { log(condition.value ? a.value : "other") }
    a.value = "Hi"
    graph.flush()
    condition.value = true
    graph.flush()
    a.value = "World"
    graph.flush()
    condition.value = false
    graph.flush()
    a.value = "changed"
    graph.flush()
    #expect(log.take() == ["other", "Hi", "World", "other"])
    withExtendedLifetime(effect) {}
  }

  // Peer case #200.
  @Test("effects with overlapping, shifting dependencies each run only for what they read")
  func overlappingEffects() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(1)
    let b = Cell(2)
    let c = Cell(0)
    let out1 = Cell(0)
    let out2 = Cell(0)
    let first = Effect(in: graph) {
      var result = 0
      if c.value < 2 { result += a.value }
      if c.value > 1 { result += b.value }
      log("first \(result)")
      out1.value = result
    }
    let second = Effect(in: graph) {
      var result = 0
      if c.value > 1 { result += a.value }
      if c.value < 3 { result += b.value }
      result += out1.value
      log("second \(result)")
      out2.value = result
    }
    #expect(log.take() == ["first 1", "second 3"])
    b.value = 3
    graph.flush()
    #expect(log.take() == ["second 4"])
    #expect((out1.value, out2.value) == (1, 4))
    c.value = 2
    graph.flush()
    #expect(log.take() == ["first 3", "second 7"])
    #expect((out1.value, out2.value) == (3, 7))
    withExtendedLifetime((first, second)) {}
  }
}
