import Testing
import TrellisGraph

/// Cycles never hang or crash. A derived value that depends on itself is a dependency cycle:
/// `get()` throws `GraphError.dependencyCycle` with the path, `value` reports it and returns the
/// previous value, and both recover once the cycle is broken. Effects that keep invalidating
/// each other are an update cycle: the flush stops after `maximumRounds` runs of one effect and
/// reports it.
///
/// After the "cycles" section of the public reactive-framework-test-suite (case numbers beside
/// each test). The peer suite accepts any bounded outcome; these tests pin down Trellis's.
@Suite("Conformance: cycles")
@MainActor
struct CycleConformanceTests {
  // Peer cases #61, #62. Trellis differs from alien-signals, which never re-runs an effect for
  // its own write: here the effect's write makes it stale again, so it runs until the flush
  // stops it as an update cycle.
  @Test(
    "an effect that increments what it reads is stopped as an update cycle (differs from alien-signals)"
  )
  func selfIncrementingEffect() {
    let graph = Graph(executor: .manual)
    graph.maximumRounds = 10
    let a = Cell(0, name: "a")
    let effect = Effect(name: "incrementer", in: graph) { a.value = a.value + 1 }
    #expect(a.value == 1)
    let diagnostics = TrellisDiagnostics.capture { graph.flush() }
    #expect(diagnostics.map(\.kind) == [.updateCycle])
    #expect(diagnostics.first?.nodes == ["incrementer"])
    #expect(effect.runCount == 11)
    #expect(a.value == 11)
    #expect(!graph.hasPendingWork)
    // Stopped, not broken: a write from outside runs it again (into the same cycle).
    a.value = 100
    let again = TrellisDiagnostics.capture { graph.flush() }
    #expect(again.map(\.kind) == [.updateCycle])
    #expect(effect.runCount == 21)
  }

  // Peer case #63.
  @Test("a branch that starts writing what the effect reads is stopped as an update cycle")
  func dynamicallyCreatedCycle() {
    let graph = Graph(executor: .manual)
    graph.maximumRounds = 5
    let condition = Cell(false)
    let a = Cell(0)
    let effect = Effect(name: "brancher", in: graph) {
      if condition.value {
        a.value = a.value + 1
      } else {
        _ = a.value
      }
    }
    graph.flush()
    #expect(effect.runCount == 1)
    condition.value = true
    let diagnostics = TrellisDiagnostics.capture { graph.flush() }
    #expect(diagnostics.map(\.kind) == [.updateCycle])
    #expect(effect.runCount == 6)
    #expect(a.value == 5)
  }

  // Peer cases #64, #221, #223.
  @Test(
    "effects that invalidate each other in a ring are stopped, naming the effects involved",
    arguments: [2, 3])
  func effectRing(length: Int) {
    let graph = Graph(executor: .manual)
    graph.maximumRounds = 4
    let cells = (0..<length).map { Cell(0, name: "cell\($0)") }
    let effects = (0..<length).map { index in
      let input = cells[index]
      let output = cells[(index + 1) % length]
      let through = Derived { input.value }
      return Effect(name: "effect\(index)", in: graph) {
        let value = through.value
        if value < 100 { output.value = value + 1 }
      }
    }
    // Creating the ring already runs each effect once and leaves the first one stale; the flush
    // then runs each of them `maximumRounds` times and stops when the first would run again.
    let diagnostics = TrellisDiagnostics.capture { graph.flush() }
    #expect(diagnostics.map(\.kind) == [.updateCycle])
    // Every effect of the ring, not only the one that reached the limit.
    #expect(diagnostics.first?.nodes == (0..<length).map { "effect\($0)" })
    #expect(effects.map(\.runCount) == Array(repeating: 5, count: length))
    #expect(cells.map(\.value) == [2: [10, 9], 3: [15, 13, 14]][length])
    #expect(!graph.hasPendingWork)
  }

