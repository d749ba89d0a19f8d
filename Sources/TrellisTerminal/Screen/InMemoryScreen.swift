/// A terminal screen in memory: it interprets ANSI output into a grid of cells, so tests can
/// assert what a user would see, as ink-testing-library's `lastFrame()` does.
///
/// Give it to a `TerminalFrameWriter` as its output (or `write` any bytes to it) and read back
/// `lines`, `text`, or each cell's character and style. It follows xterm for what the renderer
/// uses:
/// - text with UTF-8 decoding (a sequence cut between writes is completed by the next), wide
///   graphemes taking two cells, combining marks joining the previous cell, autowrap with
///   xterm's deferred wrap at the right margin, and scrolling at the bottom (scrolled-off lines
///   of the main screen go to `scrollback`);
/// - CR, LF, BS and HT; cursor moves (CUU, CUD, CUF, CUB, CNL, CPL, CHA, CUP, HVP, VPA), save
///   and restore (`ESC 7`/`ESC 8`, `CSI s`/`CSI u`), index and reverse index;
/// - erase in display and in line (ED, EL), with the current background;
/// - SGR: reset, bold, dim, italic, underline, inverse, strikethrough and their resets, the 16
///   colours, 256-colour and RGB colours, and default colours;
/// - DEC private modes: cursor visibility (25), autowrap (7), the alternate screen (1049, 1047,
///   47) and bracketed paste (2004).
///
/// Anything else is recorded in `unrecognizedSequences` and otherwise ignored, so a test can
/// also assert that a writer emitted nothing the screen did not understand.
public final class InMemoryScreen: TerminalOutput {
  /// The visible screen: the alternate one while it is active, the main one otherwise.
  public var grid: CellGrid { isAlternateScreenActive ? alternate : main }
  /// The cursor's column, 0-based.
  public private(set) var cursorColumn = 0
  /// The cursor's row, 0-based.
  public private(set) var cursorRow = 0
  /// Whether the cursor is shown (DECTCEM, mode 25).
  public private(set) var isCursorVisible = true
  /// Whether the alternate screen is active (mode 1049, 1047 or 47).
  public private(set) var isAlternateScreenActive = false
  /// Whether bracketed paste was turned on (mode 2004).
  public private(set) var isBracketedPasteEnabled = false
  /// Lines scrolled off the top of the main screen, oldest first, trailing spaces removed.
  public private(set) var scrollback: [String] = []
  /// Sequences the screen did not interpret, as text with `ESC` written `␛`.
  public private(set) var unrecognizedSequences: [String] = []
  /// Every byte written so far.
  public private(set) var receivedByteCount = 0

  private var main: CellGrid
  private var alternate: CellGrid
  private var parser = ANSIParser()
  private var pen = CellStyle.plain
  private var pendingWrap = false
  private var autowrap = true
  private var savedCursor: (column: Int, row: Int, pen: CellStyle) = (0, 0, .plain)
  private var mainScreenCursor: (column: Int, row: Int, pen: CellStyle) = (0, 0, .plain)

  /// A blank screen with the cursor at the top left.
  /// - Parameters:
  ///   - width: columns; at least 1.
  ///   - height: rows; at least 1.
  public init(width: Int, height: Int) {
    main = CellGrid(width: max(1, width), height: max(1, height))
    alternate = main
  }

  /// The number of columns.
  public var width: Int { main.width }
  /// The number of rows.
  public var height: Int { main.height }

  /// The visible rows as text, trailing spaces removed.
  public var lines: [String] { grid.lines }

  /// The visible rows joined by newlines, trailing blank rows removed.
  public var text: String { grid.text }

  /// The cell at a position of the visible screen (blank outside it).
  /// - Parameters:
  ///   - column: 0-based column.
  ///   - row: 0-based row.
  /// - Returns: the cell.
  public func cell(column: Int, row: Int) -> GridCell { grid[column, row] }

  /// Interprets `bytes` as terminal output.
  /// - Parameter bytes: output in any split; a sequence cut at the end continues next time.
  public func write(_ bytes: [UInt8]) {
    receivedByteCount += bytes.count
    for action in parser.parse(bytes) { apply(action) }
  }

  /// Interprets the UTF-8 of `string` as terminal output.
  /// - Parameter string: text and escape sequences.
  public func write(_ string: String) { write(Array(string.utf8)) }

