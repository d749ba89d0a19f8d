import Testing

@testable import TrellisGraph

/// A flush, or an effect's `runIfStale()`, asked for from inside a computation: it does
/// nothing, says so once, and loses nothing.
@MainActor
@Suite struct FlushInsideComputationTests {
  // Found by a new user: a flush inside a derived value's computation ran the queued effect,
  // whose check took the value being computed as unchanged; the effect was cleared and never
  // saw the new value.
  @Test func aFlushInsideADerivedComputationLeavesTheQueuedEffectsForTheNextFlush() {
    let graph = Graph(executor: .manual)
    let a = Cell(0)
    var seen: [Int] = []
    var effect: Effect?
    let diagnostics = TrellisDiagnostics.capture {
      let flushing = Derived(name: "Flushing") { () -> Int in
        graph.flush()
        return a.value
      }
      // Its first computation, inside the effect's first run, has nothing queued: no report.
      effect = Effect(in: graph) { seen.append(flushing.value) }
      a.value = 1
      #expect(flushing.value == 1)
    }
    #expect(
      diagnostics == [
        TrellisDiagnostic(
          kind: .invalidInput, nodes: ["Flushing"],
          message:
            "flush() was called while 'Flushing' was being computed; it did nothing, and the "
            + "queued effects run at the next flush. Flush from outside computations.")
      ])
    #expect(seen == [0])
    #expect(effect?.isStale == true)
    #expect(graph.hasPendingWork)
    graph.flush()
    #expect(seen == [0, 1])
    #expect(!graph.hasPendingWork)
  }

  @Test func aFlushFromAnEffectRunInsideADerivedComputationLeavesTheQueuedEffects() {
    let graph = Graph(executor: .manual)
    let a = Cell(0)
    var seen: [Int] = []
    let flushing = Derived(name: "Flushing") { () -> Int in
      let value = a.value
      // An effect made (and dropped) inside the computation, whose body flushes: the value is
      // still being computed while it runs.
      _ = Effect(name: "Inner", in: graph) { graph.flush() }
      return value
    }
    let reader = Effect(name: "Reader", in: graph) { seen.append(flushing.value) }
    a.value = 1
    let diagnostics = TrellisDiagnostics.capture { #expect(flushing.value == 1) }
    #expect(diagnostics.map(\.kind) == [.invalidInput])
    #expect(diagnostics.map(\.nodes) == [["Flushing"]])
    #expect(seen == [0])
    #expect(reader.isStale)
    graph.flush()
    #expect(seen == [0, 1])
    // Inside a flush, the inner flush is one inside the running flush: it does nothing, and
    // says nothing, as that flush runs the queued work anyway.
    a.value = 2
    let inAFlush = TrellisDiagnostics.capture { graph.flush() }
    #expect(inAFlush == [])
    #expect(seen == [0, 1, 2])
    // From an effect run by `run()` with no computation around it, it flushes as anywhere
    // else (a host made inside an effect mounts that way).
    let b = Cell(0)
    var others: [Int] = []
    let other = Effect(name: "Other", in: graph) { others.append(b.value) }
    let flusher = Effect(name: "Flusher", in: graph, runImmediately: false) { graph.flush() }
    b.value = 1
    let fromARun = TrellisDiagnostics.capture { flusher.run() }
    #expect(fromARun == [])
    #expect(others == [0, 1])
    withExtendedLifetime(other) {}
  }

  // The same loss through `runIfStale()`: the check inside the computation took the value being
  // computed as unchanged and cleared the effect.
  @Test func runIfStaleInsideADerivedComputationLeavesTheEffectForTheNextFlush() {
    let graph = Graph(executor: .manual)
    let a = Cell(0)
    var effect: Effect?
    // A reference: the computation captures it before it is switched off.
    final class Switch { var isOn = true }
    let checksInside = Switch()
    var ran: [Bool] = []
    let running = Derived(name: "Running") { () -> Int in
      if checksInside.isOn, let effect { ran.append(effect.runIfStale()) }
      return a.value
    }
    var seen: [Int] = []
    effect = Effect(name: "Reader", in: graph) { seen.append(running.value) }
    a.value = 1
    let diagnostics = TrellisDiagnostics.capture { #expect(running.value == 1) }
    #expect(
      diagnostics == [
        TrellisDiagnostic(
          kind: .invalidInput, nodes: ["Reader", "Running"],
          message:
            "runIfStale() was called on 'Reader' while 'Running' was being computed; it did "
            + "nothing, and 'Reader' runs at the next flush if it is stale. Run effects from "
            + "outside computations.")
      ])
    #expect(ran == [false])
    #expect(effect?.isStale == true)
    graph.flush()
    #expect(seen == [0, 1])
    // Inside an effect's body (a parent bringing a child up to date) it runs as anywhere else.
    checksInside.isOn = false
    let b = Cell(0)
    let parent = Effect(name: "Parent", in: graph, depth: -1) {
      _ = b.value
      if let effect { ran.append(effect.runIfStale()) }
    }
    a.value = 2
    b.value = 1
    let inABody = TrellisDiagnostics.capture { graph.flush() }
    #expect(inABody == [])
    #expect(ran == [false, false, true])
    #expect(seen == [0, 1, 2])
    withExtendedLifetime(parent) {}
  }
}
