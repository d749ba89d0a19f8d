/// A node's appearance and what depends on it: the actions to run when it appears and
/// disappears, and the tasks it runs while it is shown.
///
/// Existence and visibility are two things. The part exists while its node's identity does
/// (`isMounted`); it appears when the node is in the tree and shown (`isVisible`), and
/// disappears when the node leaves the tree or a retaining container hides it (a tab switched
/// away, a row scrolled out, a covered navigation level). A node hidden and shown again appears
/// again: `onAppear` runs again and `.task` starts again, while its state stays.
///
/// Queued actions capture this part and the subject's name, never the node: the part holds no
/// reference to the node, so an action that runs after the node left the tree finds
/// `isMounted == false` and does nothing.
@MainActor
final class LifecyclePart {
  /// What lifecycle logs call the view: the modified custom view, or the view whose body
  /// applies the modifier. Named again at each update of the modifier, since the view under it
  /// can change while the part stays (`.id(_:)` inside the modifier, with a new value).
  var subject: String
  /// False once the node has left the tree.
  var isMounted = true
  /// Whether the node is shown (`ViewNode.isVisible`); an appearance waits for it.
  var isVisible = true
  /// Whether the node is appeared now: its appear actions ran and it has not disappeared since
  /// (disappear actions run only when it is).
  var hasAppeared = false
  /// Whether an appearance is queued that has not run yet: a view whose modifier chain began
  /// to appear disappears with all of its parts (see `DisappearanceChain`).
  var appearanceIsQueued = false
  /// Run at every appearance, in registration order: an `onAppear`'s latest action, the start
  /// of a `.task`. They get the part as an argument, so that they need not capture it (which
  /// would keep it, and what it holds, forever).
  var appearHandlers: [@MainActor (HostCore, LifecyclePart) -> Void] = []
  /// Run at the first appearance only (`onChange(of:initial: true)`), then dropped.
  var firstAppearActions: [@MainActor (HostCore, LifecyclePart) -> Void] = []
  /// Actions for disappearance, in registration order.
  var disappearActions: [@MainActor (HostCore) -> Void] = []
  /// Tasks started by `.task` modifiers, while they run.
  var tasks: [RunningTask] = []

  init(subject: String, isVisible: Bool) {
    self.subject = subject
    self.isVisible = isVisible
  }
}

/// A task started by `.task` or `.task(id:)`. A task that has finished is not reported as
/// cancelled when its view goes away.
@MainActor
final class RunningTask {
  var handle: Task<Void, Never>?
  var isFinished = false

  /// The view whose `.task` the current task runs (or was started from), if any: a task that
  /// waits for the host's tasks would wait for itself (see `ViewHost.waitForTasks()`).
  @TaskLocal static var runningFor: String?
}

extension ViewNode {
  /// The node's lifecycle part, made the first time (named after the modified view).
  func lifecyclePart() -> LifecyclePart {
    if let lifecycle {
      // Only logs read the subject.
      if host.logsUpdates { lifecycle.subject = subjectName }
      return lifecycle
    }
    let part = LifecyclePart(subject: subjectName, isVisible: isVisible)
    lifecycle = part
    return part
  }

  /// The name of the view a modifier applies to, for lifecycle logs: the modified view when it
  /// is a custom view (`NoteRow #3`), otherwise the custom view whose body applies the modifier
  /// (`Text("x").onAppear` in `Counter` is logged as `Counter`, and so is
  /// `NavigationStack { … }.task { }`: Trellis's own composite views do not count as custom).
  /// Walks down only.
  var subjectName: String {
    var cursor: ViewNode = self
    while cursor.role == .modifier, let content = cursor.children.first { cursor = content }
    if cursor.role.isNamedComposite, cursor.composite?.type.isBuiltIn != true {
      return cursor.displayName
    }
    return enclosingViewName
  }
}
