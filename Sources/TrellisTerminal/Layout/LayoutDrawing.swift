/// Drawing of the layout primitives into a grid. Everything is clipped to the grid.
///
/// Characters keep the background already in the grid unless their style sets one, so text
/// drawn inside a `.background` shows that background.
enum LayoutDrawing {
  /// Draws what a modifier itself shows: a background fill or a border. Padding and frames
  /// draw nothing.
  static func draw(
    _ modifier: LayoutModifier, in rect: LayoutRect, style: CellStyle, into grid: inout CellGrid
  ) {
    switch modifier {
    case .background(let color):
      grid.fillBackground(color, in: rect)
    case .highlight(let attributes):
      grid.addAttributes(attributes, in: rect)
    case .border(let border):
      var lineStyle = style
      if let color = border.color { lineStyle.foreground = color }
      drawBorder(border.style, in: rect, style: lineStyle, into: &grid)
    case .padding, .fixedFrame, .flexibleFrame:
      return
    }
  }

  /// Draws laid-out text in `rect`, each line aligned within the rectangle's width.
  static func draw(
    _ layout: TextLayout, in rect: LayoutRect, alignment: TerminalAlignment.Horizontal,
    style: CellStyle, into grid: inout CellGrid
  ) {
    for (index, line) in layout.lines.enumerated() {
      let y = rect.y + index
      guard y >= 0, y < grid.height else { continue }
      let x = rect.x + alignment.offset(child: layout.lineWidths[index], in: rect.width)
      draw(line, column: x, row: y, style: style, into: &grid)
    }
  }

  /// Draws a divider: `─` across `rect`, or `│` down it when `vertical`.
  static func drawDivider(
    in rect: LayoutRect, vertical: Bool, style: CellStyle, into grid: inout CellGrid
  ) {
    if vertical {
      for y in clipped(rect.y, rect.height, to: grid.height) {
        draw("│", column: rect.x, row: y, style: style, into: &grid)
      }
    } else {
      for x in clipped(rect.x, rect.width, to: grid.width) {
        draw("─", column: x, row: rect.y, style: style, into: &grid)
      }
    }
  }

  /// The cells a progress bar's percentage takes: a space and up to `100%`.
  static let progressPercentColumns = 5
  /// The bar cells of a progress bar at its ideal width.
  static let idealProgressBarCells = 20

  /// A progress bar's width when no width is proposed: the label, a 20-cell bar, the percentage.
  static func idealProgressBarWidth(label: String) -> Int {
    let labelColumns = label.isEmpty ? 0 : DisplayWidth.columns(of: label) + 1
    return labelColumns + idealProgressBarCells + progressPercentColumns
  }

  /// Draws a progress bar across the first row of `rect` (see
  /// `TerminalLayoutContent.progressBar`): the percentage at the right, the label at the left,
  /// truncated so that at least one bar cell shows, and the bar between them.
  static func drawProgressBar(
    label: String, fraction: Double, in rect: LayoutRect, style: CellStyle,
    into grid: inout CellGrid
  ) {
    guard rect.width > 0, rect.height > 0 else { return }
    let fraction = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
    let percent = "\(Int((fraction * 100).rounded(.down)))%"
    // Right-aligned at the right edge, the cells before it (at least a space) the bar's; in
    // fewer cells than the percentage and its space, the bar alone: a cut percentage would
    // show a wrong figure (`00%` for 100%).
    let showsPercent = rect.width > percent.count
    if showsPercent {
      draw(
        percent, column: rect.x + rect.width - percent.count, row: rect.y, style: style,
        into: &grid)
    }
    let percentStart =
      rect.x + rect.width - (showsPercent ? min(rect.width, progressPercentColumns) : 0)
    var barStart = rect.x
    let labelRoom = rect.width - progressPercentColumns - 2
    if !label.isEmpty, labelRoom > 0 {
      let layout = TextLayout(label, width: labelRoom, maximumLines: 1)
      if let line = layout.lines.first {
        draw(line, column: rect.x, row: rect.y, style: style, into: &grid)
        barStart += layout.lineWidths[0] + 1
      }
    }
    let cells = max(0, percentStart - barStart)
    let filled = Int((fraction * Double(cells)).rounded(.down))
    for x in clipped(barStart, cells, to: grid.width) {
      draw(x - barStart < filled ? "█" : "·", column: x, row: rect.y, style: style, into: &grid)
    }
  }

  /// Draws a box along the edges of `rect`.
  static func drawBorder(
    _ border: TerminalBorder.Style, in rect: LayoutRect, style: CellStyle,
    into grid: inout CellGrid
  ) {
    guard rect.width > 0, rect.height > 0 else { return }
    let glyphs = border.characters
    let right = rect.x.saturatingAdd(rect.width - 1)
    let bottom = rect.y.saturatingAdd(rect.height - 1)
    for x in clipped(rect.x + 1, rect.width - 2, to: grid.width) {
      draw(glyphs.horizontal, column: x, row: rect.y, style: style, into: &grid)
      draw(glyphs.horizontal, column: x, row: bottom, style: style, into: &grid)
    }
    for y in clipped(rect.y + 1, rect.height - 2, to: grid.height) {
      draw(glyphs.vertical, column: rect.x, row: y, style: style, into: &grid)
      draw(glyphs.vertical, column: right, row: y, style: style, into: &grid)
    }
    draw(glyphs.topLeading, column: rect.x, row: rect.y, style: style, into: &grid)
    draw(glyphs.topTrailing, column: right, row: rect.y, style: style, into: &grid)
    draw(glyphs.bottomLeading, column: rect.x, row: bottom, style: style, into: &grid)
    draw(glyphs.bottomTrailing, column: right, row: bottom, style: style, into: &grid)
  }

  /// Draws graphemes from `column`, keeping the grid's background where `style` has none.
  private static func draw(
    _ text: some StringProtocol, column: Int, row: Int, style: CellStyle,
    into grid: inout CellGrid
  ) {
    grid.draw(text, column: column, row: row, style: style, keepingBackground: true)
  }

  private static func draw(
    _ character: Character, column: Int, row: Int, style: CellStyle, into grid: inout CellGrid
  ) {
    guard grid.contains(column: column, row: row) else { return }
    var cellStyle = style
    if cellStyle.background == nil { cellStyle.background = grid[column, row].style.background }
    grid.draw(character, column: column, row: row, style: cellStyle)
  }

  /// The part of `start..<start + length` inside `0..<limit`.
  private static func clipped(_ start: Int, _ length: Int, to limit: Int) -> Range<Int> {
    let lower = max(0, start)
    let upper = min(limit, start.saturatingAdd(max(0, length)))
    return lower < upper ? lower..<upper : 0..<0
  }
}
