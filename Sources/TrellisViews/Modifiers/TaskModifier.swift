extension View {
  /// Starts `action` as a task when the view appears and cancels it when the view
  /// disappears, like SwiftUI's `.task`: a view hidden by a retaining container (a tab switched
  /// away, a row scrolled out, a covered navigation level) has its task cancelled, and started
  /// anew when it is shown again. It does not restart when values it captured change.
  /// Cancellation is cooperative: the task sees `Task.isCancelled` and cancellation errors.
  /// - Parameters:
  ///   - priority: the task's priority.
  ///   - action: the work, on the main actor.
  /// - Returns: the modified view.
  public func task(
    priority: TaskPriority = .userInitiated,
    _ action: @escaping @MainActor @Sendable () async -> Void
  ) -> ModifiedContent<Self, TaskModifier<Bool>> {
    modifier(TaskModifier(id: true, priority: priority, action: action))
  }

  /// Like `task(priority:_:)`, and when `id` changes to a non-equal value, cancels the running
  /// task and starts a new one, like SwiftUI's `.task(id:)`. Changes of `id` before the view
  /// has appeared start a single task, with the latest id, when it appears.
  /// - Parameters:
  ///   - id: the value whose changes restart the task.
  ///   - priority: the task's priority.
  ///   - action: the work, on the main actor.
  /// - Returns: the modified view.
  public func task<ID: Equatable>(
    id: ID, priority: TaskPriority = .userInitiated,
    _ action: @escaping @MainActor @Sendable () async -> Void
  ) -> ModifiedContent<Self, TaskModifier<ID>> {
    modifier(TaskModifier(id: id, priority: priority, action: action))
  }
}

/// The modifier behind `.task` and `.task(id:)`.
public struct TaskModifier<ID: Equatable>: _PrimitiveViewModifier {
  /// A built-in modifier has no body.
  public typealias Body = Never
  let id: ID
  let priority: TaskPriority
  let action: @MainActor @Sendable () async -> Void

  /// Starts the task at appearance and restarts it when the id changes.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    node.updateModifier(content: content)
    let lifecycle = node.lifecyclePart()
    guard let state = node.parts[TaskState<ID>.self] else {
      let state = node.parts.part(TaskState<ID>.self) {
        TaskState(id: modifier.id, priority: modifier.priority, action: modifier.action)
      }
      // The handler lives as long as the view: it captures the state, never the modifier,
      // whose first action (and what that captured) it kept alive for good.
      lifecycle.appearHandlers.append { host, lifecycle in
        state.start(in: lifecycle, host: host)
      }
      return
    }
    state.action = modifier.action
    state.priority = modifier.priority
    guard state.id != modifier.id else { return }
    state.id = modifier.id
    guard !state.restartQueued else { return }
    state.restartQueued = true
    node.host.lifecycleQueue.enqueue(.taskRestart) { host in
      state.restartQueued = false
      // A hidden view runs no task: showing it starts one with the latest id.
      guard lifecycle.isMounted, lifecycle.hasAppeared, let running = state.running,
        state.runningID != state.id
      else { return }
      host.cancelTask(running, of: lifecycle)
      state.start(in: lifecycle, host: host)
    }
  }
}

/// What a task modifier remembers across updates.
@MainActor
final class TaskState<ID: Equatable>: NodePart {
  var id: ID
  var runningID: ID?
  var running: RunningTask?
  var restartQueued = false
  /// The latest body's priority and action: a start uses them.
  var priority: TaskPriority
  var action: @MainActor @Sendable () async -> Void

  init(id: ID, priority: TaskPriority, action: @escaping @MainActor @Sendable () async -> Void) {
    self.id = id
    self.priority = priority
    self.action = action
  }

  func start(in lifecycle: LifecyclePart, host: HostCore) {
    runningID = id
    running = host.startTask(of: lifecycle, priority: priority, action)
  }
}
