import TrellisGraph

extension View {
  /// Marks the view as refreshable, like SwiftUI's `refreshable(action:)`. Headless: a host
  /// triggers it with `ViewHost.refresh()`, which awaits the action (pull to refresh). As
  /// with a pull gesture, a refresh asked for while one runs does not start another: it waits
  /// for the running one.
  /// - Parameter action: the refresh work, on the main actor.
  /// - Returns: the modified view.
  public func refreshable(
    action: @escaping @MainActor @Sendable () async -> Void
  ) -> ModifiedContent<Self, RefreshableModifier> {
    modifier(RefreshableModifier(action: action))
  }
}

/// The modifier behind `refreshable(action:)`.
public struct RefreshableModifier: _PrimitiveViewModifier {
  /// A built-in modifier has no body.
  public typealias Body = Never
  let action: @MainActor @Sendable () async -> Void

  /// Keeps the latest action on the node for `ViewHost.refresh()`.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    node.parts.part(RefreshPart.self) { RefreshPart(modifier.action) }.action = modifier.action
    node.updateModifier(content: content)
  }
}

/// The action of a refreshable view.
@MainActor
final class RefreshPart: NodePart {
  var action: @MainActor @Sendable () async -> Void
  /// Whether the action is running, and who waits for it to end.
  private var isRefreshing = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  init(_ action: @escaping @MainActor @Sendable () async -> Void) { self.action = action }

  /// How many refreshes wait for the running one.
  var waitingCount: Int { waiters.count }

  /// Runs the action, or, while it runs already, waits for that run to end. (Found by a new
  /// user: two overlapping `refresh()` calls ran the action twice at once, which a pull gesture
  /// never does.)
  func refresh() async {
    guard !isRefreshing else {
      await withCheckedContinuation { waiters.append($0) }
      return
    }
    isRefreshing = true
    await action()
    isRefreshing = false
    let waiting = waiters
    waiters = []
    for waiter in waiting { waiter.resume() }
  }
}
