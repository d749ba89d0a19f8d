/// Several views side by side, as a `ViewBuilder` closure with several statements builds.
///
/// Each element's position is its structural identity.
public struct TupleView<each Content: View>: View, _PrimitiveView {
  /// The elements.
  public let value: (repeat each Content)

  /// Creates a tuple of views.
  /// - Parameter value: the elements, in order.
  public init(_ value: repeat each Content) { self.value = (repeat each value) }

  /// Reconciles each element at its position.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setTransparent()
    node.updateChildren { children in
      var index = 0
      for element in repeat each view.value {
        children.update(.index(index), element)
        index += 1
      }
    }
  }
}
