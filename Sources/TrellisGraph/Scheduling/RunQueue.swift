/// The effects waiting for a graph's flush, ordered by depth (parents before children), then
/// by the order they were queued: a binary heap, so that effects queued during a flush at any
/// depth take their place without re-sorting, and one queued effect costs no sort at all.
///
/// It holds `NodeRef`s, never the effects: a queued effect that is released is skipped when its
/// turn comes, and the queue keeps nothing alive.
struct RunQueue {
  struct Entry {
    let ref: NodeRef
    let depth: Int
    let order: Int

    func precedes(_ other: Entry) -> Bool {
      depth != other.depth ? depth < other.depth : order < other.order
    }
  }

  private var heap: [Entry] = []
  private var nextOrder = 0

  var isEmpty: Bool { heap.isEmpty }

  /// The queued entries, in no particular order.
  var entries: [Entry] { heap }

  /// Queues `ref` at `depth`. O(log n).
  mutating func push(_ ref: NodeRef, depth: Int) {
    heap.append(Entry(ref: ref, depth: depth, order: nextOrder))
    nextOrder &+= 1
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].precedes(heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  /// Removes and returns the first entry. O(log n).
  mutating func popFirst() -> Entry? {
    guard let last = heap.popLast() else { return nil }
    guard !heap.isEmpty else { return last }
    let first = heap[0]
    heap[0] = last
    var parent = 0
    let count = heap.count
    while true {
      let left = 2 * parent + 1
      if left >= count { break }
      let right = left + 1
      let child = right < count && heap[right].precedes(heap[left]) ? right : left
      guard heap[child].precedes(heap[parent]) else { break }
      heap.swapAt(child, parent)
      parent = child
    }
    return first
  }

  /// Removes every entry, keeping the buffer.
  mutating func removeAll() -> [Entry] {
    let all = heap
    heap.removeAll(keepingCapacity: true)
    return all
  }
}
