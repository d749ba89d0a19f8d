import TrellisGraph

/// A control's part of its node: the computation that shows its state as attributes, whether
/// it is enabled (read from `\.isEnabled`) and focused, and the title drivers find it by.
///
/// The control's value (a binding's) and `\.isEnabled` are read in the control's own
/// computation, not in the body that contains the control: a change of either re-renders the
/// control's attributes and re-runs no body. Each control kind subclasses this part with its
/// binding and its driver hooks.
@MainActor
class ControlPart: ComputedPart {
  /// The host, whose focus this control leaves when it leaves the tree: nil once the host is
  /// going, as a part must not reach the host while the host is being released. A
  /// `HostReference` rather than a weak reference to the focus: LeakSanitizer reported the
  /// side table of a weakly referenced object as leaked once no weak reference to it was left
  /// (an unmounted host kept until exit; found by a new user).
  @HostReference private var host: HostCore?

  override init(node: ViewNode) {
    host = node.host
    super.init(node: node)
  }

  /// Whether `\.isEnabled` was true at the last render.
  private(set) var isEnabled = true

  /// Whether the control may keep the focus: it is enabled, and no container hides it.
  var canKeepFocus: Bool { isEnabled && node.isVisible }
  /// Whether the control has the host's focus.
  var isFocused = false {
    didSet { if isFocused != oldValue { refresh() } }
  }

  /// Whether focus can move to the control (while it is enabled).
  var isFocusable: Bool { true }

  /// What the driver diagnostics call the control: `button`, `text field`, …
  var noun: String { "control" }

  /// The title drivers find the control by: its label's texts (or, with no text, its images'
  /// names), joined by spaces.
  var title: String? { node.title }

  /// The control's own attributes (its value, bounds, role), read in its computation.
  func controlAttributes() -> [ElementAttribute] { [] }

  override func nodeDidUnmount() {
    super.nodeDidUnmount()
    host?.focus.controlDidUnmount(self)
  }

  override func compute() {
    isEnabled = node.environment[\.isEnabled]
    var attributes = controlAttributes()
    if !isEnabled { attributes.append(.control(.disabled)) }
    if isFocused { attributes.append(.control(.focused)) }
    node.setAttributes(ElementAttributes(attributes))
  }
}

extension ViewNode {
  /// Sets the text a container shows besides its children (a `Picker`'s title).
  func setContainerText(_ text: String?) {
    guard self.text != text else { return }
    self.text = text
    host.markTextChanged(of: self)
  }

  /// Whether the node's environment says it is enabled, read without a dependency.
  var isEnabledInEnvironment: Bool {
    GraphEvaluation.untracked { environment[\.isEnabled] }
  }
}

extension ControlPart {
  /// What a control of this kind is called in diagnostics before one is found ("text field",
  /// "slider", …; "control" for any kind).
  static var kindName: String {
    switch self {
    case is TextFieldPart.Type: "text field"
    case is PickerControl.Type: "picker"
    case is StepperPart.Type: "stepper"
    case is SliderPart.Type: "slider"
    case is TogglePart.Type: "toggle"
    case is ButtonPart.Type: "button"
    default: "control"
    }
  }
}
