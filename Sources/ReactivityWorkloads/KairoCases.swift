import TrellisGraph

// The eight cases of js-reactivity-benchmark's kairo suite. Each type builds the graph of the
// JavaScript case in its initializer and runs the case's iteration closure in `iterate()`, with
// the same writes, batches, reads and assertions; `withBatch` is a transaction followed by a flush.

/// Avoidable propagation: head → computed1 → computed2 (reads computed1, returns 0) →
/// computed3 (`busy()`, computed2 + 1) → computed4 (+ 2) → computed5 (+ 3) → an effect that calls
/// `busy()`. One iteration writes 1 and then 0..<1,000 to the head; computed5 reads 6 after every
/// write, and equality cut-off at computed2 keeps computed3 and the effect from ever re-running.
@MainActor
public final class AvoidablePropagation: KairoWorkload {
  /// The case's name in js-reactivity-benchmark.
  public static let name = "avoidablePropagation"

  private let graph: Graph
  private let head: Cell<Int>
  private let computed5: Derived<Int>
  private let effect: Effect
  private let computed3Runs = Counter()
  private let effectRuns = Counter()
  private static let expectedReads = [Int](repeating: 6, count: 1000)

  /// Builds the chain and its effect in `graph`.
  public init(graph: Graph) {
    self.graph = graph
    let head = Cell(0, name: "head")
    let computed1 = Derived(name: "computed1") { head.value }
    let computed2 = Derived(name: "computed2") { () -> Int in
      _ = computed1.value
      return 0
    }
    let computed3Runs = self.computed3Runs
    let computed3 = Derived(name: "computed3") { () -> Int in
      computed3Runs.count += 1
      busy()  // heavy computation
      return computed2.value + 1
    }
    let computed4 = Derived(name: "computed4") { computed3.value + 2 }
    let computed5 = Derived(name: "computed5") { computed4.value + 3 }
    let effectRuns = self.effectRuns
    self.effect = Effect(name: "effect", in: graph) {
      _ = computed5.value
      busy()  // heavy side effect
      effectRuns.count += 1
    }
    self.head = head
    self.computed5 = computed5
  }

  /// One iteration. `reads` holds computed5 after each of the 1,000 loop writes;
  /// `evaluations["computed3"]` and `effectRuns` count re-runs during the iteration.
  public func iterate() -> KairoObservation {
    var observation = KairoObservation()
    var checks = CheckList()
    let computed3Before = computed3Runs.count
    let effectBefore = effectRuns.count
    let head = head

    graph.batch { head.value = 1 }
    let first = computed5.value
    observation.firstRead = first
    checks.expect(first, 6, "computed5 after head = 1")

    observation.reads.reserveCapacity(1000)
    for i in 0..<1000 {
      graph.batch { head.value = i }
      observation.reads.append(computed5.value)
    }
    checks.expectElements(observation.reads, Self.expectedReads, "computed5 after head = i")

    observation.evaluations["computed3"] = computed3Runs.count - computed3Before
    observation.effectRuns = effectRuns.count - effectBefore
    checks.expect(observation.evaluations["computed3"] ?? -1, 0, "computed3 re-evaluations")
    checks.expect(observation.effectRuns, 0, "effect re-runs")
    observation.failures = checks.failures
    return observation
  }
}

/// Broad propagation: 50 branches off one head, each head + i → + 1 → an effect. One iteration
/// writes 1, resets the counter, then writes 0..<50; every write re-runs all 50 effects (2,500
/// runs) and the last branch reads i + 50.
@MainActor
public final class BroadPropagation: KairoWorkload {
  /// The case's name in js-reactivity-benchmark.
  public static let name = "broadPropagation"

  private let graph: Graph
  private let head: Cell<Int>
  private let last: Derived<Int>
  private var effects: [Effect] = []
  private let callCounter = Counter()
  private static let expectedReads = (0..<50).map { $0 + 50 }

  /// Builds the 50 branches and their effects in `graph`.
  public init(graph: Graph) {
    self.graph = graph
    let head = Cell(0, name: "head")
    let callCounter = callCounter
    var last: Derived<Int>?
    var effects: [Effect] = []
    for i in 0..<50 {
      let current = Derived { head.value + i }
      let current2 = Derived { current.value + 1 }
      effects.append(
        Effect(in: graph) {
          _ = current2.value
          callCounter.count += 1
        })
      last = current2
    }
    self.head = head
    self.last = last!
    self.effects = effects
  }

