import Foundation
import TrellisGraph

/// A control that selects a value from a continuous range, like SwiftUI's `Slider`. In the
/// rendered tree: `Slider value=… bounds=…` (with `step` when given) around its label. A host
/// moves it with `ViewHost.setSlider(_:to:)`; the value is clamped to the bounds and rounded to
/// the step, as SwiftUI's slider does. A value that is NaN is reported, once while it stays.
public struct Slider<Label: View>: View, _PrimitiveView {
  let label: Label
  let model: SliderModel

  /// Creates a slider with a label.
  /// - Parameters:
  ///   - value: the value.
  ///   - bounds: its range (default 0…1).
  ///   - step: the distance between allowed values, or nil for any value.
  ///   - label: the label.
  ///   - onEditingChanged: called with true when a change starts and false when it ends.
  public init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil,
    @ViewBuilder label: () -> Label,
    onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint {
    self.label = label()
    model = SliderModel(
      value: value, bounds: bounds, step: step, onEditingChanged: onEditingChanged)
  }

  /// Renders `Slider` around its label.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setContainer(kind: .slider)
    let part = node.parts.part(SliderPart.self) { SliderPart(node: node, model: view.model) }
    part.model = view.model
    part.refresh()
    node.updateChild(.index(0), view.label)
  }
}

extension Slider where Label == EmptyView {
  /// Creates a slider without a label.
  /// - Parameters:
  ///   - value: the value.
  ///   - bounds: its range (default 0…1).
  ///   - step: the distance between allowed values, or nil for any value.
  ///   - onEditingChanged: called with true when a change starts and false when it ends.
  public init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil,
    onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint {
    label = EmptyView()
    model = SliderModel(
      value: value, bounds: bounds, step: step, onEditingChanged: onEditingChanged)
  }
}

/// What a slider does, with its value type erased.
@MainActor
struct SliderModel {
  let set: @MainActor (Double) -> Void
  let onEditingChanged: @MainActor (Bool) -> Void
  let attributes: @MainActor () -> [ElementAttribute]
  /// The value now, as a `Double`.
  let current: @MainActor () -> Double
  /// How far one adjustment moves it: the step, or a twentieth of the range without one (1
  /// when the range is not finite).
  let increment: Double
  /// What is wrong with its step or bounds, to report: a step that is not a positive finite
  /// number (the slider then moves freely), or bounds that are not finite.
  let problem: String?

  init<V: BinaryFloatingPoint>(
    value: Binding<V>, bounds: ClosedRange<V>, step: V.Stride?,
    onEditingChanged: @escaping @MainActor (Bool) -> Void
  ) where V.Stride: BinaryFloatingPoint {
    let lower = Double(bounds.lowerBound)
    let upper = Double(bounds.upperBound)
    let givenStep = step.map { Double($0) }
    // A step of 0, a negative one or a non-finite one moves nothing sensibly (0 × ∞ is NaN):
    // the slider moves freely, and it is reported.
    let step = givenStep.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    let range = upper - lower
    if let givenStep, step == nil {
      problem =
        "has a step of \(Length.describe(CGFloat(givenStep))), which is not a positive finite "
        + "number; it moves freely, as without a step"
    } else if !range.isFinite {
      problem =
        "has bounds that are not finite (\(Length.describe(CGFloat(lower)))..."
        + "\(Length.describe(CGFloat(upper)))); an adjustment moves it by 1"
    } else {
      problem = nil
    }
    set = { newValue in
      var clamped = min(max(newValue, lower), upper)
      if let step {
        let steps = ((clamped - lower) / step).rounded()
        // A step that divides 1 (0.1, 0.25) is applied as a division, which lands on the
        // decimal value (6 / 10 is 0.6; 6 × 0.1 is 0.6000000000000001).
        let perUnit = (1 / step).rounded()
        let offset = abs(perUnit * step - 1) < 1e-12 ? steps / perUnit : steps * step
        clamped = min(lower + offset, upper)
      }
      value.wrappedValue = V(clamped)
    }
    self.onEditingChanged = onEditingChanged
    current = { Double(value.wrappedValue) }
    increment = step ?? (range.isFinite ? range / 20 : 1)
    attributes = {
      var result: [ElementAttribute] = [
        .control(.value(Double(value.wrappedValue))), .control(.bounds(lower: lower, upper: upper)),
      ]
      if let givenStep { result.append(.control(.step(givenStep))) }
      return result
    }
  }
}

/// A slider's binding and the computation that shows its value.
final class SliderPart: ControlPart {
  var model: SliderModel

  init(node: ViewNode, model: SliderModel) {
    self.model = model
    super.init(node: node)
  }

  override var noun: String { "slider" }

  /// Whether the value is NaN and has been reported: reported once while it stays NaN.
  private var reportedNaN = false
  /// The step or bounds problem last reported: reported once while it stays.
  private var reportedProblem: String?

  override func controlAttributes() -> [ElementAttribute] {
    let attributes = model.attributes()
    if let problem = model.problem, problem != reportedProblem {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [node.diagnosticName],
          message: "A slider in \(node.diagnosticName) \(problem)."))
    }
    reportedProblem = model.problem
    if model.current().isNaN {
      if !reportedNaN {
        reportedNaN = true
        TrellisDiagnostics.report(
          TrellisDiagnostic(
            kind: .invalidInput, nodes: [node.diagnosticName],
            message:
              "A slider in \(node.diagnosticName) is bound to nan: it has no position, and a "
              + "step up or down leaves it nan. Bind it to a number within its bounds."))
      }
    } else {
      reportedNaN = false
    }
    return attributes
  }

  /// Moves the slider to `value`, as one drag would.
  func set(_ value: Double) {
    model.onEditingChanged(true)
    model.set(value)
    model.onEditingChanged(false)
  }

  /// Moves the slider `steps` increments (its step, or a twentieth of its range) up or down,
  /// clamped to its bounds, as an arrow key does.
  func adjust(by steps: Int) {
    set(model.current() + Double(steps) * model.increment)
  }
}
