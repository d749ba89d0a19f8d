import ReactivityWorkloads
import Testing
import TrellisGraph

/// js-reactivity-benchmark's S.js-style cases at a thousandth of their size: what each builds,
/// how often its computations run and what they read.
@Suite("SBench workloads")
@MainActor
struct SBenchWorkloadTests {
  @Test("the cases are the benchmark's, in its order, with its sizes")
  func cases() {
    let cases = SBenchCase.all()
    #expect(
      cases.map(\.name) == [
        "createSignals", "create0to1", "create1to1", "create2to1", "create4to1",
        "create1000to1", "create1to2", "create1to4", "create1to8", "create1to1000",
        "update1to1", "update2to1", "update4to1", "update1000to1", "update1to2", "update1to4",
        "update1to1000",
      ])
    let sizes = Dictionary(
      uniqueKeysWithValues: cases.map { ($0.name, ($0.count, $0.sourceCount)) })
    #expect(sizes["createSignals"]! == (1_000_000, 1_000_000))
    #expect(sizes["create0to1"]! == (1_000_000, 0))
    #expect(sizes["create2to1"]! == (500_000, 1_000_000))
    #expect(sizes["create1000to1"]! == (1000, 1_000_000))
    #expect(sizes["create1to8"]! == (1_000_000, 125_000))
    #expect(sizes["create1to1000"]! == (1_000_000, 1000))
    #expect(sizes["update1to1"]! == (4_000_000, 1))
    #expect(sizes["update2to1"]! == (2_000_000, 2))
    #expect(sizes["update1000to1"]! == (4000, 1000))
    #expect(sizes["update1to1000"]! == (1_000_000, 1))
    #expect(SBenchCase.all(scale: 10).first?.count == 100_000)
  }

  @Test(
    "each case at a thousandth of its size creates, runs and reads what it should",
    arguments: SBenchCase.all(scale: 1000))
  func smallCase(sBenchCase: SBenchCase) {
    let observation = SBench.run(sBenchCase)
    #expect(observation.failures.isEmpty, "\(observation.failures)")
    switch sBenchCase.shape {
    case .createSignals:
      #expect(observation.signalsCreated == 1000)
      #expect(observation.runs == 0)
      #expect(observation.sum == 499_500)
    case .createManyToOne(let width):
      #expect(observation.runs == sBenchCase.count)
      #expect(observation.sum == (sBenchCase.count * width) * (sBenchCase.count * width - 1) / 2)
    case .createOneToMany:
      #expect(observation.runs == 1000)
    case .update(_, let effects):
      #expect(observation.runs == 2 * effects)
    }
  }

  @Test("an update case's computations run once after the batch and see its last write")
  func updateSeesTheLastWrite() {
    let update = SBenchCase(
      name: "update4to1", shape: .update(sourcesPerEffect: 4, effects: 3), count: 50,
      sourceCount: 4)
    let observation = SBench.run(update)
    // Created: 0 + 1 + 2 + 3 each; after the batch: 49 + 1 + 2 + 3 each.
    #expect(observation.runs == 6)
    #expect(observation.sum == 3 * 6 + 3 * 55)
    #expect(observation.failures.isEmpty, "\(observation.failures)")
  }
}
