import TrellisGraph

/// What one iteration of a kairo case observed.
///
/// The JavaScript cases return an iteration closure that writes the head signal, reads values back
/// and `console.assert`s them; this records those values and the effect-run counts so the graph
/// tests can assert them exactly, and lists the checks that did not hold in `failures`.
public struct KairoObservation: Sendable, Equatable {
  /// The value the case reads right after its first write (`head = 1`), when it checks one.
  public var firstRead: Int?
  /// The values the case reads after each write of its main loop, in order.
  public var reads: [Int] = []
  /// Effect runs counted during the iteration after the case resets its counter (the
  /// benchmark's `callCounter`, reset after the first write); for the avoidable and mux cases,
  /// all effect runs of the iteration.
  public var effectRuns = 0
  /// The values the counted effect read, one per run, for the cases whose effect reads a value.
  public var effectReads: [Int] = []
  /// Evaluations of named derived values during the iteration (e.g. `"computed3"`, `"mux"`).
  public var evaluations: [String: Int] = [:]
  /// Mux only: after each write, the indices of the effects that ran, ascending.
  public var effectsPerWrite: [[Int]] = []
  /// The checks that did not hold; empty when the iteration matched the original benchmark.
  public var failures: [CheckFailure] = []

  /// Creates an empty observation.
  public init() {}
}

/// A case of the kairo benchmark suite: it builds its graph on creation and runs the benchmark's
/// iteration closure on each `iterate()`.
@MainActor
public protocol KairoWorkload: AnyObject {
  /// The case's name in js-reactivity-benchmark (e.g. `"avoidablePropagation"`).
  static var name: String { get }
  /// Builds the case's graph in `graph`; effects run once immediately, as in the original.
  init(graph: Graph)
  /// Runs one iteration (one call of the JavaScript iteration closure), flushing `graph` after
  /// every batched write.
  func iterate() -> KairoObservation
}

/// The eight cases of the kairo suite, in the benchmark's order.
public enum KairoCase: String, CaseIterable, Sendable {
  /// A change that stops propagating at a derived value that always returns 0.
  case avoidablePropagation
  /// 50 two-step branches off one head, each with an effect.
  case broadPropagation
  /// A chain of 50 derived values ending in an effect.
  case deepPropagation
  /// 5 derived values of one head joined by a sum.
  case diamond
  /// 100 sources gathered into one collection and split back per index.
  case mux
  /// One derived value that reads the head 30 times.
  case repeatedObservers
  /// A chain of 10 derived values whose nodes are summed.
  case triangle
  /// A derived value whose dependencies change with the head's parity.
  case unstable

  /// The workload type for the case.
  public var workloadType: any KairoWorkload.Type {
    switch self {
    case .avoidablePropagation: AvoidablePropagation.self
    case .broadPropagation: BroadPropagation.self
    case .deepPropagation: DeepPropagation.self
    case .diamond: Diamond.self
    case .mux: Mux.self
    case .repeatedObservers: RepeatedObservers.self
    case .triangle: Triangle.self
    case .unstable: Unstable.self
    }
  }

  /// Builds the case's graph in `graph` (a new manual-flush graph by default).
  @MainActor
  public func makeWorkload(graph: Graph = Graph(executor: .manual)) -> any KairoWorkload {
    workloadType.init(graph: graph)
  }
}

/// The result of timing one kairo case.
public struct KairoBenchmarkResult: Sendable {
  /// The case's name in js-reactivity-benchmark.
  public var name: String
  /// The fastest of the timed runs; each run is `iterationsPerRun` iterations.
  public var fastest: Duration
  /// The number of timed runs.
  public var runs: Int
  /// Iterations in each timed run.
  public var iterationsPerRun: Int
  /// Every check that failed in any iteration, warm-up included (empty when all held).
  public var failures: [CheckFailure]
}

/// The kairo benchmark driver (`kairoBench`): builds a case, runs three warm-up iterations, then
/// keeps the fastest of `runs` runs of `iterationsPerRun` iterations: 10 × 500 in the current
/// original (earlier versions timed 5 × 1,000), so that `fastest` compares directly with the
/// milliseconds it logs.
@MainActor
public enum KairoBenchmark {
  /// Times one case in a fresh manual-flush graph.
  public static func run(
    _ kairoCase: KairoCase, runs: Int = 10, iterationsPerRun: Int = 500
  ) -> KairoBenchmarkResult {
    let workload = kairoCase.makeWorkload()
    var failures: Set<CheckFailure> = []
    for _ in 0..<3 {
      failures.formUnion(workload.iterate().failures)
    }
    let timed = Timing.fastest(runs) {
      for _ in 0..<iterationsPerRun {
        let observation = workload.iterate()
        if !observation.failures.isEmpty { failures.formUnion(observation.failures) }
      }
    }
    return KairoBenchmarkResult(
      name: kairoCase.rawValue, fastest: timed.elapsed, runs: runs,
      iterationsPerRun: iterationsPerRun,
      failures: failures.sorted { $0.description < $1.description })
  }
}
