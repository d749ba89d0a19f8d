import TrellisGraph

extension View {
  /// Marks the view as refreshable, like SwiftUI's `refreshable(action:)`. Headless: a host
  /// triggers it with `ViewHost.refresh()`, which awaits the action (pull to refresh).
  /// - Parameter action: the refresh work, on the main actor.
  /// - Returns: the modified view.
  public func refreshable(
    action: @escaping @MainActor @Sendable () async -> Void
  ) -> ModifiedContent<Self, RefreshableModifier> {
    modifier(RefreshableModifier(action: action))
  }
}

/// The modifier behind `refreshable(action:)`.
public struct RefreshableModifier: ViewModifier {
  /// Built-in.
  public typealias Body = Never
  let action: @MainActor @Sendable () async -> Void

  /// Keeps the latest action on the node for `ViewHost.refresh()`.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    node.modifierState = RefreshAction(modifier.action)
    node.updateModifier("refreshable", content: content)
  }
}

/// The action of a refreshable view.
final class RefreshAction {
  let action: @MainActor @Sendable () async -> Void
  init(_ action: @escaping @MainActor @Sendable () async -> Void) { self.action = action }
}

extension ViewHost {
  /// Pulls to refresh: awaits the action of the first refreshable view (pre-order), then
  /// flushes, as the end of a refresh gesture would.
  /// - Returns: false, with a diagnostic, when no view is refreshable.
  @discardableResult
  public func refresh() async -> Bool {
    guard let node = core.root?.firstNode(where: { $0.modifierState is RefreshAction }),
      let refresh = node.modifierState as? RefreshAction
    else {
      reportNotFound()
      return false
    }
    await refresh.action()
    flush()
    return true
  }

  private func reportNotFound() {
    GraphDiagnostics.report(
      GraphDiagnostic(
        kind: .invalidInput, nodes: [], message: "refresh(): no view in the tree is refreshable."))
  }
}
