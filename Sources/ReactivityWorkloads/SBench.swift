import TrellisGraph

/// A case of js-reactivity-benchmark's S.js-style suite (`sBench`, after Solid's `bench.cjs`):
/// creating signals, creating computations over them, or updating signals that computations
/// read. Computations are effects, as in the benchmark.
public struct SBenchCase: Sendable, Hashable, CustomStringConvertible {
  /// What the case builds and does.
  public enum Shape: Sendable, Hashable {
    /// `count` more signals.
    case createSignals
    /// `count` computations, each reading `sources` consecutive signals (none for 0).
    case createManyToOne(sources: Int)
    /// `count` computations, `readers` on each of `count / readers` signals.
    case createOneToMany(readers: Int)
    /// `effects` computations, each reading the first `sourcesPerEffect` signals, then writes
    /// of 0, 1, 2, … to the first signal, in one batch: `count` writes (a tenth of it when
    /// there are 1,000 readers, as in the benchmark).
    case update(sourcesPerEffect: Int, effects: Int)
  }

  /// The benchmark's name for the case, e.g. `"create1to4"`.
  public let name: String
  /// What the case builds and does.
  public let shape: Shape
  /// The benchmark's `n`.
  public let count: Int
  /// Signals created (untimed) before the timed part.
  public let sourceCount: Int

  /// Creates a case.
  public init(name: String, shape: Shape, count: Int, sourceCount: Int) {
    self.name = name
    self.shape = shape
    self.count = count
    self.sourceCount = sourceCount
  }

  /// The benchmark's `COUNT`.
  public static let baseCount = 1_000_000

  /// The benchmark's cases in its order, with its sizes divided by `scale` (sizes stay whole;
  /// an update case keeps its signals and divides its writes).
  public static func all(scale: Int = 1) -> [SBenchCase] {
    precondition(scale > 0 && baseCount % (1000 * scale) == 0, "scale must divide 1,000")
    let count = baseCount / scale
    func make(_ name: String, _ shape: Shape, _ count: Int, _ sources: Int) -> SBenchCase {
      SBenchCase(name: name, shape: shape, count: count, sourceCount: sources)
    }
    return [
      make("createSignals", .createSignals, count, count),
      make("create0to1", .createManyToOne(sources: 0), count, 0),
      make("create1to1", .createManyToOne(sources: 1), count, count),
      make("create2to1", .createManyToOne(sources: 2), count / 2, count),
      make("create4to1", .createManyToOne(sources: 4), count / 4, count),
      make("create1000to1", .createManyToOne(sources: 1000), count / 1000, count),
      make("create1to2", .createOneToMany(readers: 2), count, count / 2),
      make("create1to4", .createOneToMany(readers: 4), count, count / 4),
      make("create1to8", .createOneToMany(readers: 8), count, count / 8),
      make("create1to1000", .createOneToMany(readers: 1000), count, count / 1000),
      make("update1to1", .update(sourcesPerEffect: 1, effects: 1), count * 4, 1),
      make("update2to1", .update(sourcesPerEffect: 2, effects: 1), count * 2, 2),
      make("update4to1", .update(sourcesPerEffect: 4, effects: 1), count, 4),
      make("update1000to1", .update(sourcesPerEffect: 1000, effects: 1), count / 250, 1000),
      make("update1to2", .update(sourcesPerEffect: 1, effects: 2), count, 1),
      make("update1to4", .update(sourcesPerEffect: 1, effects: 4), count, 1),
      make("update1to1000", .update(sourcesPerEffect: 1, effects: 1000), count, 1),
    ]
  }

  /// The case's name.
  public var description: String { name }

  /// The writes an update case makes in its batch when its `n` is `count`.
  func writes(count: Int) -> Int {
    guard case .update(_, let effects) = shape else { return 0 }
    return effects == 1000 ? count / 10 : count
  }
}

/// What one timed run of an sBench case observed.
public struct SBenchObservation: Sendable {
  /// The timed part: building the computations (or signals), the batch, and disposing them.
  public var elapsed: Duration
  /// Signals the case created in its timed part.
  public var signalsCreated: Int
  /// Computation runs, creation and batch included.
  public var runs: Int
  /// The sum of the values the computations read, over all their runs (for signals created, the
  /// sum of their values).
  public var sum: Int
  /// The checks that did not hold.
  public var failures: [CheckFailure]
}

/// The sBench driver (`sbench`'s `run`): three warm-ups at a hundredth of the size, then a
/// timed run that creates the case's signals (untimed, each read three times), builds its
/// computations in an `EffectScope`, runs its update in one batch, and disposes the scope.
@MainActor
public enum SBench {
  /// Runs `sBenchCase` once after its warm-ups.
  public static func run(_ sBenchCase: SBenchCase) -> SBenchObservation {
    let graph = Graph(executor: .manual)
    for _ in 0..<3 {
      _ = runOnce(sBenchCase, count: max(1, sBenchCase.count / 100), graph: graph, check: false)
    }
    return runOnce(sBenchCase, count: sBenchCase.count, graph: graph, check: true)
  }

