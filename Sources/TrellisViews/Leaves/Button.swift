/// A control that runs an action when tapped, like SwiftUI's `Button`. Headless: a host taps it
/// with `ViewHost.tap(_:)` (by its label's texts), a renderer with
/// `RendererConnection.activate(_:)`.
///
/// A button below `.disabled(true)` shows the `disabled` attribute, and taps on it do nothing
/// (and say so). Its role (`.destructive`, `.cancel`) is the `role` attribute.
public struct Button<Label: View>: View, _PrimitiveView {
  let role: ButtonRole?
  let action: @MainActor () -> Void
  let label: Label

  /// Creates a button with a custom label.
  /// - Parameters:
  ///   - action: what a tap does.
  ///   - label: the label's content.
  public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
    self.init(role: nil, action: action, label: label)
  }

  /// Creates a button with a role and a custom label, like SwiftUI's
  /// `Button(role:action:label:)`.
  /// - Parameters:
  ///   - role: what the button does (`.destructive`, `.cancel`), or nil.
  ///   - action: what a tap does.
  ///   - label: the label's content.
  public init(
    role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
  ) {
    self.role = role
    self.action = action
    self.label = label()
  }

  /// Renders the button and its label.
  public static func _update(_ view: Self, in node: ViewNode) {
    let isNew = node.role == .unset
    node.setContainer(kind: .button)
    node.setAction(view.action)
    let part = node.parts.part(ButtonPart.self) { ButtonPart(node: node) }
    if isNew || part.buttonRole != view.role {
      part.buttonRole = view.role
      part.refresh()
    }
    node.updateChild(.index(0), view.label)
  }
}

extension Button where Label == Text {
  /// Creates a button titled `titleKey`.
  /// - Parameters:
  ///   - titleKey: the title.
  ///   - action: what a tap does.
  public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
    self.init(action: action) { Text(titleKey) }
  }

  /// Creates a button titled `title`, shown as is.
  /// - Parameters:
  ///   - title: the title.
  ///   - action: what a tap does.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
    self.init(action: action) { Text(title) }
  }

  /// Creates a button with a title and a role, like SwiftUI's `Button(_:role:action:)`.
  /// - Parameters:
  ///   - titleKey: the title.
  ///   - role: what the button does, or nil.
  ///   - action: what a tap does.
  public init(
    _ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void
  ) {
    self.init(role: role, action: action) { Text(titleKey) }
  }

  /// Creates a button with a title shown as is and a role.
  /// - Parameters:
  ///   - title: the title.
  ///   - role: what the button does, or nil.
  ///   - action: what a tap does.
  @_disfavoredOverload
  public init<S: StringProtocol>(
    _ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void
  ) {
    self.init(role: role, action: action) { Text(title) }
  }
}

extension Button where Label == TrellisViews.Label<Text, Image> {
  /// Creates a button labelled with a title and a symbol, like SwiftUI's
  /// `Button(_:systemImage:action:)`.
  /// - Parameters:
  ///   - titleKey: the title.
  ///   - systemImage: the symbol's name.
  ///   - action: what a tap does.
  public init(
    _ titleKey: LocalizedStringKey, systemImage: String,
    action: @escaping @MainActor () -> Void
  ) {
    self.init(action: action) { TrellisViews.Label(titleKey, systemImage: systemImage) }
  }

  /// Creates a button with a role, labelled with a title and a symbol.
  /// - Parameters:
  ///   - titleKey: the title.
  ///   - systemImage: the symbol's name.
  ///   - role: what the button does, or nil.
  ///   - action: what a tap does.
  public init(
    _ titleKey: LocalizedStringKey, systemImage: String, role: ButtonRole?,
    action: @escaping @MainActor () -> Void
  ) {
    self.init(role: role, action: action) {
      TrellisViews.Label(titleKey, systemImage: systemImage)
    }
  }
}

/// A button's control state: its role, and whether it is enabled and focused.
final class ButtonPart: ControlPart {
  var buttonRole: ButtonRole?

  override var noun: String { "button" }

  override func controlAttributes() -> [ElementAttribute] {
    buttonRole.map { [.control(.role($0))] } ?? []
  }
}
