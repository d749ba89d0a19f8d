/// The effects waiting for a graph's flush, ordered by depth (parents before children), then
/// by the order the effects were created (siblings in the order they were built, as
/// alien-signals runs them, whether a write reaches them directly or through derived values).
///
/// Effects are nearly always queued in that order already (a write queues its readers in one
/// breadth-first walk, in subscription order; a parent queues its children, one level deeper,
/// while it runs), so the queue is an array consumed from the front and sorted only when an
/// effect arrives out of order: pushing
/// and popping cost O(1) in the common case, O(k log k) for the k entries left when an
/// out-of-order push forces a sort. A binary heap paid O(log n) array swaps per operation,
/// a quarter of a flush with 50 effects.
///
/// It holds `NodeRef`s, never the effects: a queued effect that is released is skipped when its
/// turn comes, and the queue keeps nothing alive.
struct RunQueue: ~Copyable {
  struct Entry: BitwiseCopyable {
    let ref: NodeRef
    let depth: Int
    let order: Int

    func precedes(_ other: Entry) -> Bool {
      depth != other.depth ? depth < other.depth : order < other.order
    }
  }

  /// Entries from `head` on are waiting; those before it were popped. A `RecordStorage` rather
  /// than an array: emptying an array while keeping its buffer goes through a generic
  /// replace-subrange path that cost more than a flush of one effect.
  private var entries = RecordStorage<Entry>(capacity: 16)
  private var head = 0
  /// Whether the waiting entries are in run order.
  private var isSorted = true

  deinit { entries.deallocate() }

  var isEmpty: Bool { head == entries.count }

  /// The waiting entries, in no particular order.
  var waiting: [Entry] { entries.suffix(from: head) }

  /// Queues `ref` at `depth`; `order` is the effect's creation order. O(1). Always inlined
  /// into `Graph.enqueue`, as that is into the store's walks.
  @inline(__always)
  mutating func push(_ ref: NodeRef, depth: Int, order: Int) {
    let entry = Entry(ref: ref, depth: depth, order: order)
    if isSorted, head < entries.count, entry.precedes(entries[entries.count - 1]) {
      isSorted = false
    }
    entries.append(entry)
  }

  /// Removes and returns the first entry in run order. O(1), or a sort of the waiting entries
  /// after an out-of-order push.
  mutating func popFirst() -> Entry? {
    if head == entries.count {
      if head != 0 { reset() }
      return nil
    }
    if !isSorted {
      entries.sort(from: head) { $0.precedes($1) }
      isSorted = true
    }
    let entry = entries[head]
    // Below the count of entries, as the access just checked.
    head &+= 1
    return entry
  }

  /// Removes every entry, keeping the buffer.
  mutating func removeAll() -> [Entry] {
    let all = entries.suffix(from: head)
    reset()
    return all
  }

  private mutating func reset() {
    entries.truncate(to: 0)
    head = 0
    isSorted = true
  }
}
