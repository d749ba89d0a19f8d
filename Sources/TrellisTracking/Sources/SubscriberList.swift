/// A source's subscribers in subscription order, with adding and removing one O(1)
/// (amortized) at any size, and the counts the source mirrors in its atomics kept as it goes.
///
/// Why: a property that every row of a list reads (a theme, a selection) has one subscriber per
/// row. With a plain array, removing one was a search and a shift, and each change recounted
/// the list, so mounting or unmounting n rows cost O(n²): 64,000 rows took seconds.
///
/// How: most sources have one subscriber (a row's title, read by the row's body), which is
/// kept inline, with no array: that saves an allocation per source, and a write reaches it
/// without loading a buffer. A second subscriber moves both into `entries`. While the list is
/// small it is a plain array (a search of a few entries beats hashing). From `indexedCount`
/// entries on, an index by identity finds a subscriber, and a removal leaves a hole (nil)
/// instead of shifting; holes are squeezed out once they are half the list. Holes exist only
/// while the index does.
///
/// Not thread-safe: the source keeps it behind its lock.
struct SubscriberList {
  /// The size from which the index is kept.
  static let indexedCount = 32

  /// The only subscriber, while there is at most one and `entries` is empty.
  private var single: TrackingSubscriber?
  /// The subscribers, in subscription order, once there were two; nil where one was removed,
  /// while indexed.
  private var entries: [TrackingSubscriber?] = []
  /// Where each subscriber is in `entries`, while the list is large.
  private var positions: [ObjectIdentifier: Int]?
  /// How many entries are holes.
  private var holes = 0
  /// How many subscribers there are (entries that are not holes).
  private(set) var count = 0
  /// How many of them want `willSet` (all but relays).
  private(set) var willSetCount = 0

  /// Every subscriber, in subscription order; nil where one was removed (see above).
  var all: [TrackingSubscriber?] { single.map { [$0] } ?? entries }

  /// How many places `all` has, holes included. O(1).
  var size: Int { single == nil ? entries.count : 1 }

  /// The subscriber, when there is exactly one and no hole. O(1).
  var only: TrackingSubscriber? {
    if let single { return single }
    return entries.count == 1 ? entries[0] : nil
  }

  /// Appends `subscriber`. O(1) amortized.
  mutating func append(_ subscriber: TrackingSubscriber) {
    if single == nil && entries.isEmpty {
      single = subscriber
      counted(subscriber, 1)
      return
    }
    if let first = single.take() { entries.append(first) }
    if positions != nil {
      let id = ObjectIdentifier(subscriber)
      // A subscriber already in the list keeps its first place in the index; removing it
      // again finds the second by searching (subscribers do not subscribe twice).
      if positions?[id] == nil { positions?[id] = entries.count }
    }
    entries.append(subscriber)
    counted(subscriber, 1)
    if positions == nil && entries.count >= Self.indexedCount { rebuildIndex() }
  }

  /// Removes `subscriber`'s first entry; false if it is not in the list. O(1) amortized once
  /// indexed, O(count) before.
  mutating func remove(_ subscriber: TrackingSubscriber) -> Bool {
    if let first = single {
      guard first === subscriber else { return false }
      single = nil
      counted(subscriber, -1)
      return true
    }
    guard positions != nil else {
      guard let index = entries.firstIndex(where: { $0 === subscriber }) else { return false }
      entries.remove(at: index)
      counted(subscriber, -1)
      return true
    }
    let index: Int
    if let indexed = positions?.removeValue(forKey: ObjectIdentifier(subscriber)) {
      index = indexed
    } else if let found = entries.firstIndex(where: { $0 === subscriber }) {
      index = found
    } else {
      return false
    }
    entries[index] = nil
    holes += 1
    counted(subscriber, -1)
    if holes * 2 > entries.count { removeAll { _ in false } }
    return true
  }

  /// Removes every subscriber for which `shouldRemove` is true, and the holes. O(entries).
  mutating func removeAll(where shouldRemove: (TrackingSubscriber) -> Bool) {
    if let first = single {
      if shouldRemove(first) {
        single = nil
        counted(first, -1)
      }
      return
    }
    var kept: [TrackingSubscriber?] = []
    kept.reserveCapacity(count)
    count = 0
    willSetCount = 0
    for case let subscriber? in entries where !shouldRemove(subscriber) {
      kept.append(subscriber)
      counted(subscriber, 1)
    }
    entries = kept
    holes = 0
    if entries.count >= Self.indexedCount { rebuildIndex() } else { positions = nil }
  }

  /// Removes and returns the only subscriber (see `only`), keeping any buffer for the next
  /// ones; nil, changing nothing, when there is not exactly one.
  mutating func removeOnly() -> TrackingSubscriber? {
    let removed: TrackingSubscriber
    if let first = single.take() {
      removed = first
    } else if entries.count == 1, let first = entries[0] {
      entries.removeLast()
      positions = nil
      removed = first
    } else {
      return nil
    }
    counted(removed, -1)
    return removed
  }

  private mutating func counted(_ subscriber: TrackingSubscriber, _ delta: Int) {
    count += delta
    if subscriber.kind != .relay { willSetCount += delta }
  }

  private mutating func rebuildIndex() {
    var index: [ObjectIdentifier: Int] = [:]
    index.reserveCapacity(entries.count)
    for (position, entry) in entries.enumerated() {
      guard let entry else { continue }
      let id = ObjectIdentifier(entry)
      if index[id] == nil { index[id] = position }
    }
    positions = index
  }
}