  // Peer case #150.
  @Test(
    "two derived values that become mutually dependent throw a cycle with its path, then recover")
  func mutualCycle() throws {
    let closed = Cell(false)
    var second: Derived<Int>?
    let first = Derived(
      name: "first",
      throwing: { () throws -> Int in
        closed.value ? try second!.get() + 1 : 0
      })
    second = Derived(name: "second", throwing: { try first.get() + 1 })
    #expect(try second?.get() == 1)
    closed.value = true
    let diagnostics = TrellisDiagnostics.capture {
      #expect(throws: GraphError.dependencyCycle(path: ["first", "second", "first"])) {
        try first.get()
      }
    }
    #expect(diagnostics == [])
    closed.value = false
    #expect(try first.get() == 0)
    #expect(try second?.get() == 1)
  }

  @Test(
    "a cycle met on first evaluation throws its path, and both values recover when it is broken")
  func firstEvaluationCycle() throws {
    let closed = Cell(true)
    let second = Later<Derived<Int>>()
    let first = Derived(
      name: "first",
      throwing: { () throws -> Int in
        closed.value ? try second.object!.get() + 1 : 0
      })
    second.object = Derived(name: "second", throwing: { try first.get() + 1 })
    let diagnostics = TrellisDiagnostics.capture {
      #expect(throws: GraphError.dependencyCycle(path: ["first", "second", "first"])) {
        try first.get()
      }
    }
    #expect(diagnostics == [])
    closed.value = false
    #expect(try first.get() == 0)
    #expect(try second.object!.get() == 1)
  }

  @Test(
    "a cycle closed while its first value is being checked, not evaluated, names the whole path")
  func cycleClosedDuringACheck() throws {
    let closed = Cell(false)
    let first = Later<Derived<Int>>()
    // `second` is the one a check re-evaluates: `first` is only being checked when `second`
    // reads it, so the path has to run through the check, not only the evaluations.
    let second = Derived(
      name: "second",
      throwing: { () throws -> Int in
        closed.value ? try first.object!.get() + 1 : 0
      })
    first.object = Derived(name: "first", throwing: { try second.get() + 1 })
    #expect(try first.object!.get() == 1)
    closed.value = true
    let cycle = GraphError.dependencyCycle(path: ["first", "second", "first"])
    let diagnostics = TrellisDiagnostics.capture {
      #expect(throws: cycle) { try first.object!.get() }
      #expect(throws: cycle) { try second.get() }
      // Read again: both are still on the cycle, checked again, with the same path.
      #expect(throws: cycle) { try first.object!.get() }
    }
    #expect(diagnostics == [])
    closed.value = false
    #expect(try first.object!.get() == 1)
    #expect(try second.get() == 0)
  }

  @Test("a plain read that closes a cycle during a check reports the whole path")
  func plainReadClosingACycleDuringACheck() {
    let closed = Cell(false)
    let first = Later<Derived<Int>>()
    let second = Derived(name: "second") { closed.value ? first.object!.value + 1 : 0 }
    first.object = Derived(name: "first") { second.value + 1 }
    #expect(first.object!.value == 1)
    var values: [Int] = []
    let diagnostics = TrellisDiagnostics.capture {
      closed.value = true
      values = [first.object!.value, second.value]
    }
    // One report per read: the first closes the cycle, the second reads a value computed on it.
    #expect(diagnostics.map(\.kind) == [.dependencyCycle, .dependencyCycle])
    #expect(
      diagnostics.map(\.nodes) == [["first", "second", "first"], ["first", "second", "first"]])
    #expect(
      diagnostics.map(\.message) == [
        "'first' depends on itself through first → second → first; its read in 'second', "
          + "inside the cycle, returns its previous value.",
        "'second' was computed on the dependency cycle first → second → first; the read "
          + "returns that value until a value on the cycle changes. Break the cycle so that no "
          + "value depends on itself.",
      ])
    // `second` read `first`'s previous value (1); `first` then read the new `second`.
    #expect(values == [3, 2])
  }

  @Test("a plain read of a value on a cycle reports it and returns the previous value")
  func plainReadOfACycle() {
    let closed = Cell(false)
    var second: Derived<Int>?
    let first = Derived(name: "first") { closed.value ? (second?.value ?? 0) + 1 : 0 }
    second = Derived(name: "second") { first.value + 1 }
    #expect(second?.value == 1)
    var values: [Int] = []
    let diagnostics = TrellisDiagnostics.capture {
      closed.value = true
      values.append(first.value)
      values.append(second?.value ?? -1)
    }
    #expect(diagnostics.map(\.kind) == [.dependencyCycle, .dependencyCycle])
    #expect(
      diagnostics.map(\.nodes) == [["first", "second", "first"], ["first", "second", "first"]])
    #expect(values == [2, 3])
    closed.value = false
    let recovered = TrellisDiagnostics.capture {
      values = [first.value, second?.value ?? -1]
    }
    #expect(recovered == [])
    #expect(values == [0, 1])
  }

  // Found by a new user: after the first report, both values were read silently, each
  // computed from the other's previous value (3 and 4, where either sum is off by two).
  @Test(
    "values on a closed cycle keep the values they got, every read reports the cycle, and both recover"
  )
  func closedCycleReportsEveryRead() throws {
    let on = Cell(false, name: "on")
    let d = Later<Derived<Int>>()
    let c = Derived(name: "c") { on.value ? d.object!.value + 1 : 1 }
    d.object = Derived(name: "d") { c.value + 1 }
    #expect([c.value, d.object!.value] == [1, 2])
    on.value = true
    var values: [Int] = []
    let diagnostics = TrellisDiagnostics.capture {
      for _ in 0..<3 { values += [c.value, d.object!.value] }
    }
    #expect(values == [3, 4, 3, 4, 3, 4])
    #expect(diagnostics.map(\.nodes) == Array(repeating: ["c", "d", "c"], count: 6))
    #expect(diagnostics.first?.message.hasPrefix("'d' depends on itself through") == true)
    #expect(diagnostics.last?.message.hasPrefix("'d' was computed on the dependency cycle") == true)
    // `get()` throws where `value` reports.
    let cycle = GraphError.dependencyCycle(path: ["c", "d", "c"])
    #expect(throws: cycle) { try c.get() }
    #expect(throws: cycle) { try d.object!.get() }
    // An effect reading the cycle is told at each run, and is not run again for it.
    let graph = Graph(executor: .manual)
    var seen: [Int] = []
    let effects = TrellisDiagnostics.capture {
      let effect = Effect(name: "reader", in: graph) { seen.append(c.value) }
      graph.flush()
      on.value = false
      graph.flush()
      withExtendedLifetime(effect) {}
    }
    #expect(seen == [3, 1])
    #expect(effects.map(\.nodes) == [["c", "d", "c"]])
    #expect(TrellisDiagnostics.capture { values = [c.value, d.object!.value] } == [])
    #expect(values == [1, 2])
    #expect(try d.object!.get() == 2)
  }

  @Test("a value read from a cycle recovers when the cycle's value recomputes to an equal one")
  func closedCycleRecoversThroughAnEqualValue() {
    let on = Cell(false, name: "on")
    let base = Cell(1, name: "base")
    let d = Later<Derived<Int>>()
    let c = Derived(name: "c") { on.value ? d.object!.value + 1 : base.value }
    d.object = Derived(name: "d") { c.value + 1 }
    #expect([c.value, d.object!.value] == [1, 2])
    on.value = true
    let reader = Derived(name: "reader") { c.value * 10 }
    let closed = TrellisDiagnostics.capture { #expect(reader.value == 30) }
    #expect(closed.map(\.nodes) == [["c", "d", "c"]])
    // Open again, `c` recomputes to 3, the value it had on the cycle: `reader` still evaluates
    // again, and no longer reports.
    base.value = 3
    on.value = false
    let open = TrellisDiagnostics.capture { #expect([reader.value, c.value] == [30, 3]) }
    #expect(open == [])
  }

  // Peer case #151.
  @Test("a computation that reads itself inside untracked is still a cycle")
  func selfReadInsideUntracked() throws {
    let log = Log()
    let me = Later<Derived<Int>>()
    let c = Derived(
      name: "self",
      throwing: { () throws -> Int in
        GraphEvaluation.untracked {
          do {
            return try me.object!.get() + 1
          } catch {
            log("\(error)")
            return 0
          }
        }
      })
    me.object = c
    #expect(try c.get() == 0)
    let caught = log.take()
    #expect(caught.count == 1)
    #expect(caught == ["dependency cycle: self → self"])
  }

  // Peer cases #152, #153.
  @Test("a value that starts reading itself catches the cycle, and recovers when it stops")
  func conditionalSelfCycle() throws {
    let log = Log()
    let a = Cell(0)
    let me = Later<Derived<Int>>()
    let c = Derived(
      name: "c",
      throwing: { () throws -> Int in
        let value = a.value
        if value == 0 {
          do {
            return try me.object!.get()
          } catch {
            log("\(error)")
            return -1
          }
        }
        return value
      })
    me.object = c
    #expect(try c.get() == -1)
    a.value = 1
    #expect(try c.get() == 1)
    a.value = 0
    #expect(try c.get() == -1)
    #expect(log.take() == ["dependency cycle: c → c", "dependency cycle: c → c"])
  }

  @Test("an effect asked to run from inside its own run is reported and not re-entered")
  func reentrantRun() {
    let graph = Graph(executor: .manual)
    let log = Log()
    var effect: Effect?
    let diagnostics = TrellisDiagnostics.capture {
      effect = Effect(name: "reentrant", in: graph) {
        log("run")
        effect?.run()
      }
      effect?.run()
    }
    #expect(log.take() == ["run", "run"])
    #expect(diagnostics.map(\.kind) == [.dependencyCycle])
    #expect(diagnostics.first?.nodes == ["reentrant"])
  }
}
