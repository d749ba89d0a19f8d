import Foundation

/// Flexible space, like SwiftUI's `Spacer`: in a stack it takes the space left along the
/// stack's axis (shared with other spacers), at least `minLength`.
public struct Spacer: View, _PrimitiveView, Equatable {
  let minLength: CGFloat?

  /// Creates a spacer.
  /// - Parameter minLength: the least length it takes, or nil for the renderer's default (0).
  public init(minLength: CGFloat? = nil) { self.minLength = minLength }

  /// Renders `Spacer`, with `minLength` when given.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setLeaf(kind: .spacer, text: nil)
    node.setAttributes(view.minLength.map { [.layout(.minLength($0))] } ?? [])
  }
}

/// A thin line that separates content, like SwiftUI's `Divider`: horizontal in a `VStack` (or
/// outside a stack), vertical in an `HStack`.
public struct Divider: View, _PrimitiveView, Equatable {
  /// Creates a divider.
  public init() {}

  /// Renders `Divider`.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setLeaf(kind: .divider, text: nil)
  }
}
