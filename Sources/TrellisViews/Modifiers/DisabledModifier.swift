import TrellisEnvironment

extension View {
  /// Disables the controls in this view, like SwiftUI's `.disabled(_:)`: `\.isEnabled` is false
  /// below it, controls show the `disabled` attribute, drivers and activation ignore them (and
  /// say so), and the focus leaves them. A `.disabled(false)` inside a disabled view does not
  /// enable it again.
  /// - Parameter disabled: whether to disable.
  /// - Returns: the modified view.
  public func disabled(_ disabled: Bool) -> ModifiedContent<Self, DisabledModifier> {
    modifier(DisabledModifier(disabled: disabled))
  }
}

/// The modifier behind `.disabled(_:)`.
public struct DisabledModifier: _PrimitiveViewModifier {
  let disabled: Bool

  /// Overrides `\.isEnabled` with false in the subtree while disabled, and removes the override
  /// otherwise (so the inherited value shows).
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    node.ensureOwnEnvironment()
    if modifier.disabled {
      node.environment.apply { $0.isEnabled = false }
    } else {
      node.environment.removeIsEnabledOverride()
    }
    node.updateModifier(content: content)
  }
}

extension EnvironmentScope {
  /// Removes this scope's own `\.isEnabled` override, if any.
  func removeIsEnabledOverride() {
    removeValue(for: IsEnabledKey.self)
  }
}
