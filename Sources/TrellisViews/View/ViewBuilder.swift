/// Builds views from closures of view expressions, like SwiftUI's `ViewBuilder`.
///
/// Supports any number of children, `if`/`else`, `if` without `else`, `switch`,
/// `if #available` and `for`-free expressions. The structure of the closure becomes the
/// structural identity of what it builds: each position, and each branch of a condition, is
/// a distinct identity.
@resultBuilder
@MainActor
public enum ViewBuilder {
  /// An empty closure builds `EmptyView`.
  public static func buildBlock() -> EmptyView { EmptyView() }

  /// One child is passed through unchanged.
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

  /// Several children become a `TupleView`; each position is its own identity.
  public static func buildBlock<each Content: View>(
    _ content: repeat each Content
  ) -> TupleView<repeat each Content> {
    TupleView(repeat each content)
  }

  /// Passes an expression through.
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

  /// `if` without `else`: the content, or nothing, in one stable slot.
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }

  /// The true branch of an `if`/`else` or a `switch` case.
  public static func buildEither<TrueContent: View, FalseContent: View>(
    first: TrueContent
  ) -> ConditionalContent<TrueContent, FalseContent> {
    ConditionalContent(storage: .trueContent(first))
  }

  /// The false branch of an `if`/`else` or a later `switch` case.
  public static func buildEither<TrueContent: View, FalseContent: View>(
    second: FalseContent
  ) -> ConditionalContent<TrueContent, FalseContent> {
    ConditionalContent(storage: .falseContent(second))
  }

  /// `if #available`: the content, type-erased so the result type does not depend on it.
  public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
    AnyView(content)
  }
}