  /// One iteration. `reads` holds the last branch after each of the 50 loop writes; `effectRuns`
  /// counts effect runs after the reset (expected 2,500).
  public func iterate() -> KairoObservation {
    var observation = KairoObservation()
    var checks = CheckList()
    let head = head

    graph.batch { head.value = 1 }
    callCounter.reset()
    observation.reads.reserveCapacity(50)
    for i in 0..<50 {
      graph.batch { head.value = i }
      observation.reads.append(last.value)
    }
    observation.effectRuns = callCounter.count
    checks.expectElements(observation.reads, Self.expectedReads, "last after head = i")
    checks.expect(observation.effectRuns, 50 * 50, "effect runs")
    observation.failures = checks.failures
    return observation
  }
}

/// Deep propagation: a chain of 50 derived values (each the previous + 1) ending in an effect.
/// One iteration writes 1, resets the counter, then writes 0..<50; each write runs the effect
/// once and the chain's end reads 50 + i.
@MainActor
public final class DeepPropagation: KairoWorkload {
  /// The case's name in js-reactivity-benchmark.
  public static let name = "deepPropagation"
  /// The chain's length.
  public static let length = 50

  private let graph: Graph
  private let head: Cell<Int>
  private let current: Derived<Int>
  private let effect: Effect
  private let callCounter = Counter()
  private static let expectedReads = (0..<50).map { length + $0 }

  /// Builds the chain and its effect in `graph`.
  public init(graph: Graph) {
    self.graph = graph
    let head = Cell(0, name: "head")
    var current = Derived { head.value + 1 }
    for _ in 1..<Self.length {
      let previous = current
      current = Derived { previous.value + 1 }
    }
    let end = current
    let callCounter = callCounter
    self.effect = Effect(in: graph) { callCounter.record(end.value) }
    self.head = head
    self.current = end
  }

  /// One iteration. `reads` holds the chain's end after each of the 50 loop writes;
  /// `effectRuns`/`effectReads` are the effect's runs and the values it read after the reset.
  public func iterate() -> KairoObservation {
    var observation = KairoObservation()
    var checks = CheckList()
    let head = head

    graph.batch { head.value = 1 }
    callCounter.reset()
    observation.reads.reserveCapacity(50)
    for i in 0..<50 {
      graph.batch { head.value = i }
      observation.reads.append(current.value)
    }
    observation.effectRuns = callCounter.count
    observation.effectReads = callCounter.values
    checks.expectElements(observation.reads, Self.expectedReads, "chain end after head = i")
    checks.expect(observation.effectRuns, 50, "effect runs")
    checks.expectElements(observation.effectReads, Self.expectedReads, "effect read")
    observation.failures = checks.failures
    return observation
  }
}

/// Diamond: 5 derived values head + 1 joined by a sum that feeds an effect. One iteration writes
/// 1 (sum 10), resets the counter, then writes 0..<500; each write runs the effect once and the
/// sum reads (i + 1) · 5.
@MainActor
public final class Diamond: KairoWorkload {
  /// The case's name in js-reactivity-benchmark.
  public static let name = "diamond"
  /// The number of parallel derived values.
  public static let width = 5

  private let graph: Graph
  private let head: Cell<Int>
  private let sum: Derived<Int>
  private let effect: Effect
  private let callCounter = Counter()
  private static let expectedReads = (0..<500).map { ($0 + 1) * width }

  /// Builds the diamond and its effect in `graph`.
  public init(graph: Graph) {
    self.graph = graph
    let head = Cell(0, name: "head")
    let current = (0..<Self.width).map { _ in Derived { head.value + 1 } }
    let sum = Derived(name: "sum") { sumOfValues(current) }
    let callCounter = callCounter
    self.effect = Effect(in: graph) { callCounter.record(sum.value) }
    self.head = head
    self.sum = sum
  }

