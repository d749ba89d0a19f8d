import Testing
import TrellisTerminal

@Suite("Frame writer, full screen")
struct TerminalFrameWriterTests {
  static let words = ["apple", "pear", "fig", "plum", "kiwi", "lime", "date", "grape"]

  /// 24 rows of words.
  static func page(replacing replacement: (row: Int, word: Int, with: String)? = nil) -> CellGrid {
    var rows: [String] = []
    for row in 0..<24 {
      var words = (0..<8).map { Self.words[($0 + row) % Self.words.count] }
      if let replacement, replacement.row == row { words[replacement.word] = replacement.with }
      rows.append(words.joined(separator: " "))
    }
    return grid(rows, width: 80, height: 24)
  }

  @Test func startEntersTheAlternateScreenAndStopRestoresTheMainScreen() {
    let terminal = InMemoryScreen(width: 10, height: 3)
    terminal.write("$ app\r\n")
    let writer = TerminalFrameWriter(mode: .fullScreen, output: terminal)
    writer.start()
    #expect(terminal.isAlternateScreenActive)
    #expect(!terminal.isCursorVisible)
    #expect(terminal.isBracketedPasteEnabled)
    writer.write(grid(["running"], width: 10, height: 3))
    #expect(terminal.lines == ["running", "", ""])
    writer.stop()
    #expect(!terminal.isAlternateScreenActive)
    #expect(terminal.isCursorVisible)
    #expect(!terminal.isBracketedPasteEnabled)
    #expect(terminal.lines == ["$ app", "", ""])
    #expect(terminal.cursorRow == 1)
    #expect(terminal.unrecognizedSequences.isEmpty)
  }

  @Test func anUnchangedFrameWritesNothing() {
    let terminal = InMemoryScreen(width: 80, height: 24)
    let writer = TerminalFrameWriter(mode: .fullScreen, output: terminal)
    writer.write(Self.page())
    let before = terminal.receivedByteCount
    #expect(writer.write(Self.page()) == 0)
    #expect(writer.lastFrameByteCount == 0)
    #expect(terminal.receivedByteCount == before)
  }

  @Test func oneChangedWordWritesAboutItsLengthPlusACursorMove() {
    let terminal = InMemoryScreen(width: 80, height: 24)
    let writer = TerminalFrameWriter(mode: .fullScreen, output: terminal)
    writer.write(Self.page())
    let edited = Self.page(replacing: (row: 12, word: 3, with: "melon"))
    let bytes = writer.write(edited)
    // "melon" shares its first letter's position with the old word's; at most its 5 letters,
    // a cursor position (ESC [ 13 ; 21 H is 8 bytes) and nothing else.
    #expect(bytes > 0)
    #expect(bytes <= 5 + 8)
    #expect(writer.lastFrameByteCount == bytes)
    #expect(screen(terminal, shows: edited))
  }

  @Test func theScreenAfterManyDiffsEqualsTheLastFrame() {
    var random = SeededGenerator(state: 42)
    let alphabet: [Character] = ["a", "b", " ", "漢", "é", "😀", "─", "x", "字", "e\u{301}"]
    let colors: [TerminalColor?] = [
      nil, .red, .brightBlue, .palette(200), .rgb(red: 1, green: 2, blue: 3),
    ]
    let attributes: [CellAttributes] = [
      [], .bold, [.dim, .underline], .inverse, [.bold, .italic, .strikethrough],
    ]
    let terminal = InMemoryScreen(width: 17, height: 6)
    let writer = TerminalFrameWriter(mode: .fullScreen, output: terminal)
    var frame = CellGrid(width: 17, height: 6)
    for _ in 0..<300 {
      for _ in 0..<Int.random(in: 1...12, using: &random) {
        let style = CellStyle(
          foreground: colors.randomElement(using: &random)!,
          background: colors.randomElement(using: &random)!,
          attributes: attributes.randomElement(using: &random)!)
        frame.draw(
          alphabet.randomElement(using: &random)!, column: Int.random(in: 0..<17, using: &random),
          row: Int.random(in: 0..<6, using: &random), style: style)
      }
      writer.write(frame)
      #expect(screen(terminal, shows: frame))
    }
    #expect(terminal.unrecognizedSequences.isEmpty)
  }

