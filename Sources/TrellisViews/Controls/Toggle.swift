/// A switch over a `Binding<Bool>`, like SwiftUI's `Toggle`. In the rendered tree:
/// `Toggle "title" isOn=…` for a titled toggle, or `Toggle isOn=…` around its label for
/// `Toggle(isOn:label:)`. A host flips it with `ViewHost.setToggle(_:to:)`.
///
/// The value is read by the toggle's own computation, not by the body that contains it, so a
/// change of the value updates the toggle's `isOn` attribute and re-runs no body.
public struct Toggle<Label: View>: View, _PrimitiveView {
  let title: String?
  let isOn: Binding<Bool>
  let label: Label

  /// Creates a toggle with a label built from views, like SwiftUI's `Toggle(isOn:label:)`.
  /// - Parameters:
  ///   - isOn: the value it shows and writes.
  ///   - label: the label.
  public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
    title = nil
    self.isOn = isOn
    self.label = label()
  }

  /// Renders the toggle: a leaf showing its title, or a container of its label.
  public static func _update(_ view: Self, in node: ViewNode) {
    if let title = view.title {
      node.setLeaf(kind: .toggle, text: title)
    } else {
      node.setContainer(kind: .toggle)
    }
    let part = node.parts.part(TogglePart.self) { TogglePart(node: node, isOn: view.isOn) }
    part.isOn = view.isOn
    part.refresh()
    if view.title == nil { node.updateChild(.index(0), view.label) }
  }
}

extension Toggle where Label == EmptyView {
  /// Creates a toggle titled `title`.
  /// - Parameters:
  ///   - title: the title.
  ///   - isOn: the value it shows and writes.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
    self.title = String(title)
    self.isOn = isOn
    label = EmptyView()
  }

  /// Creates a toggle titled `titleKey`.
  /// - Parameters:
  ///   - titleKey: the title.
  ///   - isOn: the value it shows and writes.
  public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
    self.init(Text(titleKey).content, isOn: isOn)
  }
}

/// A toggle's binding, and the computation that shows its value as the `isOn` attribute.
final class TogglePart: ControlPart {
  var isOn: Binding<Bool>

  init(node: ViewNode, isOn: Binding<Bool>) {
    self.isOn = isOn
    super.init(node: node)
  }

  override var noun: String { "toggle" }

  override func controlAttributes() -> [ElementAttribute] { [.isOn(isOn.wrappedValue)] }
}
