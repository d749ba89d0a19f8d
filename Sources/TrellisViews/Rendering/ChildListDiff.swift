/// The edits that turn one ordered list of distinct elements into another with the fewest
/// moves: the keyed diff behind every container's children.
///
/// 1. The common prefix and suffix are skipped (appending, removing the first row, editing in
///    place cost O(n) comparisons and nothing else).
/// 2. In the middle, elements only in the old list are removed (from the end, so every index
///    is the element's index in the old list).
/// 3. Of the elements in both lists, a longest increasing subsequence (by old position, in new
///    order) stays in place; every other one is moved once, and new elements are inserted.
///    Moves and insertions are emitted in ascending new position, each placed just before the
///    next element that stays (or at the end), with its index in the list as it is at that
///    moment (two Fenwick trees count what lies before it).
///
/// Complexity: O(n) for the prefix, suffix and removals, O(k log k) for the k elements in the
/// middle; swapping two rows of 10,000 is two moves.
enum ChildListDiff {
  /// One edit, applied in order to the list as it is after the edits before it.
  enum Edit<Element: Equatable>: Equatable {
    /// Remove the element at `index`.
    case remove(Element, at: Int)
    /// Insert a new element at `index`.
    case insert(Element, at: Int)
    /// Move an element from `source` to `destination` (an index into the list without it).
    case move(Element, from: Int, to: Int)
  }

  /// Finds an element's position in the old middle. A protocol, not a closure, so that the
  /// diff is specialized for each table and the lookup inlines (a stored closure cost a copy, a
  /// retain and an indirect call per element).
  protocol PositionTable {
    associatedtype Element: Hashable
    /// Readies the table for `count` elements, forgetting earlier ones.
    mutating func prepare(count: Int)
    mutating func set(_ position: Int, for element: Element)
    func position(of element: Element) -> Int?
  }

  /// A hash table: for any element type.
  struct HashedPositions<Element: Hashable>: PositionTable {
    private var byElement: [Element: Int] = [:]

    mutating func prepare(count: Int) { byElement = Dictionary(minimumCapacity: count) }

    mutating func set(_ position: Int, for element: Element) { byElement[element] = position }

    func position(of element: Element) -> Int? { byElement[element] }
  }

  /// Element handles: an array indexed by the handle's slot for a long middle (no hashing), a
  /// hash table for a short one.
  struct ElementPositions: PositionTable {
    private var bySlot: [Int] = []
    private var hashed = HashedPositions<ElementID>()
    private let slots: Int
    private var usesSlots = false

    /// A table for handles whose slots are below `slots`.
    init(slots: Int) { self.slots = slots }

    /// Chooses the table for `count` elements: an array costs `slots` to clear, a hash table
    /// about twenty times `count`.
    mutating func prepare(count: Int) {
      usesSlots = count * 20 > slots
      if usesSlots {
        bySlot = [Int](repeating: -1, count: slots)
      } else {
        hashed.prepare(count: count)
      }
    }

    mutating func set(_ position: Int, for element: ElementID) {
      if usesSlots {
        bySlot[Int(element.index)] = position
      } else {
        hashed.set(position, for: element)
      }
    }

    func position(of element: ElementID) -> Int? {
      guard usesSlots else { return hashed.position(of: element) }
      let index = Int(element.index)
      guard index < bySlot.count else { return nil }
      let position = bySlot[index]
      return position < 0 ? nil : position
    }
  }

  /// Emits the edits that turn `old` into `new`. Both lists hold distinct elements.
  static func edits<Element: Hashable>(
    from old: [Element], to new: [Element], _ emit: (Edit<Element>) -> Void
  ) {
    edits(from: old, to: new, positions: HashedPositions(), emit)
  }

  /// `edits(from:to:_:)` with the table that finds old positions.
  static func edits<Table: PositionTable>(
    from old: [Table.Element], to new: [Table.Element], positions: Table,
    _ emit: (Edit<Table.Element>) -> Void
  ) {
    var start = 0
    while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
    var oldEnd = old.count
    var newEnd = new.count
    while oldEnd > start, newEnd > start, old[oldEnd - 1] == new[newEnd - 1] {
      oldEnd -= 1
      newEnd -= 1
    }
    if start == oldEnd {
      for position in start..<newEnd { emit(.insert(new[position], at: position)) }
      return
    }
    if start == newEnd {
      for position in (start..<oldEnd).reversed() { emit(.remove(old[position], at: position)) }
      return
    }
    editMiddle(
      old[start..<oldEnd], new[start..<newEnd], offset: start, positions: positions, emit)
  }

