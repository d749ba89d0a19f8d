import Testing

@testable import TrellisGraph

/// The semantics the rebuilt core promises beyond the original algorithm: disposal, dropping
/// graphs with pending work, transactions, writes during an evaluation, cleanup, ownership,
/// errors, `peek`, and where Trellis deliberately differs from alien-signals.
@MainActor
@Suite struct SemanticsTests {
  /// Counts evaluations by name.
  final class Log {
    var entries: [String] = []
    func callAsFunction(_ entry: String) { entries.append(entry) }
  }

  // MARK: Disposal and release

  @Test func aDisposedEffectNeverRunsAgainAndNeverPullsItsInputs() {
    let graph = Graph(executor: .manual)
    let source = Cell(0)
    let log = Log()
    let input = Derived(name: "input") { () -> Int in
      log("input")
      return source.value * 2
    }
    let effect = Effect(in: graph) { log("effect \(input.value)") }
    source.value = 1
    effect.dispose()
    graph.flush()
    source.value = 2
    graph.flush()
    #expect(log.entries == ["input", "effect 0"])
    #expect(effect.runCount == 1)
    #expect(!graph.hasPendingWork)
  }

  @Test func aReleasedStaleEffectNeverRunsAndNeverPullsItsInputs() {
    let graph = Graph(executor: .manual)
    let source = Cell(0)
    let log = Log()
    let input = Derived(name: "input") { () -> Int in
      log("input")
      return source.value * 2
    }
    var effect: Effect? = Effect(in: graph) { log("effect \(input.value)") }
    source.value = 1
    #expect(graph.hasPendingWork)
    effect = nil
    graph.flush()
    #expect(log.entries == ["input", "effect 0"])
    #expect(effect == nil)
    #expect(!graph.hasPendingWork)
  }

  @Test func droppingAGraphWithPendingWorkFreesTheGraphAndItsEffects() {
    weak var weakGraph: Graph?
    weak var weakEffect: Effect?
    let source = Cell(0)
    do {
      let graph = Graph(executor: .manual)
      weakGraph = graph
      let effect = Effect(in: graph) { _ = source.value }
      weakEffect = effect
      source.value = 1
      #expect(graph.hasPendingWork)
    }
    #expect(weakGraph == nil)
    #expect(weakEffect == nil)
    source.value = 2
    #expect(!source.hasSubscribers)
  }

  @Test func droppingAMainActorGraphWithAPendingFlushTaskNeverCrashes() async {
    weak var weakGraph: Graph?
    let source = Cell(0)
    var runs = 0
    do {
      let graph = Graph(executor: .mainActor)
      weakGraph = graph
      let effect = Effect(in: graph) {
        _ = source.value
        runs += 1
      }
      source.value = 1  // schedules a flush task that holds the graph weakly
      withExtendedLifetime(effect) {}
    }
    #expect(weakGraph == nil)
    for _ in 0..<10 { await Task.yield() }
    #expect(runs == 1)
  }

  // MARK: Transactions

  @Test func aCellWrittenAndRevertedInOneTransactionRecomputesAndRunsNothing() {
    let graph = Graph(executor: .manual)
    let source = Cell(1)
    let log = Log()
    let doubled = Derived(name: "doubled") { () -> Int in
      log("doubled")
      return source.value * 2
    }
    let effect = Effect(in: graph) { log("effect \(doubled.value)") }
    log.entries = []
    graph.withTransaction {
      source.value = 5
      source.value = 1
    }
    graph.flush()
    #expect(log.entries.isEmpty)
    #expect(effect.runCount == 1)
    for _ in 0..<3 {
      graph.withTransaction {}
      graph.withTransaction {
        source.value = 7
        source.value = 1
      }
      graph.flush()
    }
    #expect(log.entries.isEmpty)
    #expect(effect.runCount == 1)
    #expect(graph.runCount == 0)
  }