  /// Changes the screen's size, as a terminal window resized by the user: cells are kept at
  /// their positions and cut or padded with blanks (no reflow), and the cursor is clamped.
  /// - Parameters:
  ///   - width: columns; at least 1.
  ///   - height: rows; at least 1.
  public func resize(width: Int, height: Int) {
    main = Self.resized(main, width: max(1, width), height: max(1, height))
    alternate = Self.resized(alternate, width: max(1, width), height: max(1, height))
    cursorColumn = min(cursorColumn, main.width - 1)
    cursorRow = min(cursorRow, main.height - 1)
    pendingWrap = false
  }

  private static func resized(_ grid: CellGrid, width: Int, height: Int) -> CellGrid {
    var result = CellGrid(width: width, height: height)
    for row in 0..<min(height, grid.height) {
      for column in 0..<min(width, grid.width) {
        let cell = grid[column, row]
        if !cell.isContinuation { result[column, row] = cell }
      }
    }
    return result
  }

  // MARK: Interpreting

  private func apply(_ action: ANSIParser.Action) {
    switch action {
    case .print(let text):
      for character in text { printCharacter(character) }
    case .control(let byte):
      control(byte)
    case .csi(let sequence):
      controlSequence(sequence)
    case .escape(let intermediates, let final):
      escape(intermediates: intermediates, final: final)
    case .operatingSystemCommand:
      break
    case .unrecognized(let bytes):
      record(bytes)
    }
  }

  private func record(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    unrecognizedSequences.append(String(text.map { $0 == "\u{1B}" ? "␛" : $0 }))
  }

  private func printCharacter(_ character: Character) {
    let columns = DisplayWidth.columns(of: character)
    if columns == 0 {
      joinPreviousCell(character)
      return
    }
    if pendingWrap || (columns == 2 && cursorColumn == width - 1) {
      if autowrap {
        cursorColumn = 0
        lineFeed()
      }
      pendingWrap = false
    }
    modifyScreen { $0.draw(character, column: cursorColumn, row: cursorRow, style: pen) }
    if cursorColumn + columns >= width {
      cursorColumn = width - 1
      pendingWrap = autowrap
    } else {
      cursorColumn += columns
    }
  }

  /// A zero-width grapheme (a lone combining mark) joins the cell before the cursor, when the
  /// result is still one grapheme; otherwise it is dropped, as it draws nothing.
  private func joinPreviousCell(_ character: Character) {
    var column = pendingWrap ? cursorColumn : cursorColumn - 1
    if grid[column, cursorRow].isContinuation { column -= 1 }
    guard column >= 0 else { return }
    let previous = grid[column, cursorRow]
    let joined = String(previous.character) + String(character)
    guard joined.count == 1, let combined = joined.first else { return }
    modifyScreen {
      $0[column, cursorRow] = GridCell(combined, width: previous.width, style: previous.style)
    }
  }

  private func control(_ byte: UInt8) {
    switch byte {
    case 0x08:  // BS
      pendingWrap = false
      cursorColumn = max(0, cursorColumn - 1)
    case 0x09:  // HT: next multiple of 8
      cursorColumn = min(width - 1, (cursorColumn / 8 + 1) * 8)
    case 0x0A, 0x0B, 0x0C:  // LF, VT, FF
      pendingWrap = false
      lineFeed()
    case 0x0D:  // CR
      pendingWrap = false
      cursorColumn = 0
    default:
      break  // BEL and the rest have no effect on the cells
    }
  }

  private func lineFeed() {
    if cursorRow == height - 1 {
      scrollUp()
    } else {
      cursorRow += 1
    }
  }

  private func scrollUp() {
    if !isAlternateScreenActive { scrollback.append(main.text(ofRow: 0)) }
    modifyScreen { grid in
      grid.cells.removeFirst(grid.width)
      grid.cells.append(contentsOf: repeatElement(blank, count: grid.width))
    }
  }

  private func scrollDown() {
    modifyScreen { grid in
      grid.cells.removeLast(grid.width)
      grid.cells.insert(contentsOf: repeatElement(blank, count: grid.width), at: 0)
    }
  }

  /// Erased cells take the current background, as in xterm.
  private var blank: GridCell { .blank(CellStyle(background: pen.background)) }

