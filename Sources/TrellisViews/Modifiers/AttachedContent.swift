extension View {
  /// Draws `content` over this view, like SwiftUI's `.overlay(alignment:content:)`. Rendered as
  /// an `Overlay` element: this view first (it decides the size), then the overlay, placed by
  /// `alignment`.
  /// - Parameters:
  ///   - alignment: where the overlay sits (default `.center`).
  ///   - content: the overlay.
  /// - Returns: the view with its overlay.
  public func overlay<V: View>(
    alignment: Alignment = .center, @ViewBuilder content: () -> V
  ) -> ModifiedContent<Self, _AttachedContentModifier<V>> {
    modifier(_AttachedContentModifier(kind: .overlay, alignment: alignment, attached: content()))
  }

  /// Draws `overlay` over this view (SwiftUI's older spelling).
  /// - Parameters:
  ///   - overlay: the overlay.
  ///   - alignment: where it sits (default `.center`).
  /// - Returns: the view with its overlay.
  @_disfavoredOverload
  public func overlay<V: View>(
    _ overlay: V, alignment: Alignment = .center
  ) -> ModifiedContent<Self, _AttachedContentModifier<V>> {
    modifier(_AttachedContentModifier(kind: .overlay, alignment: alignment, attached: overlay))
  }

  /// Draws `content` behind this view, like SwiftUI's `.background(alignment:content:)`.
  /// Rendered as a `Background` element: this view first (it decides the size), then the
  /// background, placed by `alignment`.
  /// - Parameters:
  ///   - alignment: where the background sits (default `.center`).
  ///   - content: the background.
  /// - Returns: the view with its background.
  public func background<V: View>(
    alignment: Alignment = .center, @ViewBuilder content: () -> V
  ) -> ModifiedContent<Self, _AttachedContentModifier<V>> {
    modifier(
      _AttachedContentModifier(kind: .background, alignment: alignment, attached: content()))
  }

  /// Draws `background` behind this view (SwiftUI's older spelling). A `Color` argument is a
  /// style, not a view: `.background(Color.red)` fills the bounds (see
  /// `background(_:ignoresSafeAreaEdges:)`).
  /// - Parameters:
  ///   - background: the background.
  ///   - alignment: where it sits (default `.center`).
  /// - Returns: the view with its background.
  @_disfavoredOverload
  public func background<V: View>(
    _ background: V, alignment: Alignment = .center
  ) -> ModifiedContent<Self, _AttachedContentModifier<V>> {
    modifier(
      _AttachedContentModifier(kind: .background, alignment: alignment, attached: background))
  }
}

/// The modifier behind `.overlay(alignment:content:)` and `.background(alignment:content:)`:
/// an element of its own around the modified view and the attached view.
public struct _AttachedContentModifier<Attached: View>: _PrimitiveViewModifier {
  let kind: ElementKind
  let alignment: Alignment
  let attached: Attached

  /// Renders the element, the modified view, then the attached view.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    node.setContainer(kind: modifier.kind)
    node.setAttributes(
      modifier.alignment == .center ? [] : [.layout(.alignment(modifier.alignment))])
    node.updateChildren { children in
      children.update(.index(0), content)
      children.update(.index(1), modifier.attached)
    }
  }
}
