import TrellisGraph

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
    node.setContainer(kind: .button)
    node.setAction(view.action)
    node.updateChild(.index(0), view.label)
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

  /// Renders the toggle. Its value is read by the toggle's own computation, not by the body
  /// that contains it, so the toggle alone does not make that body depend on the value: a
  /// change of the value updates the toggle's `isOn` attribute and re-runs no body.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setLeaf(kind: .toggle, text: view.title)
    let part = node.parts.part(TogglePart.self) { TogglePart(node: node, isOn: view.isOn) }
    part.isOn = view.isOn
    part.refresh()
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
    node.setLeaf(kind: .progressView, text: view.label)
  }
}

/// A toggle's binding, and the computation that shows its value as the `isOn` attribute.
@MainActor
final class TogglePart: NodePart {
  unowned let node: ViewNode
  var isOn: Binding<Bool>
  private var effect: Effect?

  init(node: ViewNode, isOn: Binding<Bool>) {
    self.node = node
    self.isOn = isOn
  }

  /// Reads the binding (again) in the toggle's own computation.
  func refresh() {
    if effect == nil {
      let effect = Effect(
        name: "Toggle", in: node.host.graph, depth: node.depth, runImmediately: false
      ) { [unowned self] in
        node.setAttributes([.isOn(isOn.wrappedValue)])
      }
      effect.recordsReasons = false
      self.effect = effect
    }
    effect?.run()
  }

  func nodeDidUnmount() { effect?.dispose() }
}
