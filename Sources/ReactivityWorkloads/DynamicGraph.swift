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
  /// The number type the benchmark driver builds the graph with: `Int`, exact, unless the
  /// values outgrow it (JavaScript computes with doubles throughout).
  public var valueType: DynamicGraphValueType
  /// The sum of the read leaves after a run, for a configuration computed with `Double`.
  public var expectedDoubleSum: Double?

  /// Creates a configuration computed with `Int` (`expectedSum`) or, when `expectedDoubleSum`
  /// is given, with `Double`.
  public init(
    width: Int, totalLayers: Int, staticFraction: Double, nSources: Int, readFraction: Double,
    iterations: Int, expectedSum: Int? = nil, expectedDoubleSum: Double? = nil,
    expectedCount: Int? = nil, expectedFirstRunCount: Int? = nil
  ) {
    self.width = width
    self.totalLayers = totalLayers
    self.staticFraction = staticFraction
    self.nSources = nSources
    self.readFraction = readFraction
    self.iterations = iterations
    self.expectedSum = expectedSum
    self.expectedDoubleSum = expectedDoubleSum
    self.expectedCount = expectedCount
    self.expectedFirstRunCount = expectedFirstRunCount
    valueType = expectedDoubleSum == nil ? .int : .double
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

  /// `3-5x500`: narrow and deep, static, every leaf read. Its leaf values grow to about
  /// 3 · 10²⁴¹, which JavaScript holds as doubles and `Int` cannot, so it is computed with
  /// `Double`; the sum is the benchmark's, to the last bit.
  public static let deep = DynamicGraphConfig(
    width: 5, totalLayers: 500, staticFraction: 1, nSources: 3, readFraction: 1,
    iterations: 500, expectedDoubleSum: 3.0239642676898464e241, expectedCount: 1_246_500,
    expectedFirstRunCount: 1_246_502)

  /// `6-100x15 - dyn50%`: half the nodes dynamic.
  public static let veryDynamic = DynamicGraphConfig(
    width: 100, totalLayers: 15, staticFraction: 0.5, nSources: 6, readFraction: 1,
    iterations: 2000, expectedSum: 15_664_996_402_790_400, expectedCount: 1_078_000,
    expectedFirstRunCount: 1_078_673)

  /// The benchmark's `perfTests`, in its order.
  public static let perfTests: [DynamicGraphConfig] = [
    simpleComponent, dynamicComponent, largeWebApp, wideDense, deep, veryDynamic,
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

/// The number type of a dynamic graph's values: `Int` for exact sums, `Double` for the
/// configuration whose values outgrow `Int` (JavaScript computes with doubles throughout).
public enum DynamicGraphValueType: Sendable, Hashable {
  /// `Int`.
  case int
  /// `Double`.
  case double
}

/// A number a dynamic graph can compute with: it adds, and answers the two questions a dynamic
/// node asks of its first input, with JavaScript's meaning.
public protocol DynamicGraphValue: AdditiveArithmetic, Sendable, CustomStringConvertible {
  /// The value of the integer `value` (sources start at their index).
  init(_ value: Int)
  /// JavaScript's `value & 0x1` is 1: the low bit of the value converted to a 32-bit integer.
  var isOdd: Bool { get }
  /// JavaScript's `value % count` as an index a loop counter can equal, or nil when it cannot
  /// equal one (a negative or fractional remainder).
  func remainderIndex(_ count: Int) -> Int?
  /// The sum `config` expects after a run, in this type.
  static func expectedSum(of config: DynamicGraphConfig) -> Self?
}

extension Int: DynamicGraphValue {
  /// Whether the low bit is set.
  public var isOdd: Bool { self & 0x1 != 0 }

  /// `self % count` when it is not negative.
  public func remainderIndex(_ count: Int) -> Int? {
    let remainder = self % count
    return remainder >= 0 ? remainder : nil
  }

  /// `config.expectedSum`.
  public static func expectedSum(of config: DynamicGraphConfig) -> Int? { config.expectedSum }
}

extension Double: DynamicGraphValue {
  /// JavaScript's `ToInt32(value) & 1`: truncated toward zero, taken modulo 2³²; 0 for
  /// infinities and NaN.
  public var isOdd: Bool {
    guard isFinite else { return false }
    return rounded(.towardZero).truncatingRemainder(dividingBy: 2) != 0
  }

  /// `self % count` (the remainder's sign follows the value, as in JavaScript) when it is a
  /// whole, non-negative number.
  public func remainderIndex(_ count: Int) -> Int? {
    let remainder = truncatingRemainder(dividingBy: Double(count))
    guard remainder >= 0, remainder.rounded(.towardZero) == remainder else { return nil }
    return Int(remainder)
  }

  /// `config.expectedDoubleSum`.
  public static func expectedSum(of config: DynamicGraphConfig) -> Double? {
    config.expectedDoubleSum
  }
}

/// What one run of a dynamic graph observed.
public struct DynamicGraphRun<Value: DynamicGraphValue>: Sendable, Equatable {
  /// The sum of the read leaves after the run (`runGraph`'s result).
  public var sum: Value
  /// Derived-value evaluations since the previous run ended (for the first run, since the graph
  /// was built, construction included).
  public var count: Int
  /// Whether this was the graph's first run.
  public var isFirstRun: Bool
  /// The checks that did not hold against the configuration's expectations: the sum always;
  /// the count (first-run or warm) only when `readFraction` is 1, as the benchmark does.
  public var failures: [CheckFailure]
}

/// The dynamic-graph benchmark's graph (`makeGraph`) and run loop (`runGraph`), computing with
/// `Value` (`Int` or `Double`).
///
/// `width` sources valued 0..<width feed `totalLayers - 1` layers of `width` derived values.
/// Node j of a layer reads nodes j, j + 1, …, j + nSources − 1 (wrapping) of the layer below and
/// sums them; a seeded generator picks, per node in order, whether it is static or dynamic (a
/// dynamic node skips one of its other inputs when its first input is odd). A second generator
/// with the same seed picks which leaves are dropped from the read set, and one effect reads the
/// read set. Each run writes `i + i % width` to source `i % width` for each iteration `i`, in a
/// batch, then reads every read leaf, and returns the leaves' sum.
///
/// Generic code reached from another module runs unspecialized (every read through value
/// witnesses), so the benchmark executable times it through `DynamicBenchmark`, whose concrete
/// entry points let the optimizer specialize this type for `Int` and `Double`.
@MainActor
public final class DynamicGraph<Value: DynamicGraphValue> {
  /// The configuration the graph was built from.
  public let config: DynamicGraphConfig
  private let graph: Graph
  private let sources: [Cell<Value>]
  private let layers: [[Derived<Value>]]
  private let readLeaves: [Derived<Value>]
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
    let sources = (0..<config.width).map { Cell(Value($0)) }
    let layers = Self.makeDependentRows(
      sources: sources.map { GraphValueNode.cell($0) }, config: config, counter: counter)
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
  public func run() -> DynamicGraphRun<Value> {
    let sources = sources
    for i in 0..<config.iterations {
      let sourceIndex = i % sources.count
      let source = sources[sourceIndex]
      graph.batch { source.value = Value(i + sourceIndex) }
      for leaf in readLeaves {
        _ = leaf.value
      }
    }
    // The benchmark's `reduce((total, leaf) => leaf.read() + total, 0)`, in its order.
    var sum = Value.zero
    for leaf in readLeaves {
      sum = leaf.value + sum
    }

    let count = counter.count - countAtLastRun
    countAtLastRun = counter.count
    let isFirstRun = runs == 0
    runs += 1

    var checks = CheckList()
    if let expectedSum = Value.expectedSum(of: config) {
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
    sources: [GraphValueNode<Value>], config: DynamicGraphConfig, counter: Counter
  ) -> [[Derived<Value>]] {
    var previous = sources
    var random = PseudoRandom()
    var rows: [[Derived<Value>]] = []
    rows.reserveCapacity(config.totalLayers - 1)
    for _ in 0..<(config.totalLayers - 1) {
      let row = makeRow(previous, config: config, counter: counter, random: &random)
      rows.append(row)
      previous = row.map { GraphValueNode.derived($0) }
    }
    return rows
  }

  private static func makeRow(
    _ sources: [GraphValueNode<Value>], config: DynamicGraphConfig, counter: Counter,
    random: inout PseudoRandom
  ) -> [Derived<Value>] {
    sources.indices.map { myIndex in
      let mySources = (0..<config.nSources).map { sources[(myIndex + $0) % sources.count] }
      if random.next() < config.staticFraction {
        // Static node: always reads all its inputs.
        return Derived { () -> Value in
          counter.count += 1
          var sum = Value.zero
          for source in mySources {
            sum += source.value
          }
          return sum
        }
      }
      // Dynamic node: when the first input is odd, skips one of the others, chosen by it.
      let first = mySources[0]
      let tail = Array(mySources.dropFirst())
      return Derived { () -> Value in
        counter.count += 1
        var sum = first.value
        let dropIndex = sum.isOdd && !tail.isEmpty ? sum.remainderIndex(tail.count) : nil
        for index in tail.indices {
          if index == dropIndex { continue }
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
  /// The timed runs, in order.
  public var samples: [Duration]
  /// The fastest timed run.
  public var fastest: Duration { samples.min() ?? .zero }
  /// The leaves' sum after the last run, as text (an `Int` or a `Double`).
  public var sum: String
  /// Every check that failed in any run, warm-up included (empty when all held).
  public var failures: [CheckFailure]
}

/// The dynamic-graph benchmark driver (`dynamicBench`): builds the graph with the configuration's
/// number type, runs it three times to warm up, then times five runs, as the original does.
@MainActor
public enum DynamicBenchmark {
  /// Times `config` in a fresh manual-flush graph.
  /// - Parameters:
  ///   - config: the configuration; its `valueType` picks `Int` or `Double`.
  ///   - warmUps: untimed runs first (3 in the original).
  ///   - runs: timed runs (5 in the original).
  public static func run(
    _ config: DynamicGraphConfig, warmUps: Int = 3, runs: Int = 5
  ) -> DynamicBenchmarkResult {
    switch config.valueType {
    case .int: run(config, as: Int.self, warmUps: warmUps, runs: runs)
    case .double: run(config, as: Double.self, warmUps: warmUps, runs: runs)
    }
  }

  private static func run<Value: DynamicGraphValue>(
    _ config: DynamicGraphConfig, as _: Value.Type, warmUps: Int, runs: Int
  ) -> DynamicBenchmarkResult {
    let dynamicGraph = DynamicGraph<Value>(config: config)
    var failures: Set<CheckFailure> = []
    for _ in 0..<warmUps {
      failures.formUnion(dynamicGraph.run().failures)
    }
    var samples: [Duration] = []
    var sum = Value.zero
    for _ in 0..<runs {
      let timed = Timing.measure { dynamicGraph.run() }
      failures.formUnion(timed.result.failures)
      samples.append(timed.elapsed)
      sum = timed.result.sum
    }
    return DynamicBenchmarkResult(
      title: config.title, samples: samples, sum: sum.description,
      failures: failures.sorted { $0.description < $1.description })
  }
}
