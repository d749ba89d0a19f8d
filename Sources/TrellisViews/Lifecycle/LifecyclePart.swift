/// A node's appearance and what depends on it: the actions to run when it appears and
/// disappears, and the tasks it runs while it is there.
///
/// Today a node appears at the first commit that includes it and disappears when it leaves the
/// tree. The part keeps the two apart from existence (`hasAppeared`, `isMounted`) so that
/// containers that hide without destroying (tabs, lazy rows, covered navigation levels) can
/// drive appearance on their own.
///
/// Queued actions capture this part and the subject's name, never the node: the part holds no
/// reference to the node, so an action that runs after the node left the tree finds
/// `isMounted == false` and does nothing.
@MainActor
final class LifecyclePart {
  /// What lifecycle logs call the view: the modified custom view, or the view whose body
  /// applies the modifier.
  let subject: String
  /// False once the node has left the tree.
  var isMounted = true
  /// Whether the appear actions ran (disappear actions run only after they did).
  var hasAppeared = false
  /// Actions for the first appearance, in registration order; dropped once they ran (or the
  /// node left the tree first). They get the part as an argument, so that they need not
  /// capture it (which would keep it, and what it holds, forever).
  var appearActions: [@MainActor (HostCore, LifecyclePart) -> Void] = []
  /// Actions for disappearance, in registration order.
  var disappearActions: [@MainActor (HostCore) -> Void] = []
  /// Tasks started by `.task` modifiers, while they run.
  var tasks: [RunningTask] = []

  init(subject: String) { self.subject = subject }
}

/// A task started by `.task` or `.task(id:)`. A task that has finished is not reported as
/// cancelled when its view goes away.
@MainActor
final class RunningTask {
  var handle: Task<Void, Never>?
  var isFinished = false
}

extension ViewNode {
  /// The node's lifecycle part, made the first time (named after the modified view).
  func lifecyclePart() -> LifecyclePart {
    if let lifecycle { return lifecycle }
    let part = LifecyclePart(subject: subjectName)
    lifecycle = part
    return part
  }

  /// The name of the view a modifier applies to, for lifecycle logs: the modified view when it
  /// is a custom view (`NoteRow #3`), otherwise the custom view whose body applies the modifier
  /// (`Text("x").onAppear` in `Counter` is logged as `Counter`). Walks down only.
  var subjectName: String {
    var cursor: ViewNode = self
    while cursor.role == .modifier, let content = cursor.children.first { cursor = content }
    if cursor.role.isNamedComposite { return cursor.displayName }
    return enclosingViewName
  }
}
