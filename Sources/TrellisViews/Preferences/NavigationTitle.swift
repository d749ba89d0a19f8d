/// The title of a navigation level, as `navigationTitle(_:)` sets it: a preference, as in
/// SwiftUI. Of several titles in one level, the first in tree order wins (an outer one replaces
/// the ones inside it).
public struct NavigationTitleKey: PreferenceKey {
  /// No title.
  public static var defaultValue: String? { nil }

  /// Keeps the first title.
  /// - Parameters:
  ///   - value: the title so far.
  ///   - nextValue: the next title in tree order.
  public static func reduce(value: inout String?, nextValue: () -> String?) {
    if value == nil { value = nextValue() }
  }
}

extension ViewNode {
  /// Makes this navigation level show the title set in `content` as its `title` attribute
  /// (on its own element, or, for a structural node, on its first element).
  func showsNavigationTitle(of content: PreferenceContent) {
    guard !parts.contains(PreferenceReaderPart<NavigationTitleKey>.self) else { return }
    installPreferenceReader(NavigationTitleKey.self, content: content) {
      [unowned self] _, _, title in
      setAttributes(Self.titleAttributes(title))
    }
  }

  /// Makes this stack show the title set in its root level (its first child, the root's own
  /// modifiers included) on the root's node. Shown on the stack's own node instead, it would
  /// land on the stack's first element, which is the top destination's while the root is
  /// covered.
  func showsRootNavigationTitle() {
    guard !parts.contains(PreferenceReaderPart<NavigationTitleKey>.self) else { return }
    installPreferenceReader(NavigationTitleKey.self, content: .firstChild) {
      [unowned self] _, _, title in
      children.first?.setAttributes(Self.titleAttributes(title))
    }
  }

  /// The `title` attribute for `title`; an empty title is no title, as in SwiftUI.
  private static func titleAttributes(_ title: String?) -> ElementAttributes {
    guard let title, !title.isEmpty else { return [] }
    return [.navigationTitle(title)]
  }
}
