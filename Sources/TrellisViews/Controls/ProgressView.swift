import TrellisGraph

/// A progress indicator, like SwiftUI's `ProgressView`: indeterminate (an activity indicator),
/// or determinate (`ProgressView(value:total:)`, with the `progress` attribute), optionally
/// with a label.
public struct ProgressView: View, _PrimitiveView, Equatable {
  let label: String?
  let value: Double?
  let total: Double
  /// The value and total as given, when they had to be clamped (reported when shown).
  let given: String?

  /// Creates an indeterminate progress view.
  /// - Parameter label: an optional label.
  public init(_ label: String? = nil) {
    self.label = label
    value = nil
    total = 1
    given = nil
  }

  /// Creates a progress view showing `value` out of `total`, like SwiftUI's
  /// `ProgressView(value:total:)`. A nil value is indeterminate; a value outside 0…total (or
  /// NaN, as 0) is clamped, as SwiftUI draws it, and reported when the view is shown, as
  /// SwiftUI logs "ProgressView initialized with an out-of-bounds progress value".
  /// - Parameters:
  ///   - value: the progress, or nil.
  ///   - total: the value of completion (default 1; a total of 0 or less counts as 1).
  public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
    label = nil
    let givenTotal = Double(total)
    let total = givenTotal > 0 && givenTotal.isFinite ? givenTotal : 1
    let givenValue: Double? = value.map { Double($0) }
    self.value = givenValue.map { $0.isNaN ? 0 : min(max($0, 0), total) }
    self.total = total
    let clamped = givenTotal != total || givenValue.map { !(0...total).contains($0) } == true
    given = clamped ? "\(givenValue.map { "\($0)" } ?? "nil") of \(givenTotal)" : nil
  }

  /// Creates a labelled progress view showing `value` out of `total`.
  /// - Parameters:
  ///   - title: the label.
  ///   - value: the progress, or nil.
  ///   - total: the value of completion (default 1).
  public init<S: StringProtocol, V: BinaryFloatingPoint>(
    _ title: S, value: V?, total: V = 1.0
  ) {
    self.init(value: value, total: total)
    self = ProgressView(
      label: String(title), value: self.value, total: self.total, given: self.given)
  }

  private init(label: String?, value: Double?, total: Double, given: String?) {
    self.label = label
    self.value = value
    self.total = total
    self.given = given
  }

  /// Renders `ProgressView "label"`, with `progress` when determinate.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setLeaf(kind: .progressView, text: view.label)
    // Reported once per view while its progress stays out of bounds: a download's received
    // bytes past its size change on every update, and each report named a new value (a
    // terminal app kept 1,000 distinct copies; found by a new user).
    if let given = view.given {
      let report = node.parts.part(ProgressBoundsReport.self, orMake: ProgressBoundsReport.init)
      if !report.isOutOfBounds {
        report.isOutOfBounds = true
        let name = node.diagnosticName
        TrellisDiagnostics.report(
          TrellisDiagnostic(
            kind: .invalidInput, nodes: [name],
            message:
              "A ProgressView in \(name) was given the progress \(given), out of bounds; it "
              + "shows \(view.value ?? 0) of \(view.total). Give a total above 0 and a value "
              + "in 0...total."))
      }
    } else if let report = node.parts[ProgressBoundsReport.self] {
      report.isOutOfBounds = false
    }
    node.setAttributes(
      view.value.map { [.content(.progress(value: $0, total: view.total))] } ?? [])
  }
}

/// Whether a progress view's out-of-bounds progress was reported, since it last was in bounds.
@MainActor
final class ProgressBoundsReport: NodePart {
  var isOutOfBounds = false
}