  private static func runOnce(
    _ sBenchCase: SBenchCase, count: Int, graph: Graph, check: Bool
  ) -> SBenchObservation {
    var sources: [Cell<Int>] = []
    sources.reserveCapacity(sBenchCase.sourceCount)
    for i in 0..<sBenchCase.sourceCount { sources.append(Cell(i)) }
    var warm = 0
    for source in sources { warm &+= source.value &+ source.value &+ source.value }
    let totals = Totals()
    var created: [Cell<Int>] = []
    let writes = sBenchCase.writes(count: count)
    let timed = Timing.measure {
      let scope = EffectScope(name: sBenchCase.name)
      scope.run {
        build(sBenchCase.shape, count: count, sources: sources, created: &created, graph, totals)
      }
      graph.batch {
        if case .update = sBenchCase.shape, let first = sources.first {
          for i in 0..<writes { first.value = i }
        }
      }
      scope.dispose()
    }
    var createdSum = 0
    for cell in created { createdSum &+= cell.value }
    var checks = CheckList()
    if check {
      checks.expect(warm, 3 * sources.count * (sources.count - 1) / 2, "signals read three times")
      let expected = expectation(sBenchCase.shape, count: count, writes: writes)
      checks.expect(created.count, expected.signals, "\(sBenchCase.name) signals created")
      checks.expect(totals.runs, expected.runs, "\(sBenchCase.name) computation runs")
      checks.expect(totals.sum &+ createdSum, expected.sum, "\(sBenchCase.name) values read")
    }
    return SBenchObservation(
      elapsed: timed.elapsed, signalsCreated: created.count, runs: totals.runs,
      sum: totals.sum &+ createdSum, failures: checks.failures)
  }

  /// The benchmark's `create…` and `update…` functions: creates signals or computations.
  private static func build(
    _ shape: SBenchCase.Shape, count: Int, sources: [Cell<Int>], created: inout [Cell<Int>],
    _ graph: Graph, _ totals: Totals
  ) {
    switch shape {
    case .createSignals:
      created.reserveCapacity(count)
      for i in 0..<count { created.append(Cell(i)) }
    case .createManyToOne(let width):
      for i in 0..<count {
        switch width {
        case 0: _ = Effect(in: graph) { totals.record(0) }
        case 1:
          let s1 = sources[i]
          _ = Effect(in: graph) { totals.record(s1.value) }
        case 2:
          let (s1, s2) = (sources[i * 2], sources[i * 2 + 1])
          _ = Effect(in: graph) { totals.record(s1.value + s2.value) }
        case 4:
          let (s1, s2) = (sources[i * 4], sources[i * 4 + 1])
          let (s3, s4) = (sources[i * 4 + 2], sources[i * 4 + 3])
          _ = Effect(in: graph) { totals.record(s1.value + s2.value + s3.value + s4.value) }
        default:
          let offset = i * width
          _ = Effect(in: graph) {
            var sum = 0
            for j in 0..<width { sum += sources[offset + j].value }
            totals.record(sum)
          }
        }
      }
    case .createOneToMany(let readers):
      for i in 0..<(count / readers) {
        let s1 = sources[i]
        for _ in 0..<readers { _ = Effect(in: graph) { totals.record(s1.value) } }
      }
    case .update(let width, let effects):
      for _ in 0..<effects {
        if width == 1 {
          let s1 = sources[0]
          _ = Effect(in: graph) { totals.record(s1.value) }
        } else {
          _ = Effect(in: graph) {
            var sum = 0
            for j in 0..<width { sum += sources[j].value }
            totals.record(sum)
          }
        }
      }
    }
  }

  /// What a run of `shape` must observe: signals created, computation runs, and the sum of the
  /// values read (plus the created signals' values).
  static func expectation(
    _ shape: SBenchCase.Shape, count: Int, writes: Int
  ) -> (signals: Int, runs: Int, sum: Int) {
    func triangle(_ n: Int) -> Int { n * (n - 1) / 2 }
    switch shape {
    case .createSignals: return (count, 0, triangle(count))
    case .createManyToOne(let width): return (0, count, triangle(count * width))
    case .createOneToMany(let readers): return (0, count, readers * triangle(count / readers))
    case .update(let width, let effects):
      // Each effect runs when created and, if the batch changed source 0 (its last write is
      // not the 0 it held), once after it, when source 0 holds the last write and the others
      // their index.
      let atCreation = triangle(width)
      guard writes > 1 else { return (0, effects, effects * atCreation) }
      return (0, 2 * effects, effects * (2 * atCreation + writes - 1))
    }
  }
}

/// What the computations of one run read, totalled.
@MainActor
private final class Totals {
  var runs = 0
  var sum = 0

  func record(_ value: Int) {
    runs += 1
    sum &+= value
  }
}