  @Test func aTransactionBatchesWritesAndAFlushInsideItWaits() {
    let graph = Graph(executor: .manual)
    let a = Cell(0)
    let b = Cell(0)
    var sums: [Int] = []
    let effect = Effect(in: graph) { sums.append(a.value + b.value) }
    graph.withTransaction {
      a.value = 1
      graph.flush()
      #expect(sums == [0])
      b.value = 2
      // Reads inside the transaction see its writes.
      #expect(a.value + b.value == 3)
    }
    graph.flush()
    #expect(sums == [0, 3])
    withExtendedLifetime(effect) {}
  }

  @Test func aValueReadInsideATransactionBeforeTheRevertIsAChange() {
    let graph = Graph(executor: .manual)
    let source = Cell(1)
    let doubled = Derived(name: "doubled") { source.value * 2 }
    var seen: [Int] = []
    let effect = Effect(in: graph) { seen.append(doubled.value) }
    graph.withTransaction {
      source.value = 5
      #expect(doubled.value == 10)
      source.value = 1
    }
    graph.flush()
    #expect(seen == [2, 2])
    #expect(effect.runCount == 2)
  }

  // MARK: Writes during an evaluation

  @Test func aComputationThatWritesACellItReadSeesItsOwnWrite() {
    let counter = Cell(0)
    var seen: [Int] = []
    let derived = Derived(name: "incrementer") { () -> Int in
      let before = counter.value
      counter.value = before + 1
      let after = counter.value
      seen.append(after)
      return after
    }
    #expect(derived.value == 1)
    #expect(seen == [1])
  }

  @Test func readersOfADerivedValueThatWritesItsOwnInputKeepFollowingIt() {
    let graph = Graph(executor: .manual)
    let source = Cell(0)
    var evaluations = 0
    // Normalises its input once: 0 becomes 1.
    let normalized = Derived(name: "normalized") { () -> Int in
      evaluations += 1
      let value = source.value
      if value == 0 { source.value = 1 }
      return value
    }
    var seen: [Int] = []
    let effect = Effect(in: graph) { seen.append(normalized.value) }
    // The first run saw 0, already out of date: it runs again in the same flush, and sees 1.
    graph.flush()
    #expect(seen == [0, 1])
    // Later writes reach the effect (they stopped at the stale derived value).
    source.value = 5
    graph.flush()
    source.value = 6
    graph.flush()
    #expect(seen == [0, 1, 5, 6])
    #expect(evaluations == 4)
    // A derived reader follows it too.
    let tenfold = Derived { normalized.value * 10 }
    #expect(tenfold.value == 60)
    source.value = 7
    #expect(tenfold.value == 70)
    effect.dispose()
    // Read first through a derived reader, before the input settled.
    let input = Cell(0)
    let once = Derived { () -> Int in
      let value = input.value
      if value == 0 { input.value = 1 }
      return value
    }
    let reader = Derived { once.value * 10 }
    #expect(reader.value == 0)
    input.value = 7
    #expect(reader.value == 70)
  }

  @Test func untrackedReadsAreNoDependenciesAndScheduleRunQueuesAFirstRun() {
    let graph = Graph(executor: .manual)
    let read = Cell(0)
    let ignored = Cell(0)
    let profile = Profile()
    var runs: [String] = []
    let effect = Effect(in: graph, runImmediately: false) {
      let seen = untracked { "\(ignored.value) \(profile.age)" }
      runs.append("\(read.value) \(seen)")
    }
    #expect(runs.isEmpty)
    effect.scheduleRun()
    #expect(effect.isStale)
    graph.flush()
    #expect(runs == ["0 0 36"])
    ignored.value = 1
    profile.age = 37
    graph.flush()
    #expect(runs == ["0 0 36"])
    read.value = 1
    graph.flush()
    #expect(runs == ["0 0 36", "1 1 37"])
    // Outside an evaluation it just runs.
    #expect(untracked { read.value + 1 } == 2)
  }

  // MARK: Cleanup and ownership