  private func escape(intermediates: [UInt8], final: UInt8) {
    guard intermediates.isEmpty else {
      // Character set designations (`ESC ( B`) change nothing for UTF-8 output.
      if [UInt8(ascii: "("), UInt8(ascii: ")")].contains(intermediates.first) { return }
      record([0x1B] + intermediates + [final])
      return
    }
    switch final {
    case UInt8(ascii: "7"): saveCursor()
    case UInt8(ascii: "8"): restoreCursor()
    case UInt8(ascii: "D"): lineFeed()
    case UInt8(ascii: "E"):
      cursorColumn = 0
      lineFeed()
    case UInt8(ascii: "M"):
      if cursorRow == 0 { scrollDown() } else { cursorRow -= 1 }
    case UInt8(ascii: "c"):
      main = CellGrid(width: width, height: height)
      alternate = main
      isAlternateScreenActive = false
      cursorColumn = 0
      cursorRow = 0
      pen = .plain
      isCursorVisible = true
    default:
      record([0x1B, final])
      return
    }
    pendingWrap = false
  }

  private func saveCursor() {
    savedCursor = (cursorColumn, cursorRow, pen)
  }

  private func restoreCursor() {
    cursorColumn = min(savedCursor.column, width - 1)
    cursorRow = min(savedCursor.row, height - 1)
    pen = savedCursor.pen
  }

  private func controlSequence(_ sequence: ANSIParser.ControlSequence) {
    if sequence.privateMarker == UInt8(ascii: "?") {
      privateMode(sequence)
      return
    }
    guard sequence.privateMarker == nil, sequence.intermediates.isEmpty else {
      record(Self.bytes(of: sequence))
      return
    }
    let count = max(1, sequence.parameter(0, default: 1))
    switch sequence.final {
    case UInt8(ascii: "A"): cursorRow = max(0, cursorRow - count)
    case UInt8(ascii: "B"): cursorRow = min(height - 1, cursorRow + count)
    case UInt8(ascii: "C"): cursorColumn = min(width - 1, cursorColumn + count)
    case UInt8(ascii: "D"): cursorColumn = max(0, cursorColumn - count)
    case UInt8(ascii: "E"):
      cursorRow = min(height - 1, cursorRow + count)
      cursorColumn = 0
    case UInt8(ascii: "F"):
      cursorRow = max(0, cursorRow - count)
      cursorColumn = 0
    case UInt8(ascii: "G"): cursorColumn = min(width - 1, count - 1)
    case UInt8(ascii: "d"): cursorRow = min(height - 1, count - 1)
    case UInt8(ascii: "H"), UInt8(ascii: "f"):
      cursorRow = min(height - 1, max(1, sequence.parameter(0, default: 1)) - 1)
      cursorColumn = min(width - 1, max(1, sequence.parameter(1, default: 1)) - 1)
    case UInt8(ascii: "J"): eraseInDisplay(sequence.parameter(0, default: 0))
    case UInt8(ascii: "K"): eraseInLine(sequence.parameter(0, default: 0))
    case UInt8(ascii: "m"): selectGraphicRendition(sequence.parameters)
    case UInt8(ascii: "s"): saveCursor()
    case UInt8(ascii: "u"): restoreCursor()
    default:
      record(Self.bytes(of: sequence))
      return
    }
    pendingWrap = false
  }

  private func privateMode(_ sequence: ANSIParser.ControlSequence) {
    let set: Bool
    switch sequence.final {
    case UInt8(ascii: "h"): set = true
    case UInt8(ascii: "l"): set = false
    default:
      record(Self.bytes(of: sequence))
      return
    }
    for parameter in sequence.parameters {
      switch parameter {
      case 25: isCursorVisible = set
      case 7: autowrap = set
      case 2004: isBracketedPasteEnabled = set
      case 1049, 1047, 47: switchScreen(toAlternate: set, savingCursor: parameter == 1049)
      default: record(Self.bytes(of: sequence))
      }
    }
  }

  private func switchScreen(toAlternate: Bool, savingCursor: Bool) {
    guard toAlternate != isAlternateScreenActive else { return }
    if toAlternate {
      if savingCursor { mainScreenCursor = (cursorColumn, cursorRow, pen) }
      alternate = CellGrid(width: width, height: height)
      isAlternateScreenActive = true
    } else {
      isAlternateScreenActive = false
      if savingCursor {
        cursorColumn = mainScreenCursor.column
        cursorRow = mainScreenCursor.row
        pen = mainScreenCursor.pen
      }
    }
    pendingWrap = false
  }

