import Testing
import TrellisTerminal

@Suite("In-memory screen")
struct InMemoryScreenTests {
  @Test func textIsWrittenAtTheCursorAndWrapsAtTheRightMargin() {
    let screen = InMemoryScreen(width: 5, height: 3)
    screen.write("hello world")
    #expect(screen.lines == ["hello", " worl", "d"])
    #expect(screen.cursorColumn == 1)
    #expect(screen.cursorRow == 2)
  }

  @Test func theCursorWaitsAtTheMarginUntilTheNextCharacter() {
    let screen = InMemoryScreen(width: 3, height: 2)
    screen.write("abc")
    #expect(screen.cursorRow == 0)
    #expect(screen.cursorColumn == 2)
    screen.write("\r\nd")
    #expect(screen.lines == ["abc", "d"])
  }

  @Test func lineFeedAtTheBottomScrollsIntoTheScrollback() {
    let screen = InMemoryScreen(width: 4, height: 2)
    screen.write("one\r\ntwo\r\nsix")
    #expect(screen.lines == ["two", "six"])
    #expect(screen.scrollback == ["one"])
  }

  @Test func cursorMovesAreClampedToTheScreen() {
    let screen = InMemoryScreen(width: 6, height: 3)
    screen.write("\u{1B}[2;3Hx\u{1B}[Ay\u{1B}[9Bz\u{1B}[99Dw\u{1B}[2Cv\u{1B}[5Gu")
    #expect(screen.lines == ["   y", "  x", "w  vu"])
    screen.write("\u{1B}[H!\u{1B}[3d?")
    #expect(screen.lines == ["!  y", "  x", "w? vu"])
    #expect(screen.unrecognizedSequences.isEmpty)
  }

  @Test func eraseInLineAndDisplayUseTheCurrentBackground() {
    let screen = InMemoryScreen(width: 4, height: 2)
    screen.write("abcd\r\nefgh\u{1B}[1;3H\u{1B}[41m\u{1B}[K")
    #expect(screen.lines == ["ab", "efgh"])
    #expect(screen.cell(column: 3, row: 0).style.background == .red)
    #expect(screen.cell(column: 1, row: 0).style.background == nil)
    screen.write("\u{1B}[0m\u{1B}[2J")
    #expect(screen.lines == ["", ""])
    screen.write("\u{1B}[Hwxyz\u{1B}[1;2H\u{1B}[1K")
    #expect(screen.lines == ["  yz", ""])
  }

