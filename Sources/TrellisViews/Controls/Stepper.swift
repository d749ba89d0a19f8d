import TrellisGraph

/// A control that increments and decrements a value, like SwiftUI's `Stepper`. In the
/// rendered tree: `Stepper "title" value=… bounds=… step=…` (or `Stepper` around its label).
/// A host presses it with `ViewHost.increment(_:)` and `ViewHost.decrement(_:)`. A press never
/// moves the value past a bound, and a press toward a bound the value is at (or past) does
/// nothing, not even `onEditingChanged`, as SwiftUI's stepper disables that button. A value
/// set outside the bounds elsewhere is not clamped: a press away from the bound moves it one
/// step. A step of 0, or one that is not a finite number, is reported at each press, naming
/// the stepper and its view, and the press changes nothing.
public struct Stepper<Label: View>: View, _PrimitiveView {
  let title: String?
  let label: Label
  let model: StepperModel

  /// Creates a stepper over `value` with a label built from views.
  /// - Parameters:
  ///   - value: the value.
  ///   - bounds: the range it stays in.
  ///   - step: the amount of one press (default 1).
  ///   - onEditingChanged: called with true before and false after each press.
  ///   - label: the label.
  public init<V: Strideable>(
    value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
    onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in },
    @ViewBuilder label: () -> Label
  ) {
    title = nil
    self.label = label()
    model = StepperModel(
      value: value, bounds: bounds, step: step, onEditingChanged: onEditingChanged)
  }

  /// Creates a stepper that calls actions instead of changing a value, like SwiftUI's
  /// `Stepper(label:onIncrement:onDecrement:onEditingChanged:)`.
  /// - Parameters:
  ///   - label: the label.
  ///   - onIncrement: what a press up does, or nil (the button is off).
  ///   - onDecrement: what a press down does, or nil.
  ///   - onEditingChanged: called with true before and false after each press.
  public init(
    @ViewBuilder label: () -> Label, onIncrement: (@MainActor () -> Void)?,
    onDecrement: (@MainActor () -> Void)?,
    onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in }
  ) {
    title = nil
    self.label = label()
    model = StepperModel(
      increment: onIncrement, decrement: onDecrement, onEditingChanged: onEditingChanged)
  }

  /// Renders the stepper: a leaf showing its title, or a container of its label.
  public static func _update(_ view: Self, in node: ViewNode) {
    if let title = view.title {
      node.setLeaf(kind: .stepper, text: title)
    } else {
      node.setContainer(kind: .stepper)
    }
    let part = node.parts.part(StepperPart.self) { StepperPart(node: node, model: view.model) }
    part.model = view.model
    part.refresh()
    if view.title == nil { node.updateChild(.index(0), view.label) }
  }
}

extension Stepper where Label == EmptyView {
  /// Creates a titled stepper over `value` within `bounds`.
  /// - Parameters:
  ///   - title: the title.
  ///   - value: the value.
  ///   - bounds: the range it stays in.
  ///   - step: the amount of one press (default 1).
  ///   - onEditingChanged: called with true before and false after each press.
  public init<S: StringProtocol, V: Strideable>(
    _ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
    onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in }
  ) {
    self.title = String(title)
    label = EmptyView()
    model = StepperModel(
      value: value, bounds: bounds, step: step, onEditingChanged: onEditingChanged)
  }

  /// Creates a titled stepper over `value`, without bounds.
  /// - Parameters:
  ///   - title: the title.
  ///   - value: the value.
  ///   - step: the amount of one press (default 1).
  ///   - onEditingChanged: called with true before and false after each press.
  public init<S: StringProtocol, V: Strideable>(
    _ title: S, value: Binding<V>, step: V.Stride = 1,
    onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in }
  ) {
    self.title = String(title)
    label = EmptyView()
    model = StepperModel(value: value, bounds: nil, step: step, onEditingChanged: onEditingChanged)
  }

  /// Creates a titled stepper that calls actions.
  /// - Parameters:
  ///   - title: the title.
  ///   - onIncrement: what a press up does, or nil.
  ///   - onDecrement: what a press down does, or nil.
  ///   - onEditingChanged: called with true before and false after each press.
  public init<S: StringProtocol>(
    _ title: S, onIncrement: (@MainActor () -> Void)?, onDecrement: (@MainActor () -> Void)?,
    onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in }
  ) {
    self.title = String(title)
    label = EmptyView()
    model = StepperModel(
      increment: onIncrement, decrement: onDecrement, onEditingChanged: onEditingChanged)
  }
}

