import Testing
import TrellisGraph

/// An object that owns an effect whose body is its own method (as a view's body part does).
@MainActor
private final class CountingRunner: EffectRunner {
  let source: Cell<Int>
  var seen: [Int] = []
  var effect: Effect?

  init(source: Cell<Int>, graph: Graph, recordsReasons: Bool) {
    self.source = source
    effect = Effect(
      name: "counting", in: graph, depth: 0, recordsReasons: recordsReasons, runner: self)
  }

  func runEffect() { seen.append(source.value) }

  isolated deinit { effect?.dispose() }
}

/// `Effect.init(name:in:depth:recordsReasons:runner:)`: the body is the runner's method, held
/// unowned.
@Suite @MainActor struct EffectRunnerTests {
  @Test func aRunnerEffectWaitsForItsFirstRunThenFollowsWhatItRead() {
    let graph = Graph(executor: .manual)
    let source = Cell(1, name: "source")
    let runner = CountingRunner(source: source, graph: graph, recordsReasons: true)
    #expect(runner.seen == [])
    runner.effect?.scheduleRun()
    graph.flush()
    #expect(runner.seen == [1])
    source.value = 2
    graph.flush()
    #expect(runner.seen == [1, 2])
    #expect(runner.effect?.lastRunReasons.map(\.description) == ["source"])
  }

  @Test func aRunnerEffectMadeWithoutReasonsKeepsNone() {
    let graph = Graph(executor: .manual)
    let source = Cell(1, name: "source")
    let runner = CountingRunner(source: source, graph: graph, recordsReasons: false)
    #expect(runner.effect?.recordsReasons == false)
    runner.effect?.scheduleRun()
    graph.flush()
    source.value = 2
    graph.flush()
    #expect(runner.seen == [1, 2])
    #expect(runner.effect?.lastRunReasons == [])
  }

  @Test func theRunnerOwnsItsEffectWithoutACycle() {
    let graph = Graph(executor: .manual)
    let source = Cell(1, name: "source")
    var runner: CountingRunner? = CountingRunner(
      source: source, graph: graph, recordsReasons: false)
    weak let weakRunner = runner
    weak let weakEffect = runner?.effect
    runner?.effect?.scheduleRun()
    graph.flush()
    #expect(runner?.seen == [1])
    runner = nil
    #expect(weakRunner == nil)
    #expect(weakEffect == nil)
  }
}
