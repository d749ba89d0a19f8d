/// The size of a terminal window in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
  /// The number of columns.
  public var columns: Int
  /// The number of rows.
  public var rows: Int

  /// A size.
  /// - Parameters:
  ///   - columns: columns.
  ///   - rows: rows.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// The size as a layout size (columns wide, rows high).
  public var layoutSize: LayoutSize { LayoutSize(width: columns, height: rows) }

  /// `"80×24"`.
  public var description: String { "\(columns)×\(rows)" }
}
