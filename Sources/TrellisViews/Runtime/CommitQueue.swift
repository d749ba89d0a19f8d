/// Lifecycle actions waiting for the end of the current update, run in a fixed order.
///
/// Within one commit the order is: disappearances (with the cancellation of their tasks),
/// then `onChange` actions, then task cancellations and restarts caused by `.task(id:)`
/// changes, then appearances, each followed by the start of its tasks. Within a phase, actions
/// run in tree order (parents before children, earlier siblings first).
@MainActor
struct CommitQueue {
  enum Phase: Int, Comparable {
    case disappear
    case change
    case taskRestart
    case appear

    static func < (lhs: Phase, rhs: Phase) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  private var actions: [(phase: Phase, order: Int, action: @MainActor () -> Void)] = []
  private var counter = 0

  var isEmpty: Bool { actions.isEmpty }

  mutating func enqueue(_ phase: Phase, _ action: @escaping @MainActor () -> Void) {
    actions.append((phase, counter, action))
    counter += 1
  }

  /// Removes and returns the queued actions in commit order.
  mutating func drain() -> [@MainActor () -> Void] {
    let sorted = actions.sorted { ($0.phase, $0.order) < ($1.phase, $1.order) }
    actions.removeAll()
    return sorted.map(\.action)
  }
}

/// A task started by `.task` or `.task(id:)`. A task that has finished is not reported as
/// cancelled when its view goes away.
@MainActor
final class RunningTask {
  var handle: Task<Void, Never>?
  var isFinished = false
}
