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
