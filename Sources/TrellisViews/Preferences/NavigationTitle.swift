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
      setAttributes(title.map { [.navigationTitle($0)] } ?? [])
    }
  }
}
