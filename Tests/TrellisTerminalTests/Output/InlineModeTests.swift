import Testing
import TrellisTerminal

@Suite("Frame writer, inline")
struct InlineModeTests {
  /// A terminal with a shell prompt line, and the cursor on the line below it.
  static func terminal(width: Int = 12, height: Int = 6) -> InMemoryScreen {
    let terminal = InMemoryScreen(width: width, height: height)
    terminal.write("$ demo\r\n")
    return terminal
  }

  @Test func theFrameRendersBelowThePromptAndUpdatesInPlace() {
    let terminal = Self.terminal()
    let writer = TerminalFrameWriter(mode: .inline, output: terminal)
    writer.write(grid(["[     ] 0%", "fetching"], width: 12, height: 2))
    #expect(terminal.lines == ["$ demo", "[     ] 0%", "fetching", "", "", ""])
    writer.write(grid(["[###  ] 60%", "fetching"], width: 12, height: 2))
    writer.write(grid(["[#####] 100%", "done"], width: 12, height: 2))
    #expect(terminal.lines == ["$ demo", "[#####] 100%", "done", "", "", ""])
    #expect(terminal.scrollback.isEmpty)
    #expect(!terminal.isAlternateScreenActive)
  }

  @Test func stopLeavesTheLastFrameAndPutsTheCursorBelowIt() {
    let terminal = Self.terminal()
    let writer = TerminalFrameWriter(mode: .inline, output: terminal)
    writer.write(grid(["one", "two"], width: 12, height: 2))
    writer.stop()
    #expect(terminal.lines == ["$ demo", "one", "two", "", "", ""])
    #expect(terminal.cursorRow == 3)
    #expect(terminal.cursorColumn == 0)
    #expect(terminal.isCursorVisible)
    terminal.write("$ ")
    #expect(terminal.lines[3] == "$")
  }

  @Test func aTallerFrameMakesRowsAndAShorterOneErasesThem() {
    let terminal = Self.terminal()
    let writer = TerminalFrameWriter(mode: .inline, output: terminal)
    writer.write(grid(["a"], width: 12, height: 1))
    writer.write(grid(["a", "b", "c"], width: 12, height: 3))
    #expect(terminal.lines == ["$ demo", "a", "b", "c", "", ""])
    writer.write(grid(["x"], width: 12, height: 1))
    #expect(terminal.lines == ["$ demo", "x", "", "", "", ""])
    writer.write(grid(["x", "y"], width: 12, height: 2))
    #expect(terminal.lines == ["$ demo", "x", "y", "", "", ""])
    writer.stop()
    #expect(terminal.cursorRow == 3)
  }

  @Test func atTheBottomOfTheTerminalTheFrameScrollsThePromptUp() {
    let terminal = InMemoryScreen(width: 10, height: 3)
    terminal.write("one\r\ntwo\r\n$ demo")
    terminal.write("\r\n")
    let writer = TerminalFrameWriter(mode: .inline, output: terminal)
    writer.write(grid(["frame 1", "frame 1b"], width: 10, height: 2))
    // The frame and, below it, the line the cursor waits on.
    #expect(terminal.lines == ["frame 1", "frame 1b", ""])
    writer.write(grid(["frame 2", "frame 2b"], width: 10, height: 2))
    #expect(terminal.lines == ["frame 2", "frame 2b", ""])
    #expect(terminal.scrollback == ["one", "two", "$ demo"])
    writer.stop()
    #expect(terminal.lines == ["frame 2", "frame 2b", ""])
    #expect(terminal.cursorRow == 2)
  }

  @Test func textPrintedWhileTheFrameIsLiveGoesBelowIt() {
    let terminal = Self.terminal()
    let writer = TerminalFrameWriter(mode: .inline, output: terminal)
    writer.write(grid(["working", "50%"], width: 12, height: 2))
    terminal.write("Fatal error")
    #expect(terminal.lines == ["$ demo", "working", "50%", "Fatal error", "", ""])
  }

  @Test func staticLinesArePrintedAboveTheLiveFrame() {
    let terminal = Self.terminal(height: 8)
    let writer = TerminalFrameWriter(mode: .inline, output: terminal)
    writer.write(grid(["2 running", "[##  ]"], width: 12, height: 2))
    writer.writeStatic(["✓ a.zip"])
    #expect(terminal.lines == ["$ demo", "✓ a.zip", "2 running", "[##  ]", "", "", "", ""])
    writer.write(grid(["1 running", "[###  ]"], width: 12, height: 2))
    writer.writeStatic(["✓ b.zip", "✓ c.zip"])
    writer.write(grid(["all done"], width: 12, height: 1))
    writer.stop()
    #expect(terminal.lines == ["$ demo", "✓ a.zip", "✓ b.zip", "✓ c.zip", "all done", "", "", ""])
    #expect(terminal.cursorRow == 5)
  }

  @Test func longStaticLinesWrapAtTheFrameWidth() {
    let terminal = Self.terminal(width: 8)
    let writer = TerminalFrameWriter(mode: .inline, output: terminal)
    writer.write(grid(["live"], width: 8, height: 1))
    writer.writeStatic(["finished the download"])
    #expect(terminal.lines == ["$ demo", "finished", "the", "download", "live", ""])
  }

  @Test func aNewWidthRedrawsTheFrameFromItsTop() {
    let terminal = Self.terminal(width: 10)
    let writer = TerminalFrameWriter(mode: .inline, output: terminal)
    writer.write(grid(["abcdefghij", "second"], width: 10, height: 2))
    terminal.resize(width: 6, height: 6)
    writer.write(grid(["abcdef", "2nd"], width: 6, height: 2))
    #expect(terminal.lines == ["$ demo", "abcdef", "2nd", "", "", ""])
  }

  @Test func theRestoreSequenceLeavesTheFrameAndMovesBelowIt() {
    let terminal = Self.terminal()
    let writer = TerminalFrameWriter(mode: .inline, output: terminal)
    writer.write(grid(["progress", "50%"], width: 12, height: 2))
    terminal.write(writer.restoreSequence)
    #expect(terminal.lines == ["$ demo", "progress", "50%", "", "", ""])
    #expect(terminal.cursorRow == 3)
    #expect(terminal.isCursorVisible)
    #expect(!terminal.isBracketedPasteEnabled)
  }

  @Test func theScreenAfterManyInlineDiffsEqualsTheLastFrame() {
    var random = SeededGenerator(state: 7)
    let terminal = Self.terminal(width: 9, height: 10)
    let writer = TerminalFrameWriter(mode: .inline, output: terminal)
    for _ in 0..<200 {
      let height = Int.random(in: 0...4, using: &random)
      var frame = CellGrid(width: 9, height: height)
      for row in 0..<height {
        let length = Int.random(in: 0...9, using: &random)
        let line = String((0..<length).map { _ in "ab漢 -".randomElement(using: &random)! })
        frame.draw(
          line, column: 0, row: row,
          style: CellStyle(foreground: Bool.random(using: &random) ? .red : nil))
      }
      writer.write(frame)
      #expect(screen(terminal, shows: frame, fromRow: 1))
      #expect(terminal.lines[0] == "$ demo")
      for row in (1 + height)..<10 { #expect(terminal.lines[row] == "") }
    }
    #expect(terminal.scrollback.isEmpty)
    #expect(terminal.unrecognizedSequences.isEmpty)
  }
}
