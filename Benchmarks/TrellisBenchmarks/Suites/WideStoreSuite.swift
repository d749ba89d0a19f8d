import Observation
import Trellis

/// One model with `width` properties and `width` computations, computation `i` reading
/// property `i`; one property is written. Property-level tracking re-runs one computation per
/// write; object-level tracking re-runs all of them.
///
/// Every implementation has the same shape: a write marks the computations it invalidates, then
/// the update flushes them, each re-reading its property under a fresh subscription. Trellis and
/// object-level computations are graph `Effect`s (the path a view body takes: the tracked write
/// reaches the effect's relay, the effect is queued, the flush re-runs it and re-subscribes),
/// with explanations off as a production host runs them; Apple's re-arm
/// `withObservationTracking`, which is how its one-shot API stays subscribed.
struct WideStoreSuite: BenchmarkSuite {
  let name = "wide-store"
  let summary =
    "One write to a model with `width` properties read by `width` computations (one each); "
    + "ns per update (write + re-evaluations) and re-evaluations per update."

  func run(in context: SuiteContext) {
    run(TrellisWide1.self, AppleWide1.self, ObjectWide1.self, in: context)
    run(TrellisWide10.self, AppleWide10.self, ObjectWide10.self, in: context)
    run(TrellisWide100.self, AppleWide100.self, ObjectWide100.self, in: context)
    run(TrellisWide1000.self, AppleWide1000.self, ObjectWide1000.self, in: context)
  }

  private func run<T: WideModel, A: WideModel, O: WideModel>(
    _: T.Type, _: A.Type, _: O.Type, in context: SuiteContext
  ) {
    // The benchmark runs on the main thread, where the graph lives; the context is used there
    // only (as in the views suite).
    let unchecked = UncheckedSendable(context)
    MainActor.assumeIsolated {
      let context = unchecked.value
      measure(GraphComputations<T>(), .trellis, expected: 1, in: context)
      measure(AppleComputations<A>(), .appleObservation, expected: 1, in: context)
      measure(GraphComputations<O>(), .objectLevel, expected: O.width, in: context)
    }
  }

  @MainActor
  private func measure<C: WideComputations>(
    _ computations: C, _ implementation: Implementation, expected: Int, in context: SuiteContext
  ) {
    let width = C.Model.width
    let caseName = "width-\(width)"
    var value = 0
    var updates = 0
    var reevaluationSamples: [Double] = []
    var correct = true
    let startEvaluations = computations.evaluations
    let samples = context.sampler.nanosecondsPerOperation { n in
      let before = computations.evaluations
      let elapsed = timed {
        for _ in 0..<n {
          value &+= 1
          computations.model.writeFirst(value)
          computations.flush()
        }
      }
      updates += n
      reevaluationSamples.append(Double(computations.evaluations - before) / Double(n))
      // Computation 0 saw the last write; every other one still holds its initial value.
      correct = correct && computations.valueSum() == value + (width - 1) * width / 2
      return elapsed
    }
    context.record(caseName, implementation, metric: "ns_per_update", samples: samples)
    // The calibration runs are included here on purpose: every update must re-run exactly
    // `expected` computations, whatever the batch.
    let total = computations.evaluations - startEvaluations
    context.check(
      total == updates * expected, caseName, implementation,
      "\(total) re-evaluations for \(updates) updates; expected \(expected) per update")
    context.check(correct, caseName, implementation, "a computation holds a stale value")
    context.record(
      caseName, implementation, metric: "reevaluations",
      samples: Array(reevaluationSamples.suffix(context.sampler.sampleCount)))
    blackHole(computations.model)
  }
}

/// A model and its `width` computations.
@MainActor
protocol WideComputations {
  associatedtype Model: WideModel
  var model: Model { get }
  /// How many times any computation has run, initial runs included.
  var evaluations: Int { get }
  /// Re-runs the computations invalidated since the last flush.
  func flush()
  /// The sum of the values the computations last produced.
  func valueSum() -> Int
}

/// The computations invalidated since the last flush, in invalidation order. Written on the
/// mutating thread only, which in this suite is the benchmark's thread.
final class PendingComputations: @unchecked Sendable {
  private(set) var indices: [Int] = []
  private var isPending: [Bool]

  init(width: Int) {
    isPending = Array(repeating: false, count: width)
    indices.reserveCapacity(width)
  }

  func mark(_ index: Int) {
    if isPending[index] { return }
    isPending[index] = true
    indices.append(index)
  }

  func drain(_ body: (Int) -> Void) {
    for index in indices {
      isPending[index] = false
      body(index)
    }
    indices.removeAll(keepingCapacity: true)
  }
}

/// What the computations produced: one value per computation and a count of runs. Both
/// implementations write here through a strong reference, so neither pays for the harness more
/// than the other (an `[unowned self]` capture cost the Trellis side alone about 45 ns per update:
/// an atomic strong retain of `self`, its release, and an exclusivity check on `self`).
@MainActor
final class ComputedValues {
  private(set) var values: [Int]
  private(set) var evaluations = 0

  init(width: Int) { values = Array(repeating: 0, count: width) }

  func store(_ value: Int, at index: Int) {
    values[index] = value
    evaluations += 1
  }

  var sum: Int { values.reduce(0, &+) }
}

/// Trellis computations: one `Effect` each in a manual graph, flushed after each write. Used for
/// both property-level and object-level models; only the model differs.
@MainActor
final class GraphComputations<Model: WideModel>: WideComputations {
  let model = Model()
  private let graph = Graph(executor: .manual)
  private var effects: [Effect] = []
  private let results = ComputedValues(width: Model.width)

  init() {
    // The effects capture the model and the results, not `self`, which owns the effects.
    let model = model
    let results = results
    for index in 0..<Model.width {
      let effect = Effect(in: graph, runImmediately: false) {
        results.store(model.read(index), at: index)
      }
      effect.recordsReasons = false
      effect.run()
      effects.append(effect)
    }
  }

  var evaluations: Int { results.evaluations }

  func flush() { graph.flush() }

  func valueSum() -> Int { results.sum }
}

/// Apple's computations: each re-arms `withObservationTracking` when invalidated.
@MainActor
final class AppleComputations<Model: WideModel>: WideComputations {
  let model = Model()
  private let pending = PendingComputations(width: Model.width)
  private let results = ComputedValues(width: Model.width)

  init() {
    for index in 0..<Model.width { evaluate(index) }
  }

  private func evaluate(_ index: Int) {
    let pending = pending
    let model = model
    results.store(
      withObservationTracking {
        model.read(index)
      } onChange: {
        pending.mark(index)
      }, at: index)
  }

  var evaluations: Int { results.evaluations }

  func flush() { pending.drain(evaluate) }

  func valueSum() -> Int { results.sum }
}