  @Test func graphicRenditionSetsAndResetsEachAttributeAndColour() {
    let screen = InMemoryScreen(width: 8, height: 1)
    screen.write("\u{1B}[1;31ma\u{1B}[22;4;44mb\u{1B}[38;5;200;48;2;1;2;3mc\u{1B}[39;49;24;7md")
    screen.write("\u{1B}[0;92;103me\u{1B}[mf")
    #expect(screen.cell(column: 0, row: 0).style == CellStyle(foreground: .red, attributes: .bold))
    #expect(
      screen.cell(column: 1, row: 0).style
        == CellStyle(foreground: .red, background: .blue, attributes: .underline))
    #expect(
      screen.cell(column: 2, row: 0).style
        == CellStyle(
          foreground: .palette(200), background: .rgb(red: 1, green: 2, blue: 3),
          attributes: .underline))
    #expect(screen.cell(column: 3, row: 0).style == CellStyle(attributes: .inverse))
    #expect(
      screen.cell(column: 4, row: 0).style
        == CellStyle(foreground: .brightGreen, background: .brightYellow))
    #expect(screen.cell(column: 5, row: 0).style == .plain)
  }

  @Test func wideCharactersTakeTwoCellsAndWrapWhenTheyDoNotFit() {
    let screen = InMemoryScreen(width: 5, height: 2)
    screen.write("ab漢字")
    #expect(screen.lines == ["ab漢", "字"])
    #expect(screen.cell(column: 2, row: 0).width == 2)
    #expect(screen.cell(column: 3, row: 0).isContinuation)
    #expect(screen.cursorColumn == 2)
  }

  @Test func overwritingHalfOfAWideCharacterBlanksTheOtherHalf() {
    let screen = InMemoryScreen(width: 6, height: 1)
    screen.write("漢字\u{1B}[1;2Hx")
    #expect(screen.lines == [" x字"])
    screen.write("\u{1B}[1;4Hy")
    #expect(screen.lines == [" x y"])
  }

  @Test func combiningMarksJoinThePreviousCellEvenInASeparateWrite() {
    let screen = InMemoryScreen(width: 4, height: 1)
    screen.write("e")
    screen.write("\u{301}x")
    #expect(screen.lines == ["e\u{301}x"])
    #expect(screen.cursorColumn == 2)
  }

  @Test func utf8CutBetweenWritesIsCompletedByTheNextWrite() {
    let screen = InMemoryScreen(width: 4, height: 1)
    let bytes = Array("é漢".utf8)
    for byte in bytes { screen.write([byte]) }
    #expect(screen.lines == ["é漢"])
  }

  @Test func escapeSequencesCutBetweenWritesAreCompleted() {
    let screen = InMemoryScreen(width: 4, height: 2)
    for byte in Array("\u{1B}[2;2H\u{1B}[31mx".utf8) { screen.write([byte]) }
    #expect(screen.lines == ["", " x"])
    #expect(screen.cell(column: 1, row: 1).style.foreground == .red)
  }

  @Test func theAlternateScreenIsSeparateAndLeavingItRestoresTheMainScreenAndCursor() {
    let screen = InMemoryScreen(width: 5, height: 2)
    screen.write("main")
    screen.write("\u{1B}[?1049h")
    #expect(screen.isAlternateScreenActive)
    #expect(screen.lines == ["", ""])
    screen.write("\u{1B}[Halt\r\n\r\n\r\nx")
    #expect(screen.scrollback.isEmpty)
    screen.write("\u{1B}[?1049l")
    #expect(!screen.isAlternateScreenActive)
    #expect(screen.lines == ["main", ""])
    #expect(screen.cursorColumn == 4)
  }

  @Test func privateModesTrackTheCursorAndBracketedPaste() {
    let screen = InMemoryScreen(width: 5, height: 2)
    screen.write("\u{1B}[?25l\u{1B}[?2004h")
    #expect(!screen.isCursorVisible)
    #expect(screen.isBracketedPasteEnabled)
    screen.write("\u{1B}[?25h\u{1B}[?2004l")
    #expect(screen.isCursorVisible)
    #expect(!screen.isBracketedPasteEnabled)
  }

  @Test func withoutAutowrapTheLastColumnIsOverwritten() {
    let screen = InMemoryScreen(width: 3, height: 2)
    screen.write("\u{1B}[?7labcdef")
    #expect(screen.lines == ["abf", ""])
  }

  @Test func saveAndRestoreCursor() {
    let screen = InMemoryScreen(width: 6, height: 2)
    screen.write("ab\u{1B}7\u{1B}[2;5Hx\u{1B}8c\u{1B}[s\u{1B}[H\u{1B}[uz")
    #expect(screen.lines == ["abcz", "    x"])
  }

  @Test func unknownAndMalformedSequencesAreRecordedAndDoNotCorruptText() {
    let screen = InMemoryScreen(width: 12, height: 1)
    screen.write("a\u{1B}[5Xb\u{1B}\u{1}c\u{1B}]0;title\u{7}d\u{1B}[1;2\u{1B}[31me")
    #expect(screen.lines == ["abcde"])
    #expect(screen.unrecognizedSequences == ["␛[5X", "␛", "␛[1;2"])
    #expect(screen.cell(column: 4, row: 0).style.foreground == .red)
  }

  @Test func resizeKeepsCellsWithoutReflow() {
    let screen = InMemoryScreen(width: 6, height: 2)
    screen.write("abcdef\r\nghij")
    screen.resize(width: 3, height: 3)
    #expect(screen.lines == ["abc", "ghi", ""])
    #expect(screen.cursorColumn == 2)
  }
}
