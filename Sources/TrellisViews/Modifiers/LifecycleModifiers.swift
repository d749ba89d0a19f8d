extension View {
  /// Runs `action` each time the view appears, like SwiftUI's `onAppear`: after the commit that
  /// inserts its identity, and again after each commit that shows it once a retaining
  /// container hid it (a tab switched back to, a row scrolled back in, a navigation level
  /// uncovered by a pop). Never on body re-evaluations. The latest action given runs.
  /// - Parameter action: the action, or nil (the default) for none, as in SwiftUI.
  /// - Returns: the modified view.
  public func onAppear(
    perform action: (@MainActor () -> Void)? = nil
  ) -> ModifiedContent<Self, AppearanceModifier> {
    modifier(AppearanceModifier(event: .appear, action: action))
  }

  /// Runs `action` each time the view disappears, like SwiftUI's `onDisappear`: after the
  /// update that removes its identity, or that hides it in a retaining container (a tab
  /// switched away, a row scrolled out, a level covered by a push). Every view of a removed or
  /// hidden subtree gets it once, in tree order (parents first). A view removed before it
  /// appeared gets neither.
  /// - Parameter action: the action, or nil (the default) for none, as in SwiftUI.
  /// - Returns: the modified view.
  public func onDisappear(
    perform action: (@MainActor () -> Void)? = nil
  ) -> ModifiedContent<Self, AppearanceModifier> {
    modifier(AppearanceModifier(event: .disappear, action: action))
  }
}

/// The modifier behind `onAppear` and `onDisappear`.
public struct AppearanceModifier: _PrimitiveViewModifier {
  /// A built-in modifier has no body.
  public typealias Body = Never
  /// Which modifier this is.
  enum Event {
    case appear
    case disappear
  }
  let event: Event
  /// The action; nil for none (`.onAppear()`), which may change from update to update.
  let action: (@MainActor () -> Void)?

  /// Registers the action with the node's lifecycle: the latest action given runs at every
  /// appearance (or disappearance); when the latest is nil, nothing runs and nothing is
  /// logged, as SwiftUI runs the current action or none.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    let isNew = node.role == .unset
    node.updateModifier(content: content)
    let part = node.lifecyclePart()
    switch modifier.event {
    case .disappear:
      // Replaced at every update, cleared by a nil action: each modifier has a node (and a
      // lifecycle part) of its own.
      let subject = part.subject
      part.disappearActions =
        modifier.action.map { action in
          [
            { host in
              host.log(LifecycleEvent(.disappear, subject))
              action()
            }
          ]
        } ?? []
    case .appear:
      let latest = node.parts.part(AppearAction.self) { AppearAction() }
      latest.action = modifier.action
      // Registered once, with or without an action: a later update may give one.
      guard isNew else { return }
      part.appearHandlers.append { host, part in
        guard let action = latest.action else { return }
        host.log(LifecycleEvent(.appear, part.subject))
        action()
      }
    }
  }
}

/// The latest `onAppear` action of a node, run at each appearance; nil for none.
@MainActor
final class AppearAction: NodePart {
  var action: (@MainActor () -> Void)?
}

extension View {
  /// Runs `action` with the old and new value after an update in which `value` changed,
  /// like SwiftUI's `onChange(of:initial:_:)`. With `initial`, it also runs when the view
  /// first appears, with the same value twice (not when a retaining container shows it
  /// again). Runs after the body, before task restarts.
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

  /// Runs `action` with the new value when `value` changes, like SwiftUI's
  /// `onChange(of:perform:)`: the same as `onChange(of:initial:_:)` with `initial: false` and
  /// an action that takes only the new value. SwiftUI deprecated it in iOS 17 for
  /// `onChange(of:initial:_:)`; it is here, without the deprecation (Trellis has no OS
  /// versions), so that code written for earlier SwiftUI compiles as it is.
  /// - Parameters:
  ///   - value: the value to watch; compared with `==` after each update.
  ///   - action: receives the new value.
  /// - Returns: the modified view.
  public func onChange<Value: Equatable>(
    of value: Value, perform action: @escaping @MainActor (_ newValue: Value) -> Void
  ) -> ModifiedContent<Self, ChangeModifier<Value>> {
    modifier(ChangeModifier(value: value, initial: false) { _, newValue in action(newValue) })
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
        part.firstAppearActions.append { host, part in
          host.log(LifecycleEvent(.change(old: "\(value)", new: "\(value)"), part.subject))
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
      host.noteFeedbackAction("onChange(of: \(Value.self)) in \(subject)")
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
