import TrellisGraph

/// A configuration of js-reactivity-benchmark's dynamic-graph benchmark (its `TestConfig`), with
/// the expected results the benchmark verifies.
public struct DynamicGraphConfig: Sendable, Hashable {
  /// Width of the graph: number of sources, and of derived values in each layer.
  public var width: Int
  /// Total number of layers, the source layer included.
  public var totalLayers: Int
  /// Fraction of derived values that are static (always read all their inputs); the rest are
  /// dynamic and drop one input depending on their first input's value.
  public var staticFraction: Double
  /// Number of inputs of each derived value (consecutive nodes of the previous layer, wrapping).
  public var nSources: Int
  /// Fraction of the last layer's nodes that are read after each write (and by the effect).
  public var readFraction: Double
  /// Number of writes in one run.
  public var iterations: Int
  /// The sum of the read leaves after a run.
  public var expectedSum: Int?
  /// Derived-value evaluations in one run once the graph is warm (`config.ts`; the benchmark
  /// checks it after three warm-up runs, and only when `readFraction` is 1).
  public var expectedCount: Int?
  /// Derived-value evaluations from construction through the first run (the framework test in
  /// `frameworks.test.ts`; the first run differs because its first write, 0 to source 0, is
  /// equal to the initial value and so ignored).
  public var expectedFirstRunCount: Int?

  /// Creates a configuration.
  public init(
    width: Int, totalLayers: Int, staticFraction: Double, nSources: Int, readFraction: Double,
    iterations: Int, expectedSum: Int? = nil, expectedCount: Int? = nil,
    expectedFirstRunCount: Int? = nil
  ) {
    self.width = width
    self.totalLayers = totalLayers
    self.staticFraction = staticFraction
    self.nSources = nSources
    self.readFraction = readFraction
    self.iterations = iterations
    self.expectedSum = expectedSum
    self.expectedCount = expectedCount
    self.expectedFirstRunCount = expectedFirstRunCount
  }

  /// The benchmark's title for the configuration (`makeTitle`), e.g. `"25-1000x5"` or
  /// `"4-1000x12 - dyn5%"`.
  public var title: String {
    func percent(_ fraction: Double) -> String {
      "\(Int((fraction * 100 + 0.5).rounded(.down)))%"
    }
    let dynamic = staticFraction < 1 ? " - dyn\(percent(1 - staticFraction))" : ""
    let lazy = readFraction < 1 ? " - lazy\(percent(1 - readFraction))" : ""
    return "\(nSources)-\(width)x\(totalLayers)\(dynamic)\(lazy)"
  }
}

extension DynamicGraphConfig {
  /// `2-10x5 - lazy80%`: a small static graph, few leaves read, many iterations.
  public static let simpleComponent = DynamicGraphConfig(
    width: 10, totalLayers: 5, staticFraction: 1, nSources: 2, readFraction: 0.2,
    iterations: 600_000, expectedSum: 19_199_968, expectedCount: 3_480_000,
    expectedFirstRunCount: 3_480_019)

  /// `6-10x10 - dyn25% - lazy80%`: a small graph with a quarter of dynamic nodes.
  public static let dynamicComponent = DynamicGraphConfig(
    width: 10, totalLayers: 10, staticFraction: 3 / 4, nSources: 6, readFraction: 0.2,
    iterations: 15_000, expectedSum: 302_310_782_860, expectedCount: 1_155_000,
    expectedFirstRunCount: 1_155_004)

  /// `4-1000x12 - dyn5%`: a large graph, 5% dynamic nodes, every leaf read.
  public static let largeWebApp = DynamicGraphConfig(
    width: 1000, totalLayers: 12, staticFraction: 0.95, nSources: 4, readFraction: 1,
    iterations: 7000, expectedSum: 29_355_933_696_000, expectedCount: 1_463_000,
    expectedFirstRunCount: 1_473_791)

  /// `25-1000x5`: wide and dense, static, every leaf read.
  public static let wideDense = DynamicGraphConfig(
    width: 1000, totalLayers: 5, staticFraction: 1, nSources: 25, readFraction: 1,
    iterations: 3000, expectedSum: 1_171_484_375_000, expectedCount: 732_000,
    expectedFirstRunCount: 735_756)

  /// `6-100x15 - dyn50%`: half the nodes dynamic.
  public static let veryDynamic = DynamicGraphConfig(
    width: 100, totalLayers: 15, staticFraction: 0.5, nSources: 6, readFraction: 1,
    iterations: 2000, expectedSum: 15_664_996_402_790_400, expectedCount: 1_078_000,
    expectedFirstRunCount: 1_078_673)

