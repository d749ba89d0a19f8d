import Foundation
import ReactivityWorkloads
import Testing
import TrellisGraph

/// Whether to run the workloads that take minutes in a debug build.
private let longWorkloads = ProcessInfo.processInfo.environment["TRELLIS_LONG_WORKLOADS"] != nil

/// Whether this process runs under AddressSanitizer (`swift test --sanitize=address`), whose
/// runtime exports `__asan_init`. Under it the two benchmark-size graphs run a twentieth of
/// their writes (see `reducedRun`): at full size they took minutes there. Their full-size sums
/// and counts are checked by the debug suite and by `TrellisBenchmarks --quick` in release.
private let underAddressSanitizer: Bool = {
  guard let process = dlopen(nil, RTLD_NOW) else { return false }
  defer { dlclose(process) }
  return dlsym(process, "__asan_init") != nil
}()

/// The dynamic-graph benchmark (from reactively): seeded random graphs of static and dynamic
/// nodes, checked against the sums and evaluation counts the original lists.
@Suite("Dynamic graph workload")
@MainActor
struct DynamicGraphWorkloadTests {
  @Test("configurations carry the benchmark's fields and titles")
  func configurations() {
    let wide = DynamicGraphConfig.wideDense
    #expect(wide.width == 1000)
    #expect(wide.totalLayers == 5)
    #expect(wide.staticFraction == 1)
    #expect(wide.nSources == 25)
    #expect(wide.readFraction == 1)
    #expect(wide.iterations == 3000)
    #expect(wide.title == "25-1000x5")

    let large = DynamicGraphConfig.largeWebApp
    #expect(large.width == 1000)
    #expect(large.totalLayers == 12)
    #expect(large.staticFraction == 0.95)
    #expect(large.nSources == 4)
    #expect(large.readFraction == 1)
    #expect(large.iterations == 7000)
    #expect(large.title == "4-1000x12 - dyn5%")

    let deep = DynamicGraphConfig.deep
    #expect(deep.width == 5)
    #expect(deep.totalLayers == 500)
    #expect(deep.staticFraction == 1)
    #expect(deep.nSources == 3)
    #expect(deep.iterations == 500)
    #expect(deep.valueType == .double)
    #expect(deep.expectedDoubleSum == 3.0239642676898464e241)
    #expect(deep.title == "3-5x500")
    #expect(large.valueType == .int)

    #expect(
      DynamicGraphConfig.perfTests.map(\.title) == [
        "2-10x5 - lazy80%", "6-10x10 - dyn25% - lazy80%", "4-1000x12 - dyn5%", "25-1000x5",
        "3-5x500", "6-100x15 - dyn50%",
      ])
  }

  @Test(
    "the framework tests' small graphs give their sums and counts",
    arguments: [
      DynamicGraphConfig.staticGraph, .staticGraphPartialRead, .smallDynamicGraph,
    ])
  func smallGraphs(config: DynamicGraphConfig) {
    let graph = DynamicGraph<Int>(config: config, graph: Graph(executor: .manual))
    let run = graph.run()
    #expect(run.isFirstRun)
    #expect(run.sum == config.expectedSum)
    #expect(run.count == config.expectedFirstRunCount)
    #expect(run.failures.isEmpty, "\(run.failures)")
  }

  // The two benchmark-size graphs the suite checks by default: one run each, as the original's
  // framework test does (sum, and evaluations from construction through the first run).

  @Test("25-1000x5 sums to 1171484375000 with 735,756 evaluations")
  func wideDense() {
    if underAddressSanitizer {
      // 4,000 at construction + 244 per write but the first (see below).
      let run = Self.reducedRun(of: .wideDense)
      #expect(run.count == 4_000 + 244 * (DynamicGraphConfig.wideDense.iterations / 20 - 1))
      return
    }
    let graph = DynamicGraph<Int>(config: .wideDense, graph: Graph(executor: .manual))
    #expect(graph.readLeafCount == 1000)
    #expect(graph.evaluationCount == 4000)  // the effect evaluated every node once
    let first = graph.run()
    #expect(first.isFirstRun)
    #expect(first.sum == 1_171_484_375_000)
    // 4,000 at construction + 3,000 writes × (25 + 49 + 73 + 97) nodes, less the first write's
    // 244: it writes 0 to source 0, which already holds 0, so nothing re-runs.
    #expect(first.count == 735_756)
    #expect(first.failures.isEmpty, "\(first.failures)")
  }

  @Test("4-1000x12 - dyn5% sums to 29355933696000 with 1,473,791 evaluations")
  func largeWebApp() {
    if underAddressSanitizer {
      _ = Self.reducedRun(of: .largeWebApp)
      return
    }
    let graph = DynamicGraph<Int>(config: .largeWebApp, graph: Graph(executor: .manual))
    #expect(graph.readLeafCount == 1000)
    let first = graph.run()
    #expect(first.sum == 29_355_933_696_000)
    #expect(first.count == 1_473_791)
    #expect(first.failures.isEmpty, "\(first.failures)")
  }

  /// Under AddressSanitizer: the first twentieth of `config`'s writes, computed in `Int` and in
  /// `Double`, which must give the same sum and count with no failed check. Returns the `Int`
  /// run.
  private static func reducedRun(of config: DynamicGraphConfig) -> DynamicGraphRun<Int> {
    var reduced = config
    reduced.iterations = config.iterations / 20
    reduced.expectedSum = nil
    reduced.expectedDoubleSum = nil
    reduced.expectedCount = nil
    reduced.expectedFirstRunCount = nil
    let int = DynamicGraph<Int>(config: reduced, graph: Graph(executor: .manual)).run()
    let double = DynamicGraph<Double>(config: reduced, graph: Graph(executor: .manual)).run()
    #expect(Double(int.sum) == double.sum, "\(config.title): Int and Double disagree")
    #expect(int.count == double.count)
    #expect(int.failures.isEmpty && double.failures.isEmpty, "\(int.failures + double.failures)")
    return int
  }

  // Slower checks (minutes in a debug build), run when TRELLIS_LONG_WORKLOADS is set: the
  // benchmark's warm counts (a second run, as after the benchmark's warm-up) and the other
  // benchmark configurations.

  @Test(
    "warm runs give the benchmark's sums and counts",
    .enabled(if: longWorkloads, "set TRELLIS_LONG_WORKLOADS=1 to run"),
    arguments: [DynamicGraphConfig.wideDense, .largeWebApp, .veryDynamic])
  func warmCounts(config: DynamicGraphConfig) {
    let graph = DynamicGraph<Int>(config: config, graph: Graph(executor: .manual))
    let first = graph.run()
    #expect(first.sum == config.expectedSum)
    #expect(first.count == config.expectedFirstRunCount)
    let warm = graph.run()
    #expect(!warm.isFirstRun)
    #expect(warm.sum == config.expectedSum)
    #expect(warm.count == config.expectedCount)
    #expect(first.failures.isEmpty && warm.failures.isEmpty, "\(first.failures + warm.failures)")
  }

  @Test(
    "lazy configurations (a fifth of the leaves read) give the benchmark's sums",
    .enabled(if: longWorkloads, "set TRELLIS_LONG_WORKLOADS=1 to run"),
    arguments: [DynamicGraphConfig.simpleComponent, .dynamicComponent])
  func lazyConfigurations(config: DynamicGraphConfig) {
    let graph = DynamicGraph<Int>(config: config, graph: Graph(executor: .manual))
    #expect(graph.readLeafCount == 2)
    let run = graph.run()
    #expect(run.sum == config.expectedSum)
    // The framework test's count for frameworks whose pull counts it checks (lazy ones).
    #expect(run.count == config.expectedFirstRunCount)
    #expect(run.failures.isEmpty, "\(run.failures)")
  }

  @Test("the benchmark driver warms up, times and reports no failed checks")
  func benchmarkDriver() {
    let result = DynamicBenchmark.run(.smallDynamicGraph, runs: 2)
    #expect(result.title == "2-4x2 - dyn50%")
    #expect(result.samples.count == 2)
    #expect(result.fastest == result.samples.min())
    #expect(result.sum == "72")
    #expect(result.failures.isEmpty, "\(result.failures)")
  }
}