  @Test func cleanupsRunBeforeTheNextRunAndOnDisposeMostRecentFirst() {
    let graph = Graph(executor: .manual)
    let source = Cell(0)
    let log = Log()
    let effect = Effect(in: graph) {
      let value = source.value
      log("run \(value)")
      onCleanup { log("first cleanup \(value)") }
      onCleanup { log("second cleanup \(value)") }
    }
    source.value = 1
    graph.flush()
    effect.dispose()
    effect.dispose()
    #expect(
      log.entries == [
        "run 0", "second cleanup 0", "first cleanup 0", "run 1", "second cleanup 1",
        "first cleanup 1",
      ])
  }

  @Test func onCleanupOutsideAnEffectIsReportedAndNeverRuns() {
    var ran = false
    let diagnostics = TrellisDiagnostics.capture { onCleanup { ran = true } }
    #expect(diagnostics.map(\.kind) == [.invalidInput])
    #expect(!ran)
  }

  @Test func anEffectCreatedInsideAnotherIsDisposedWhenTheOwnerRerunsOrIsDisposed() {
    let graph = Graph(executor: .manual)
    let outerSource = Cell(0)
    let innerSource = Cell(0)
    let log = Log()
    weak var firstInner: Effect?
    let outer = Effect(name: "outer", in: graph) {
      let generation = outerSource.value
      log("outer \(generation)")
      let inner = Effect(name: "inner", in: graph) {
        log("inner \(generation) sees \(innerSource.value)")
        onCleanup { log("inner \(generation) cleaned") }
      }
      if generation == 0 { firstInner = inner }
    }
    innerSource.value = 1
    graph.flush()
    outerSource.value = 1
    graph.flush()
    #expect(firstInner == nil)
    innerSource.value = 2
    graph.flush()
    outer.dispose()
    innerSource.value = 3
    graph.flush()
    #expect(
      log.entries == [
        "outer 0", "inner 0 sees 0",
        "inner 0 cleaned", "inner 0 sees 1",
        "inner 0 cleaned", "outer 1", "inner 1 sees 1",
        "inner 1 cleaned", "inner 1 sees 2",
        "inner 1 cleaned",
      ])
  }

  @Test func anEffectCreatedInsideUntrackedHasNoOwner() {
    let graph = Graph(executor: .manual)
    let outerSource = Cell(0)
    var kept: [Effect] = []
    let outer = Effect(in: graph) {
      _ = outerSource.value
      GraphEvaluation.untracked { kept.append(Effect(in: graph) {}) }
    }
    outerSource.value = 1
    graph.flush()
    #expect(kept.count == 2)
    #expect(kept.allSatisfy { !$0.isDisposed })
    withExtendedLifetime(outer) {}
  }

  @Test func anEffectScopeDisposesEverythingCreatedInside() {
    let graph = Graph(executor: .manual)
    let source = Cell(0)
    let log = Log()
    let scope = EffectScope()
    scope.run {
      onCleanup { log("scope cleaned") }
      for index in 0..<2 {
        _ = Effect(in: graph) {
          log("effect \(index) sees \(source.value)")
          onCleanup { log("effect \(index) cleaned") }
        }
      }
    }
    source.value = 1
    graph.flush()
    log.entries = []
    scope.dispose()
    source.value = 2
    graph.flush()
    #expect(log.entries == ["scope cleaned", "effect 1 cleaned", "effect 0 cleaned"])
    #expect(scope.isDisposed)
  }

  // MARK: Errors and cycles

  struct Failure: Error, Equatable {
    let code: Int
  }

  @Test func aThrowingDerivedValueCachesItsErrorUntilADependencyChanges() throws {
    let input = Cell(-1)
    var evaluations = 0
    let checked = Derived(
      name: "checked",
      throwing: { () throws -> Int in
        evaluations += 1
        if input.value < 0 { throw Failure(code: input.value) }
        return input.value * 10
      })
    let reader = Derived(name: "reader", throwing: { () throws -> Int in try checked.get() + 1 })
    #expect(throws: Failure(code: -1)) { try checked.get() }
    #expect(throws: Failure(code: -1)) { try checked.get() }
    #expect(throws: Failure(code: -1)) { try reader.get() }
    #expect(evaluations == 1)
    input.value = 3
    #expect(try checked.get() == 30)
    #expect(try reader.get() == 31)
    #expect(evaluations == 2)
    input.value = -2
    #expect(throws: Failure(code: -2)) { try reader.get() }
  }

  @Test func valueOfAFailedDerivedReportsAndReturnsTheLastGoodValue() {
    let input = Cell(1)
    let checked = Derived(
      name: "checked",
      throwing: { () throws -> Int in
        if input.value < 0 { throw Failure(code: input.value) }
        return input.value
      })
    #expect(checked.value == 1)
    input.value = -5
    let diagnostics = TrellisDiagnostics.capture { #expect(checked.value == 1) }
    #expect(diagnostics.map(\.kind) == [.evaluationFailed])
    #expect(diagnostics.first?.nodes == ["checked"])
  }

  @Test func aCycleThrowsItsPathFromGetAndRecoversOnceBroken() throws {
    let closeLoop = Cell(true)
    var second: Derived<Int>?
    let first = Derived(
      name: "first",
      throwing: { () throws -> Int in
        closeLoop.value ? try second!.get() + 1 : 1
      })
    second = Derived(name: "second", throwing: { () throws -> Int in try first.get() + 1 })
    #expect(throws: GraphError.dependencyCycle(path: ["first", "second", "first"])) {
      try first.get()
    }
    closeLoop.value = false
    #expect(try first.get() == 1)
    #expect(try second?.get() == 2)
  }

  @Test func aFirstValueReadThatClosesACycleStopsNamingTheReadToChange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        var second: Derived<Int>?
        let first = Derived(name: "A") { (second?.value ?? 0) + 1 }
        second = Derived(name: "B") { first.value + 1 }
        // The outer read throws; the read that cannot is `first.value` inside B.
        _ = try? first.get()
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      message.contains(
        "dependency cycle: A → B → A; 'A' has no previous value to return to its `value` (or `peek()`) read "
          + "in 'B'. Break the cycle, or read 'A' with `try get()` in 'B' to get a GraphError "
          + "instead."))
  }

  @Test func aRoundLimitBelowOneIsReportedAndOneIsUsed() {
    let graph = Graph(executor: .manual)
    let source = Cell(0)
    let log = Log()
    let diagnostics = TrellisDiagnostics.capture { graph.maximumRounds = 0 }
    #expect(graph.maximumRounds == 1)
    #expect(
      diagnostics.map(\.message) == [
        "Graph.maximumRounds was set to 0; an effect needs at least one run per flush, so 1 is "
          + "used instead."
      ])
    let effect = Effect(name: "plain", in: graph) { log("plain \(source.value)") }
    source.value = 1
    let flushDiagnostics = TrellisDiagnostics.capture { graph.flush() }
    #expect(flushDiagnostics.isEmpty)
    #expect(log.entries == ["plain 0", "plain 1"])
    _ = effect
  }

  // MARK: Untracked reads

  @Test func peekReadsWithoutRecordingADependency() {
    let graph = Graph(executor: .manual)
    let cell = Cell(1)
    let derived = Derived { cell.value * 2 }
    var runs = 0
    let effect = Effect(in: graph) {
      runs += 1
      _ = cell.peek()
      _ = derived.peek()
    }
    cell.value = 2
    graph.flush()
    #expect(runs == 1)
    #expect(derived.peek() == 4)
    withExtendedLifetime(effect) {}
  }

  // MARK: Deliberate differences

  @Test func deliberateDifferenceEffectsRunAtTheFlushNotInsideTheWrite() {
    // alien-signals runs an effect synchronously inside the write that invalidates it. Trellis
    // queues it and runs it once per flush, however many writes came before, as SwiftUI runs a
    // body once per update.
    let graph = Graph(executor: .manual)
    let source = Cell(0)
    var seen: [Int] = []
    let effect = Effect(in: graph) { seen.append(source.value) }
    source.value = 1
    source.value = 2
    #expect(seen == [0])
    graph.flush()
    #expect(seen == [0, 2])
    withExtendedLifetime(effect) {}
  }
}