  /// One iteration. `firstRead` is the sum after head = 1; `reads` the sum after each of the 500
  /// loop writes; `effectRuns`/`effectReads` the effect's runs and reads after the reset.
  public func iterate() -> KairoObservation {
    var observation = KairoObservation()
    var checks = CheckList()
    let head = head

    graph.batch { head.value = 1 }
    observation.firstRead = sum.value
    checks.expect(observation.firstRead, 2 * Self.width, "sum after head = 1")
    callCounter.reset()
    observation.reads.reserveCapacity(500)
    for i in 0..<500 {
      graph.batch { head.value = i }
      observation.reads.append(sum.value)
    }
    observation.effectRuns = callCounter.count
    observation.effectReads = callCounter.values
    checks.expectElements(observation.reads, Self.expectedReads, "sum after head = i")
    checks.expect(observation.effectRuns, 500, "effect runs")
    checks.expectElements(observation.effectReads, Self.expectedReads, "effect read")
    observation.failures = checks.failures
    return observation
  }
}

/// Mux: 100 sources gathered by one derived value into a collection keyed by index (no equality
/// cut-off: every change makes it "new"), split back into 100 per-index derived values, then 100
/// "+ 1" derived values, each with an effect. One iteration writes heads 0..<10 to i, then to
/// 2i; each write re-runs only index i's effect (index 0's writes are equal, so ignored).
@MainActor
public final class Mux: KairoWorkload {
  /// The case's name in js-reactivity-benchmark.
  public static let name = "mux"
  /// The number of sources.
  public static let width = 100

  private let graph: Graph
  private let heads: [Cell<Int>]
  private let splited: [Derived<Int>]
  private var effects: [Effect] = []
  private let muxRuns = Counter()
  private let indexRuns = Counter()
  private let plusOneRuns = Counter()
  private let ran = Counter()
  private static let expectedReads = (0..<10).map { $0 + 1 } + (0..<10).map { $0 * 2 + 1 }
  /// Index 0 is written 0 in both passes, equal to its value, so no effect runs for it.
  private static let expectedEffectsPerPass: [[Int]] = (0..<10).map { $0 == 0 ? [] : [$0] }
  private static let expectedEffects = expectedEffectsPerPass + expectedEffectsPerPass

  /// Builds the mux, the split values and their effects in `graph`.
  public init(graph: Graph) {
    self.graph = graph
    let heads = (0..<Self.width).map { Cell(0, name: "head\($0)") }
    let muxRuns = muxRuns
    // No equality cut-off: a rebuilt collection always counts as a change.
    let neverEqual: ([Int: Int], [Int: Int]) -> Bool = { _, _ in false }
    let mux = Derived(name: "mux", equals: neverEqual) { () -> [Int: Int] in
      muxRuns.count += 1
      // `Object.fromEntries(heads.map((h) => h.read()).entries())`: the heads read in order into
      // a collection keyed by index. Built with a loop: `values.enumerated().map { … }` here
      // spent a third of this closure in the run-time executor check Swift 6 puts on a
      // main-actor closure handed to the standard library (see `values(of:)`), on top of two
      // intermediate arrays, none of which is work the benchmark measures.
      var collection = [Int: Int](minimumCapacity: heads.count)
      for (index, head) in heads.enumerated() { collection[index] = head.value }
      return collection
    }
    let indexRuns = indexRuns
    let plusOneRuns = plusOneRuns
    let splited = heads.indices
      .map { index in
        Derived { () -> Int in
          indexRuns.count += 1
          return mux.value[index]!
        }
      }
      .map { x in
        Derived { () -> Int in
          plusOneRuns.count += 1
          return x.value + 1
        }
      }
    let ran = ran
    var effects: [Effect] = []
    for (index, x) in splited.enumerated() {
      effects.append(
        Effect(in: graph) {
          _ = x.value
          ran.record(index)
        })
    }
    self.heads = heads
    self.splited = splited
    self.effects = effects
  }

