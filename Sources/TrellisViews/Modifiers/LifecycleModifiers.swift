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
public struct AppearanceModifier: _PrimitiveViewModifier {
  /// A built-in modifier has no body.
  public typealias Body = Never
  let onAppear: (@MainActor () -> Void)?
  let onDisappear: (@MainActor () -> Void)?

  /// Registers the actions with the node's lifecycle: the appear action runs after the commit
  /// that first includes the node; the disappear action, the latest one given, when it leaves.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    let isNew = node.role == .unset
    node.updateModifier(content: content)
    let part = node.lifecyclePart()
    let subject = part.subject
    if let onDisappear = modifier.onDisappear {
      part.disappearActions = [
        { host in
          host.log(LifecycleEvent(.disappear, subject))
          onDisappear()
        }
      ]
    }
    guard isNew, let onAppear = modifier.onAppear else { return }
    part.appearActions.append { host, _ in
      host.log(LifecycleEvent(.appear, subject))
      onAppear()
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

extension View {
  /// Runs `action` after an update in which `value` changed, like SwiftUI's
  /// `onChange(of:initial:_:)` with a closure that takes no values.
  /// - Parameters:
  ///   - value: the value to compare across updates.
  ///   - initial: whether to run when the view appears.
  ///   - action: what to do.
  /// - Returns: the modified view.
  public func onChange<Value: Equatable>(
    of value: Value, initial: Bool = false, _ action: @escaping @MainActor () -> Void
  ) -> ModifiedContent<Self, ChangeModifier<Value>> {
    modifier(ChangeModifier(value: value, initial: initial) { _, _ in action() })
  }
}

/// The modifier behind `onChange(of:initial:_:)`.
public struct ChangeModifier<Value: Equatable>: _PrimitiveViewModifier {
  /// A built-in modifier has no body.
  public typealias Body = Never
  let value: Value
  let initial: Bool
  let action: @MainActor (Value, Value) -> Void

  /// Compares with the previous value and queues the action when it changed.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    node.updateModifier(content: content)
    let value = modifier.value
    let action = modifier.action
    let part = node.lifecyclePart()
    let subject = part.subject
    guard let last = node.parts[LastValue<Value>.self] else {
      _ = node.parts.part(LastValue<Value>.self) { LastValue(value) }
      if modifier.initial {
        part.appearActions.append { host, _ in
          host.log(LifecycleEvent(.change(old: "\(value)", new: "\(value)"), subject))
          action(value, value)
        }
      }
      return
    }
    guard last.value != value else { return }
    let old = last.value
    last.value = value
    node.host.lifecycleQueue.enqueue(.change) { host in
      guard part.isMounted else { return }
      host.log(LifecycleEvent(.change(old: "\(old)", new: "\(value)"), subject))
      action(old, value)
    }
  }
}

/// The value an `onChange` saw last.
@MainActor
final class LastValue<Value>: NodePart {
  var value: Value
  init(_ value: Value) { self.value = value }
}
