import Testing

@testable import TrellisViews

/// A seeded generator, so that a failing case can be replayed.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

@Suite struct ChildListDiffTests {
  /// Applies the edits to `old` in order, checking each index against the list at that moment.
  private func apply(_ old: [Int], _ new: [Int]) -> (result: [Int], moves: Int, edits: Int) {
    var list = old
    var moves = 0
    var edits = 0
    ChildListDiff.edits(from: old, to: new) { edit in
      edits += 1
      switch edit {
      case .remove(let element, let index):
        #expect(list[index] == element)
        list.remove(at: index)
      case .insert(let element, let index):
        list.insert(element, at: index)
      case .move(let element, let source, let destination):
        #expect(list[source] == element)
        list.remove(at: source)
        list.insert(element, at: destination)
        moves += 1
      }
    }
    return (list, moves, edits)
  }

  @Test func swappingTwoOfTenThousandIsTwoMoves() {
    let old = Array(0..<10_000)
    var new = old
    new.swapAt(1, 9_998)
    let (result, moves, edits) = apply(old, new)
    #expect(result == new)
    #expect(moves == 2)
    #expect(edits == 2)
  }

  @Test func movingOneElementToTheEndIsOneMove() {
    let (result, moves, edits) = apply([1, 2, 3, 4, 5], [2, 3, 4, 5, 1])
    #expect(result == [2, 3, 4, 5, 1])
    #expect(moves == 1)
    #expect(edits == 1)
  }

  @Test func appendingAndRemovingTheFirstTouchOnlyThoseElements() {
    #expect(apply([1, 2, 3], [1, 2, 3, 4]).edits == 1)
    #expect(apply([1, 2, 3], [2, 3]).edits == 1)
    #expect(apply([1, 2, 3], [1, 2, 3]).edits == 0)
    #expect(apply([], [1, 2]).result == [1, 2])
    #expect(apply([1, 2], []).result == [])
  }

  @Test func randomEditsProduceTheNewListWithTheFewestMoves() {
    var generator = SplitMix64(state: 11)
    for _ in 0..<2_000 {
      var pool = Array(0..<40).shuffled(using: &generator)
      let old = Array(pool.prefix(Int.random(in: 0...15, using: &generator)))
      pool.removeFirst(old.count)
      var new = old.filter { _ in Int.random(in: 0..<4, using: &generator) != 0 }
      new.shuffle(using: &generator)
      for element in pool.prefix(Int.random(in: 0...4, using: &generator)) {
        new.insert(element, at: Int.random(in: 0...new.count, using: &generator))
      }
      let (result, moves, _) = apply(old, new)
      #expect(result == new, "old \(old) new \(new)")
      // The fewest moves: every kept element outside one longest increasing run of old
      // positions.
      let kept = new.compactMap { old.firstIndex(of: $0) }
      let longest = ChildListDiff.longestIncreasingRun(kept).filter { $0 }.count
      #expect(moves == kept.count - longest, "old \(old) new \(new)")
    }
  }
}
