import Testing
import TrellisGraph

@testable import TrellisTerminal

/// What a terminal app keeps of the diagnostics reported while it owns the terminal.
@Suite struct KeptDiagnosticsTests {
  private func duplicate(_ id: Int) -> TrellisDiagnostic {
    TrellisDiagnostic(
      kind: .invalidInput, nodes: ["List"], message: "ForEach in List: duplicate id \(id)")
  }

  @Test func eachDistinctDiagnosticIsKeptOnceAndPrintedWithItsCount() {
    var kept = KeptDiagnostics()
    for _ in 0..<20_000 { kept.add(duplicate(1)) }
    kept.add(duplicate(2))
    let cycle = TrellisDiagnostic(
      kind: .updateCycle, nodes: ["List"], message: "ForEach in List: duplicate id 1")
    kept.add(cycle)
    #expect(kept.distinct == [duplicate(1), duplicate(2), cycle])
    #expect(kept.counts == [20_000, 1, 1])
    #expect(
      kept.report.map(\.description) == [
        "Trellis: invalid input: ForEach in List: duplicate id 1 (reported 20000 times while the app ran)",
        "Trellis: invalid input: ForEach in List: duplicate id 2",
        "Trellis: update cycle: ForEach in List: duplicate id 1",
      ])
  }

  @Test func distinctDiagnosticsPastTheCapacityAreCountedNotKept() {
    var kept = KeptDiagnostics()
    for id in 0..<(KeptDiagnostics.capacity + 3) { kept.add(duplicate(id)) }
    kept.add(duplicate(0))
    #expect(kept.distinct.count == KeptDiagnostics.capacity)
    #expect(kept.counts.first == 2)
    #expect(kept.dropped == 3)
    #expect(
      kept.report.last?.message
        == "3 more diagnostic reports were not kept: the app keeps 1000 distinct diagnostics while it owns the terminal"
    )
  }
}