/// What a stepper does, with its value type erased.
@MainActor
struct StepperModel {
  /// Steps up; returns false when the step would leave the value's type (an integer overflow
  /// with no bound to stop at), in which case the value is unchanged.
  let increment: (@MainActor () -> Bool)?
  /// Steps down; as `increment`.
  let decrement: (@MainActor () -> Bool)?
  let onEditingChanged: @MainActor (Bool) -> Void
  let attributes: @MainActor () -> [ElementAttribute]
  /// Whether the value is at or past the bound in the direction asked (true: up), so that a
  /// press that way does nothing.
  let isAtBound: @MainActor (_ up: Bool) -> Bool
  /// The step, as shown in a diagnostic, when it is not a finite number (`.nan`, `.infinity`):
  /// a press would make the value NaN or infinite, so none steps.
  let nonFiniteStep: String?
  /// Whether the step is 0: a press would change nothing, so none steps.
  let isZeroStep: Bool
  /// The value, exactly, and what renderers get of it, when it is an integer that a `Double`
  /// (the `value` attribute) cannot hold: beyond 2^53 in magnitude.
  let inexactValue: @MainActor () -> (exact: String, sent: Double)?

  init(
    increment: (@MainActor () -> Void)?, decrement: (@MainActor () -> Void)?,
    onEditingChanged: @escaping @MainActor (Bool) -> Void
  ) {
    self.increment = Self.alwaysStepping(increment)
    self.decrement = Self.alwaysStepping(decrement)
    self.onEditingChanged = onEditingChanged
    attributes = { [] }
    isAtBound = { _ in false }
    nonFiniteStep = nil
    isZeroStep = false
    inexactValue = { nil }
  }

  /// A caller's own action, which always counts as a step.
  private static func alwaysStepping(_ action: (@MainActor () -> Void)?) -> (@MainActor () -> Bool)?
  {
    guard let action else { return nil }
    return {
      action()
      return true
    }
  }

  init<V: Strideable>(
    value: Binding<V>, bounds: ClosedRange<V>?, step: V.Stride,
    onEditingChanged: @escaping @MainActor (Bool) -> Void
  ) {
    // A step past the end of an integer type stops at the bound if there is one (where any
    // step past it would have stopped); without one the value stays and the press reports it.
    // A value at or past a bound is not moved by the press toward it, as at the bound itself:
    // clamping would move a value above the range down on "+" (found by a new user: 50 in
    // 0...10 became 10 on an increment).
    nonFiniteStep = NumericValue.double(step).flatMap { $0.isFinite ? nil : "\(step)" }
    isZeroStep = step == .zero
    inexactValue = {
      guard let integer = value.wrappedValue as? any BinaryInteger, Double(exactly: integer) == nil
      else { return nil }
      return ("\(integer)", Double(integer))
    }
    isAtBound = { up in
      guard let bounds else { return false }
      return up
        ? value.wrappedValue >= bounds.upperBound : value.wrappedValue <= bounds.lowerBound
    }
    increment = {
      guard let next = StepArithmetic.advanced(value.wrappedValue, by: step) else {
        guard let bounds else { return false }
        value.wrappedValue = bounds.upperBound
        return true
      }
      value.wrappedValue = bounds.map { min(next, $0.upperBound) } ?? next
      return true
    }
    decrement = {
      guard let next = StepArithmetic.advanced(value.wrappedValue, by: step, down: true) else {
        guard let bounds else { return false }
        value.wrappedValue = bounds.lowerBound
        return true
      }
      value.wrappedValue = bounds.map { max(next, $0.lowerBound) } ?? next
      return true
    }
    self.onEditingChanged = onEditingChanged
    attributes = {
      var result: [ElementAttribute] = []
      if let number = NumericValue.double(value.wrappedValue) {
        result.append(.control(.value(number)))
      }
      if let bounds, let lower = NumericValue.double(bounds.lowerBound),
        let upper = NumericValue.double(bounds.upperBound)
      {
        result.append(.control(.bounds(lower: lower, upper: upper)))
      }
      if let step = NumericValue.double(step) { result.append(.control(.step(step))) }
      return result
    }
  }
}

/// A stepper's actions and the computation that shows its value.
final class StepperPart: ControlPart {
  var model: StepperModel

  init(node: ViewNode, model: StepperModel) {
    self.model = model
    super.init(node: node)
  }

  override var noun: String { "stepper" }

  /// Whether a value beyond what the `value` attribute holds exactly was reported.
  private var reportedInexactValue = false

