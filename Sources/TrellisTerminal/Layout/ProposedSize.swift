/// The size a parent offers a child, per axis: a number of cells, `nil` for "your ideal size",
/// or `Int.max` for "as much as you like".
///
/// This mirrors SwiftUI's `ProposedViewSize`: the parent proposes, the child chooses its own
/// size (which may be smaller or larger than the proposal), and the parent places it. `0` asks
/// for the child's minimum and `Int.max` (`infinity`) for its maximum; stacks use both to learn
/// how flexible each child is.
public struct ProposedSize: Hashable, Sendable, CustomStringConvertible {
  /// The proposed width in columns, or nil for the ideal width.
  public var width: Int?
  /// The proposed height in rows, or nil for the ideal height.
  public var height: Int?

  /// A proposal of `width` by `height`.
  /// - Parameters:
  ///   - width: columns, nil for ideal, `Int.max` for unbounded. Negative values count as 0.
  ///   - height: rows, nil for ideal, `Int.max` for unbounded. Negative values count as 0.
  public init(width: Int?, height: Int?) {
    self.width = width.map { max(0, $0) }
    self.height = height.map { max(0, $0) }
  }

  /// A proposal of exactly `size`.
  /// - Parameter size: the offered size.
  public init(_ size: LayoutSize) {
    self.init(width: size.width, height: size.height)
  }

  /// Asks for the ideal size along both axes.
  public static let unspecified = ProposedSize(width: nil, height: nil)
  /// Asks for the minimum size.
  public static let zero = ProposedSize(width: 0, height: 0)
  /// Asks for the maximum size.
  public static let infinity = ProposedSize(width: .max, height: .max)

  /// `"20×∞"`, with `nil` for unspecified axes.
  public var description: String {
    "\(width.map(Self.describe) ?? "nil")×\(height.map(Self.describe) ?? "nil")"
  }

  static func describe(_ length: Int) -> String { length == .max ? "∞" : String(length) }
}