  private static func editMiddle<Table: PositionTable>(
    _ old: ArraySlice<Table.Element>, _ new: ArraySlice<Table.Element>, offset: Int,
    positions: Table, _ emit: (Edit<Table.Element>) -> Void
  ) {
    let oldCount = old.count
    let newCount = new.count
    var oldPosition = positions
    oldPosition.prepare(count: oldCount)
    for (position, element) in old.enumerated() { oldPosition.set(position, for: element) }
    // For each new element, its position in the old middle, or -1.
    var source = [Int](repeating: -1, count: newCount)
    var kept = [Bool](repeating: false, count: oldCount)
    for (position, element) in new.enumerated() {
      if let oldIndex = oldPosition.position(of: element) {
        source[position] = oldIndex
        kept[oldIndex] = true
      }
    }
    for position in (0..<oldCount).reversed() where !kept[position] {
      emit(.remove(old[old.startIndex + position], at: offset + position))
    }
    // After the removals the middle holds the kept elements in old order, so old positions
    // order them as their places do: the counts below are taken over old positions, where a
    // removed element counts as nothing (no ranks to compute).
    let stable = longestIncreasingRun(source)
    var isStable = [Bool](repeating: false, count: oldCount)
    for position in 0..<newCount where stable[position] { isStable[source[position]] = true }
    // stableBefore[p]: how many stable elements have an old position below p.
    var stableBefore = [Int](repeating: 0, count: oldCount + 1)
    for position in 0..<oldCount {
      stableBefore[position + 1] = stableBefore[position] + (isStable[position] ? 1 : 0)
    }
    // The old position of the next stable element after each position, or oldCount for the
    // end.
    var anchor = [Int](repeating: oldCount, count: newCount)
    var next = oldCount
    for position in (0..<newCount).reversed() {
      if stable[position] {
        next = source[position]
      } else {
        anchor[position] = next
      }
    }
    var unmoved = FenwickTree(count: oldCount + 1)
    for position in 0..<oldCount where kept[position] && !isStable[position] {
      unmoved.add(1, at: position)
    }
    var placed = FenwickTree(count: oldCount + 1)
    for position in 0..<newCount where !stable[position] {
      let element = new[new.startIndex + position]
      let target = anchor[position]
      let value = source[position]
      if value >= 0 {
        let from = offset + stableBefore[value] + unmoved.prefix(value) + placed.prefix(value)
        unmoved.add(-1, at: value)
        let to =
          offset + stableBefore[target] + unmoved.prefix(target) + placed.prefix(target + 1)
        emit(.move(element, from: from, to: to))
      } else {
        let to =
          offset + stableBefore[target] + unmoved.prefix(target) + placed.prefix(target + 1)
        emit(.insert(element, at: to))
      }
      placed.add(1, at: target)
    }
  }

  /// Marks one longest strictly increasing subsequence of `values`, ignoring negative entries.
  /// O(n log n); O(n) when the values are in order but for a few.
  static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
    var tails: [Int] = []  // positions of the smallest tail of each length
    tails.reserveCapacity(values.count)
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() where value >= 0 {
      // Most entries of a real edit extend the longest run so far (a swap or a move leaves
      // the rest in order): take that case without the binary search.
      if let last = tails.last, values[last] < value {
        previous[position] = last
        tails.append(position)
        continue
      }
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[position] = tails[low - 1] }
      if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var result = [Bool](repeating: false, count: values.count)
    var cursor = tails.last ?? -1
    while cursor >= 0 {
      result[cursor] = true
      cursor = previous[cursor]
    }
    return result
  }
}

/// Prefix sums over 0..<count with point updates, both O(log count).
struct FenwickTree {
  private var tree: [Int]

  init(count: Int) { tree = [Int](repeating: 0, count: count + 1) }

  mutating func add(_ delta: Int, at index: Int) {
    var position = index + 1
    while position < tree.count {
      tree[position] += delta
      position += position & -position
    }
  }

  /// The sum of the values at indices below `end`.
  func prefix(_ end: Int) -> Int {
    var sum = 0
    var position = min(end, tree.count - 1)
    while position > 0 {
      sum += tree[position]
      position -= position & -position
    }
    return sum
  }
}
