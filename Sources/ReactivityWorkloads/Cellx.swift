import TrellisGraph

/// What one run of the cellx workload observed.
public struct CellxObservation: Sendable, Equatable {
  /// The number of layers.
  public var layers: Int
  /// The last layer's four values before the sources are rewritten.
  public var before: [Int]
  /// The last layer's four values after the batched write of 4, 3, 2, 1.
  public var after: [Int]
  /// Time for the read–write–read, the part the benchmark times.
  public var elapsed: Duration
  /// The checks that did not hold (empty when the values match the benchmark's table, or when
  /// the table has no entry for this number of layers).
  public var failures: [CheckFailure]
}

/// The cellx benchmark (after Riim/cellx's perf page): `layers` layers of four derived values
/// over four sources valued 1, 2, 3, 4. Each layer computes, from the previous one,
/// `prop1 = prop2`, `prop2 = prop1 − prop3`, `prop3 = prop2 + prop4`, `prop4 = prop3`, and every
/// derived value has its own effect. A run reads the last layer, writes 4, 3, 2, 1 to the sources
/// in one batch, and reads the last layer again.
@MainActor
public final class Cellx {
  /// The values the benchmark expects, keyed by layer count: (before, after).
  ///
  /// 1,000 and 2,500 are the benchmark's table; 5,000 is in the original too but commented out
  /// (it is still the correct result).
  public static let expected: [Int: (before: [Int], after: [Int])] = [
    1000: ([-3, -6, -2, 2], [-2, -4, 2, 3]),
    2500: ([-3, -6, -2, 2], [-2, -4, 2, 3]),
    5000: ([2, 4, -1, -6], [-2, 1, -4, -4]),
  ]

  /// The number of layers.
  public let layers: Int
  private let graph: Graph
  private let sources: [Cell<Int>]
  private let end: [IntNode]
  private let effects: [Effect]

  /// Builds `layers` layers (at least 1) and their `4 · layers` effects in `graph`.
  public init(layers: Int, graph: Graph = Graph(executor: .manual)) {
    precondition(layers > 0, "cellx needs at least one layer")
    self.layers = layers
    self.graph = graph
    let sources = [1, 2, 3, 4].map { Cell($0) }
    var previous = sources.map { IntNode.cell($0) }
    var effects: [Effect] = []
    effects.reserveCapacity(4 * layers)
    for _ in 0..<layers {
      let m = previous
      // prop1 = prop2, prop2 = prop1 - prop3, prop3 = prop2 + prop4, prop4 = prop3
      let layer: [Derived<Int>] = [
        Derived { m[1].value },
        Derived { m[0].value - m[2].value },
        Derived { m[1].value + m[3].value },
        Derived { m[2].value },
      ]
      for prop in layer {
        effects.append(Effect(in: graph) { _ = prop.value })
      }
      previous = layer.map { IntNode.derived($0) }
    }
    self.sources = sources
    self.end = previous
    self.effects = effects
  }

  /// Runs the benchmark's read–batched write–read once and checks the values against
  /// `Cellx.expected`. Meant to run once per instance, as in the benchmark (a second run writes
  /// values that are already there).
  public func run() -> CellxObservation {
    let sources = sources
    let timed = Timing.measure { () -> (before: [Int], after: [Int]) in
      let before = values(of: end)
      graph.batch {
        sources[0].value = 4
        sources[1].value = 3
        sources[2].value = 2
        sources[3].value = 1
      }
      let after = values(of: end)
      return (before, after)
    }
    var checks = CheckList()
    if let expected = Self.expected[layers] {
      checks.expect(timed.result.before, expected.before, "last layer before the write")
      checks.expect(timed.result.after, expected.after, "last layer after the write")
    }
    return CellxObservation(
      layers: layers, before: timed.result.before, after: timed.result.after,
      elapsed: timed.elapsed, failures: checks.failures)
  }
}

/// The result of timing the cellx workload at one size.
public struct CellxBenchmarkResult: Sendable {
  /// The number of layers.
  public var layers: Int
  /// The sum of the timed read–write–read over all runs (the benchmark logs the total).
  public var total: Duration
  /// The number of runs, each on a freshly built graph.
  public var runs: Int
  /// The last run's observation.
  public var last: CellxObservation
  /// Every check that failed in any run (empty when all held).
  public var failures: [CheckFailure]
}

/// The cellx benchmark driver (`cellxbench`): for each size, builds a fresh graph `runs` times
/// (10 in the original), runs it once, and sums the timed parts.
@MainActor
public enum CellxBenchmark {
  /// The sizes the benchmark runs.
  nonisolated public static let layerCounts = [1000, 2500]

  /// Times `runs` fresh cellx graphs of `layers` layers.
  public static func run(layers: Int, runs: Int = 10) -> CellxBenchmarkResult {
    precondition(runs > 0, "cellx needs at least one run")
    var total = Duration.zero
    var failures: Set<CheckFailure> = []
    var last: CellxObservation?
    for _ in 0..<runs {
      let observation = Cellx(layers: layers).run()
      total += observation.elapsed
      failures.formUnion(observation.failures)
      last = observation
    }
    return CellxBenchmarkResult(
      layers: layers, total: total, runs: runs, last: last!,
      failures: failures.sorted { $0.description < $1.description })
  }
}
