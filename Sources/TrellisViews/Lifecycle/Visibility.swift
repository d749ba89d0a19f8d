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
    var chain = DisappearanceChain()
    while let current = stack.popLast() {
      current.isVisible = false
      current.lifecycle?.isVisible = false
      for child in current.children.reversed() where !child.isHiddenByContainer {
        stack.append(child)
      }
      chain.visit(current, continuing: stack.last, in: self, unmounting: false)
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

  /// Queues the cancellation of `lifecycle`'s running tasks, the first half of its view's
  /// disappearance (see `DisappearanceChain`). When `unmounting`, the view is gone for good and
  /// its appear actions are dropped.
  fileprivate func queueTaskCancellations(of lifecycle: LifecyclePart, unmounting: Bool) {
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
  }

  /// Queues `lifecycle`'s disappear actions, if its view had appeared: the second half of its
  /// disappearance.
  fileprivate func queueDisappearActions(of lifecycle: LifecyclePart) {
    guard lifecycle.hasAppeared else { return }
    lifecycle.hasAppeared = false
    for action in lifecycle.disappearActions { lifecycleQueue.enqueue(.disappear, action) }
  }
}

/// The disappearances of one walk down a subtree that leaves (a removal) or is hidden, queued so
/// that a view's tasks are cancelled before its `onDisappear` actions run, whatever order its
/// modifiers were chained in.
///
/// Each modifier is a node of its own, with its own lifecycle part, and a chain of them
/// (`Text("x").task { }.onDisappear { }`) applies to one view. The walk visits the chain outer
/// to inner; queued as visited, the outer `onDisappear` ran before the inner task's
/// cancellation, and the order depended on how the modifiers were written (found by a new
/// user). So each part's task cancellations are queued when it is visited, and its disappear
/// actions once the chain ends, at the first node that is not a modifier (or whose content the
/// walk does not visit next). Views still disappear parents first.
@MainActor
struct DisappearanceChain {
  /// The parts of the chain visited so far, whose disappear actions wait for its end.
  private var waiting: [LifecyclePart] = []

  /// Visits `node`: queues its tasks' cancellation and, at the end of a chain, the chain's
  /// disappear actions.
  /// - Parameters:
  ///   - node: the node visited.
  ///   - next: the node the walk visits next; the chain goes on only into a modifier's content.
  ///   - host: the host whose lifecycle queue takes the actions.
  ///   - unmounting: whether the subtree leaves for good (see `queueTaskCancellations`).
  mutating func visit(
    _ node: ViewNode, continuing next: ViewNode?, in host: HostCore, unmounting: Bool
  ) {
    if let lifecycle = node.lifecycle {
      host.queueTaskCancellations(of: lifecycle, unmounting: unmounting)
      waiting.append(lifecycle)
    }
    guard !waiting.isEmpty else { return }
    if node.role == .modifier, let next, next === node.children.first { return }
    // A chain appears inner part first, one queued appearance per part. A walk made from inside
    // those appearances (an `onAppear` that unmounts the host) finds the view half appeared:
    // its view appeared, so the parts still waiting to appear disappear with it (found by a
    // SwiftUI developer: an outer `onDisappear` never ran).
    if waiting.contains(where: \.hasAppeared) {
      for part in waiting where part.appearanceIsQueued { part.hasAppeared = true }
    }
    for part in waiting { host.queueDisappearActions(of: part) }
    waiting.removeAll(keepingCapacity: true)
  }
}
