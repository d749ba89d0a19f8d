import Testing

@testable import TrellisGraph

/// The rules of `ChangeContext`: what an effect's run sees as the context of the changes that
/// made it run.
@MainActor
@Suite struct ChangeContextTests {
  /// Runs `body` with `context` as the context of the changes it makes.
  private func with(_ context: UInt32, _ body: () -> Void) {
    let previous = ChangeContext.current
    ChangeContext.current = context
    body()
    ChangeContext.current = previous
  }

  @Test func anEffectRunsUnderTheContextOfTheLatestChangeThatMarkedIt() {
    let graph = Graph(executor: .manual)
    let a = Cell(0, name: "a")
    let b = Cell(0, name: "b")
    let doubled = Derived(name: "doubled") { b.value * 2 }
    var seen: [UInt32] = []
    let effect = Effect(name: "e", in: graph) {
      _ = a.value
      _ = doubled.value
      seen.append(ChangeContext.current)
    }
    // Directly; then through a derived value; a plain change keeps the context.
    with(7) { a.value = 1 }
    graph.flush()
    with(8) { b.value = 1 }
    a.value = 2
    graph.flush()
    // The later context wins; nothing is left for a plain run after it.
    with(8) { a.value = 3 }
    with(9) { b.value = 2 }
    graph.flush()
    a.value = 4
    graph.flush()
    #expect(seen == [0, 7, 8, 9, 0])
    #expect(effect.runCount == 5)
    #expect(ChangeContext.current == 0)
  }

  @Test func whatARunChangesCarriesItsContextAndACheckThatRunsNothingDropsIt() {
    let graph = Graph(executor: .manual)
    let source = Cell(0, name: "source")
    let parity = Derived(name: "parity") { source.value % 2 }
    let relay = Cell(0, name: "relay")
    var seen: [String] = []
    let first = Effect(name: "first", in: graph) {
      seen.append("first \(ChangeContext.current)")
      relay.value = source.value
    }
    let second = Effect(name: "second", in: graph) {
      seen.append("second \(relay.value) \(ChangeContext.current)")
    }
    let checked = Effect(name: "checked", in: graph) {
      seen.append("parity \(parity.value) \(ChangeContext.current)")
    }
    seen = []
    // `first` runs under 4 and writes `relay`: `second` runs under 4 too. `checked` is
    // pending, but its parity did not change: it does not run, and forgets the context.
    with(4) { source.value = 2 }
    graph.flush()
    source.value = 3
    graph.flush()
    #expect(
      seen == [
        "first 4", "second 2 4", "first 0", "second 3 0", "parity 1 0",
      ])
    withExtendedLifetime((first, second, checked)) {}
  }
}
