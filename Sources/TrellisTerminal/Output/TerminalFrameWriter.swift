/// Writes frames to a terminal, sending only the cells that changed since the previous frame.
///
/// Each `write(_:)` compares the new grid with the last one written, cell by cell, and emits the
/// changed cells with cursor moves between them and the minimal SGR change before each cell
/// whose style differs from the pen's. An unchanged frame writes nothing. The bytes of every
/// frame are counted (`lastFrameByteCount`, `totalByteCount`).
///
/// - **Full screen** positions the cursor absolutely (CUP), or moves it right along a row when
///   that is shorter. A frame of another size (the window was resized) clears the screen and is
///   drawn whole.
/// - **Inline** starts at the cursor's line and moves only relatively, so it works wherever the
///   prompt was. Between frames the cursor waits at the start of the row below the frame; rows
///   a taller frame needs are made with newlines (scrolling the terminal when at its bottom),
///   and rows a shorter frame no longer uses are erased. `stop()` leaves the last frame with the
///   cursor on the line below it. Keep inline frames shorter than the terminal: rows that
///   scrolled off the top cannot be reached again.
/// - **Plain text** writes each frame that differs from the previous one as lines of text, with
///   no escape codes at all.
///
/// After an emoji or a multi-scalar grapheme, whose width terminals disagree on, the writer
/// positions the cursor explicitly before the next cell instead of trusting where it is.
///
/// Writes go to `output` in one `write` call per frame. A writer is not thread-safe; use it from
/// one actor.
public final class TerminalFrameWriter {
  /// How frames are written.
  public let mode: TerminalOutputMode
  /// Where the bytes go.
  public let output: any TerminalOutput
  /// Whether `start()` turns on bracketed paste (and `stop()` off).
  public let enablesBracketedPaste: Bool

  /// The bytes the last `write(_:)` or `writeStatic(_:)` produced.
  public private(set) var lastFrameByteCount = 0
  /// The bytes written since the writer was created, including start and stop.
  public private(set) var totalByteCount = 0
  /// How many frames produced output (unchanged frames do not count).
  public private(set) var writtenFrameCount = 0
  /// Whether `start()` was called and `stop()` was not.
  public private(set) var isActive = false

  /// The last frame written.
  public private(set) var previousFrame: CellGrid?

  private var cursorRow: Int?
  private var cursorColumn: Int?
  private var pen: CellStyle?
  /// Inline: the rows below the frame's top that exist on the terminal (at least the cursor's).
  private var allocatedRows = 1
  /// The screen may not show `previousFrame`: draw the next frame whole.
  private var needsRedraw = false
  /// Full screen: lines given to `writeStatic(_:)`, printed on the main screen after `stop()`.
  private var deferredStaticLines: [String] = []

  /// A writer.
  /// - Parameters:
  ///   - mode: full-screen, inline or plain text; see `TerminalOutputMode.automatic`.
  ///   - output: where to write.
  ///   - enablesBracketedPaste: whether to turn on bracketed paste while active, so that a
  ///     paste arrives as one event.
  public init(
    mode: TerminalOutputMode, output: any TerminalOutput, enablesBracketedPaste: Bool = true
  ) {
    self.mode = mode
    self.output = output
    self.enablesBracketedPaste = enablesBracketedPaste
  }

  /// What to write to put the terminal back if the process ends now: the mode's exit sequence.
  /// (An inline writer's cursor already waits below the frame.) The terminal's restore handlers
  /// keep a copy.
  public var restoreSequence: [UInt8] {
    mode.exitSequence(bracketedPaste: enablesBracketedPaste)
  }

  /// Prepares the terminal: the alternate screen (full screen), a hidden cursor, bracketed
  /// paste. Calling it again while active does nothing.
  public func start() {
    guard !isActive else { return }
    isActive = true
    previousFrame = nil
    needsRedraw = false
    cursorRow = mode == .inline ? 0 : nil
    cursorColumn = mode == .inline ? 0 : nil
    allocatedRows = 1
    let bytes = mode.enterSequence(bracketedPaste: enablesBracketedPaste)
    pen = mode == .plainText ? nil : .plain
    emit(bytes)
  }

  /// Writes `frame`, or only what changed since the previous one.
  ///
  /// Starts the writer first if needed.
  /// - Parameter frame: the new frame; for inline mode, as tall as the content.
  /// - Returns: the bytes written (0 for a frame equal to the previous one).
  @discardableResult
  public func write(_ frame: CellGrid) -> Int {
    if !isActive { start() }
    var buffer = EscapeSequenceBuffer()
    switch mode {
    case .plainText:
      if frame != previousFrame || needsRedraw {
        let text = frame.text
        if !text.isEmpty || previousFrame != nil { buffer.append(text + "\n") }
      }
    case .fullScreen:
      writeFullScreen(frame, into: &buffer)
    case .inline:
      writeInline(frame, into: &buffer)
    }
    previousFrame = frame
    needsRedraw = false
    return finishFrame(buffer)
  }

