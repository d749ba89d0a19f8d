/// A size in terminal cells: columns wide, rows high.
///
/// A view that takes all the space it is offered along an infinite proposal reports
/// `Int.max` along that axis (see `ProposedSize.infinity`).
public struct LayoutSize: Hashable, Sendable, CustomStringConvertible {
  /// The width in columns.
  public var width: Int
  /// The height in rows.
  public var height: Int

  /// A size of `width` columns by `height` rows.
  /// - Parameters:
  ///   - width: columns.
  ///   - height: rows.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// No columns and no rows.
  public static let zero = LayoutSize(width: 0, height: 0)

  /// `"20×3"`, with `∞` for an infinite dimension.
  public var description: String {
    "\(ProposedSize.describe(width))×\(ProposedSize.describe(height))"
  }
}
