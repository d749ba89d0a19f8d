/// A built-in modifier that gives the modified view's first element typed attributes
/// (`.padding`, `.frame`, `.font`, `.foregroundStyle`, …), in modifier order.
///
/// The modifier renders nothing itself: its attributes go to the first element of its
/// content (a structural wrapper's attributes travel to the element that stands for it).
/// `Group { A; B }.padding()` therefore pads `A` only; SwiftUI pads each child of a group.
public struct _AttributeModifier: _PrimitiveViewModifier, Equatable {
  let attributes: ElementAttributes

  init(_ attributes: ElementAttributes) { self.attributes = attributes }

  /// Sets the attributes on the modifier's node and updates the content.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    node.setTransparent(isModifier: true)
    // Compared once: `setAttributes` would compare them again.
    if modifier.attributes != node.attributes {
      LayoutValidation.check(
        modifier.attributes, previous: node.attributes, in: node.enclosingViewName)
      node.setAttributes(modifier.attributes)
    }
    node.updateModifier(content: content)
  }
}

extension View {
  /// Applies attributes to this view's first element.
  func attributes(_ attributes: ElementAttribute...) -> ModifiedContent<Self, _AttributeModifier> {
    modifier(_AttributeModifier(ElementAttributes(attributes)))
  }
}
