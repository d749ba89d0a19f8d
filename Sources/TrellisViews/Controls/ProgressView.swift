/// A progress indicator, like SwiftUI's `ProgressView`: indeterminate (an activity indicator),
/// or determinate (`ProgressView(value:total:)`, with the `progress` attribute), optionally
/// with a label.
public struct ProgressView: View, _PrimitiveView, Equatable {
  let label: String?
  let value: Double?
  let total: Double

  /// Creates an indeterminate progress view.
  /// - Parameter label: an optional label.
  public init(_ label: String? = nil) {
    self.label = label
    value = nil
    total = 1
  }

  /// Creates a progress view showing `value` out of `total`, like SwiftUI's
  /// `ProgressView(value:total:)`. A nil value is indeterminate; a value outside 0…total is
  /// clamped, as SwiftUI draws it.
  /// - Parameters:
  ///   - value: the progress, or nil.
  ///   - total: the value of completion (default 1; a total of 0 or less counts as 1).
  public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
    label = nil
    let total = total > 0 ? Double(total) : 1
    self.value = value.map { min(max(Double($0), 0), total) }
    self.total = total
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
    self = ProgressView(label: String(title), value: self.value, total: self.total)
  }

  private init(label: String?, value: Double?, total: Double) {
    self.label = label
    self.value = value
    self.total = total
  }

  /// Renders `ProgressView "label"`, with `progress` when determinate.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setLeaf(kind: .progressView, text: view.label)
    node.setAttributes(
      view.value.map { [.content(.progress(value: $0, total: view.total))] } ?? [])
  }
}
