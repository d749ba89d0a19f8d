import TrellisGraph

/// What one iteration of molBench observed.
public struct MolBenchObservation: Sendable, Equatable {
  /// The values the three effects pushed during the iteration, in order (the benchmark's `res`).
  public var pushed: [Int] = []
  /// Runs of the effects H, I and J during the iteration.
  public var effectRuns: [String: Int] = [:]
  /// The checks that did not hold.
  public var failures: [CheckFailure] = []

  /// Creates an empty observation.
  public init() {}
}

/// js-reactivity-benchmark's molBench (after $mol_wire's benchmark): two sources A and B,
/// derived values C to G between them, and three effects H, I and J that push what they read.
///
/// ```
/// C = A % 2 + B % 2                  D = five points x = k + A % 2 − B % 2 (a new array)
/// E = hard(C + A + D[0].x)           F = hard(D[2].x || B)
/// G = C + (C || E % 2) + D[4].x + F
/// H pushes hard(G), I pushes G, J pushes hard(F)
/// ```
///
/// `hard(n)` is `n + fib(16)` with a naive recursive Fibonacci, the work the benchmark stands
/// for. Iteration `i` makes two batched writes, `B = 1, A = 1 + 2i` and then `A = 2 + 2i,
/// B = 2`. `D` is a new array on every recomputation, so everything that reads it recomputes;
/// the numbers cut off where equal. After each iteration the effects have pushed
/// `[3204, 1607, 3201, 1604]` (H and I twice, J never): G is 1607 after the first write and 1604
/// after the second, and F stays 1599.
@MainActor
public final class MolBench {
  /// The case's name in js-reactivity-benchmark.
  public static let name = "molBench"

  /// What every iteration pushes: H and I after the first batch, then after the second.
  public static let expectedPushes = [3204, 1607, 3201, 1604]

  /// A point of `D`; deliberately not `Equatable`, as the benchmark's objects are compared by
  /// reference and a new array is always a change.
  struct Point {
    let x: Int
  }

  private let graph: Graph
  private let a: Cell<Int>
  private let b: Cell<Int>
  private let pushed = PushLog()
  private let effects: [Effect]

  /// Builds the graph in `graph`; the effects run once, pushing `[3201, 1604, 3196]`.
  /// - Parameter fibonacciArgument: the argument of `hard`'s Fibonacci, 16 in the benchmark;
  ///   passed in so that the optimizer cannot fold it into a constant.
  public init(graph: Graph, fibonacciArgument: Int = 16) {
    self.graph = graph
    let a = Cell(0, name: "A")
    let b = Cell(0, name: "B")
    let hard = { (n: Int) -> Int in n + fibonacci(fibonacciArgument) }
    let c = Derived(name: "C") { a.value % 2 + b.value % 2 }
    let d = Derived(name: "D") { () -> [Point] in
      var points: [Point] = []
      points.reserveCapacity(5)
      for k in 0..<5 { points.append(Point(x: k + a.value % 2 - b.value % 2)) }
      return points
    }
    let e = Derived(name: "E") { hard(c.value + a.value + d.value[0].x) }
    let f = Derived(name: "F") { () -> Int in
      let x = d.value[2].x
      return hard(x != 0 ? x : b.value)
    }
    let g = Derived(name: "G") { () -> Int in
      let first = c.value
      let second = c.value
      return first + (second != 0 ? second : e.value % 2) + d.value[4].x + f.value
    }
    let pushed = pushed
    effects = [
      Effect(name: "H", in: graph) { pushed.push("H", hard(g.value)) },
      Effect(name: "I", in: graph) { pushed.push("I", g.value) },
      Effect(name: "J", in: graph) { pushed.push("J", hard(f.value)) },
    ]
    self.a = a
    self.b = b
  }

  /// What the effects pushed when the graph was built, before any iteration.
  public var initialPushes: [Int] { pushed.values }

  /// Runs iteration `i`: the two batched writes, each flushed, and the checks.
  public func iterate(_ i: Int) -> MolBenchObservation {
    pushed.reset()
    let a = a
    let b = b
    graph.batch {
      b.value = 1
      a.value = 1 + i * 2
    }
    graph.batch {
      a.value = 2 + i * 2
      b.value = 2
    }
    var observation = MolBenchObservation()
    observation.pushed = pushed.values
    observation.effectRuns = pushed.runs
    var checks = CheckList()
    checks.expectElements(observation.pushed, Self.expectedPushes, "pushed in iteration \(i)")
    checks.expect(observation.effectRuns["J", default: 0], 0, "J runs in iteration \(i)")
    observation.failures = checks.failures
    return observation
  }
}

/// The benchmark's `res` array, with the runs of each effect.
@MainActor
private final class PushLog {
  var values: [Int] = []
  var runs: [String: Int] = [:]

  func push(_ effect: String, _ value: Int) {
    values.append(value)
    runs[effect, default: 0] += 1
  }

  func reset() {
    values.removeAll(keepingCapacity: true)
    runs.removeAll(keepingCapacity: true)
  }
}

/// The benchmark's `fib`: naive recursion, `fib(0) = fib(1) = 1`.
@inline(never)
private func fibonacci(_ n: Int) -> Int {
  n < 2 ? 1 : fibonacci(n - 1) + fibonacci(n - 2)
}

/// The result of timing molBench.
public struct MolBenchResult: Sendable {
  /// The fastest timed run of `iterationsPerRun` iterations.
  public var fastest: Duration
  /// The number of timed runs.
  public var runs: Int
  /// Iterations in each timed run.
  public var iterationsPerRun: Int
  /// Every check that failed in any iteration, warm-up included (empty when all held).
  public var failures: [CheckFailure]
}

/// The molBench driver (`molBench`): builds the graph, runs iterations 0, 1 and 2 to warm up, then
/// keeps the fastest of `runs` runs of iterations `0..<iterationsPerRun` (5 × 10,000 in the
/// original).
@MainActor
public enum MolBenchmark {
  /// Times molBench in a fresh manual-flush graph.
  public static func run(runs: Int = 5, iterationsPerRun: Int = 10_000) -> MolBenchResult {
    let bench = MolBench(graph: Graph(executor: .manual))
    var failures: Set<CheckFailure> = []
    for i in 0..<3 { failures.formUnion(bench.iterate(i).failures) }
    let timed = Timing.fastest(runs) {
      for i in 0..<iterationsPerRun {
        let observation = bench.iterate(i)
        if !observation.failures.isEmpty { failures.formUnion(observation.failures) }
      }
    }
    return MolBenchResult(
      fastest: timed.elapsed, runs: runs, iterationsPerRun: iterationsPerRun,
      failures: failures.sorted { $0.description < $1.description })
  }
}
