/// Visibility: which nodes are shown, as retaining containers decide it.
///
/// A node exists while its identity does; it is *visible* while no container above it hides
/// it. Retaining containers (`TabView`, the lazy containers, `NavigationStack` and
/// `NavigationSplitView` for covered levels) hide a child instead of destroying it:
/// - **hiding** a child walks its subtree once, parents first: every view that had appeared
///   disappears (its `onDisappear` runs, its tasks are cancelled), in the same lifecycle phase
///   as a removal; its state, its body's computation and its subscriptions stay. Its elements
///   leave the renderers' tree (one `remove` of its topmost elements) and are kept: while
///   hidden they may still receive updates, detached.
/// - **showing** it again walks the subtree once more: every view in it appears again
///   (`onAppear`, `.task` restarts), in tree post-order, after the commit that inserts its
///   elements back.
/// A subtree hidden inside a hidden subtree stays hidden when the outer one is shown.
///
/// Nothing else changes for a hidden subtree: its bodies still re-run when what they read
/// changes, and it is destroyed, like any other, when its identity goes (without another
/// disappearance, since it already disappeared).
extension HostCore {
  /// Hides `node` (a child of a retaining container) and its subtree.
  func hide(_ node: ViewNode) {
    guard !node.isHiddenByContainer else { return }
    node.isHiddenByContainer = true
    markHostParentChanged(of: node)
    guard node.isVisible else { return }
    var stack = [node]
    while let current = stack.popLast() {
      current.isVisible = false
      if let lifecycle = current.lifecycle {
        lifecycle.isVisible = false
        queueDisappearance(of: lifecycle, unmounting: false)
      }
      for child in current.children.reversed() where !child.isHiddenByContainer {
        stack.append(child)
      }
    }
  }

  /// Shows `node`, a child of `container` that `hide(_:)` hid. Its subtree becomes visible if
  /// the container is; its appearances are queued by the next commit.
  func show(_ node: ViewNode, in container: ViewNode) {
    guard node.isHiddenByContainer else { return }
    node.isHiddenByContainer = false
    markHostParentChanged(of: node)
    guard container.isVisible else { return }
    var stack = [node]
    while let current = stack.popLast() {
      current.isVisible = true
      current.lifecycle?.isVisible = true
      for child in current.children where !child.isHiddenByContainer { stack.append(child) }
    }
    shownSubtrees.append(node)
  }

  /// Records that `node`'s place among its host parent's elements changed: it leaves or joins
  /// the renderers' tree at the next commit.
  private func markHostParentChanged(of node: ViewNode) {
    // A hidden subtree sets no preferences: the readers collect again.
    preferencesMayHaveMoved(below: node)
    noteChangeContext(of: node.hostParent)
    if elements.mark(node.hostParent, .children, for: commitNumber) {
      changedChildren.append(node.hostParent)
    }
  }

  /// Queues the appearance of every view of the subtrees shown since the last commit, in tree
  /// post-order (a view appears after the views inside it). Views the commit created were
  /// queued by it already; an appearance runs once, so that is harmless.
  func queueShownAppearances() {
    guard !shownSubtrees.isEmpty else { return }
    let roots = shownSubtrees
    shownSubtrees = []
    for root in roots where root.isMounted && root.isVisible {
      var stack: [(node: ViewNode, isLeaving: Bool)] = [(root, false)]
      while let (node, isLeaving) = stack.popLast() {
        if isLeaving {
          if let lifecycle = node.lifecycle { queueAppearance(of: lifecycle) }
          continue
        }
        stack.append((node, true))
        for child in node.children.reversed() where child.isVisible {
          stack.append((child, false))
        }
      }
    }
  }

  /// Queues the disappearance of `lifecycle`'s view: the cancellation of its running tasks,
  /// then, if it had appeared, its disappear actions. When `unmounting`, the view is gone for
  /// good and its appear actions are dropped.
  func queueDisappearance(of lifecycle: LifecyclePart, unmounting: Bool) {
    if unmounting {
      lifecycle.isMounted = false
      lifecycle.appearHandlers = []
      lifecycle.firstAppearActions = []
    }
    let subject = lifecycle.subject
    for task in lifecycle.tasks where !task.isFinished {
      lifecycleQueue.enqueue(.disappear) { host in
        task.handle?.cancel()
        host.log(LifecycleEvent(.taskCancel, subject))
      }
    }
    lifecycle.tasks = []
    guard lifecycle.hasAppeared else { return }
    lifecycle.hasAppeared = false
    for action in lifecycle.disappearActions { lifecycleQueue.enqueue(.disappear, action) }
  }
}
