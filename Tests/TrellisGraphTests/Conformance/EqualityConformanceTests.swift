import Testing
import TrellisGraph

/// A write of an equal value is no change, and a value that recomputes equal disturbs nothing
/// below it. "Equal" is Swift's `==` for `Equatable` values, or the `equals` function a value
/// was given.
///
/// After the "equality" section of the public reactive-framework-test-suite (case numbers beside
/// each test) and its equality probes. Where JavaScript compares with `===` and Swift has no
/// such default (references, values that are not `Equatable`), Trellis differs, and the tests
/// say so.
@Suite("Conformance: equality")
@MainActor
struct EqualityConformanceTests {
  // Peer case #28.
  @Test("writing the value a cell already holds notifies nobody")
  func equalWriteIsNoChange() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(1)
    let c = log.derived(showingResult: "c") { a.value }
    let effect = Effect(in: graph) { log("effect \(a.value)") }
    #expect(c.value == 1)
    a.value = 1
    #expect(!graph.hasPendingWork)
    graph.flush()
    #expect(c.value == 1)
    #expect(log.take() == ["effect 1", "c 1"])
    withExtendedLifetime(effect) {}
  }

  // Peer case #34.
  @Test("once a value settles, further source changes stop at it")
  func pruningStopsAtTheFirstUnchangedValue() {
    let log = Log()
    let a = Cell(0)
    let positive = Derived { a.value > 0 ? 1 : 0 }
    let c = log.derived(showingResult: "c") { positive.value }
    let d = log.derived(showingResult: "d") { c.value }
    #expect(d.value == 0)
    a.value = 1
    #expect(d.value == 1)
    a.value = 2
    #expect(d.value == 1)
    #expect(log.take() == ["c 0", "d 0", "c 1", "d 1"])
  }

  // Peer cases #169, #192.
  @Test("an effect does not run while the value it reads recomputes equal")
  func livePruning() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let source = Cell(0)
    let first = Derived { source.value }
    let constant = Derived { () -> Int in
      _ = first.value
      log("constant")
      return 5
    }
    let effect = Effect(in: graph) { log("effect \(constant.value)") }
    for value in 1...2 {
      source.value = value
      graph.flush()
    }
    #expect(log.take() == ["constant", "effect 5", "constant", "constant"])
    withExtendedLifetime(effect) {}
  }

  // Peer case #220. Trellis differs from alien-signals: JavaScript's `===` compares references,
  // while Swift gives a value that is not `Equatable` no equality, so a derived class instance
  // propagates every recomputation unless it is given `equals`, here identity.
  @Test(
    "the same instance again stops a change only with an identity equals (differs from alien-signals)"
  )
  func sameReferenceNeedsAnIdentityEquals() {
    let log = Log()
    let shared = Box(1)
    let a = Cell(0)
    let identical: (Box, Box) -> Bool = { $0 === $1 }
    let byIdentity = Derived(equals: identical) { () -> Box in
      _ = a.value
      return shared
    }
    let withoutEquality = Derived { () -> Box in
      _ = a.value
      return shared
    }
    let readsIdentity = log.derived(showingResult: "identity") { byIdentity.value.value }
    let readsOther = log.derived(showingResult: "other") { withoutEquality.value.value }
    #expect(readsIdentity.value + readsOther.value == 2)
    a.value = 1
    #expect(readsIdentity.value + readsOther.value == 2)
    #expect(log.take() == ["identity 1", "other 1", "other 1"])
  }

  @Test("an equals function decides what counts as a change")
  func customEquality() {
    let log = Log()
    let a = Cell(10)
    let sameTen: (Int, Int) -> Bool = { $0 / 10 == $1 / 10 }
    let never: (Int, Int) -> Bool = { _, _ in false }
    let tens = Derived(equals: sameTen) { a.value }
    let always = Derived(equals: never) { a.value / 10 }
    let readsTens = log.derived(showingResult: "tens") { tens.value }
    let readsAlways = log.derived(showingResult: "always") { always.value }
    #expect((readsTens.value, readsAlways.value) == (10, 1))
    a.value = 15
    #expect((readsTens.value, readsAlways.value) == (10, 1))
    a.value = 21
    #expect((readsTens.value, readsAlways.value) == (21, 2))
    #expect(log.take() == ["tens 10", "always 1", "always 1", "tens 21", "always 2"])
    // A result counted as equal is dropped: a direct read sees the value the readers saw.
    a.value = 25
    #expect(tens.value == 21)
    #expect(readsTens.value == 21)
  }

  // Found by a new user: each result was compared with the previous result, not with the
  // value the readers last saw, and that was replaced anyway, so steps within the tolerance
  // drifted past it unseen. Solid's and Angular's custom equality keep the old value.
  @Test("a result counted as equal is dropped, so steps within the tolerance cannot add up unseen")
  func equalResultsKeepTheValueReadersSaw() {
    let graph = Graph(executor: .manual)
    let c = Cell(0.0)
    let withinOne: (Double, Double) -> Bool = { abs($0 - $1) < 1 }
    let approximately = Derived(equals: withinOne) { c.value }
    var shown: [Double] = []
    let effect = Effect(in: graph) { shown.append(approximately.value) }
    c.value = 0.6
    graph.flush()
    #expect(shown == [0.0])
    #expect(approximately.value == 0.0)
    c.value = 1.2
    graph.flush()
    #expect(shown == [0.0, 1.2])
    #expect(approximately.value == 1.2)
    withExtendedLifetime(effect) {}
  }

  // Peer cases #29, #167: `Double.nan == .nan` is false, as `NaN === NaN` is in JavaScript, so
  // Trellis answers as alien-signals does.
  @Test("NaN never equals itself: writing or recomputing NaN is a change")
  func notANumberIsAlwaysAChange() {
    let log = Log()
    let a = Cell(Double.nan)
    let c = log.derived("c") { a.value }
    let d = log.derived("d") { c.value }
    #expect(d.value.isNaN)
    a.value = .nan
    #expect(d.value.isNaN)
    #expect(log.take() == ["c", "d", "c", "d"])
  }

  // Peer case #30. Trellis differs from alien-signals: a cell of a type that is not `Equatable`
  // has no equality to compare with, so writing the same instance again is a change.
  @Test(
    "writing the same instance to a cell of a non-Equatable type is a change (differs from alien-signals)"
  )
  func sameInstanceWriteIsAChange() {
    let log = Log()
    let shared = Box(1)
    let a = Cell(shared)
    let c = log.derived(showingResult: "c") { a.value.value }
    #expect(c.value == 1)
    a.value = shared
    #expect(c.value == 1)
    #expect(log.take() == ["c 1", "c 1"])
  }
}