  /// The benchmark's `perfTests` in its order, without `3-5x500` (width 5, 500 layers): its leaf
  /// values grow to about 3 · 10²⁴¹, which JavaScript holds as doubles but `Int` cannot.
  public static let perfTests: [DynamicGraphConfig] = [
    simpleComponent, dynamicComponent, largeWebApp, wideDense, veryDynamic,
  ]

  /// `2-3x3`, 2 iterations: the framework test "static graph".
  public static let staticGraph = DynamicGraphConfig(
    width: 3, totalLayers: 3, staticFraction: 1, nSources: 2, readFraction: 1, iterations: 2,
    expectedSum: 16, expectedFirstRunCount: 11)

  /// `2-3x3 - lazy33%`, 10 iterations: the framework test "static graph, read 2/3 of leaves".
  public static let staticGraphPartialRead = DynamicGraphConfig(
    width: 3, totalLayers: 3, staticFraction: 1, nSources: 2, readFraction: 2 / 3,
    iterations: 10, expectedSum: 72, expectedFirstRunCount: 41)

  /// `2-4x2 - dyn50%`, 10 iterations: the framework test "dynamic graph".
  public static let smallDynamicGraph = DynamicGraphConfig(
    width: 4, totalLayers: 2, staticFraction: 0.5, nSources: 2, readFraction: 1, iterations: 10,
    expectedSum: 72, expectedFirstRunCount: 22)
}

/// What one run of a dynamic graph observed.
public struct DynamicGraphRun: Sendable, Equatable {
  /// The sum of the read leaves after the run (`runGraph`'s result).
  public var sum: Int
  /// Derived-value evaluations since the previous run ended (for the first run, since the graph
  /// was built, construction included).
  public var count: Int
  /// Whether this was the graph's first run.
  public var isFirstRun: Bool
  /// The checks that did not hold against the configuration's expectations: the sum always;
  /// the count (first-run or warm) only when `readFraction` is 1, as the benchmark does.
  public var failures: [CheckFailure]
}

/// The dynamic-graph benchmark's graph (`makeGraph`) and run loop (`runGraph`).
///
/// `width` sources valued 0..<width feed `totalLayers - 1` layers of `width` derived values.
/// Node j of a layer reads nodes j, j + 1, …, j + nSources − 1 (wrapping) of the layer below and
/// sums them; a seeded generator picks, per node in order, whether it is static or dynamic (a
/// dynamic node skips one of its other inputs when its first input is odd). A second generator
/// with the same seed picks which leaves are dropped from the read set, and one effect reads the
/// read set. Each run writes `i + i % width` to source `i % width` for each iteration `i`, in a
/// batch, then reads every read leaf, and returns the leaves' sum.
@MainActor
public final class DynamicGraph {
  /// The configuration the graph was built from.
  public let config: DynamicGraphConfig
  private let graph: Graph
  private let sources: [Cell<Int>]
  private let layers: [[Derived<Int>]]
  private let readLeaves: [Derived<Int>]
  private let effect: Effect
  private let counter: Counter
  private var countAtLastRun = 0
  private var runs = 0

  /// Builds the graph for `config` in `graph` (a new manual-flush graph by default) and its
  /// effect, which evaluates every read leaf once.
  public init(config: DynamicGraphConfig, graph: Graph = Graph(executor: .manual)) {
    precondition(config.width > 0 && config.totalLayers > 1, "the graph needs a derived layer")
    precondition(config.nSources > 0, "derived values need at least one input")
    self.config = config
    self.graph = graph
    let counter = Counter()
    let sources = (0..<config.width).map { Cell($0) }
    let layers = Self.makeDependentRows(
      sources: sources.map { IntNode.cell($0) }, config: config, counter: counter)
    var random = PseudoRandom()
    let leaves = layers[layers.count - 1]
    let skipCount = Int((Double(leaves.count) * (1 - config.readFraction) + 0.5).rounded(.down))
    let readLeaves = Self.removeElements(leaves, count: skipCount, random: &random)
    self.effect = Effect(in: graph) {
      for leaf in readLeaves {
        _ = leaf.value
      }
    }
    self.sources = sources
    self.layers = layers
    self.readLeaves = readLeaves
    self.counter = counter
  }

  /// Derived-value evaluations since the graph was built.
  public var evaluationCount: Int { counter.count }

  /// The number of leaves read after each write.
  public var readLeafCount: Int { readLeaves.count }