  /// One iteration. `reads` holds split value i after each of the 20 writes; `effectsPerWrite`
  /// the effect indices that ran after each write; `effectRuns` all effect runs (expected 18);
  /// `evaluations` counts the mux (18), per-index (1,800) and "+ 1" (18) evaluations.
  public func iterate() -> KairoObservation {
    var observation = KairoObservation()
    var checks = CheckList()
    let muxBefore = muxRuns.count
    let indexBefore = indexRuns.count
    let plusOneBefore = plusOneRuns.count
    var effectRuns = 0
    observation.reads.reserveCapacity(20)
    observation.effectsPerWrite.reserveCapacity(20)

    for pass in 1...2 {
      for i in 0..<10 {
        let head = heads[i]
        ran.reset()
        graph.batch { head.value = i * pass }
        effectRuns += ran.count
        observation.effectsPerWrite.append(ran.values.sorted())
        observation.reads.append(splited[i].value)
      }
    }
    observation.effectRuns = effectRuns
    observation.evaluations = [
      "mux": muxRuns.count - muxBefore,
      "index": indexRuns.count - indexBefore,
      "plusOne": plusOneRuns.count - plusOneBefore,
    ]
    checks.expectElements(observation.reads, Self.expectedReads, "splited[i] after heads[i] write")
    checks.expectElements(
      observation.effectsPerWrite, Self.expectedEffects, "effects run by heads[i] write")
    checks.expect(observation.effectRuns, 18, "effect runs")
    checks.expect(observation.evaluations["mux"] ?? -1, 18, "mux evaluations")
    checks.expect(observation.evaluations["index"] ?? -1, 18 * Self.width, "per-index evaluations")
    checks.expect(observation.evaluations["plusOne"] ?? -1, 18, "+ 1 evaluations")
    observation.failures = checks.failures
    return observation
  }
}

/// Repeated observers: one derived value reads the head 30 times and feeds an effect. One
/// iteration writes 1 (value 30), resets the counter, then writes 0..<100; each write runs the
/// effect once and the value reads 30 · i.
@MainActor
public final class RepeatedObservers: KairoWorkload {
  /// The case's name in js-reactivity-benchmark.
  public static let name = "repeatedObservers"
  /// How many times the derived value reads the head.
  public static let size = 30

  private let graph: Graph
  private let head: Cell<Int>
  private let current: Derived<Int>
  private let effect: Effect
  private let callCounter = Counter()
  private static let expectedReads = (0..<100).map { $0 * size }

  /// Builds the derived value and its effect in `graph`.
  public init(graph: Graph) {
    self.graph = graph
    let head = Cell(0, name: "head")
    let current = Derived { () -> Int in
      var result = 0
      for _ in 0..<Self.size {
        result += head.value
      }
      return result
    }
    let callCounter = callCounter
    self.effect = Effect(in: graph) { callCounter.record(current.value) }
    self.head = head
    self.current = current
  }

  /// One iteration. `firstRead` is the value after head = 1; `reads` the value after each of the
  /// 100 loop writes; `effectRuns`/`effectReads` the effect's runs and reads after the reset.
  public func iterate() -> KairoObservation {
    var observation = KairoObservation()
    var checks = CheckList()
    let head = head

    graph.batch { head.value = 1 }
    observation.firstRead = current.value
    checks.expect(observation.firstRead, Self.size, "value after head = 1")
    callCounter.reset()
    observation.reads.reserveCapacity(100)
    for i in 0..<100 {
      graph.batch { head.value = i }
      observation.reads.append(current.value)
    }
    observation.effectRuns = callCounter.count
    observation.effectReads = callCounter.values
    checks.expectElements(observation.reads, Self.expectedReads, "value after head = i")
    checks.expect(observation.effectRuns, 100, "effect runs")
    checks.expectElements(observation.effectReads, Self.expectedReads, "effect read")
    observation.failures = checks.failures
    return observation
  }
}

/// Triangle: a chain of 10 derived values (each the previous + 1) off the head; a sum over the
/// head and the first nine links (the list collects each link before extending it, so the tenth
/// link is built but never read) feeds an effect. One iteration writes 1 (sum 55 = 1 + … + 10),
/// resets the counter, then writes 0..<100; each write runs the effect once and the sum reads
/// 45 + 10 · i.
@MainActor
public final class Triangle: KairoWorkload {
  /// The case's name in js-reactivity-benchmark.
  public static let name = "triangle"
  /// The chain's length.
  public static let width = 10

  private let graph: Graph
  private let head: Cell<Int>
  private let sum: Derived<Int>
  private let effect: Effect
  private let callCounter = Counter()
  /// `count(width)` in the original: 1 + 2 + … + width.
  private static let constant = (1...width).reduce(0, +)
  private static let expectedReads = (0..<100).map { constant - width + $0 * width }

