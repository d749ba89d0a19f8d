/// The tasks a host's views started and that may still run: what `ViewHost.waitForTasks()`
/// waits for and what the host cancels when it goes.
///
/// Finished tasks are dropped as new ones start, so the list is bounded by about twice the
/// tasks still running, not by every task the host ever started: it kept every handle (about
/// 1.4 KB each) until `waitForTasks()`, which only tests call, so an app whose `.task(id:)`
/// restarted on each keystroke grew for as long as it ran (found by a new user's soak test).
@MainActor
struct StartedTasks {
  private(set) var tasks: [RunningTask] = []
  /// The count at which the next start drops the finished tasks: twice what the last pass
  /// kept (at least 32), so each pass is paid for by as many starts as it looks at.
  private var pruneAt = 32

  var isEmpty: Bool { tasks.isEmpty }

  /// Keeps `task`, first dropping the finished ones when the list has doubled since the last
  /// pass. Amortized O(1).
  mutating func append(_ task: RunningTask) {
    if tasks.count >= pruneAt {
      tasks.removeAll { $0.isFinished }
      pruneAt = Swift.max(32, tasks.count * 2)
    }
    tasks.append(task)
  }

  /// Hands over every task kept, in start order, and keeps none.
  mutating func takeAll() -> [RunningTask] {
    defer {
      tasks = []
      pruneAt = 32
    }
    return tasks
  }

  /// Puts `waiting` (taken by `takeAll()` and not seen to finish) back before the tasks
  /// started since, keeping start order.
  mutating func putBack(_ waiting: some Collection<RunningTask>) {
    tasks.insert(contentsOf: waiting.filter { !$0.isFinished }, at: 0)
  }

  /// Cancels every task still running.
  func cancelAll() {
    for task in tasks where !task.isFinished { task.handle?.cancel() }
  }
}
