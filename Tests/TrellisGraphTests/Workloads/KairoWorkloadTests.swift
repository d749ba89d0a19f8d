import ReactivityWorkloads
import Testing
import TrellisGraph

/// The kairo suite of js-reactivity-benchmark, with the original's assertions made exact. Each
/// case runs several iterations: the first starts from the freshly built graph, later ones from
/// the state the previous iteration left, as in the benchmark's repeated calls.
@Suite("Kairo workloads")
@MainActor
struct KairoWorkloadTests {
  @Test("avoidable propagation: computed5 stays 6, computed3 and the effect never re-run")
  func avoidablePropagation() {
    let workload = AvoidablePropagation(graph: Graph(executor: .manual))
    for _ in 0..<3 {
      let observation = workload.iterate()
      #expect(observation.firstRead == 6)
      #expect(observation.reads == Array(repeating: 6, count: 1000))
      #expect(observation.evaluations["computed3"] == 0)
      #expect(observation.effectRuns == 0)
      #expect(observation.failures.isEmpty, "\(observation.failures)")
    }
  }

  @Test("broad propagation: 50 writes give 2,500 effect runs")
  func broadPropagation() {
    let workload = BroadPropagation(graph: Graph(executor: .manual))
    for _ in 0..<3 {
      let observation = workload.iterate()
      #expect(observation.reads == (0..<50).map { $0 + 50 })
      #expect(observation.effectRuns == 2500)
      #expect(observation.failures.isEmpty, "\(observation.failures)")
    }
  }

  @Test("deep propagation: one effect run per write, reading 50 + i")
  func deepPropagation() {
    let workload = DeepPropagation(graph: Graph(executor: .manual))
    for _ in 0..<3 {
      let observation = workload.iterate()
      let expected = (0..<50).map { 50 + $0 }
      #expect(observation.reads == expected)
      #expect(observation.effectRuns == 50)
      #expect(observation.effectReads == expected)
      #expect(observation.failures.isEmpty, "\(observation.failures)")
    }
  }

  @Test("diamond: 500 writes give 500 effect runs, each reading (i + 1) · 5")
  func diamond() {
    let workload = Diamond(graph: Graph(executor: .manual))
    for _ in 0..<3 {
      let observation = workload.iterate()
      let expected = (0..<500).map { ($0 + 1) * 5 }
      #expect(observation.firstRead == 10)
      #expect(observation.reads == expected)
      #expect(observation.effectRuns == 500)
      #expect(observation.effectReads == expected)
      #expect(observation.failures.isEmpty, "\(observation.failures)")
    }
  }

  @Test("mux: writing source i re-runs only index i's effect")
  func mux() {
    let workload = Mux(graph: Graph(executor: .manual))
    for _ in 0..<3 {
      let observation = workload.iterate()
      #expect(observation.reads == (0..<10).map { $0 + 1 } + (0..<10).map { 2 * $0 + 1 })
      // Index 0 is written 0 twice, equal to its value, so nothing runs.
      let perPass: [[Int]] = (0..<10).map { $0 == 0 ? [] : [$0] }
      #expect(observation.effectsPerWrite == perPass + perPass)
      #expect(observation.effectRuns == 18)
      // No cut-off on the collection: every changing write rebuilds it and re-reads all 100
      // indices, but only index i's "+ 1" value changes.
      #expect(observation.evaluations == ["mux": 18, "index": 1800, "plusOne": 18])
      #expect(observation.failures.isEmpty, "\(observation.failures)")
    }
  }

  @Test("repeated observers: 100 writes give 100 runs, each reading 30 · i")
  func repeatedObservers() {
    let workload = RepeatedObservers(graph: Graph(executor: .manual))
    for _ in 0..<3 {
      let observation = workload.iterate()
      let expected = (0..<100).map { 30 * $0 }
      #expect(observation.firstRead == 30)
      #expect(observation.reads == expected)
      #expect(observation.effectRuns == 100)
      #expect(observation.effectReads == expected)
      #expect(observation.failures.isEmpty, "\(observation.failures)")
    }
  }

  @Test("triangle: 100 writes give 100 runs, each reading 45 + 10 · i")
  func triangle() {
    let workload = Triangle(graph: Graph(executor: .manual))
    for _ in 0..<3 {
      let observation = workload.iterate()
      let expected = (0..<100).map { 45 + 10 * $0 }
      #expect(observation.firstRead == 55)
      #expect(observation.reads == expected)
      #expect(observation.effectRuns == 100)
      #expect(observation.effectReads == expected)
      #expect(observation.failures.isEmpty, "\(observation.failures)")
    }
  }

  @Test("unstable: 100 writes give 100 runs; the value follows the head's parity")
  func unstable() {
    let workload = Unstable(graph: Graph(executor: .manual))
    for _ in 0..<3 {
      let observation = workload.iterate()
      let expected = (0..<100).map { $0.isMultiple(of: 2) ? -20 * $0 : 40 * $0 }
      #expect(observation.firstRead == 40)
      #expect(observation.reads == expected)
      #expect(observation.effectRuns == 100)
      #expect(observation.effectReads == expected)
      #expect(observation.failures.isEmpty, "\(observation.failures)")
    }
  }

  @Test("every case is listed under its benchmark name and passes its own checks")
  func caseList() {
    #expect(
      KairoCase.allCases.map(\.rawValue) == [
        "avoidablePropagation", "broadPropagation", "deepPropagation", "diamond", "mux",
        "repeatedObservers", "triangle", "unstable",
      ])
    for kairoCase in KairoCase.allCases {
      #expect(kairoCase.workloadType.name == kairoCase.rawValue)
      let workload = kairoCase.makeWorkload()
      let failures = (0..<2).flatMap { _ in workload.iterate().failures }
      #expect(failures.isEmpty, "\(kairoCase): \(failures)")
    }
  }

  @Test("the benchmark driver warms up, times and reports no failed checks")
  func benchmarkDriver() {
    let result = KairoBenchmark.run(.diamond, runs: 2, iterationsPerRun: 2)
    #expect(result.name == "diamond")
    #expect(result.runs == 2)
    #expect(result.iterationsPerRun == 2)
    #expect(result.fastest > .zero)
    #expect(result.failures.isEmpty, "\(result.failures)")
  }
}
