import TrellisEnvironment
import TrellisGraph

/// The state a host shares with all of its nodes: the graph, the root environment, the
/// commit queue and the logs.
@MainActor
final class HostCore {
  let graph: Graph
  let rootEnvironment: EnvironmentScope
  var commitQueue = CommitQueue()
  var events: [LifecycleEvent] = []
  var bodyRuns: [BodyRun] = []
  var bodyCountsByView: [String: Int] = [:]
  var bodyCountsByType: [String: Int] = [:]
  var tasks: [Task<Void, Never>] = []
  var root: ViewNode?
  /// The bound on update rounds (flush, then commit) per `ViewHost.flush()`.
  var maximumRounds = 50

  init(graph: Graph, environment: EnvironmentScope) {
    self.graph = graph
    rootEnvironment = environment
  }

  func recordBodyRun(of node: ViewNode, extraReasons: [String]) {
    var reasons = extraReasons
    if let effect = node.bodyEffect {
      // A source written several times since the last run is one reason, named once.
      for reason in effect.lastRunReasons {
        let description = reason.description
        if !reasons.contains(description) { reasons.append(description) }
      }
    }
    let name = node.displayName
    bodyRuns.append(BodyRun(view: name, reasons: reasons))
    bodyCountsByView[name, default: 0] += 1
    bodyCountsByType[node.typeName, default: 0] += 1
  }

  /// Removes `node` and its subtree: pre-order, each node stops its computation, queues its
  /// disappear actions (only if it had appeared) and the cancellation of its tasks.
  func unmount(_ node: ViewNode) {
    var stack = [node]
    while let current = stack.popLast() {
      current.isMounted = false
      current.bodyEffect?.dispose()
      for task in current.runningTasks where !task.isFinished {
        let name = current.subjectName
        commitQueue.enqueue(.disappear) { [unowned self] in
          task.handle?.cancel()
          events.append(LifecycleEvent(.taskCancel, name))
        }
      }
      current.runningTasks = []
      if current.hasAppeared {
        for action in current.disappearActions {
          // The queued action keeps the node alive until it runs: the parent has already
          // dropped it, and the action refers to it (its name, its host).
          commitQueue.enqueue(.disappear) { [current] in
            withExtendedLifetime(current) { action() }
          }
        }
      }
      stack.append(contentsOf: current.children.reversed())
    }
  }

  /// Runs the queued lifecycle actions in commit order, including any they queue.
  func commit() {
    ViewNode.reportedBodyWrites.removeAll()
    while !commitQueue.isEmpty {
      for action in commitQueue.drain() { action() }
    }
  }

  /// Starts `action` as a task of `node`, logging its start.
  func startTask(
    of node: ViewNode, priority: TaskPriority?,
    _ action: @escaping @MainActor @Sendable () async -> Void
  ) -> RunningTask {
    events.append(LifecycleEvent(.taskStart, node.subjectName))
    let running = RunningTask()
    let handle = Task(priority: priority) { @MainActor in
      await action()
      running.isFinished = true
    }
    running.handle = handle
    tasks.append(handle)
    node.runningTasks.append(running)
    return running
  }

  /// Cancels one running task of `node`, logging it.
  func cancelTask(_ task: RunningTask, of node: ViewNode) {
    task.handle?.cancel()
    node.runningTasks.removeAll { $0 === task }
    guard !task.isFinished else { return }
    events.append(LifecycleEvent(.taskCancel, node.subjectName))
  }
}

extension ViewNode {
  /// The name of the view a modifier applies to, for lifecycle logs: the modified view when it
  /// is a custom view (`NoteRow #3`), otherwise the custom view whose body applies the modifier
  /// (`Text("x").onAppear` in `Counter` is logged as `Counter`).
  var subjectName: String {
    var cursor: ViewNode = self
    while cursor.isModifier, let content = cursor.children.first { cursor = content }
    if cursor.bodyEffect != nil && !cursor.isInternal { return cursor.displayName }
    return enclosingViewName
  }

  /// Whether this node is a primitive modifier (transparent wrapper of its content).
  var isModifier: Bool { kind.hasPrefix(".") }
}