  /// Prints lines once, above the live frame, as Ink's `<Static>`: log lines, finished tasks.
  ///
  /// Inline, the lines go where the frame was and the frame is drawn again below them, so they
  /// scroll up with the terminal's history. In plain text they are written as they are. In full
  /// screen there is no "above", so they are kept and printed on the main screen after
  /// `stop()`. Control characters are dropped.
  /// - Parameter lines: the lines, without newlines.
  /// - Returns: the bytes written now.
  @discardableResult
  public func writeStatic(_ lines: [String]) -> Int {
    guard !lines.isEmpty else { return 0 }
    if !isActive { start() }
    let lines = lines.map { TextLayout.paragraphs(of: $0).joined(separator: " ") }
    var buffer = EscapeSequenceBuffer()
    switch mode {
    case .plainText:
      for line in lines { buffer.append(line + "\n") }
    case .fullScreen:
      deferredStaticLines += lines
    case .inline:
      // Terminal lines are as wide as the frame; longer lines are wrapped here, since
      // autowrap is off.
      let wrapped =
        if let width = previousFrame?.width, width > 0 {
          lines.flatMap { TextLayout.wrap($0, width: width).map(\.text) }
        } else {
          lines
        }
      moveCursor(toRow: 0, column: 0, into: &buffer)
      changePen(to: .plain, into: &buffer)
      for line in wrapped {
        buffer.append("\u{1B}[2K")
        buffer.append(line)
        buffer.append("\r\n")
      }
      allocatedRows = max(1, allocatedRows - wrapped.count)
      cursorRow = 0
      cursorColumn = 0
      if let frame = previousFrame { redrawInline(frame, into: &buffer) }
    }
    return finishFrame(buffer)
  }

  /// Forgets what is on the screen, so that the next frame is drawn whole: after a resize, or
  /// when something else wrote to the terminal.
  public func invalidate() {
    guard isActive else { return }
    needsRedraw = true
  }

  /// Puts the terminal back: the main screen and the cursor, and for inline mode the cursor on
  /// the line below the last frame, which stays visible. Lines kept by `writeStatic(_:)` in
  /// full screen are printed afterwards. Calling it when not active does nothing.
  public func stop() {
    guard isActive else { return }
    var buffer = EscapeSequenceBuffer()
    buffer.append(contentsOf: restoreSequence)
    for line in deferredStaticLines { buffer.append(line + "\n") }
    deferredStaticLines.removeAll()
    isActive = false
    cursorRow = nil
    cursorColumn = nil
    emit(buffer.bytes)
  }

  // MARK: Full screen

  private func writeFullScreen(_ frame: CellGrid, into buffer: inout EscapeSequenceBuffer) {
    var previous = previousFrame ?? CellGrid(width: frame.width, height: frame.height)
    if needsRedraw || previous.width != frame.width || previous.height != frame.height {
      changePen(to: .plain, into: &buffer)
      buffer.append("\u{1B}[2J")
      cursorRow = nil
      cursorColumn = nil
      previous = CellGrid(width: frame.width, height: frame.height)
    }
    for row in 0..<frame.height {
      writeChanges(in: row, of: frame, comparedWith: previous, into: &buffer)
    }
  }

  // MARK: Inline

  private func writeInline(_ frame: CellGrid, into buffer: inout EscapeSequenceBuffer) {
    guard let previous = previousFrame, previous.width == frame.width, !needsRedraw else {
      // The first frame, or the width changed and the terminal may have rewrapped the old
      // frame: draw from the frame's top.
      redrawInline(frame, into: &buffer)
      return
    }
    let blankRow = CellGrid(width: frame.width, height: 1)
    for row in 0..<frame.height {
      if row < previous.height {
        writeChanges(in: row, of: frame, comparedWith: previous, into: &buffer)
      } else {
        writeChanges(in: row, of: frame, comparedWith: blankRow, row: 0, into: &buffer)
      }
    }
    for row in frame.height..<max(frame.height, previous.height)
    where previous.row(row).contains(where: { $0 != .blank() }) {
      moveCursor(toRow: row, column: 0, into: &buffer)
      changePen(to: .plain, into: &buffer)
      buffer.append("\u{1B}[2K")
    }
    park(frame, into: &buffer)
  }

  /// Erases from the frame's top to the end of the screen and draws every row of `frame`.
  private func redrawInline(_ frame: CellGrid, into buffer: inout EscapeSequenceBuffer) {
    moveCursor(toRow: 0, column: 0, into: &buffer)
    changePen(to: .plain, into: &buffer)
    buffer.append("\u{1B}[J")
    let blankRow = CellGrid(width: frame.width, height: 1)
    for row in 0..<frame.height {
      writeChanges(in: row, of: frame, comparedWith: blankRow, row: 0, into: &buffer)
    }
    park(frame, into: &buffer)
  }