  /// Builds the chain, the sum and its effect in `graph`.
  public init(graph: Graph) {
    self.graph = graph
    let head = Cell(0, name: "head")
    var current = IntNode.cell(head)
    var list: [IntNode] = []
    for _ in 0..<Self.width {
      let previous = current
      list.append(current)
      current = .derived(Derived { previous.value + 1 })
    }
    let sum = Derived(name: "sum") { sumOfValues(list) }
    let callCounter = callCounter
    self.effect = Effect(in: graph) { callCounter.record(sum.value) }
    self.head = head
    self.sum = sum
  }

  /// One iteration. `firstRead` is the sum after head = 1; `reads` the sum after each of the 100
  /// loop writes; `effectRuns`/`effectReads` the effect's runs and reads after the reset.
  public func iterate() -> KairoObservation {
    var observation = KairoObservation()
    var checks = CheckList()
    let head = head

    graph.batch { head.value = 1 }
    observation.firstRead = sum.value
    checks.expect(observation.firstRead, Self.constant, "sum after head = 1")
    callCounter.reset()
    observation.reads.reserveCapacity(100)
    for i in 0..<100 {
      graph.batch { head.value = i }
      observation.reads.append(sum.value)
    }
    observation.effectRuns = callCounter.count
    observation.effectReads = callCounter.values
    checks.expectElements(observation.reads, Self.expectedReads, "sum after head = i")
    checks.expect(observation.effectRuns, 100, "effect runs")
    checks.expectElements(observation.effectReads, Self.expectedReads, "effect read")
    observation.failures = checks.failures
    return observation
  }
}

/// Unstable: `double` = head · 2 and `inverse` = −head; a derived value adds, 20 times,
/// `double` when the head is odd and `inverse` when it is even, so its dependencies change with
/// every write. One iteration writes 1 (value 40), resets the counter, then writes 0..<100; each
/// write runs the effect once.
///
/// The original's per-write assertion is commented out (as written it parses as
/// `(value === i % 2) ? … : …`); this port checks the value it meant: 40 · i for odd i,
/// −20 · i for even i.
@MainActor
public final class Unstable: KairoWorkload {
  /// The case's name in js-reactivity-benchmark.
  public static let name = "unstable"

  private let graph: Graph
  private let head: Cell<Int>
  private let current: Derived<Int>
  private let effect: Effect
  private let callCounter = Counter()
  private static let expectedReads = (0..<100).map { $0 % 2 != 0 ? 20 * 2 * $0 : 20 * -$0 }

  /// Builds the derived values and the effect in `graph`.
  public init(graph: Graph) {
    self.graph = graph
    let head = Cell(0, name: "head")
    let double = Derived(name: "double") { head.value * 2 }
    let inverse = Derived(name: "inverse") { -head.value }
    let current = Derived { () -> Int in
      var result = 0
      for _ in 0..<20 {
        result += head.value % 2 != 0 ? double.value : inverse.value
      }
      return result
    }
    let callCounter = callCounter
    self.effect = Effect(in: graph) { callCounter.record(current.value) }
    self.head = head
    self.current = current
  }

  /// One iteration. `firstRead` is the value after head = 1; `reads` the value after each of the
  /// 100 loop writes; `effectRuns`/`effectReads` the effect's runs and reads after the reset.
  public func iterate() -> KairoObservation {
    var observation = KairoObservation()
    var checks = CheckList()
    let head = head

    graph.batch { head.value = 1 }
    observation.firstRead = current.value
    checks.expect(observation.firstRead, 40, "value after head = 1")
    callCounter.reset()
    observation.reads.reserveCapacity(100)
    for i in 0..<100 {
      graph.batch { head.value = i }
      observation.reads.append(current.value)
    }
    observation.effectRuns = callCounter.count
    observation.effectReads = callCounter.values
    checks.expectElements(observation.reads, Self.expectedReads, "value after head = i")
    checks.expect(observation.effectRuns, 100, "effect runs")
    checks.expectElements(observation.effectReads, Self.expectedReads, "effect read")
    observation.failures = checks.failures
    return observation
  }
}
