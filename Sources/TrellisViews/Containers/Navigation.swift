extension View {
  /// Sets the title of the enclosing navigation level, like SwiftUI's `navigationTitle(_:)`:
  /// a preference (`NavigationTitleKey`) that the level reads and shows as `title="…"` (on a
  /// pushed destination's `Destination` element; at the stack's root, on the root view's
  /// element). An outer title replaces inner ones; of siblings, the first in tree order wins.
  /// - Parameter title: the title.
  /// - Returns: the modified view.
  public func navigationTitle<S: StringProtocol>(
    _ title: S
  ) -> ModifiedContent<Self, NavigationTitleModifier> {
    modifier(NavigationTitleModifier(title: String(title)))
  }
}

/// The modifier behind `navigationTitle(_:)`: the `NavigationTitleKey` preference.
public struct NavigationTitleModifier: _PrimitiveViewModifier {
  /// A built-in modifier has no body.
  public typealias Body = Never
  let title: String

  /// Sets the title preference, which the enclosing navigation level shows.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    PreferenceWritingModifier<NavigationTitleKey>._apply(
      PreferenceWritingModifier(value: modifier.title), to: content, in: node)
  }
}
