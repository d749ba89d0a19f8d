import Testing
import TrellisGraph

/// An effect created while another runs belongs to it: the owner disposes it before re-running
/// and when disposed, down any number of levels, while the owned effect tracks its own inputs.
/// An `EffectScope` owns what is created inside `run(_:)` the same way.
///
/// After the "nested effects" section of the public reactive-framework-test-suite and its cleanup
/// ordering cases (case numbers beside each test). Effects run in `Graph.flush()`, so the tests
/// flush where the peer suite expects a run at the write.
@Suite("Conformance: nested effects")
@MainActor
struct NestedEffectConformanceTests {
  // Peer cases #43, #48.
  @Test("an effect created inside another runs at once, after its owner started, with its values")
  func innerRunsInsideOuter() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let outer = Effect(in: graph) {
      let value = a.value
      log("outer \(value)")
      _ = Effect(in: graph) { log("inner sees \(value)") }
      log("outer done")
    }
    #expect(log.take() == ["outer 0", "inner sees 0", "outer done"])
    a.value = 1
    graph.flush()
    #expect(log.take() == ["outer 1", "inner sees 1", "outer done"])
    withExtendedLifetime(outer) {}
  }

  // After alien-signals' "should not run untracked inner effect". Found by a user: a child at
  // the default depth (0) of a parent at depth 1 ran first, stale, before the parent's re-run
  // disposed it.
  @Test("an inner effect never runs before the deeper owner that stops creating it")
  func innerEffectGoesDeeperThanItsOwner() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(3)
    let outer = Effect(in: graph, depth: 1) {
      if a.value > 0 {
        _ = Effect(in: graph) { log("inner \(a.value)") }
      }
    }
    #expect(log.take() == ["inner 3"])
    a.value = 0
    graph.flush()
    #expect(log.take() == [])
    a.value = 2
    graph.flush()
    #expect(log.take() == ["inner 2"])
    withExtendedLifetime(outer) {}
  }

  // Found by a user trying extreme depths: the child of an effect at `Int.max` wrapped to
  // `Int.min` and ran, stale, before the parent's re-run disposed it.
  @Test("the child of an effect at the greatest depth still runs after it")
  func innerEffectOfTheDeepestOwnerRunsAfterIt() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(1)
    let outer = Effect(in: graph, depth: .max) {
      log("outer \(a.value)")
      _ = Effect(in: graph) { log("inner \(a.value)") }
    }
    #expect(log.take() == ["outer 1", "inner 1"])
    a.value = 2
    graph.flush()
    // The old child is disposed by the parent's re-run before it could run.
    #expect(log.take() == ["outer 2", "inner 2"])
    withExtendedLifetime(outer) {}
  }

  // Peer case #45. Trellis differs from alien-signals: an effect created inside
  // `GraphEvaluation.untracked` has no owner and, like any effect nobody holds, is released
  // (so disposed) unless the code that made it keeps it.
  @Test(
    "an effect created untracked has no owner: it outlives its creator's re-runs while held (differs from alien-signals)"
  )
  func untrackedInnerHasNoOwner() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(0)
    var held: [Effect] = []
    let outer = Effect(in: graph) {
      log("outer \(b.value)")
      GraphEvaluation.untracked {
        held.append(Effect(in: graph) { log("inner \(a.value)") })
      }
    }
    a.value = 1
    graph.flush()
    b.value = 1
    graph.flush()
    a.value = 2
    graph.flush()
    #expect(
      log.take() == ["outer 0", "inner 0", "inner 1", "outer 1", "inner 1", "inner 2", "inner 2"])
    #expect(held.map(\.isDisposed) == [false, false])
    withExtendedLifetime(outer) {}
  }

  // Peer case #46.
  @Test("reading a cell twice in one run subscribes once: one run per change")
  func duplicateReadsRunOnce() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let effect = Effect(in: graph) { log("run \(a.value + a.value)") }
    a.value = 1
    graph.flush()
    #expect(log.take() == ["run 0", "run 2"])
    withExtendedLifetime(effect) {}
  }

  // Peer case #47.
  @Test("an effect that writes a cell before first reading it runs once and sees the write")
  func writeBeforeFirstRead() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    var runs = 0
    let effect = Effect(in: graph) {
      runs += 1
      if runs == 1 { a.value = 1 }
      log("run \(a.value)")
    }
    graph.flush()
    #expect(log.take() == ["run 1"])
    #expect(!graph.hasPendingWork)
    withExtendedLifetime(effect) {}
  }

  // Peer cases #163, #164.
  @Test(
    "an owned effect tracks its own inputs, and its owner's creating writes do not re-run the owner"
  )
  func innerTracksItsOwnInputs() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(0)
    let outer = Effect(in: graph) {
      log("outer \(a.value)")
      let local = Cell(0)
      _ = Effect(in: graph) { log("inner \(b.value) \(local.value)") }
      local.value = 1
    }
    graph.flush()
    #expect(log.take() == ["outer 0", "inner 0 0", "inner 0 1"])
    b.value = 1
    graph.flush()
    #expect(log.take() == ["inner 1 1"])
    a.value = 1
    graph.flush()
    #expect(log.take() == ["outer 1", "inner 1 0", "inner 1 1"])
    withExtendedLifetime(outer) {}
  }

  // Peer case #170.
  @Test("an owned effect does not run when the value it reads recomputes equal")
  func innerCutOff() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let parity = Derived { a.value % 2 }
    let outer = Effect(in: graph) {
      _ = Effect(in: graph) { log("inner \(parity.value)") }
    }
    a.value = 2
    graph.flush()
    #expect(log.take() == ["inner 0"])
    withExtendedLifetime(outer) {}
  }

  // Peer case #209.
  @Test("disposing an effect disposes what it owns, three levels down")
  func cascadingDisposal() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    var middles: [Effect] = []
    var inners: [Effect] = []
    let outer = Effect(in: graph) {
      _ = a.value
      let middle = Effect(in: graph) {
        log("middle \(a.value)")
        inners.append(Effect(in: graph) { log("inner \(a.value)") })
      }
      middles.append(middle)
    }
    #expect(log.take() == ["middle 0", "inner 0"])
    outer.dispose()
    a.value = 1
    graph.flush()
    #expect(log.take() == [])
    #expect((middles + inners).allSatisfy { $0.isDisposed })
  }

  // Peer case #210.
  @Test("an owner's re-run disposes every effect the previous run created")
  func reRunReplacesOwnedEffects() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(0)
    let c = Cell(0)
    var created: [Effect] = []
    let outer = Effect(in: graph) {
      log("outer \(a.value)")
      created.append(Effect(in: graph) { log("b \(b.value)") })
      created.append(Effect(in: graph) { log("c \(c.value)") })
    }
    a.value = 1
    graph.flush()
    #expect(log.take() == ["outer 0", "b 0", "c 0", "outer 1", "b 0", "c 0"])
    #expect(created.map(\.isDisposed) == [true, true, false, false])
    b.value = 1
    graph.flush()
    c.value = 1
    graph.flush()
    #expect(log.take() == ["b 1", "c 1"])
    withExtendedLifetime(outer) {}
  }

  // Peer cases #226, #227, #228.
  @Test("an owner keeps responding to its own inputs after its owned effects re-ran alone")
  func ownerKeepsItsInputs() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b1 = Cell(0)
    let b2 = Cell(0)
    let outer = Effect(in: graph) {
      log("outer \(a.value)")
      _ = Effect(in: graph) { log("first \(b1.value)") }
      _ = Effect(in: graph) { log("second \(b2.value)") }
    }
    #expect(log.take() == ["outer 0", "first 0", "second 0"])
    for value in 1...3 {
      b1.value = value
      graph.flush()
    }
    #expect(log.take() == ["first 1", "first 2", "first 3"])
    a.value = 1
    graph.flush()
    #expect(log.take() == ["outer 1", "first 3", "second 0"])
    withExtendedLifetime(outer) {}
  }

  // Peer cases #237, #241, #243.
  @Test("on an owner's re-run, owned cleanups run innermost first, then the owner's, then the run")
  func cleanupOrderOnReRun() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(0)
    let outer = Effect(in: graph) {
      let value = a.value
      log("outer \(value)")
      onCleanup { log("outer cleanup \(value)") }
      _ = Effect(in: graph) {
        log("middle")
        onCleanup { log("middle cleanup") }
        _ = Effect(in: graph) {
          log("inner \(b.value)")
          onCleanup { log("inner cleanup") }
        }
      }
    }
    #expect(log.take() == ["outer 0", "middle", "inner 0"])
    b.value = 1
    graph.flush()
    #expect(log.take() == ["inner cleanup", "inner 1"])
    a.value = 1
    graph.flush()
    #expect(
      log.take() == [
        "inner cleanup", "middle cleanup", "outer cleanup 0", "outer 1", "middle", "inner 1",
      ])
    withExtendedLifetime(outer) {}
  }

  // Peer case #238.
  @Test("on disposal, owned cleanups run innermost first, then the owner's")
  func cleanupOrderOnDisposal() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let outer = Effect(in: graph) {
      onCleanup { log("outer cleanup") }
      _ = Effect(in: graph) {
        onCleanup { log("inner cleanup") }
      }
    }
    outer.dispose()
    #expect(log.take() == ["inner cleanup", "outer cleanup"])
  }

  // Peer case #244 (a probe where libraries differ): alien-signals and `EffectScope` dispose
  // siblings most recent first.
  @Test("an owner disposes its effects most recent first, as a scope does")
  func siblingDisposalOrder() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let outer = Effect(in: graph) {
      for index in 1...3 {
        _ = Effect(in: graph) { onCleanup { log("\(index)") } }
      }
    }
    let scope = EffectScope()
    scope.run {
      for index in 1...3 {
        _ = Effect(in: graph) { onCleanup { log("scope \(index)") } }
      }
    }
    scope.dispose()
    #expect(log.take() == ["scope 3", "scope 2", "scope 1"])
    outer.dispose()
    let order = log.take()
    #expect(order.sorted() == ["1", "2", "3"])
    #expect(order == ["3", "2", "1"])
  }

  // Peer case #242.
  @Test("an effect created in a derived computation has no owner and survives its recomputation")
  func effectCreatedInADerivedValue() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    var created: [Effect] = []
    let derived = Derived { () -> Int in
      let value = a.value
      created.append(
        Effect(in: graph) {
          log("effect \(value)")
          onCleanup { log("cleanup \(value)") }
        })
      return value
    }
    #expect(derived.value == 0)
    a.value = 1
    #expect(derived.value == 1)
    #expect(log.take() == ["effect 0", "effect 1"])
    #expect(created.map(\.isDisposed) == [false, false])
    created.removeAll()
    #expect(log.take() == ["cleanup 0", "cleanup 1"])
  }

  @Test("a scope owns the effects created in it; its reads are untracked; disposal stops them")
  func effectScope() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let scope = EffectScope()
    let observed = scope.run { () -> Int in
      _ = Effect(in: graph) {
        log("effect \(a.value)")
        onCleanup { log("effect cleanup") }
      }
      onCleanup { log("scope cleanup") }
      return a.value
    }
    #expect(observed == 0)
    a.value = 1
    graph.flush()
    #expect(log.take() == ["effect 0", "effect cleanup", "effect 1"])
    scope.dispose()
    #expect(scope.isDisposed)
    #expect(log.take() == ["scope cleanup", "effect cleanup"])
    a.value = 2
    graph.flush()
    let late = TrellisDiagnostics.capture {
      scope.run { _ = Effect(in: graph) { log("after disposal \(a.value)") } }
    }
    #expect(
      late.map(\.message) == [
        "'EffectScope' was run after it was disposed; the effects created in it are disposed "
          + "when run(_:) returns, so they run once and never again. Create a new EffectScope."
      ])
    #expect(late.map(\.nodes) == [["EffectScope"]])
    a.value = 3
    graph.flush()
    #expect(log.take() == ["after disposal 2"])
    scope.dispose()
  }

  @Test("a scope created while an effect runs is disposed with the effect's next run")
  func scopeOwnedByAnEffect() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    let b = Cell(0)
    let outer = Effect(in: graph) {
      let run = a.value
      EffectScope().run {
        _ = Effect(in: graph) {
          log("scoped \(run): \(b.value)")
          onCleanup { log("scoped cleanup \(run)") }
        }
      }
    }
    b.value = 1
    graph.flush()
    a.value = 1
    graph.flush()
    #expect(
      log.take() == [
        "scoped 0: 0", "scoped cleanup 0", "scoped 0: 1", "scoped cleanup 0", "scoped 1: 1",
      ])
    withExtendedLifetime(outer) {}
  }

  @Test("releasing a scope disposes what it owns")
  func releasingAScope() {
    let graph = Graph(executor: .manual)
    let log = Log()
    let a = Cell(0)
    weak var weakScope: EffectScope?
    do {
      let scope = EffectScope()
      weakScope = scope
      scope.run { _ = Effect(in: graph) { log("scoped \(a.value)") } }
    }
    #expect(weakScope == nil)
    a.value = 1
    graph.flush()
    #expect(log.take() == ["scoped 0"])
  }
}
