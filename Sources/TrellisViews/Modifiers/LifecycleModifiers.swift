extension View {
  /// Runs `action` after the update that inserts this view's identity has been committed,
  /// like SwiftUI's `onAppear`. It runs once per insertion, not on body re-evaluations.
  /// - Parameter action: the action.
  /// - Returns: the modified view.
  public func onAppear(
    perform action: @escaping @MainActor () -> Void
  ) -> ModifiedContent<Self, AppearanceModifier> {
    modifier(AppearanceModifier(onAppear: action, onDisappear: nil))
  }

  /// Runs `action` after the update that removes this view's identity, like SwiftUI's
  /// `onDisappear`. Every view of a removed subtree gets it once, in tree order (parents
  /// first), and never an appear afterwards. A view removed before it appeared gets neither.
  /// - Parameter action: the action.
  /// - Returns: the modified view.
  public func onDisappear(
    perform action: @escaping @MainActor () -> Void
  ) -> ModifiedContent<Self, AppearanceModifier> {
    modifier(AppearanceModifier(onAppear: nil, onDisappear: action))
  }
}

/// The modifier behind `onAppear` and `onDisappear`.
public struct AppearanceModifier: ViewModifier {
  /// Built-in.
  public typealias Body = Never
  let onAppear: (@MainActor () -> Void)?
  let onDisappear: (@MainActor () -> Void)?

  /// Queues the appear action at insertion and registers the disappear action.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    let isNew = node.kind.isEmpty
    node.updateModifier(modifier.onAppear != nil ? "onAppear" : "onDisappear", content: content)
    node.disappearActions = []
    if let onDisappear = modifier.onDisappear {
      node.disappearActions.append { [unowned node] in
        node.host.events.append(LifecycleEvent(.disappear, node.subjectName))
        onDisappear()
      }
    }
    guard isNew else { return }
    node.host.commitQueue.enqueue(.appear) { [weak node] in
      guard let node, node.isMounted else { return }
      node.hasAppeared = true
      if let onAppear = modifier.onAppear {
        node.host.events.append(LifecycleEvent(.appear, node.subjectName))
        onAppear()
      }
    }
  }
}

extension View {
  /// Runs `action` with the old and new value after an update in which `value` changed,
  /// like SwiftUI's `onChange(of:initial:_:)`. With `initial`, it also runs when the view
  /// appears, with the same value twice. Runs after the body, before task restarts.
  /// - Parameters:
  ///   - value: the value to compare across updates.
  ///   - initial: whether to run when the view appears.
  ///   - action: receives the old and new values.
  /// - Returns: the modified view.
  public func onChange<Value: Equatable>(
    of value: Value, initial: Bool = false,
    _ action: @escaping @MainActor (_ oldValue: Value, _ newValue: Value) -> Void
  ) -> ModifiedContent<Self, ChangeModifier<Value>> {
    modifier(ChangeModifier(value: value, initial: initial, action: action))
  }
}

/// The modifier behind `onChange(of:initial:_:)`.
public struct ChangeModifier<Value: Equatable>: ViewModifier {
  /// Built-in.
  public typealias Body = Never
  let value: Value
  let initial: Bool
  let action: @MainActor (Value, Value) -> Void

  /// Compares with the previous value and queues the action when it changed.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    node.updateModifier("onChange", content: content)
    let value = modifier.value
    guard let last = node.modifierState as? LastValue<Value> else {
      node.modifierState = LastValue(value)
      if modifier.initial {
        node.host.commitQueue.enqueue(.appear) { [weak node] in
          guard let node, node.isMounted else { return }
          node.host.events.append(
            LifecycleEvent(.change(old: "\(value)", new: "\(value)"), node.subjectName))
          modifier.action(value, value)
        }
      }
      return
    }
    guard last.value != value else { return }
    let old = last.value
    last.value = value
    node.host.commitQueue.enqueue(.change) { [weak node] in
      guard let node, node.isMounted else { return }
      node.host.events.append(
        LifecycleEvent(.change(old: "\(old)", new: "\(value)"), node.subjectName))
      modifier.action(old, value)
    }
  }
}

/// The value an `onChange` saw last.
final class LastValue<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}
