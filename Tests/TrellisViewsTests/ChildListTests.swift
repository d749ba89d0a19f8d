import Testing

@testable import TrellisViews

/// `ChildList` behaves as the array it replaces, through every edit the runtime makes: the
/// inline case for one child must never leave an empty or a one-element array behind, which
/// `isEmpty` and `first` (read from the case alone) would then answer wrongly.
@Suite struct ChildListTests {
  /// Applies the same random edits to a list and an array, comparing after each.
  @Test func randomEditsMatchAnArray() {
    var generator = SplitMix64(state: 11)
    for _ in 0..<200 {
      var list = ChildList<Int>()
      var array: [Int] = []
      var next = 0
      for _ in 0..<40 {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0, 1:
          next += 1
          list.append(next)
          array.append(next)
        case 2 where !array.isEmpty:
          let position = Int.random(in: array.indices, using: &generator)
          next += 1
          list[position] = next
          array[position] = next
        case 3 where !array.isEmpty:
          let position = Int.random(in: array.indices, using: &generator)
          list.remove(at: position)
          array.remove(at: position)
        case 4:
          let lower = Int.random(in: 0...array.count, using: &generator)
          let upper = Int.random(in: lower...array.count, using: &generator)
          let count = Int.random(in: 0..<3, using: &generator)
          let inserted = (0..<count).map { next + 1 + $0 }
          next += count
          list.replaceSubrange(lower..<upper, with: inserted)
          array.replaceSubrange(lower..<upper, with: inserted)
        default:
          if Int.random(in: 0..<4, using: &generator) == 0 {
            list.removeAll()
            array.removeAll()
          }
        }
        #expect(Array(list) == array)
        #expect(list.array == array)
        #expect(list.count == array.count)
        #expect(list.isEmpty == array.isEmpty)
        #expect(list.first == array.first)
      }
    }
  }

  @Test func aListOfOneIsBuiltFromEveryInitializer() {
    #expect(Array(ChildList(7)) == [7])
    #expect(Array(ChildList([7])) == [7])
    let literal: ChildList<Int> = [7]
    #expect(Array(literal) == [7])
    #expect(ChildList<Int>([]).isEmpty)
    #expect(Array(ChildList([1, 2, 3])) == [1, 2, 3])
  }
}
