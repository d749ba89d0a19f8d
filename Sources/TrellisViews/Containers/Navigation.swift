extension View {
  /// Sets the title of the enclosing navigation destination, like SwiftUI's
  /// `navigationTitle(_:)`. Shown as `title="…"` on the view's first element.
  /// - Parameter title: the title.
  /// - Returns: the modified view.
  public func navigationTitle<S: StringProtocol>(
    _ title: S
  ) -> ModifiedContent<Self, NavigationTitleModifier> {
    modifier(NavigationTitleModifier(title: String(title)))
  }
}

/// The modifier behind `navigationTitle(_:)`.
public struct NavigationTitleModifier: ViewModifier {
  /// A built-in modifier has no body.
  public typealias Body = Never
  let title: String

  /// Gives the modified view's first element the title as an attribute.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    node.setTransparent(isModifier: true)
    node.setAttributes([.navigationTitle(modifier.title)])
    node.updateModifier(content: content)
  }
}