  /// Runs `config.iterations` batched writes, reading every read leaf after each, and returns
  /// the leaves' sum and the evaluation count, checked against the configuration.
  public func run() -> DynamicGraphRun {
    let sources = sources
    for i in 0..<config.iterations {
      let sourceIndex = i % sources.count
      let source = sources[sourceIndex]
      graph.batch { source.value = i + sourceIndex }
      for leaf in readLeaves {
        _ = leaf.value
      }
    }
    let sum = sumOfValues(readLeaves)

    let count = counter.count - countAtLastRun
    countAtLastRun = counter.count
    let isFirstRun = runs == 0
    runs += 1

    var checks = CheckList()
    if let expectedSum = config.expectedSum {
      checks.expect(sum, expectedSum, "\(config.title) sum")
    }
    if config.readFraction == 1,
      let expectedCount = isFirstRun ? config.expectedFirstRunCount : config.expectedCount
    {
      checks.expect(count, expectedCount, "\(config.title) count")
    }
    return DynamicGraphRun(
      sum: sum, count: count, isFirstRun: isFirstRun, failures: checks.failures)
  }

  private static func makeDependentRows(
    sources: [IntNode], config: DynamicGraphConfig, counter: Counter
  ) -> [[Derived<Int>]] {
    var previous = sources
    var random = PseudoRandom()
    var rows: [[Derived<Int>]] = []
    rows.reserveCapacity(config.totalLayers - 1)
    for _ in 0..<(config.totalLayers - 1) {
      let row = makeRow(previous, config: config, counter: counter, random: &random)
      rows.append(row)
      previous = row.map { IntNode.derived($0) }
    }
    return rows
  }

  private static func makeRow(
    _ sources: [IntNode], config: DynamicGraphConfig, counter: Counter,
    random: inout PseudoRandom
  ) -> [Derived<Int>] {
    sources.indices.map { myIndex in
      let mySources = (0..<config.nSources).map { sources[(myIndex + $0) % sources.count] }
      if random.next() < config.staticFraction {
        // Static node: always reads all its inputs.
        return Derived { () -> Int in
          counter.count += 1
          var sum = 0
          for source in mySources {
            sum += source.value
          }
          return sum
        }
      }
      // Dynamic node: when the first input is odd, skips one of the others, chosen by it.
      let first = mySources[0]
      let tail = Array(mySources.dropFirst())
      return Derived { () -> Int in
        counter.count += 1
        var sum = first.value
        let shouldDrop = sum & 0x1 != 0
        let dropIndex = tail.isEmpty ? 0 : sum % tail.count
        for index in tail.indices {
          if shouldDrop && index == dropIndex { continue }
          sum += tail[index].value
        }
        return sum
      }
    }
  }

  /// The benchmark's `removeElems`: removes `count` elements at positions drawn from `random`.
  private static func removeElements<T>(
    _ elements: [T], count: Int, random: inout PseudoRandom
  ) -> [T] {
    var copy = elements
    for _ in 0..<count {
      let index = Int((random.next() * Double(copy.count)).rounded(.down))
      copy.remove(at: index)
    }
    return copy
  }
}

/// The result of timing one dynamic-graph configuration.
public struct DynamicBenchmarkResult: Sendable {
  /// The configuration's benchmark title.
  public var title: String
  /// The fastest timed run.
  public var fastest: Duration
  /// The number of timed runs.
  public var runs: Int
  /// The fastest run's observation (sum and evaluation count).
  public var result: DynamicGraphRun
  /// Every check that failed in any run, warm-up included (empty when all held).
  public var failures: [CheckFailure]
}

/// The dynamic-graph benchmark driver (`dynamicBench`): builds the graph, runs it three times to
/// warm up, then keeps the fastest of `runs` runs (5 in the original).
@MainActor
public enum DynamicBenchmark {
  /// Times `config` in a fresh manual-flush graph.
  public static func run(_ config: DynamicGraphConfig, runs: Int = 5) -> DynamicBenchmarkResult {
    let dynamicGraph = DynamicGraph(config: config)
    var failures: Set<CheckFailure> = []
    for _ in 0..<3 {
      failures.formUnion(dynamicGraph.run().failures)
    }
    let timed = Timing.fastest(runs) { () -> DynamicGraphRun in
      let run = dynamicGraph.run()
      failures.formUnion(run.failures)
      return run
    }
    return DynamicBenchmarkResult(
      title: config.title, fastest: timed.elapsed, runs: runs, result: timed.result,
      failures: failures.sorted { $0.description < $1.description })
  }
}
