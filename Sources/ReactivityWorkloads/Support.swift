import TrellisGraph

/// One check of a workload that did not hold: what was checked, what the original benchmark
/// expects, and what this run observed.
public struct CheckFailure: Sendable, Hashable, CustomStringConvertible {
  /// The check, e.g. `"computed5 after write 17"`.
  public var check: String
  /// The value the original benchmark asserts.
  public var expected: String
  /// The value this run observed.
  public var observed: String

  /// Creates a failure record.
  public init(check: String, expected: String, observed: String) {
    self.check = check
    self.expected = expected
    self.observed = observed
  }

  /// `check: expected X, observed Y`.
  public var description: String {
    "\(check): expected \(expected), observed \(observed)"
  }
}

/// Collects failed checks while a workload runs.
struct CheckList {
  var failures: [CheckFailure] = []

  mutating func expect<T: Equatable>(_ observed: T, _ expected: T, _ check: String) {
    if observed != expected {
      failures.append(
        CheckFailure(check: check, expected: "\(expected)", observed: "\(observed)"))
    }
  }

  /// Compares two sequences of values and reports the length mismatch or the first differing
  /// position (one failure per call, so a broken graph does not produce thousands of lines).
  mutating func expectElements<T: Equatable>(_ observed: [T], _ expected: [T], _ check: String) {
    if observed.count != expected.count {
      failures.append(
        CheckFailure(
          check: "\(check) (count)", expected: "\(expected.count)", observed: "\(observed.count)"))
      return
    }
    for index in observed.indices where observed[index] != expected[index] {
      failures.append(
        CheckFailure(
          check: "\(check) [\(index)]", expected: "\(expected[index])",
          observed: "\(observed[index])"))
      return
    }
  }
}

/// A mutable counter shared between a workload and the closures of its graph nodes (the
/// benchmark's `Counter` class); it can also log the values an effect read.
@MainActor
final class Counter {
  var count = 0
  var values: [Int] = []

  /// Counts one run and logs the value it read.
  func record(_ value: Int) {
    count += 1
    values.append(value)
  }

  /// Clears the count and the log (the benchmark's `callCounter.count = 0`).
  func reset() {
    count = 0
    values.removeAll(keepingCapacity: true)
  }
}

/// A node of a numeric graph that is either a source or a derived value; the benchmarks mix both
/// in one list (the first layer's inputs are signals, later layers' are computeds).
@MainActor
enum GraphValueNode<Value> {
  case cell(Cell<Value>)
  case derived(Derived<Value>)

  var value: Value {
    switch self {
    case .cell(let cell): cell.value
    case .derived(let derived): derived.value
    }
  }
}

/// The `Int` nodes most workloads use.
typealias IntNode = GraphValueNode<Int>

/// The values of `nodes`, in order, read with a loop.
///
/// Not `nodes.map { $0.value }`: in Swift 6 a main-actor closure handed to the standard
/// library's higher-order functions (compiled without strict concurrency checking) gets a
/// run-time executor check on every call, about 200 instructions, which would dominate these
/// workloads and is not what they measure.
@MainActor
func values<Node: ValueNode>(of nodes: [Node]) -> [Int] {
  var values: [Int] = []
  values.reserveCapacity(nodes.count)
  for node in nodes { values.append(node.value) }
  return values
}

/// The sum of the values of `nodes`, read with a loop (see `values(of:)`).
@MainActor
func sumOfValues<Node: ValueNode>(_ nodes: [Node]) -> Int {
  var total = 0
  for node in nodes { total &+= node.value }
  return total
}

/// Something with an `Int` value to read: a cell, a derived value, or an `IntNode`.
@MainActor
protocol ValueNode {
  var value: Int { get }
}

extension Cell: ValueNode where Value == Int {}
extension Derived: ValueNode where Value == Int {}
extension IntNode: ValueNode {}

/// Sink for `busy()` so the optimizer cannot delete the loop.
@MainActor private var busySink = 0

/// The kairo benchmark's `busy()`: a 100-step loop standing for a heavy computation. The loop
/// mixes its counter into a value that is stored, so optimized builds keep the work that the
/// JavaScript loop stands for.
@MainActor
func busy() {
  var a = busySink
  for step in 0..<100 {
    a = a &* 31 &+ step
  }
  busySink = a
}

extension Graph {
  /// The adapters' `withBatch`: groups the writes in a transaction, then runs the effects they
  /// scheduled before returning, as JavaScript frameworks do at the end of a synchronous batch.
  func batch(_ writes: () -> Void) {
    withTransaction(writes)
    flush()
  }
}

/// Time measurement shared by the benchmark entry points.
enum Timing {
  /// Runs `body` once and returns its result together with the elapsed time.
  static func measure<R>(_ body: () throws -> R) rethrows -> (result: R, elapsed: Duration) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try body()
    return (result, clock.now - start)
  }

  /// The benchmark's `fastestTest`: runs `body` `times` times and keeps the fastest run.
  static func fastest<R>(
    _ times: Int, _ body: () throws -> R
  ) rethrows -> (result: R, elapsed: Duration) {
    precondition(times > 0, "fastest needs at least one run")
    var best = try measure(body)
    for _ in 1..<times {
      let run = try measure(body)
      if run.elapsed < best.elapsed { best = run }
    }
    return best
  }
}
