/// One cell of a `CellGrid`: the grapheme drawn there, how many columns it takes, and its style.
///
/// A wide grapheme (width 2) occupies its own cell and the one to its right. That right cell is
/// a *continuation*: width 0, no character of its own, the same style. Grids keep the pair
/// together: overwriting either half blanks the other, as terminals do.
///
/// A cell is a plain value (no references): the grapheme is stored as its scalar, or for a
/// grapheme of several scalars as its number in `GraphemeClusterTable`. The writer compares
/// every cell of two frames, so this keeps that comparison a few integer compares.
public struct GridCell: Hashable, Sendable {
  /// The grapheme's only scalar, or `clusterFlag` with the grapheme's number in the table.
  private var code: UInt32
  /// 1 for a normal cell, 2 for the first cell of a wide grapheme, 0 for its continuation.
  public var width: UInt8
  /// How the cell is drawn.
  public var style: CellStyle

  /// Unicode scalars stop at 0x10FFFF, so the top bit is free to mark a table number.
  private static let clusterFlag: UInt32 = 0x8000_0000

  /// A cell holding `character` drawn `width` columns wide.
  /// - Parameters:
  ///   - character: the grapheme; it should be printable (see `DisplayWidth`).
  ///   - width: 1 or 2 for a grapheme, 0 for the continuation of a wide one.
  ///   - style: how the cell is drawn.
  public init(_ character: Character, width: UInt8 = 1, style: CellStyle = .plain) {
    code = Self.code(for: character)
    self.width = width
    self.style = style
  }

  /// A cell holding one scalar.
  init(scalar: Unicode.Scalar, width: UInt8, style: CellStyle) {
    code = scalar.value
    self.width = width
    self.style = style
  }

  /// The grapheme drawn in this cell; a space for blank cells and continuations.
  public var character: Character {
    get {
      if code & Self.clusterFlag != 0 {
        return Character(GraphemeClusterTable.grapheme(code & ~Self.clusterFlag))
      }
      return Character(Unicode.Scalar(code) ?? " ")
    }
    set { code = Self.code(for: newValue) }
  }

  private static func code(for character: Character) -> UInt32 {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0x20 }
    if scalars.index(after: scalars.startIndex) == scalars.endIndex { return first.value }
    guard let number = GraphemeClusterTable.number(of: String(character)) else {
      return first.value
    }
    return clusterFlag | number
  }

  /// A blank cell (a space) in `style`.
  /// - Parameter style: the style; its background shows.
  /// - Returns: the cell.
  public static func blank(_ style: CellStyle = .plain) -> GridCell {
    GridCell(scalar: " ", width: 1, style: style)
  }

  /// The right half of a wide grapheme.
  static func continuation(_ style: CellStyle) -> GridCell {
    GridCell(scalar: " ", width: 0, style: style)
  }

  /// Whether this is the right half of a wide grapheme.
  public var isContinuation: Bool { width == 0 }

  /// Appends the grapheme's UTF-8 to `bytes`.
  func appendUTF8(to bytes: inout [UInt8]) {
    if code < 0x80 {
      bytes.append(UInt8(code))
    } else if code & Self.clusterFlag != 0 {
      bytes.append(contentsOf: GraphemeClusterTable.grapheme(code & ~Self.clusterFlag).utf8)
    } else if let scalar = Unicode.Scalar(code) {
      UTF8.encode(scalar) { bytes.append($0) }
    }
  }

  /// Whether a terminal's cursor is where the grid says after drawing this cell (see
  /// `DisplayWidth.isPositionReliable(after:)`).
  var isPositionReliable: Bool {
    if code < 0x80 { return true }
    guard code & Self.clusterFlag == 0, let scalar = Unicode.Scalar(code) else { return false }
    return !scalar.properties.isEmoji
  }
}