  private func eraseInDisplay(_ mode: Int) {
    let cursor = cursorRow * width + cursorColumn
    let fill = blank
    switch mode {
    case 0:
      modifyScreen {
        $0.cells.replaceSubrange(
          cursor..., with: repeatElement(fill, count: $0.cells.count - cursor))
      }
    case 1:
      modifyScreen {
        $0.cells.replaceSubrange(...cursor, with: repeatElement(fill, count: cursor + 1))
      }
    case 2: modifyScreen { $0.cells = Array(repeating: fill, count: $0.cells.count) }
    case 3: scrollback.removeAll()
    default: break
    }
    repairWideCells(row: cursorRow)
  }

  private func eraseInLine(_ mode: Int) {
    let start = cursorRow * width
    let cursor = start + cursorColumn
    let width = self.width
    let end = start + width
    let fill = blank
    switch mode {
    case 0:
      modifyScreen {
        $0.cells.replaceSubrange(cursor..<end, with: repeatElement(fill, count: end - cursor))
      }
    case 1:
      modifyScreen {
        $0.cells.replaceSubrange(
          start...cursor, with: repeatElement(fill, count: cursor - start + 1))
      }
    case 2:
      modifyScreen {
        $0.cells.replaceSubrange(start..<end, with: repeatElement(fill, count: width))
      }
    default: break
    }
    repairWideCells(row: cursorRow)
  }

  /// An erase that stops inside a wide grapheme erases the whole grapheme, as xterm does.
  private func repairWideCells(row: Int) {
    modifyScreen { grid in
      let start = row * grid.width
      for column in 0..<grid.width {
        let cell = grid.cells[start + column]
        if cell.isContinuation, column == 0 || grid.cells[start + column - 1].width != 2 {
          grid.cells[start + column] = .blank(cell.style)
        }
        if cell.width == 2,
          column + 1 >= grid.width || !grid.cells[start + column + 1].isContinuation
        {
          grid.cells[start + column] = .blank(cell.style)
        }
      }
    }
  }

  private func selectGraphicRendition(_ parameters: [Int?]) {
    var index = 0
    let values = parameters.isEmpty ? [0] : parameters.map { $0 ?? 0 }
    while index < values.count {
      let value = values[index]
      index += 1
      switch value {
      case 0: pen = .plain
      case 1: pen.attributes.insert(.bold)
      case 2: pen.attributes.insert(.dim)
      case 3: pen.attributes.insert(.italic)
      case 4: pen.attributes.insert(.underline)
      case 7: pen.attributes.insert(.inverse)
      case 9: pen.attributes.insert(.strikethrough)
      case 22: pen.attributes.subtract([.bold, .dim])
      case 23: pen.attributes.remove(.italic)
      case 24: pen.attributes.remove(.underline)
      case 27: pen.attributes.remove(.inverse)
      case 29: pen.attributes.remove(.strikethrough)
      case 30...37: pen.foreground = .ansi(UInt8(value - 30))
      case 39: pen.foreground = nil
      case 40...47: pen.background = .ansi(UInt8(value - 40))
      case 49: pen.background = nil
      case 90...97: pen.foreground = .ansi(UInt8(value - 90 + 8))
      case 100...107: pen.background = .ansi(UInt8(value - 100 + 8))
      case 38, 48:
        let color = Self.extendedColor(values, at: &index)
        if value == 38 { pen.foreground = color } else { pen.background = color }
      default:
        record(Array("\u{1B}[\(value)m".utf8))
      }
    }
  }

  /// The colour after `38;` or `48;`: `5;n` or `2;r;g;b`.
  private static func extendedColor(_ values: [Int], at index: inout Int) -> TerminalColor? {
    guard index < values.count else { return nil }
    let kind = values[index]
    index += 1
    func component() -> UInt8 {
      defer { index += 1 }
      return index < values.count ? UInt8(clamping: values[index]) : 0
    }
    switch kind {
    case 5: return .palette(component())
    case 2: return .rgb(red: component(), green: component(), blue: component())
    default: return nil
    }
  }

  private func modifyScreen(_ body: (inout CellGrid) -> Void) {
    if isAlternateScreenActive { body(&alternate) } else { body(&main) }
  }

  private static func bytes(of sequence: ANSIParser.ControlSequence) -> [UInt8] {
    var bytes: [UInt8] = [0x1B, UInt8(ascii: "[")]
    if let marker = sequence.privateMarker { bytes.append(marker) }
    bytes += Array(
      sequence.parameters.map { $0.map(String.init) ?? "" }.joined(separator: ";").utf8)
    return bytes + sequence.intermediates + [sequence.final]
  }
}
