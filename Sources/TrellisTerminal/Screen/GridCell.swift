/// One cell of a `CellGrid`: the grapheme drawn there, how many columns it takes, and its style.
///
/// A wide grapheme (width 2) occupies its own cell and the one to its right. That right cell is
/// a *continuation*: width 0, no character of its own, the same style. Grids keep the pair
/// together: overwriting either half blanks the other, as terminals do.
public struct GridCell: Hashable, Sendable {
  /// The grapheme drawn in this cell; a space for blank cells and continuations.
  public var character: Character
  /// 1 for a normal cell, 2 for the first cell of a wide grapheme, 0 for its continuation.
  public var width: UInt8
  /// How the cell is drawn.
  public var style: CellStyle

  /// A cell holding `character` drawn `width` columns wide.
  /// - Parameters:
  ///   - character: the grapheme; it should be printable (see `DisplayWidth`).
  ///   - width: 1 or 2 for a grapheme, 0 for the continuation of a wide one.
  ///   - style: how the cell is drawn.
  public init(_ character: Character, width: UInt8 = 1, style: CellStyle = .plain) {
    self.character = character
    self.width = width
    self.style = style
  }

  /// A blank cell (a space) in `style`.
  /// - Parameter style: the style; its background shows.
  /// - Returns: the cell.
  public static func blank(_ style: CellStyle = .plain) -> GridCell {
    GridCell(" ", width: 1, style: style)
  }

  /// The right half of a wide grapheme.
  static func continuation(_ style: CellStyle) -> GridCell {
    GridCell(" ", width: 0, style: style)
  }

  /// Whether this is the right half of a wide grapheme.
  public var isContinuation: Bool { width == 0 }
}
