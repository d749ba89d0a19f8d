import TrellisGraph

extension View {
  /// Binds the focus of the control in this view to a Boolean focus state, like SwiftUI's
  /// `.focused(_:)`: the state is true while that control has the focus, and writing true
  /// focuses it.
  /// - Parameter condition: the focus state's binding (`$isFocused`).
  /// - Returns: the modified view.
  public func focused(
    _ condition: FocusState<Bool>.Binding
  ) -> ModifiedContent<Self, FocusedModifier> {
    modifier(FocusedModifier(binding: FocusBinding(condition.box, value: true)))
  }

  /// Binds the focus of the control in this view to `value` of a focus state, like SwiftUI's
  /// `.focused(_:equals:)`: the state is `value` while that control has the focus, and writing
  /// `value` focuses it.
  /// - Parameters:
  ///   - binding: the focus state's binding (`$field`).
  ///   - value: the value that stands for this control.
  /// - Returns: the modified view.
  public func focused<Value: Hashable>(
    _ binding: FocusState<Value>.Binding, equals value: Value
  ) -> ModifiedContent<Self, FocusedModifier> {
    modifier(FocusedModifier(binding: FocusBinding(binding.box, value: value)))
  }
}

/// The modifier behind `.focused(_:)` and `.focused(_:equals:)`.
public struct FocusedModifier: _PrimitiveViewModifier {
  let binding: FocusBinding

  /// Registers the binding with the host's focus, for the first control below.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    let part = node.parts.part(FocusBindingPart.self) {
      FocusBindingPart(node: node, binding: modifier.binding)
    }
    part.binding = modifier.binding
    node.updateModifier(content: content)
  }
}

/// A focus state and the value that stands for one control, with the state's type erased.
@MainActor
struct FocusBinding {
  /// The state's slot's identity, once linked.
  let storage: @MainActor () -> ObjectIdentifier?
  /// Whether the state holds this binding's value.
  let matches: @MainActor () -> Bool
  /// Writes this binding's value (the control took the focus).
  let activate: @MainActor () -> Void
  /// Writes the empty value if the state holds this binding's value (the control lost it).
  let deactivate: @MainActor () -> Void

  /// The state's slot's identity, once linked.
  var storageID: ObjectIdentifier? { storage() }

  init<Value: Hashable>(_ box: FocusStateBox<Value>, value: Value) {
    storage = { box.storage.map(ObjectIdentifier.init) }
    matches = { box.storage.map { $0.cell.untrackedValue == value } ?? false }
    activate = { box.storage?.reflect(value) }
    deactivate = {
      guard let storage = box.storage, storage.cell.untrackedValue == value else { return }
      storage.reflect(storage.empty)
    }
  }
}

/// A `.focused` modifier's binding, registered with the host's focus while it is in the tree.
@MainActor
final class FocusBindingPart: NodePart {
  unowned let node: ViewNode
  var binding: FocusBinding
  /// The host, whose focus this binding leaves when it leaves the tree: nil once the host is
  /// going, as a part must not reach the host while it is being released. Not a weak reference
  /// to the focus (see `ControlPart.host`).
  @HostReference private var host: HostCore?

  init(node: ViewNode, binding: FocusBinding) {
    self.node = node
    self.binding = binding
    let host = node.host
    self.host = host
    host.focus.register(self)
  }

  /// The control this binding is for: the first control below the modifier, pre-order.
  var target: ControlPart? {
    var stack = [node]
    while let current = stack.popLast() {
      if let control = current.parts[ControlPart.self], control.isFocusable { return control }
      stack.append(contentsOf: current.children.reversed())
    }
    return nil
  }

  func nodeDidUnmount() { host?.focus.unregister(self) }
}
