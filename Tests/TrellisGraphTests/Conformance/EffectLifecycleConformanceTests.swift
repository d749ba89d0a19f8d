import Testing
import TrellisGraph

/// An effect runs when created, again at a flush after what it read changed, runs its cleanups
/// before each re-run and when disposed, and once disposed (or released) never runs again.
///
/// After the "effect lifecycle" section of the public reactive-framework-test-suite (case numbers
/// beside each test). Trellis runs a stale effect in `Graph.flush()`, not inside the write that
/// made it stale as alien-signals does; the tests flush where the peer suite expects a run.
@Suite("Conformance: effect lifecycle")
@MainActor
struct EffectLifecycleConformanceTests {
  // Peer cases #35, #36.
  @Test("an effect runs when created, then once per flush after what it read changed")
  func runsAtCreationThenAtFlushes() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell("a")
    let effect = Effect(in: graph) { log(a.value) }
    #expect(log.take() == ["a"])
    #expect(effect.runCount == 1)
    a.value = "b"
    graph.flush()
    a.value = "c"
    graph.flush()
    #expect(log.take() == ["b", "c"])
    #expect(effect.runCount == 3)
    #expect(graph.runCount == 2)
    #expect(graph.flushCount == 2)
  }

  // The difference behind every effect test here: alien-signals re-runs an effect inside the
  // write, Trellis queues it for the next flush, so any number of writes cause one run.
  @Test("a write only queues the effect; it runs at the next flush (differs from alien-signals)")
  func writesQueueRunsForTheFlush() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let effect = Effect(name: "reader", in: graph) { log("reader \(a.value)") }
    #expect(log.take() == ["reader 0"])
    #expect(!graph.hasPendingWork)
    for value in 1...3 { a.value = value }
    #expect(log.take() == [])
    #expect(effect.isStale)
    #expect(graph.hasPendingWork)
    graph.flush()
    #expect(log.take() == ["reader 3"])
    #expect(!effect.isStale)
    #expect(!graph.hasPendingWork)
    graph.flush()
    #expect(graph.flushCount == 1)
  }

  @Test("an effect created with runImmediately false first runs when asked")
  func deferredFirstRun() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let effect = Effect(in: graph, runImmediately: false) { log("run \(a.value)") }
    a.value = 1
    graph.flush()
    #expect(log.take() == [])
    effect.scheduleRun()
    #expect(graph.hasPendingWork)
    graph.flush()
    a.value = 2
    graph.flush()
    effect.run()
    #expect(effect.runIfStale() == false)
    #expect(log.take() == ["run 1", "run 2", "run 2"])
  }

  // Peer cases #37, #143.
  @Test("a disposed effect never runs again, whatever is written")
  func disposalStopsRuns() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(0)
    let effect = Effect(in: graph) { log("run \(a.value) \(b.value)") }
    effect.dispose()
    #expect(effect.isDisposed)
    for value in 1...2 {
      a.value = value
      b.value = value
      graph.flush()
    }
    effect.run()
    effect.scheduleRun()
    #expect(effect.runIfStale() == false)
    graph.flush()
    #expect(log.take() == ["run 0 0"])
    #expect(effect.runCount == 1)
  }

  @Test("releasing an effect disposes it: it runs its cleanups and never runs again")
  func releaseIsDisposal() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    weak var released: Effect?
    do {
      let effect = Effect(in: graph) {
        log("run \(a.value)")
        onCleanup { log("cleanup") }
      }
      released = effect
      a.value = 1
    }
    #expect(released == nil)
    graph.flush()
    a.value = 2
    graph.flush()
    #expect(log.take() == ["run 0", "cleanup"])
  }

  // Peer case #38.
  @Test("cleanups run before each re-run, with the values of the run that registered them")
  func cleanupBeforeEachRun() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let effect = Effect(in: graph) {
      let value = a.value
      log("run \(value)")
      onCleanup { log("cleanup \(value)") }
    }
    for value in 1...2 {
      a.value = value
      graph.flush()
    }
    #expect(log.take() == ["run 0", "cleanup 0", "run 1", "cleanup 1", "run 2"])
    withExtendedLifetime(effect) {}
  }

  // Peer cases #39, #110.
  @Test("cleanups run once on disposal, most recent first, and a second dispose does nothing")
  func cleanupOnDisposal() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let effect = Effect(in: graph) {
      _ = a.value
      onCleanup { log("first") }
      onCleanup { log("second") }
    }
    #expect(log.take() == [])
    effect.dispose()
    #expect(log.take() == ["second", "first"])
    effect.dispose()
    #expect(log.take() == [])
  }

  @Test("onCleanup outside an effect or scope is reported and never runs")
  func cleanupOutsideAnEffect() {
    let log = Log()
    let a = Cell(1)
    let derived = Derived(name: "total") { () -> Int in
      onCleanup { log("derived cleanup") }
      return a.value
    }
    let diagnostics = TrellisDiagnostics.capture {
      onCleanup { log("top-level cleanup") }
      #expect(derived.value == 1)
      a.value = 2
      #expect(derived.value == 2)
    }
    #expect(diagnostics.map(\.kind) == [.invalidInput, .invalidInput, .invalidInput])
    let derivedMessage =
      "onCleanup(_:) was called while the derived value total computed, which must stay free "
      + "of side effects; the cleanup will never run. Register cleanups from inside an "
      + "Effect's body or an EffectScope.run(_:)."
    #expect(
      diagnostics.map(\.message) == [
        "onCleanup(_:) was called outside an effect or an EffectScope.run(_:); the cleanup "
          + "will never run. Register cleanups from inside an Effect's body.",
        derivedMessage, derivedMessage,
      ])
    #expect(diagnostics.map(\.nodes) == [[], ["total"], ["total"]])
    #expect(log.take() == [])
  }

  // Peer cases #40, #231.
  @Test("what a cleanup reads, tracked or untracked, is not a dependency of the effect")
  func cleanupReadsAreUntracked() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(100)
    let c = Cell(0)
    let effect = Effect(in: graph) {
      log("run \(a.value)")
      onCleanup {
        _ = b.value
        _ = GraphEvaluation.untracked { c.value }
      }
    }
    a.value = 1
    graph.flush()
    b.value = 200
    c.value = 1
    graph.flush()
    #expect(log.take() == ["run 0", "run 1"])
    #expect(!graph.hasPendingWork)
    withExtendedLifetime(effect) {}
  }

  // Peers cases #42, #124, #127.
  @Test("an effect disposed inside the transaction that wrote its input does not run")
  func disposedInsidePendingTransaction() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let effect = Effect(in: graph) { log("run \(a.value)") }
    graph.withTransaction {
      a.value = 1
      effect.dispose()
      a.value = 2
    }
    graph.flush()
    #expect(log.take() == ["run 0"])
    #expect(!graph.hasPendingWork)
  }

  // Peer cases #108, #141.
  @Test("an effect that disposes itself while running finishes that run and never runs again")
  func selfDisposal() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(0)
    var effect: Effect?
    effect = Effect(in: graph) {
      let value = a.value
      if value == 1 { effect?.dispose() }
      log("run \(value) \(b.value)")
    }
    a.value = 1
    graph.flush()
    b.value = 1
    graph.flush()
    a.value = 2
    graph.flush()
    #expect(log.take() == ["run 0 0", "run 1 0"])
    #expect(effect?.isDisposed == true)
  }

  // Peer case #111.
  @Test("an effect whose cleanup disposes it does not run again")
  func cleanupDisposes() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    var effect: Effect?
    effect = Effect(in: graph) {
      log("run \(a.value)")
      onCleanup {
        log("cleanup")
        effect?.dispose()
      }
    }
    a.value = 1
    graph.flush()
    a.value = 2
    graph.flush()
    #expect(log.take() == ["run 0", "cleanup"])
    #expect(effect?.isDisposed == true)
  }

  // Peer case #178.
  @Test("what a cleanup reads while another effect disposes it is not a dependency of that effect")
  func cleanupReadsDuringDisposalDoNotLeak() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(100)
    let inner = Effect(name: "inner", in: graph) {
      onCleanup { log("inner cleanup \(b.value)") }
    }
    let outer = Effect(name: "outer", in: graph) {
      let value = a.value
      log("outer \(value)")
      if value == 1 { inner.dispose() }
    }
    a.value = 1
    graph.flush()
    #expect(log.take() == ["outer 0", "outer 1", "inner cleanup 100"])
    b.value = 200
    #expect(!graph.hasPendingWork)
    graph.flush()
    #expect(log.take() == [])
    withExtendedLifetime(outer) {}
  }

  // Peer case #214.
  @Test("a derived value an effect creates on each run reads the latest input")
  func derivedRecreatedEachRun() {
    let graph = Graph(executor: .manual)
    let a = Cell(1)
    var latest: Derived<Int>?
    let effect = Effect(in: graph) {
      let derived = Derived { a.value }
      _ = a.value
      latest = derived
    }
    #expect(latest?.value == 1)
    for value in 2...3 {
      a.value = value
      graph.flush()
      #expect(latest?.value == value)
    }
    #expect(effect.runCount == 3)
  }

  // Peer cases #201, #202.
  @Test("an effect disposed by a derived value it reads is skipped, and its sibling still runs")
  func disposedByItsOwnInput() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let s = Cell(0)
    var victim: Effect?
    let a = Derived { () -> Int in
      if s.value == 1 { victim?.dispose() }
      return s.value
    }
    victim = Effect(name: "victim", in: graph) { log("victim \(a.value)") }
    let sibling = Effect(name: "sibling", in: graph) { log("sibling \(a.value)") }
    for value in 1...3 {
      s.value = value
      graph.flush()
    }
    #expect(log.take() == ["victim 0", "sibling 0", "sibling 1", "sibling 2", "sibling 3"])
    #expect(victim?.isDisposed == true)
    withExtendedLifetime(sibling) {}
  }

  // Peer case #203.
  @Test("an effect disposed by one input while another recomputes unchanged stops cleanly")
  func disposedWhileASiblingIsUnchanged() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let s = Cell(0)
    var effect: Effect?
    let unchanged = Derived { () -> Int in
      _ = s.value
      return 0
    }
    let disposer = Derived { () -> Int in
      if s.value != 0 { effect?.dispose() }
      return s.value
    }
    let both = Derived { () -> Int in
      _ = unchanged.value
      _ = disposer.value
      return 0
    }
    effect = Effect(in: graph) { log("run \(both.value)") }
    s.value = 1
    graph.flush()
    s.value = 2
    graph.flush()
    #expect(log.take() == ["run 0"])
    #expect(effect?.isDisposed == true)
    #expect(!graph.hasPendingWork)
  }

  // Peer case #216.
  @Test("effects reading one cell run in creation order")
  func creationOrder() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let effects = (1...3).map { index in Effect(in: graph) { log("\(index): \(a.value)") } }
    for value in 1...2 {
      a.value = value
      graph.flush()
    }
    #expect(log.take() == ["1: 0", "2: 0", "3: 0", "1: 1", "2: 1", "3: 1", "1: 2", "2: 2", "3: 2"])
    withExtendedLifetime(effects) {}
  }

  // Peer case #217.
  @Test("a new effect on a cell whose previous effect was disposed works normally")
  func newEffectAfterDisposal() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let first = Effect(in: graph) { log("first \(a.value)") }
    first.dispose()
    a.value = 1
    graph.flush()
    let second = Effect(in: graph) { log("second \(a.value)") }
    a.value = 2
    graph.flush()
    #expect(log.take() == ["first 0", "second 1", "second 2"])
    withExtendedLifetime(second) {}
  }

  // Peer case #222. Trellis differs from alien-signals: an effect created in a cleanup belongs
  // to nobody, and an effect nobody holds is released, which disposes it; the cleanup keeps it.
  @Test(
    "an effect a cleanup creates runs and tracks its own inputs while held (differs from alien-signals)"
  )
  func effectCreatedInACleanup() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(0)
    var created: [Effect] = []
    let outer = Effect(in: graph) {
      _ = a.value
      onCleanup {
        created.append(Effect(in: graph) { log("inner \(b.value)") })
      }
    }
    #expect(log.take() == [])
    a.value = 1
    graph.flush()
    #expect(log.take() == ["inner 0"])
    b.value = 1
    graph.flush()
    #expect(log.take() == ["inner 1"])
    #expect(created.count == 1)
    withExtendedLifetime(outer) {}
  }

  // Peer cases #229, #233.
  @Test("a cleanup reads derived values up to date, including after its own write")
  func cleanupSeesFreshValues() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(0)
    let tenfold = Derived { a.value * 10 }
    let mirror = Derived { b.value }
    let effect = Effect(in: graph) {
      _ = a.value
      onCleanup {
        b.value = 99
        log("cleanup \(tenfold.value) \(mirror.value)")
      }
    }
    for value in 1...2 {
      a.value = value
      graph.flush()
    }
    #expect(log.take() == ["cleanup 10 99", "cleanup 20 99"])
    withExtendedLifetime(effect) {}
  }

  // Peer cases #120, #230.
  @Test("a write made by a cleanup is seen by the other effects in the same flush")
  func cleanupWriteReachesOtherEffects() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(0)
    let writer = Effect(in: graph) {
      _ = a.value
      onCleanup { b.value = b.peek() + 1 }
    }
    let reader = Effect(in: graph) { log("reader \(b.value)") }
    graph.withTransaction { a.value = 1 }
    graph.flush()
    #expect(log.take() == ["reader 0", "reader 1"])
    #expect(graph.flushCount == 1)
    withExtendedLifetime((writer, reader)) {}
  }

  // Peer case #236: bounded, and here not even repeated. The cleanup's write lands before the
  // run that follows it reads the input, so that run is up to date.
  @Test("a cleanup that writes its own effect's input does not make the effect run again")
  func cleanupWritesItsOwnInput() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    var runs = 0
    let effect = Effect(in: graph) {
      runs += 1
      log("run \(a.value)")
      onCleanup { if runs < 5 { a.value = a.peek() + 1 } }
    }
    a.value = 1
    let diagnostics = TrellisDiagnostics.capture { graph.flush() }
    #expect(diagnostics == [])
    #expect(log.take() == ["run 0", "run 2"])
    #expect(!graph.hasPendingWork)
    withExtendedLifetime(effect) {}
  }

  @Test("an effect explains its run with the sources that changed, unless told not to")
  func runReasons() {
    let graph = Graph(executor: .manual)
    let a = Cell(0, name: "a")
    let b = Cell(0, name: "b")
    let effect = Effect(in: graph) { _ = a.value + b.value }
    #expect(effect.recordsReasons)
    #expect(effect.lastRunReasons.isEmpty)
    a.value = 1
    graph.flush()
    #expect(effect.lastRunReasons.map(\.description) == ["a"])
    effect.recordsReasons = false
    b.value = 1
    graph.flush()
    #expect(effect.lastRunReasons.isEmpty)
    #expect(effect.runCount == 3)
  }

  @Test("run reasons stay exact when a run has the same reason as the one before, or others")
  func repeatedRunReasons() {
    let graph = Graph(executor: .manual)
    let a = Cell(0, name: "a")
    let b = Cell(0, name: "b")
    let c = Cell(0, name: "c")
    let doubled = Derived(name: "doubled") { a.value * 2 }
    let effect = Effect(in: graph) { _ = doubled.value + b.value + c.value }
    for value in 1...3 {
      a.value = value
      graph.flush()
      #expect(effect.lastRunReasons.map(\.description) == ["doubled"])
    }
    b.value = 1
    graph.flush()
    #expect(effect.lastRunReasons.map(\.description) == ["b"])
    c.value = 1
    b.value = 2
    graph.flush()
    #expect(effect.lastRunReasons.map(\.description) == ["c", "b"])
    a.value = 5
    graph.flush()
    #expect(effect.lastRunReasons.map(\.description) == ["doubled"])
    effect.run()
    #expect(effect.lastRunReasons.isEmpty)
    a.value = 6
    graph.flush()
    #expect(effect.lastRunReasons.map(\.description) == ["doubled"])
    #expect(effect.runCount == 9)
  }

  @Test("a run reason names a dependency that the run dropped and that was released")
  func runReasonOfAReleasedDependency() {
    let graph = Graph(executor: .manual)
    let useTemporary = Cell(true, name: "useTemporary")
    var temporary: Cell<Int>? = Cell(0, name: "temporary")
    let effect = Effect(in: graph) { [weak temporary] in
      if useTemporary.value { _ = temporary?.value }
    }
    temporary?.value = 1
    useTemporary.value = false
    temporary = nil
    graph.flush()
    #expect(effect.lastRunReasons.map(\.description) == ["temporary", "useTemporary"])
  }
}
