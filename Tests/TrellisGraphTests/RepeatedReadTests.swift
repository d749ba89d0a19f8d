import Testing
import TrellisGraph

/// A read of the dependency the running evaluation read last is a compare and nothing else
/// (`NodeStore.lastReadDep`). It must be cleared whenever that stops holding: otherwise a read
/// is skipped that should have recorded a dependency.
@MainActor
@Suite struct RepeatedReadTests {
  // The nested evaluation of `capped` reads `source` last, then `total` reads `capped` and
  // `source`: `total` depends on `source` itself, so a change that leaves `capped` equal
  // still updates it (it runs first, and brings `capped` up to date as it reads it).
  @Test func aReadRightAfterANestedEvaluationReadTheSameCellIsADependency() {
    let source = Cell(1, name: "source")
    var evaluations: [String] = []
    let capped = Derived(name: "capped") { () -> Int in
      evaluations.append("capped")
      return min(source.value, 1)
    }
    let total = Derived(name: "total") { () -> Int in
      evaluations.append("total")
      return capped.value + source.value * 10
    }
    #expect(total.value == 11)
    #expect(evaluations == ["total", "capped"])
    evaluations = []
    source.value = 5
    #expect(total.value == 51)
    #expect(evaluations == ["total", "capped"])
  }

  // An effect made inside another runs its first run there, nested, and reads `source` last;
  // its owner then reads `source` for the first time in this run. Not cleared when the
  // nested evaluation ends, that read was taken for a repeat: the owner never depended on
  // `source` and did not run again when it changed.
  @Test func aReadRightAfterANestedEffectsFirstRunReadTheSameCellIsADependency() {
    let graph = Graph(executor: .manual)
    let source = Cell(1, name: "source")
    var seen: [String] = []
    let owner = Effect(in: graph) {
      _ = Effect(in: graph) { seen.append("inner \(source.value)") }
      seen.append("owner \(source.value)")
    }
    source.value = 2
    graph.flush()
    #expect(seen == ["inner 1", "owner 1", "inner 2", "owner 2"])
    #expect(owner.runCount == 2)
  }

  // Read twice in a row, a cell is one dependency: a change re-runs the reader once.
  @Test func aCellReadTwiceInARowIsOneDependency() {
    let graph = Graph(executor: .manual)
    let source = Cell(1, name: "source")
    var seen: [Int] = []
    let effect = Effect(in: graph) { seen.append(source.value + source.value) }
    source.value = 2
    graph.flush()
    source.value = 3
    graph.flush()
    #expect(seen == [2, 4, 6])
    #expect(effect.runCount == 3)
  }
}