/// The dynamic graph computed with `Double`, as `3-5x500` is (its values outgrow `Int`).
@Suite("Dynamic graph workload in Double")
@MainActor
struct DoubleDynamicGraphWorkloadTests {
  @Test(
    "Double gives the Int sums and counts on the framework tests' small graphs",
    arguments: [
      DynamicGraphConfig.staticGraph, .staticGraphPartialRead, .smallDynamicGraph,
    ])
  func smallGraphs(config: DynamicGraphConfig) {
    let graph = DynamicGraph<Double>(config: config, graph: Graph(executor: .manual))
    let run = graph.run()
    #expect(run.sum == Double(config.expectedSum ?? -1))
    #expect(run.count == config.expectedFirstRunCount)
    #expect(run.failures.isEmpty, "\(run.failures)")
  }

  @Test("a dynamic node's parity and skipped input follow JavaScript's number rules")
  func javaScriptNumberRules() {
    #expect(
      [0.0, 1, 2, 3, -3, 2.5, 3.5, 1e300, .infinity, .nan].map(\.isOdd) == [
        false, true, false, true, true, false, true, false, false, false,
      ])
    #expect([7.0, -7, 7.5, 9].map { $0.remainderIndex(3) } == [1, nil, nil, 0])
    #expect([7, -7, 6].map { $0.remainderIndex(3) } == [1, nil, 0])
    #expect([1, 2, -3].map(\.isOdd) == [true, false, true])
  }

  @Test(
    "3-5x500 sums to the benchmark's 3.0239642676898464e241 with 1,246,502 evaluations",
    .enabled(if: longWorkloads, "set TRELLIS_LONG_WORKLOADS=1 to run"))
  func deep() {
    let graph = DynamicGraph<Double>(config: .deep, graph: Graph(executor: .manual))
    #expect(graph.evaluationCount == 2495)
    let first = graph.run()
    #expect(first.sum == 3.0239642676898464e241)
    #expect(first.count == 1_246_502)
    let warm = graph.run()
    #expect(warm.sum == 3.0239642676898464e241)
    #expect(warm.count == 1_246_500)
    #expect(first.failures.isEmpty && warm.failures.isEmpty, "\(first.failures + warm.failures)")
  }

  @Test("the driver computes 3-5x500's configuration type in Double")
  func driverPicksDouble() {
    var config = DynamicGraphConfig.deep
    config.iterations = 0
    config.expectedCount = 0
    config.expectedFirstRunCount = 2495
    let result = DynamicBenchmark.run(config, warmUps: 1, runs: 1)
    // With no writes the leaves keep their initial values, about 10²³⁸: a Double's text.
    #expect(Double(result.sum) != nil && Int(result.sum) == nil)
    #expect(result.failures.filter { !$0.check.hasSuffix("sum") }.isEmpty, "\(result.failures)")
  }
}
