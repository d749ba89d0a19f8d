import Testing
import TrellisTerminal

@Suite("Text layout")
struct TextLayoutTests {
  @Test func textTakesItsIdealWidthWhenItFits() {
    #expect(lines(of: text("hello"), width: 10, height: 1) == ["hello"])
    #expect(
      TerminalLayout.sizeThatFits(text("hello"), .unspecified) == LayoutSize(width: 5, height: 1))
  }

  @Test func textWrapsAtSpacesToTheProposedWidth() {
    #expect(
      lines(of: text("the quick brown fox"), width: 10, height: 3)
        == ["the quick", "brown fox", ""])
    #expect(
      TerminalLayout.sizeThatFits(text("the quick brown fox"), ProposedSize(width: 10, height: nil))
        == LayoutSize(width: 9, height: 2))
  }

  @Test func wordsLongerThanALineBreakBetweenGraphemes() {
    #expect(lines(of: text("abcdefgh ij"), width: 3, height: 4) == ["abc", "def", "gh", "ij"])
  }

  @Test func leadingIndentationIsKeptAndSpacesAtBreaksAreDropped() {
    #expect(lines(of: text("  ab   cd"), width: 5, height: 2) == ["  ab", "cd"])
  }

  @Test func newlinesStartParagraphs() {
    #expect(
      lines(of: text("one\ntwo\r\nthree\rfour"), width: 6, height: 4) == [
        "one", "two", "three", "four",
      ])
  }

  @Test func textWithMoreLinesThanTheHeightIsTruncatedAtTheTail() {
    #expect(lines(of: text("the quick brown fox"), width: 10, height: 1) == ["the quick…"])
    #expect(
      lines(of: text("one two three four five"), width: 9, height: 2)
        == ["one two", "three fo…"])
  }

  @Test func lineLimitTruncatesAParagraphCutAfterItsLastLine() {
    #expect(
      lines(of: text("title\nbody", lineLimit: 1), width: 10, height: 3) == ["title…", "", ""])
    #expect(
      lines(of: text("exactly10!\nmore", lineLimit: 1), width: 10, height: 1) == ["exactly10…"])
  }

  @Test func lineLimitOneTruncatesInsteadOfWrapping() {
    let node = text("a fairly long title", lineLimit: 1)
    #expect(lines(of: node, width: 8, height: 3) == ["a fairl…", "", ""])
    #expect(
      TerminalLayout.sizeThatFits(node, ProposedSize(width: 8, height: nil))
        == LayoutSize(width: 8, height: 1))
  }

  @Test func wideCharactersAreMeasuredInColumns() {
    #expect(
      TerminalLayout.sizeThatFits(text("漢字かな"), .unspecified) == LayoutSize(width: 8, height: 1))
    #expect(lines(of: text("漢字かな"), width: 5, height: 2) == ["漢字", "かな"])
    let screen = show(text("漢字かな", lineLimit: 1), width: 5, height: 1)
    #expect(screen.lines == ["漢字…"])
  }

  @Test func combiningCharactersTakeTheColumnOfTheirBase() {
    let node = text("Cafe\u{301} de\u{301}ja\u{300}")
    #expect(TerminalLayout.sizeThatFits(node, .unspecified) == LayoutSize(width: 9, height: 1))
    #expect(lines(of: node, width: 10, height: 1) == ["Cafe\u{301} de\u{301}ja\u{300}"])
  }

  @Test func emojiSequencesAreKeptWholeWhenWrapping() {
    let family = "👨\u{200D}👩\u{200D}👧"
    #expect(
      lines(of: text("\(family)\(family)\(family)"), width: 5, height: 2) == [
        "\(family)\(family)", family,
      ])
  }

  @Test func controlCharactersInTextAreNeverWritten() {
    let screen = show(text("a\u{1B}[31mb\tc\u{7}"), width: 12, height: 1)
    #expect(screen.lines == ["a[31mb c"])
    #expect(screen.cell(column: 1, row: 0).style.foreground == nil)
    #expect(screen.unrecognizedSequences.isEmpty)
  }

  @Test func multilineAlignmentAlignsEachLine() {
    let node = TerminalLayoutNode(.text("a\nbbb\ncc", alignment: .trailing))
    #expect(lines(of: node, width: 5, height: 3) == ["  a", "bbb", " cc"])
    let centred = TerminalLayoutNode(.text("a\nbbbbb", alignment: .center))
    #expect(lines(of: centred, width: 5, height: 2) == ["  a", "bbbbb"])
  }

  @Test func emptyTextTakesNoSpace() {
    #expect(TerminalLayout.sizeThatFits(text(""), .unspecified) == .zero)
    #expect(
      lines(of: vStack(alignment: .leading, text("a"), text(""), text("b")), width: 2, height: 2)
        == ["a", "b"])
  }

  @Test func aOneByOneScreenShowsAnEllipsis() {
    #expect(lines(of: text("Hello"), width: 1, height: 1) == ["…"])
    let root = vStack(modifiers: [.border(TerminalBorder())], text("Hello"), text("World"))
    let screen = show(root, width: 1, height: 1)
    #expect(screen.lines.count == 1)
    #expect(screen.unrecognizedSequences.isEmpty)
  }

  @Test func wideCharactersOnAOneColumnScreenAreNotDrawnHalf() {
    let screen = show(text("漢字"), width: 1, height: 2)
    #expect(screen.lines == ["", ""])
  }

  // MARK: One line that keeps a character in view

  func line(_ string: String, keeping index: Int, width: Int) -> [String] {
    lines(
      of: TerminalLayoutNode(.singleLine(string, keepingVisible: index)), width: width, height: 1)
  }

  @Test func aSingleLineThatFitsIsShownWhole() {
    #expect(line("abc▏", keeping: 3, width: 10) == ["abc▏"])
    #expect(
      TerminalLayout.sizeThatFits(
        TerminalLayoutNode(.singleLine("abc▏", keepingVisible: 3)), .unspecified)
        == LayoutSize(width: 4, height: 1))
  }

  @Test func aSingleLineKeepsTheStartWhileTheCharacterFitsBeforeTheCut() {
    #expect(line("abcdefghij", keeping: 2, width: 6) == ["abcde…"])
    #expect(line("abcdefghij", keeping: 4, width: 6) == ["abcde…"])
  }

  @Test func aSingleLineScrollsTheCharacterToTheRightEdge() {
    // At the end (a caret after the text): the start is cut.
    #expect(line("abcdefghij▏", keeping: 10, width: 6) == ["…ghij▏"])
    // In the middle: cut at both ends, the character last before the trailing `…`.
    #expect(line("abcdefghij", keeping: 6, width: 6) == ["…defg…"])
    // Wide characters count two columns.
    #expect(line("漢字漢字漢字", keeping: 5, width: 6) == ["…漢字"])
  }

  @Test func aSingleLineWithAnIndexOutsideTheTextOrATinyWidthKeepsTheStart() {
    #expect(line("abcdefghij", keeping: 99, width: 6) == ["abcde…"])
    #expect(line("abcdefghij", keeping: -1, width: 6) == ["abcde…"])
    #expect(line("abcdefghij", keeping: 9, width: 2) == ["a…"])
    #expect(line("a\tb\nc", keeping: 0, width: 10) == ["a b c"])
  }
}