  /// Between frames an inline writer's cursor waits at the start of the row below the frame,
  /// so that anything else printed meanwhile (a crash message) goes below the frame instead of
  /// over its last row, and so that stopping needs no move.
  private func park(_ frame: CellGrid, into buffer: inout EscapeSequenceBuffer) {
    moveCursor(toRow: frame.height, column: 0, into: &buffer)
  }

  // MARK: Cells

  /// Writes the cells of `frame`'s row `row` that differ from `previous`'s row
  /// `previousRow` (by default the same row).
  private func writeChanges(
    in row: Int, of frame: CellGrid, comparedWith previous: CellGrid, row previousRow: Int? = nil,
    into buffer: inout EscapeSequenceBuffer
  ) {
    let new = frame.row(row)
    let old = previous.row(previousRow ?? row)
    guard new != old else { return }
    let newStart = new.startIndex
    let oldStart = old.startIndex
    var column = 0
    while column < frame.width {
      let cell = new[newStart + column]
      guard cell != old[oldStart + column] else {
        column += 1
        continue
      }
      // A changed right half is written through its left half.
      let start = cell.isContinuation ? column - 1 : column
      let lead = new[newStart + start]
      writeCell(lead, row: row, column: start, width: frame.width, into: &buffer)
      column = start + max(1, Int(lead.width))
    }
  }

  private func writeCell(
    _ cell: GridCell, row: Int, column: Int, width: Int, into buffer: inout EscapeSequenceBuffer
  ) {
    if cursorRow != row || cursorColumn != column {
      moveCursor(toRow: row, column: column, into: &buffer)
    }
    changePen(to: cell.style, into: &buffer)
    buffer.append(cell)
    let next = column + max(1, Int(cell.width))
    // Past the last column the cursor stays on it (with autowrap off), so its column is
    // unknown to a relative move; and after an emoji it is wherever the terminal put it.
    if next >= width || !cell.isPositionReliable {
      cursorColumn = nil
    } else {
      cursorColumn = next
    }
  }

  private func changePen(to style: CellStyle, into buffer: inout EscapeSequenceBuffer) {
    let sequence = GraphicRendition.transition(from: pen, to: style)
    if !sequence.isEmpty { buffer.append(contentsOf: sequence) }
    pen = style
  }

  // MARK: Cursor

  /// Moves the cursor by the shortest sequence the mode allows. Full screen may use absolute
  /// positions; inline uses only relative moves, and newlines for rows that do not exist yet.
  private func moveCursor(toRow row: Int, column: Int, into buffer: inout EscapeSequenceBuffer) {
    if mode == .fullScreen {
      if cursorRow == row, let current = cursorColumn, current < column,
        EscapeSequenceBuffer.relativeMoveLength(column - current)
          < EscapeSequenceBuffer.cursorPositionLength(row: row, column: column)
      {
        buffer.controlSequence(column - current, "C")
      } else if cursorRow != row || cursorColumn != column {
        buffer.moveCursor(toRow: row, column: column)
      }
      cursorRow = row
      cursorColumn = column
      return
    }
    let currentRow = cursorRow ?? 0
    if row >= allocatedRows {
      if currentRow < allocatedRows - 1 {
        buffer.controlSequence(allocatedRows - 1 - currentRow, "B")
      }
      for _ in allocatedRows...row { buffer.append("\r\n") }
      allocatedRows = row + 1
      cursorColumn = 0
    } else if row < currentRow {
      buffer.controlSequence(currentRow - row, "A")
    } else if row > currentRow {
      buffer.controlSequence(row - currentRow, "B")
    }
    cursorRow = row
    let fromStart = column == 0 ? 1 : 1 + EscapeSequenceBuffer.relativeMoveLength(column)
    if let current = cursorColumn, current != column {
      let relative = EscapeSequenceBuffer.relativeMoveLength(abs(column - current))
      if relative <= fromStart {
        buffer.controlSequence(abs(column - current), column > current ? "C" : "D")
      } else {
        buffer.append("\r")
        if column > 0 { buffer.controlSequence(column, "C") }
      }
    } else if cursorColumn == nil {
      buffer.append("\r")
      if column > 0 { buffer.controlSequence(column, "C") }
    }
    cursorColumn = column
  }

  // MARK: Output

  private func finishFrame(_ buffer: EscapeSequenceBuffer) -> Int {
    lastFrameByteCount = buffer.count
    if buffer.count > 0 {
      writtenFrameCount += 1
      emit(buffer.bytes)
    }
    return buffer.count
  }

  private func emit(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    totalByteCount += bytes.count
    output.write(bytes)
  }
}
