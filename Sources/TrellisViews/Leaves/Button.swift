/// A control that runs an action when tapped, like SwiftUI's `Button`. Headless: a host
/// "taps" it with `ViewHost.tap(_:)`, which calls the action.
public struct Button<Label: View>: View {
  let action: @MainActor () -> Void
  let label: Label

  /// Creates a button with a custom label.
  /// - Parameters:
  ///   - action: what a tap does.
  ///   - label: the label's content.
  public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
    self.action = action
    self.label = label()
  }

  /// Renders the button and its label.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setContainer(kind: "Button", showsInTree: true)
    node.action = view.action
    node.updateChildren { children in children.update(.index(0), view.label) }
  }
}

extension Button where Label == Text {
  /// Creates a button titled `title`.
  /// - Parameters:
  ///   - title: the title.
  ///   - action: what a tap does.
  public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
    self.init(action: action) { Text(title) }
  }
}

/// A switch over a `Binding<Bool>`, like SwiftUI's `Toggle`. In the rendered tree:
/// `Toggle "title" isOn=…`; a host flips it with `ViewHost.setToggle(_:to:)`.
public struct Toggle: View {
  let title: String
  let isOn: Binding<Bool>

  /// Creates a toggle.
  /// - Parameters:
  ///   - title: the title.
  ///   - isOn: the value it shows and writes.
  public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
    self.title = String(title)
    self.isOn = isOn
  }

  /// Renders the toggle. Its value is read when the tree is rendered, not by the body that
  /// contains it, so the toggle alone does not make that body depend on the value.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setLeaf(kind: "Toggle", text: view.title)
    node.toggle = view.isOn
  }
}

/// An activity indicator, like SwiftUI's `ProgressView`, optionally with a label.
public struct ProgressView: View, Equatable {
  let label: String?

  /// Creates an indeterminate progress view.
  /// - Parameter label: an optional label.
  public init(_ label: String? = nil) { self.label = label }

  /// Renders `ProgressView "label"`.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setLeaf(kind: "ProgressView", text: view.label)
  }
}
