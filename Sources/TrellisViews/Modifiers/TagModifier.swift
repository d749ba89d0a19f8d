extension View {
  /// Gives the view a tag, like SwiftUI's `tag(_:)`: the value a selection takes when this view
  /// is the one selected. A `TabView(selection:)` shows the tab whose tag equals its selection
  /// (the tag is the tab's identity); a `List(selection:)` selects the row whose tag it holds.
  /// A `Picker` option selects its tag. `ForEach` rows without a tag are tagged with their id.
  /// A tag of type `T` also matches a selection of type `T?`, as SwiftUI's
  /// `tag(_:includeOptional:)` does by default.
  /// Renderers see it as the `tag` attribute on the view's first element.
  /// - Parameter tag: the value.
  /// - Returns: the tagged view.
  public func tag<Value: Hashable>(_ tag: Value) -> ModifiedContent<Self, TagModifier<Value>> {
    modifier(TagModifier(value: tag))
  }
}

/// The modifier behind `tag(_:)`.
public struct TagModifier<Value: Hashable>: _PrimitiveViewModifier {
  let value: Value

  /// Keeps the tag on the node (for containers and pickers that read it), shows it as an
  /// attribute and renders the content.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    node.setTransparent(isModifier: true)
    node.parts.part(TagPart.self) { TagPart() }.tag = TagPart.normalized(modifier.value)
    node.setAttributes([.control(.tag(TagPart.describe(modifier.value)))])
    node.updateModifier(content: content)
  }
}

/// The tag of a node, as `tag(_:)` set it last.
@MainActor
final class TagPart: NodePart {
  var tag: AnyHashable?

  /// A tag or a selection as the selection containers compare them: an optional that holds a
  /// value is that value, so that `.tag("a")` matches a `String?` selection of `"a"`, as with
  /// SwiftUI's `tag(_:includeOptional:)` (a plain `AnyHashable` tells `Optional("a")` from
  /// `"a"`). `nil` stays itself, and matches a `.tag(nil as String?)`.
  nonisolated static func normalized<Value: Hashable>(_ value: Value) -> AnyHashable {
    if let optional = value as? any OptionalTag, let wrapped = optional.wrappedTag {
      return wrapped
    }
    return AnyHashable(value)
  }

  /// A tag as text: `all`, `3`, `nil`; optionals show their value.
  nonisolated static func describe(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first?.value else { return "nil" }
      return describe(wrapped)
    }
    return "\(value)"
  }
}

/// An optional tag or selection, for `TagPart.normalized(_:)`.
protocol OptionalTag {
  /// The held value, normalized; nil for `nil`.
  var wrappedTag: AnyHashable? { get }
}

extension Optional: OptionalTag where Wrapped: Hashable {
  var wrappedTag: AnyHashable? { map { TagPart.normalized($0) } }
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
  var rowTag: AnyHashable? { TagPart.normalized(value) }
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