  override func controlAttributes() -> [ElementAttribute] {
    // Reported once per stepper: the value attribute is a `Double`, so renderers would
    // otherwise show a neighbouring value, and miss a step that rounds to the same one, with
    // no word (found by a new user: an increment of 2^53 sent no mutation).
    if !reportedInexactValue, let (exact, sent) = model.inexactValue() {
      reportedInexactValue = true
      report(
        "has the value \(exact), beyond 2^53, which its value attribute (a Double) cannot hold "
          + "exactly: renderers get \(sent), and a step may not change what they get. The state "
          + "itself is exact; show it in the stepper's label.")
    }
    return model.attributes()
  }

  /// What a press did.
  enum PressOutcome: Equatable {
    /// The value stepped (by a bound-clamped step, or the caller's own action ran).
    case stepped
    /// The value is at or past the bound in that direction: that half is disabled, as
    /// SwiftUI's is, and the press changed nothing and called nothing.
    case atBound
    /// The step cannot be taken: it would leave the value's integer type, or it is not a
    /// finite number. The press reported it and changed nothing.
    case cannotStep
    /// That direction has no action (`onIncrement` or `onDecrement` is nil).
    case noAction
  }

  /// Presses the stepper up (`up == true`) or down. At (or past) the bound in that direction
  /// the press does nothing, without editing callbacks. A step that is not a finite number, or
  /// that would overflow the value's integer type, is reported here and changes nothing.
  /// The most presses one `RendererConnection.adjust(_:by:)` makes.
  static let maximumPressesPerAdjustment = 1_000

  func press(up: Bool) -> PressOutcome {
    guard let action = up ? model.increment : model.decrement else { return .noAction }
    if let step = model.nonFiniteStep {
      report("has a step of \(step); a step must be a finite number. The value is unchanged.")
      return .cannotStep
    }
    if model.isZeroStep {
      // Found by a user: a press reported a step that changed nothing, and an adjustment by
      // many steps pressed a thousand times.
      report("has a step of 0, so a press changes nothing. Give it a step other than 0.")
      return .cannotStep
    }
    if model.isAtBound(up) { return .atBound }
    model.onEditingChanged(true)
    let stepped = action()
    model.onEditingChanged(false)
    guard stepped else {
      report(
        "cannot step \(up ? "up" : "down") from its value: the result is outside its type's "
          + "range. The value is unchanged; give the stepper bounds (in:) or a smaller step.")
      return .cannotStep
    }
    return .stepped
  }

  /// Reports a problem of this stepper's, named with its title and the view that holds it.
  /// - Parameter problem: what is wrong, after "The stepper "title" in View ".
  private func report(_ problem: String) {
    let name = node.enclosingViewName
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: [name],
        message: "The stepper \"\(title ?? "")\" in \(name) \(problem)"))
  }
}

/// Steps of a stepper's value that never trap: an integer value is advanced with overflow
/// checks (a generic `advanced(by:)` traps on overflow), other `Strideable` types as they are.
enum StepArithmetic {
  /// `value` advanced by `step` (by `-step` when `down`), or nil when the result does not fit
  /// the value's integer type, or a finite floating-point value would become infinite.
  static func advanced<V: Strideable>(_ value: V, by step: V.Stride, down: Bool = false) -> V? {
    // The standard integer types stride by `Int`.
    if let integer = value as? any FixedWidthInteger, let step = step as? Int {
      return advanced(integer, by: step, down: down) as? V
    }
    let next = value.advanced(by: down ? -step : step)
    // A finite floating-point value that overflows becomes infinite: outside its type's range,
    // as an integer overflow is (found by a new user: 1e308 stepped by 1e308 showed `inf`).
    if let old = value as? any FloatingPoint, old.isFinite,
      let new = next as? any FloatingPoint, !new.isFinite
    {
      return nil
    }
    return next
  }

  private static func advanced<I: FixedWidthInteger>(_ value: I, by step: Int, down: Bool) -> I? {
    // Added or subtracted by magnitude, so that neither negating the step nor converting it
    // to the value's type can overflow first.
    let increases = (step >= 0) != down
    guard let magnitude = I(exactly: step.magnitude) else { return nil }
    let (result, overflow) =
      increases
      ? value.addingReportingOverflow(magnitude) : value.subtractingReportingOverflow(magnitude)
    return overflow ? nil : result
  }
}

/// Numbers of any numeric type as `Double`, for attributes.
enum NumericValue {
  static func double(_ value: Any) -> Double? {
    switch value {
    case let value as any BinaryInteger: Double(value)
    case let value as any BinaryFloatingPoint: Double(value)
    default: nil
    }
  }
}
