/// A type-erased view. Its identity includes the erased type: wrapping a view of another
/// type replaces the subtree (state is not carried across types), as in SwiftUI.
public struct AnyView: View, _PrimitiveView {
  let update: @MainActor (ViewNode) -> Void
  let typeID: ObjectIdentifier

  /// Erases `view`'s type.
  /// - Parameter view: the view to wrap.
  public init<Content: View>(_ view: Content) {
    typeID = ObjectIdentifier(Content.self)
    update = { node in node.updateChild(.type(ObjectIdentifier(Content.self)), view) }
  }

  /// Reconciles the wrapped view under an identity that includes its type.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setTransparent()
    view.update(node)
  }
}

/// Groups views without adding anything to the tree, like SwiftUI's `Group`.
public struct Group<Content: View>: View, _PrimitiveView {
  let content: Content

  /// Creates a group.
  /// - Parameter content: the grouped views.
  public init(@ViewBuilder content: () -> Content) { self.content = content() }

  /// Reconciles the content in place.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setTransparent()
    node.updateChild(.index(0), view.content)
  }
}
