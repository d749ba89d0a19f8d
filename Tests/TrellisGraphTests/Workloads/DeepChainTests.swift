import Testing
import TrellisGraph

/// A chain of 10,000 derived values must evaluate and update without overflowing the stack,
/// both when read directly and through an effect, on first evaluation and on later updates.
@Suite("Deep chain")
@MainActor
struct DeepChainTests {
  static let length = 10_000

  /// Values an effect read, in order.
  final class Log {
    var values: [Int] = []
  }

  /// head → d1 = head + 1 → … → d10000 = d9999 + 1.
  static func makeChain(head: Cell<Int>) -> Derived<Int> {
    var current = Derived { head.value + 1 }
    for _ in 1..<length {
      let previous = current
      current = Derived { previous.value + 1 }
    }
    return current
  }

  @Test("reading the end evaluates the whole chain, and re-reads after writes update it")
  func directReads() {
    let graph = Graph(executor: .manual)
    let head = Cell(0)
    let end = Self.makeChain(head: head)
    #expect(end.value == Self.length)
    for value in [1, 2, 50, -7] {
      graph.withTransaction { head.value = value }
      graph.flush()
      #expect(end.value == Self.length + value)
    }
  }

  @Test("an effect at the end runs on creation and once per write")
  func effectAtTheEnd() {
    let graph = Graph(executor: .manual)
    let head = Cell(0)
    let end = Self.makeChain(head: head)
    let seen = Log()
    let effect = Effect(in: graph) { seen.values.append(end.value) }
    #expect(seen.values == [Self.length])
    for value in 1...5 {
      graph.withTransaction { head.value = value }
      graph.flush()
    }
    #expect(seen.values == (0...5).map { Self.length + $0 })
    #expect(effect.runCount == 6)
    effect.dispose()
  }
}

/// Chains far deeper than any thread's stack: the first evaluation continues on fresh stack
/// segments of the same thread, so it works at any depth and main-actor code stays on the
/// main actor.
@Suite("Very deep chain")
@MainActor
struct VeryDeepChainTests {
  @Test("a 100,000-deep chain evaluates on first read, on the main actor, and updates")
  func hundredThousand() {
    let graph = Graph(executor: .manual)
    let head = Cell(0)
    var isolated = 0
    var current = Derived { head.value }
    for level in 1..<100_000 {
      let previous = current
      current = Derived {
        if level % 10_000 == 0 {
          // Would trap if the evaluation had moved to another thread.
          MainActor.assumeIsolated { isolated += 1 }
        }
        return previous.value + 1
      }
    }
    let end = current
    #expect(end.value == 99_999)
    #expect(isolated == 9)
    var seen: [Int] = []
    let effect = Effect(in: graph) { seen.append(end.value) }
    head.value = 5
    graph.flush()
    #expect(seen == [99_999, 100_004])
    effect.dispose()
  }

  @Test("20,000 effects, each created inside the one before, all run and re-run")
  func nestedEffects() {
    let graph = Graph(executor: .manual)
    let source = Cell(0)
    var runs = 0
    var isolated = 0
    func make(_ depth: Int) {
      guard depth > 0 else { return }
      _ = Effect(in: graph) {
        runs += 1
        if depth % 5_000 == 0 { MainActor.assumeIsolated { isolated += 1 } }
        _ = source.value
        make(depth - 1)
      }
    }
    let diagnostics = TrellisDiagnostics.capture {
      let root = Effect(in: graph) { make(20_000) }
      #expect(runs == 20_000)
      // Every level read the source: the outermost runs again first, disposing the chain it
      // owns and building it anew (the queued levels below it are disposed with it).
      source.value = 1
      graph.flush()
      #expect(runs == 40_000)
      root.dispose()
    }
    #expect(diagnostics.isEmpty)
    // Four levels in each build checked that they ran on the main actor.
    #expect(isolated == 8)
  }
}
