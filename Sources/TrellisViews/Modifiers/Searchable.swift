extension View {
  /// Adds a search field bound to `text`, like SwiftUI's `.searchable(text:placement:prompt:)`.
  /// Headless there is no navigation bar to put it in: it is rendered as a `Searchable` element
  /// around the search field (`SearchField "prompt" value="…"`), then this view. A host types
  /// into it with `ViewHost.type(_:into:)` by its prompt; submitting it runs the
  /// `.onSubmit(of: .search)` actions.
  /// - Parameters:
  ///   - text: the search text.
  ///   - placement: ignored (there is one place).
  ///   - prompt: the field's prompt (default "Search").
  /// - Returns: the searchable view.
  public func searchable(
    text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil
  ) -> ModifiedContent<Self, SearchableModifier> {
    modifier(SearchableModifier(text: text, prompt: prompt?.content ?? "Search"))
  }

  /// Adds a search field with a prompt.
  /// - Parameters:
  ///   - text: the search text.
  ///   - placement: ignored.
  ///   - prompt: the field's prompt.
  /// - Returns: the searchable view.
  @_disfavoredOverload
  public func searchable<S: StringProtocol>(
    text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: S
  ) -> ModifiedContent<Self, SearchableModifier> {
    modifier(SearchableModifier(text: text, prompt: String(prompt)))
  }
}

/// Where a search field goes, like SwiftUI's `SearchFieldPlacement`; ignored headless.
public struct SearchFieldPlacement: Hashable, Sendable {
  let name: String
  /// Where the platform puts it.
  public static let automatic = SearchFieldPlacement(name: "automatic")
  /// In the toolbar.
  public static let toolbar = SearchFieldPlacement(name: "toolbar")
  /// In the sidebar.
  public static let sidebar = SearchFieldPlacement(name: "sidebar")
  /// In the navigation bar.
  public static let navigationBarDrawer = SearchFieldPlacement(name: "navigationBarDrawer")
}

/// The modifier behind `.searchable(text:placement:prompt:)`.
public struct SearchableModifier: _PrimitiveViewModifier {
  let text: Binding<String>
  let prompt: String

  /// Renders the `Searchable` element, its search field, then the content.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    node.setContainer(kind: .searchable)
    node.updateChildren { children in
      children.update(
        .index(0),
        TextField(title: modifier.prompt, text: modifier.text, prompt: nil, kind: .search))
      children.update(.index(1), content)
    }
  }
}
