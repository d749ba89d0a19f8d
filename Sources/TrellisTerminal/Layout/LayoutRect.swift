/// A rectangle of cells: its top-left cell and its size.
///
/// Positions are absolute in the frame being laid out, with (0, 0) at the top left. A child
/// larger than its parent may extend past the parent's edges (layout does not clip, as
/// SwiftUI does not); drawing clips to the frame.
public struct LayoutRect: Hashable, Sendable, CustomStringConvertible {
  /// The column of the leftmost cell.
  public var x: Int
  /// The row of the top cell.
  public var y: Int
  /// The width in columns.
  public var width: Int
  /// The height in rows.
  public var height: Int

  /// A rectangle at (`x`, `y`) of the given size.
  /// - Parameters:
  ///   - x: the leftmost column.
  ///   - y: the top row.
  ///   - width: columns.
  ///   - height: rows.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// A rectangle at (`x`, `y`) of `size`.
  /// - Parameters:
  ///   - x: the leftmost column.
  ///   - y: the top row.
  ///   - size: its size.
  public init(x: Int, y: Int, size: LayoutSize) {
    self.init(x: x, y: y, width: size.width, height: size.height)
  }

  /// The empty rectangle at the origin.
  public static let zero = LayoutRect(x: 0, y: 0, width: 0, height: 0)

  /// The rectangle's size.
  public var size: LayoutSize { LayoutSize(width: width, height: height) }

  /// The rectangle shrunk by `insets` on each side (never below zero size).
  /// - Parameter insets: how much to take from each edge.
  /// - Returns: the inner rectangle.
  public func inset(by insets: TerminalEdgeInsets) -> LayoutRect {
    LayoutRect(
      x: x.saturatingAdd(insets.leading), y: y.saturatingAdd(insets.top),
      width: max(0, width.saturatingSubtract(insets.horizontal)),
      height: max(0, height.saturatingSubtract(insets.vertical)))
  }

  /// `"(x, y) w×h"`.
  public var description: String { "(\(x), \(y)) \(size)" }
}
