import Foundation

/// A vertical stack that realizes only the rows in view, like SwiftUI's `LazyVStack`:
/// in a `ScrollView`, the rows inside the viewport reported for the scroll view (or for the
/// stack itself), plus `ViewHostOptions.lazyOverscan` rows beyond each end; before any
/// viewport is reported, the first `ViewHostOptions.defaultViewportRows`.
///
/// Retains: rows scrolled out are hidden, not destroyed. They disappear (`onDisappear` runs,
/// their `.task` is cancelled) and keep their `@State`; scrolled back in, they appear again
/// with it. At most `ViewHostOptions.lazyRowRetention` hidden rows are kept (default 1,000),
/// the ones shown least recently are destroyed beyond that. Destroys: rows whose identity goes
/// (their `ForEach` element removed, their `if` branch flipped).
///
/// Rows are the content's views as `List` counts them (see `List`). Mounting costs O(rows
/// realized), plus O(1) per `ForEach`, however long its data. An eager `VStack { ForEach }`
/// realizes every row.
public struct LazyVStack<Content: View>: View, _PrimitiveView {
  let alignment: HorizontalAlignment
  let spacing: CGFloat?
  let content: Content

  /// Creates the stack.
  /// - Parameters:
  ///   - alignment: how the rows line up horizontally (default `.center`), an attribute when
  ///     not the default, as `VStack`'s.
  ///   - spacing: the distance between rows, or nil for the renderer's default.
  ///   - content: the rows.
  public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  /// Renders `LazyVStack` around the realized rows.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.updateLazyContainer(
      kind: .lazyVStack,
      alignment: view.alignment.stackAttribute,
      spacing: view.spacing, content: view.content)
  }
}

/// A horizontal stack that realizes only the rows (columns) in view, like SwiftUI's
/// `LazyHStack`; it follows `LazyVStack`'s rules along the horizontal axis.
///
/// Retains: rows scrolled out, hidden with their state (see `LazyVStack`). Destroys: rows whose
/// identity goes.
public struct LazyHStack<Content: View>: View, _PrimitiveView {
  let alignment: VerticalAlignment
  let spacing: CGFloat?
  let content: Content

  /// Creates the stack.
  /// - Parameters:
  ///   - alignment: how the rows line up vertically (default `.center`), an attribute when not
  ///     the default, as `HStack`'s.
  ///   - spacing: the distance between rows, or nil for the renderer's default.
  ///   - content: the rows.
  public init(
    alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  /// Renders `LazyHStack` around the realized rows.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.updateLazyContainer(
      kind: .lazyHStack,
      alignment: view.alignment.stackAttribute,
      spacing: view.spacing, content: view.content)
  }
}

extension ViewNode {
  /// Renders a lazy container of `kind` over `content`'s rows (see `LazyRowsPart`), with its
  /// alignment and spacing attributes when given.
  func updateLazyContainer<Content: View>(
    kind: ElementKind, alignment: LayoutAttribute? = nil, spacing: CGFloat? = nil,
    content: Content
  ) {
    if role == .unset { markLazyContainer(kind: kind) }
    setContainer(kind: kind)
    let part = parts.part(LazyRowsPart.self) { LazyRowsPart(node: self, inScrollView: true) }
    part.layoutAttributes = Self.stackAttributes(alignment: alignment, spacing: spacing)
    part.update { rows in rows.collect(content) }
  }
}
