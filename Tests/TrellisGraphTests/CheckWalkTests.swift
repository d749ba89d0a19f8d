import Testing
import TrellisGraph

/// The check, coming back from a dependency it decided without updating it, decides the edge
/// to it from the versions at once (`NodeStore.check`): it must decide as a re-read of the
/// edge did.
@MainActor
@Suite struct CheckWalkTests {
  @Test func aChainCutOffByAnEqualValueReRunsNothingBelowIt() {
    let graph = Graph(executor: .manual)
    let head = Cell(0, name: "head")
    var evaluations: [String] = []
    let c1 = Derived(name: "c1") { () -> Int in
      evaluations.append("c1")
      return head.value
    }
    let c2 = Derived(name: "c2") { () -> Int in
      evaluations.append("c2")
      return c1.value >= 0 ? 0 : 1
    }
    let c3 = Derived(name: "c3") { () -> Int in
      evaluations.append("c3")
      return c2.value + 1
    }
    let c4 = Derived(name: "c4") { () -> Int in
      evaluations.append("c4")
      return c3.value + 2
    }
    var seen: [Int] = []
    let effect = Effect(name: "effect", in: graph) { seen.append(c4.value) }
    evaluations = []

    for value in 1...3 {
      graph.withTransaction { head.value = value }
      graph.flush()
    }
    #expect(evaluations == ["c1", "c2", "c1", "c2", "c1", "c2"])
    #expect(seen == [3])
    #expect(!effect.isStale)
  }

  /// A dependency the check goes down to and finds unchanged may still have changed since its
  /// reader read it (another read brought it up to date first): the reader re-runs.
  @Test func aDependencyUnchangedInTheCheckButChangedBeforeItStillReRunsItsReader() {
    let graph = Graph(executor: .manual)
    let head = Cell(0, name: "head")
    let c1 = Derived(name: "c1") { head.value }
    let c2 = Derived(name: "c2") { c1.value * 2 }
    var c3Runs = 0
    let c3 = Derived(name: "c3") { () -> Int in
      c3Runs += 1
      return c2.value + 1
    }
    let c4 = Derived(name: "c4") { c3.value + 1 }
    var seen: [Int] = []
    let effect = Effect(name: "effect", in: graph) { seen.append(c4.value) }
    #expect(seen == [2])

    head.value = 5
    // Brought up to date by a read of its own: c3 and c4 are still pending.
    #expect(c2.value == 10)
    // Written and written back: nothing changes, but c1, c2 and the rest are pending again.
    graph.withTransaction {
      head.value = 6
      head.value = 5
    }
    graph.flush()
    #expect(seen == [2, 12])
    #expect(c3Runs == 2)
    #expect(!effect.isStale)
  }

  /// The same when the check decides the dependency without going down to it (its first input
  /// is up to date and changed) and its update finds it equal.
  @Test func aDependencyUpdatedEqualInTheCheckButChangedBeforeItStillReRunsItsReader() {
    let graph = Graph(executor: .manual)
    let head = Cell(0, name: "head")
    let c1 = Derived(name: "c1") { head.value }
    var c2Runs = 0
    let c2 = Derived(name: "c2") { () -> Int in
      c2Runs += 1
      return c1.value >= 5 ? 1 : 0
    }
    var c3Runs = 0
    let c3 = Derived(name: "c3") { () -> Int in
      c3Runs += 1
      return c2.value + 100
    }
    var seen: [Int] = []
    let effect = Effect(name: "effect", in: graph) { seen.append(c3.value) }
    #expect(seen == [100])

    head.value = 5
    // c2 brought up to date (and changed) by a read of its own; c3 is still pending.
    #expect(c2.value == 1)
    head.value = 6
    // c1 up to date and changed, c2 pending: the check updates c2 at once, equal to before.
    #expect(c1.value == 6)
    graph.flush()
    #expect(c2Runs == 3)
    #expect(seen == [100, 101])
    #expect(c3Runs == 2)
    #expect(!effect.isStale)
  }
}