  @Test func cellsOfOneStyleShareOneGraphicRenditionChange() {
    let output = RecordingOutput()
    let writer = TerminalFrameWriter(mode: .fullScreen, output: output)
    writer.start()
    let start = output.bytes.count
    writer.write(
      grid(["abcdef"], width: 6, height: 1, style: CellStyle(foreground: .red, attributes: .bold)))
    // CUP home is 3 bytes, "ESC [ 1 ; 31 m" is 7, the six letters are 6.
    #expect(output.bytes.count - start == 3 + 7 + 6)
  }

  @Test func wideAndNarrowCharactersReplaceEachOther() {
    let terminal = InMemoryScreen(width: 6, height: 1)
    let writer = TerminalFrameWriter(mode: .fullScreen, output: terminal)
    for lines in [["ab漢cd"], ["abxycd"], ["a漢字d"], ["a字 xd"], ["😀字😀"], ["abcdef"]] {
      let frame = grid(lines, width: 6, height: 1)
      writer.write(frame)
      #expect(screen(terminal, shows: frame), "\(lines)")
    }
  }

  @Test func aFrameOfAnotherSizeClearsAndRedrawsTheScreen() {
    let terminal = InMemoryScreen(width: 8, height: 3)
    let writer = TerminalFrameWriter(mode: .fullScreen, output: terminal)
    writer.write(grid(["aaaaaaaa", "bbbbbbbb", "cccccccc"], width: 8, height: 3))
    terminal.resize(width: 5, height: 2)
    let small = grid(["xy", "z"], width: 5, height: 2)
    writer.write(small)
    #expect(terminal.lines == ["xy", "z"])
    #expect(screen(terminal, shows: small))
  }

  @Test func invalidateRedrawsTheNextFrameWhole() {
    let terminal = InMemoryScreen(width: 5, height: 2)
    let writer = TerminalFrameWriter(mode: .fullScreen, output: terminal)
    let frame = grid(["hello", "world"], width: 5, height: 2)
    writer.write(frame)
    terminal.write("\u{1B}[Hnoise")
    writer.invalidate()
    #expect(writer.write(frame) > 0)
    #expect(terminal.lines == ["hello", "world"])
  }

  @Test func staticLinesInFullScreenArePrintedAfterStop() {
    let terminal = InMemoryScreen(width: 10, height: 4)
    let writer = TerminalFrameWriter(mode: .fullScreen, output: terminal)
    writer.write(grid(["app"], width: 10, height: 4))
    writer.writeStatic(["done: 1"])
    #expect(terminal.lines == ["app", "", "", ""])
    writer.stop()
    #expect(terminal.lines == ["done: 1", "", "", ""])
  }

  @Test func framesAreCountedInBytesAndWrites() {
    let output = RecordingOutput()
    let writer = TerminalFrameWriter(mode: .fullScreen, output: output)
    writer.write(grid(["a"], width: 3, height: 1))
    writer.write(grid(["a"], width: 3, height: 1))
    writer.write(grid(["b"], width: 3, height: 1))
    #expect(writer.writtenFrameCount == 2)
    #expect(writer.totalByteCount == output.bytes.count)
    #expect(output.writes == 3)  // start, and one write per changed frame
  }
}

@Suite("Frame writer, plain text")
struct PlainTextWriterTests {
  @Test func plainTextFramesHaveNoEscapeCodes() {
    let output = RecordingOutput()
    let writer = TerminalFrameWriter(mode: .plainText, output: output)
    writer.start()
    writer.write(
      grid(
        ["Notes", "• one"], width: 10, height: 3,
        style: CellStyle(foreground: .red, attributes: .bold)))
    writer.write(
      grid(
        ["Notes", "• one"], width: 10, height: 3,
        style: CellStyle(foreground: .red, attributes: .bold)))
    writer.write(grid(["Notes", "• two"], width: 10, height: 3))
    writer.writeStatic(["log \u{1B}[31mline"])
    writer.stop()
    #expect(!output.bytes.contains(0x1B))
    #expect(output.text == "Notes\n• one\nNotes\n• two\nlog [31mline\n")
  }

  @Test func automaticModeIsPlainTextWhenTheOutputIsNotATerminal() {
    #expect(TerminalOutputMode.automatic(.fullScreen, isTerminal: false) == .plainText)
    #expect(TerminalOutputMode.automatic(.inline, isTerminal: true) == .inline)
  }
}
