/// A frame: a `width` × `height` grid of cells, row-major, with (0, 0) at the top left.
///
/// Layout draws into a grid; the frame writer diffs two grids and writes the difference; the
/// in-memory screen keeps its contents in one. Writes are clipped to the grid, and wide graphemes
/// stay whole: a wide grapheme that would cross the right edge is not drawn, and overwriting
/// half of one blanks the other half.
public struct CellGrid: Hashable, Sendable {
  /// The number of columns.
  public let width: Int
  /// The number of rows.
  public let height: Int
  /// The cells, row by row: the cell at (column, row) is `cells[row * width + column]`.
  public internal(set) var cells: [GridCell]

  /// A grid of blank cells.
  /// - Parameters:
  ///   - width: the number of columns; negative values count as 0.
  ///   - height: the number of rows; negative values count as 0.
  ///   - fill: the cell every position starts with.
  public init(width: Int, height: Int, fill: GridCell = .blank()) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: fill, count: self.width * self.height)
  }

  /// The cell at a position, or a blank cell outside the grid. Setting a position outside the
  /// grid does nothing; setting a cell keeps wide graphemes whole (see `put(_:column:row:)`).
  /// - Parameters:
  ///   - column: 0 is the leftmost column.
  ///   - row: 0 is the top row.
  public subscript(column: Int, row: Int) -> GridCell {
    get {
      guard contains(column: column, row: row) else { return .blank() }
      return cells[row * width + column]
    }
    set {
      if newValue.isContinuation { return }
      put(newValue, column: column, row: row)
    }
  }

  /// Whether a position is inside the grid.
  /// - Parameters:
  ///   - column: a column index.
  ///   - row: a row index.
  /// - Returns: true when both are in range.
  public func contains(column: Int, row: Int) -> Bool {
    column >= 0 && column < width && row >= 0 && row < height
  }

  /// The cells of one row.
  /// - Parameter row: a row index in `0..<height`.
  /// - Returns: `width` cells.
  public func row(_ row: Int) -> ArraySlice<GridCell> {
    cells[row * width..<(row + 1) * width]
  }

  /// Each row as text, with trailing spaces removed and continuations skipped.
  public var lines: [String] {
    (0..<height).map { text(ofRow: $0) }
  }

  /// The rows joined by newlines, with trailing blank rows removed.
  public var text: String {
    var lines = self.lines
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.joined(separator: "\n")
  }

  /// One row as text, with trailing spaces removed.
  /// - Parameter row: a row index in `0..<height`.
  /// - Returns: the row's graphemes.
  public func text(ofRow row: Int) -> String {
    var line = ""
    for cell in self.row(row) where !cell.isContinuation { line.append(cell.character) }
    while line.last == " " { line.removeLast() }
    return line
  }

  /// Draws one grapheme at a position and returns how many columns it took.
  ///
  /// - Parameters:
  ///   - character: the grapheme. Controls and zero-width clusters are not drawn (0 is
  ///     returned). A wide grapheme that does not fit before the right edge is not drawn either;
  ///     its one visible column is blanked instead, as a terminal leaves it.
  ///   - column: the column of its first cell.
  ///   - row: the row.
  ///   - style: its style.
  /// - Returns: the columns it advanced: 0, 1 or 2.
  @discardableResult
  public mutating func draw(_ character: Character, column: Int, row: Int, style: CellStyle)
    -> Int
  {
    let columns = DisplayWidth.columns(of: character)
    guard columns > 0 else { return 0 }
    if columns == 2, column == width - 1 {
      put(.blank(style), column: column, row: row)
      return 2
    }
    put(GridCell(character, width: UInt8(columns), style: style), column: column, row: row)
    return columns
  }

  /// Draws text on one row, starting at `column`, and returns the column after it.
  ///
  /// - Parameters:
  ///   - text: the graphemes to draw; controls are skipped.
  ///   - column: where the first grapheme goes; parts left of 0 or right of the grid are
  ///     clipped.
  ///   - row: the row; nothing is drawn outside the grid.
  ///   - style: the style of every cell drawn.
  ///   - keepingBackground: when true and `style` has no background, each cell keeps the
  ///     background it had (text drawn over a filled area).
  /// - Returns: `column` plus the text's width. O(n), with a fast path for ASCII.
  @discardableResult
  public mutating func draw(
    _ text: some StringProtocol, column: Int, row: Int, style: CellStyle,
    keepingBackground: Bool = false
  ) -> Int {
    let keep = keepingBackground && style.background == nil
    guard row >= 0, row < height else { return column + DisplayWidth.columns(of: text) }
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      var x = column
      for byte in text.utf8 where byte >= 0x20 && byte < 0x7F {
        if x >= 0 && x < width {
          var cellStyle = style
          if keep { cellStyle.background = cells[row * width + x].style.background }
          put(
            GridCell(scalar: Unicode.Scalar(byte), width: 1, style: cellStyle), column: x, row: row)
        }
        x += 1
      }
      return x
    }
    var x = column
    for character in text {
      var cellStyle = style
      if keep, x >= 0, x < width { cellStyle.background = cells[row * width + x].style.background }
      x += draw(character, column: x, row: row, style: cellStyle)
    }
    return x
  }

  /// Sets the background of every cell in a rectangle, keeping the characters.
  /// - Parameters:
  ///   - background: the colour.
  ///   - rect: the cells to colour; clipped to the grid.
  public mutating func fillBackground(_ background: TerminalColor, in rect: LayoutRect) {
    let left = max(0, rect.x)
    let right = min(width, rect.x.saturatingAdd(rect.width))
    let top = max(0, rect.y)
    let bottom = min(height, rect.y.saturatingAdd(rect.height))
    guard left < right, top < bottom else { return }
    for y in top..<bottom {
      for x in left..<right { cells[y * width + x].style.background = background }
      // A wide grapheme cut by the rectangle's edge keeps one colour on both halves.
      if cells[y * width + left].isContinuation {
        cells[y * width + left - 1].style.background = background
      }
      if right < width, cells[y * width + right].isContinuation {
        cells[y * width + right].style.background = background
      }
    }
  }

  /// Adds attributes to the style of every cell in a rectangle, keeping the characters.
  /// - Parameters:
  ///   - attributes: the attributes to add, such as `.inverse`.
  ///   - rect: the cells to change; clipped to the grid.
  public mutating func addAttributes(_ attributes: CellAttributes, in rect: LayoutRect) {
    let left = max(0, rect.x)
    let right = min(width, rect.x.saturatingAdd(rect.width))
    let top = max(0, rect.y)
    let bottom = min(height, rect.y.saturatingAdd(rect.height))
    guard left < right, top < bottom else { return }
    for y in top..<bottom {
      for x in left..<right { cells[y * width + x].style.attributes.formUnion(attributes) }
    }
  }

  /// Stores `cell` (width 1 or 2) at a position, blanking the halves of any wide grapheme it
  /// overwrites, and writing the continuation of a wide one.
  private mutating func put(_ cell: GridCell, column: Int, row: Int) {
    guard contains(column: column, row: row) else { return }
    let index = row * width + column
    let span = cell.width == 2 ? 2 : 1
    guard span == 1 || column + 1 < width else { return }
    // The left half of a wide grapheme whose right half is about to be overwritten.
    if cells[index].isContinuation, column > 0 {
      cells[index - 1] = .blank(cells[index - 1].style)
    }
    // The right half of a wide grapheme whose left half is about to be overwritten.
    let end = column + span
    if end < width, cells[row * width + end].isContinuation {
      cells[row * width + end] = .blank(cells[row * width + end].style)
    }
    cells[index] = cell
    if span == 2 { cells[index + 1] = .continuation(cell.style) }
  }
}
