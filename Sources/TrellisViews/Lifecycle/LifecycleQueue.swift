/// Lifecycle actions waiting for the end of the current round, run in a fixed order.
///
/// Within one round the order is: disappearances (each view's tasks cancelled before its
/// disappear actions run, whatever order its modifiers are chained in; see
/// `DisappearanceChain`), then `onChange` actions, then task cancellations and restarts caused
/// by `.task(id:)` changes, then appearances, each followed by the start of its tasks.
/// Disappearances are queued in tree order, parents first, as their subtrees leave;
/// appearances are queued by the commit in tree post-order (a view appears after the views
/// inside it); changes and restarts in the order their modifiers were updated.
///
/// An action captures what it needs (names, values, the node's `LifecyclePart`), never a node.
@MainActor
struct LifecycleQueue {
  enum Phase: Int, Comparable {
    case disappear
    case change
    case taskRestart
    case appear

    static func < (lhs: Phase, rhs: Phase) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  private struct Entry {
    let phase: Phase
    let order: Int
    let action: @MainActor (HostCore) -> Void
  }

  private var entries: [Entry] = []
  private var counter = 0

  var isEmpty: Bool { entries.isEmpty }

  mutating func enqueue(_ phase: Phase, _ action: @escaping @MainActor (HostCore) -> Void) {
    entries.append(Entry(phase: phase, order: counter, action: action))
    counter += 1
  }

  /// Removes and returns the queued actions in commit order.
  mutating func drain() -> [@MainActor (HostCore) -> Void] {
    let sorted = entries.sorted { ($0.phase, $0.order) < ($1.phase, $1.order) }
    entries.removeAll()
    return sorted.map(\.action)
  }
}
