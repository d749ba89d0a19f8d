extension View {
  /// Gives the view a tag, like SwiftUI's `tag(_:)`: the value a selection takes when this view
  /// is the one selected. A `TabView(selection:)` shows the tab whose tag equals its selection
  /// (the tag is the tab's identity); a `List(selection:)` selects the row whose tag it holds.
  /// `ForEach` rows without a tag are tagged with their id. Elsewhere a tag changes nothing.
  /// - Parameter tag: the value.
  /// - Returns: the tagged view.
  public func tag<Value: Hashable>(_ tag: Value) -> ModifiedContent<Self, TagModifier<Value>> {
    modifier(TagModifier(value: tag))
  }
}

/// The modifier behind `tag(_:)`.
public struct TagModifier<Value: Hashable>: ViewModifier {
  /// A built-in modifier has no body.
  public typealias Body = Never
  let value: Value

  /// Keeps the tag on the node (for containers that read it) and renders the content.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    node.parts.part(TagPart.self) { TagPart() }.tag = AnyHashable(modifier.value)
    node.updateModifier(content: content)
  }
}

/// The tag of a node, as `tag(_:)` set it last.
@MainActor
final class TagPart: NodePart {
  var tag: AnyHashable?
}

/// What a row or a tab carries besides its view: its tag and its tab item, found on the
/// outermost modifiers of its view without building it.
@MainActor
protocol RowTraits {
  /// The tag of the outermost `tag(_:)` around the view, if any.
  var rowTag: AnyHashable? { get }
  /// The label of the outermost `tabItem(_:)` around the view, if any.
  var rowTabItem: AnyView? { get }
}

/// A modifier that marks a row instead of changing it (`tag(_:)`, `tabItem(_:)`).
@MainActor
protocol RowTraitModifier {
  var rowTag: AnyHashable? { get }
  var rowTabItem: AnyView? { get }
}

extension TagModifier: RowTraitModifier {
  var rowTag: AnyHashable? { AnyHashable(value) }
  var rowTabItem: AnyView? { nil }
}

extension ModifiedContent: RowTraits {
  var rowTag: AnyHashable? {
    if let tag = (modifier as? any RowTraitModifier)?.rowTag { return tag }
    return (content as? any RowTraits)?.rowTag
  }

  var rowTabItem: AnyView? {
    if let item = (modifier as? any RowTraitModifier)?.rowTabItem { return item }
    return (content as? any RowTraits)?.rowTabItem
  }
}
