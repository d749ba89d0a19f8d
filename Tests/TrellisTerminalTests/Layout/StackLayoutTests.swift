import Testing
import TrellisTerminal

@Suite("Stack layout")
struct StackLayoutTests {
  @Test func vStackPlacesChildrenTopToBottomCentredByDefault() {
    let root = vStack(text("a"), text("bbb"), text("cc"))
    #expect(lines(of: root, width: 6, height: 4) == [" a", "bbb", "cc", ""])
  }

  @Test func vStackAlignmentPlacesNarrowerChildren() {
    #expect(
      lines(of: vStack(alignment: .leading, text("a"), text("bbb")), width: 5, height: 2)
        == ["a", "bbb"])
    #expect(
      lines(of: vStack(alignment: .trailing, text("a"), text("bbb")), width: 5, height: 2)
        == ["  a", "bbb"])
  }

  @Test func vStackSpacingPutsBlankRowsBetweenChildren() {
    let root = vStack(alignment: .leading, spacing: 2, text("a"), text("b"), text("c"))
    #expect(lines(of: root, width: 3, height: 7) == ["a", "", "", "b", "", "", "c"])
  }

  @Test func hStackPlacesChildrenLeftToRightOneColumnApartByDefault() {
    #expect(
      lines(of: hStack(text("ab"), text("cd"), text("e")), width: 10, height: 1) == ["ab cd e"])
    #expect(lines(of: hStack(spacing: 0, text("ab"), text("cd")), width: 10, height: 1) == ["abcd"])
    #expect(
      lines(of: hStack(spacing: 3, text("ab"), text("cd")), width: 10, height: 1) == ["ab   cd"])
  }

  @Test func hStackAlignmentPlacesShorterChildren() {
    let tall = text("1\n2\n3")
    #expect(
      lines(of: hStack(alignment: .top, tall, text("x")), width: 4, height: 3) == ["1 x", "2", "3"])
    let centred = hStack(text("1\n2\n3"), text("x"))
    #expect(lines(of: centred, width: 4, height: 3) == ["1", "2 x", "3"])
    let bottom = hStack(alignment: .bottom, text("1\n2\n3"), text("x"))
    #expect(lines(of: bottom, width: 4, height: 3) == ["1", "2", "3 x"])
  }

  @Test func spacerPushesSiblingsToTheEdges() {
    let root = hStack(text("L"), spacer(), text("R"))
    #expect(lines(of: root, width: 10, height: 1) == ["L        R"])
  }

  @Test func spacersShareTheLeftoverSpaceEqually() {
    let root = hStack(spacing: 0, spacer(), text("mid"), spacer())
    #expect(lines(of: root, width: 11, height: 1) == ["    mid"])
  }

  @Test func spacerInAVStackTakesTheRemainingRows() {
    let root = vStack(alignment: .leading, text("top"), spacer(), text("bottom"))
    #expect(lines(of: root, width: 8, height: 5) == ["top", "", "", "", "bottom"])
  }

  @Test func spacerMinimumLengthIsKeptWhenSpaceRunsOut() {
    let root = hStack(spacing: 0, text("abcdef", lineLimit: 1), spacer(minLength: 2), text("gh"))
    // 8 columns: "gh" takes 2, the spacer keeps its 2, the text gets 4 and truncates.
    #expect(lines(of: root, width: 8, height: 1) == ["abc…  gh"])
  }

  @Test func spacersDoNotMakeTextWrapEarly() {
    let root = hStack(text("a long title"), spacer(), text("42"))
    #expect(lines(of: root, width: 16, height: 2) == ["a long title  42", ""])
    #expect(lines(of: root, width: 12, height: 2) == ["a long    42", "title"])
  }

  @Test func lessFlexibleChildrenAreOfferedTheirShareFirst() {
    // "x" is the least flexible and gets 1; the long text takes the rest and wraps.
    let root = hStack(spacing: 1, text("hello world"), text("x"))
    #expect(lines(of: root, width: 8, height: 2) == ["hello x", "world"])
  }

  @Test func everyChildIsSureOfItsMinimumBeforeTheRestIsShared() {
    // The padded text needs 7 of the 10 columns; an equal split of all 10 would leave it 5.
    let padded = text("x", .padding(TerminalEdgeInsets(leading: 3, trailing: 3)))
    let root = hStack(spacing: 0, padded, text("yyy"))
    #expect(lines(of: root, width: 10, height: 1) == ["   x   yyy"])
  }

  @Test func dividerSpansTheCrossAxisOfItsStack() {
    let root = vStack(text("abc"), divider(), text("d"))
    #expect(lines(of: root, width: 6, height: 3) == [" abc", "──────", "  d"])
    let row = hStack(text("a"), divider(), text("b"))
    let screen = show(vStack(row, text("1\n2")), width: 5, height: 3)
    #expect(screen.lines[0] == "a │ b")
  }

  @Test func verticalDividerTakesTheHeightItIsOffered() {
    let root = hStack(alignment: .top, text("1\n2\n3"), divider(), text("x"))
    #expect(lines(of: root, width: 5, height: 3) == ["1 │ x", "2 │", "3 │"])
  }

  @Test func zStackLayersLaterChildrenInFrontAligned() {
    let root = TerminalLayoutNode(
      .zStack(alignment: .center), children: [text("-----\n-----\n-----"), text("X")])
    #expect(lines(of: root, width: 5, height: 3) == ["-----", "--X--", "-----"])
    let corner = TerminalLayoutNode(
      .zStack(alignment: .bottomTrailing), children: [text("....\n...."), text("y")])
    #expect(lines(of: corner, width: 5, height: 2) == ["....", "...y"])
  }

  @Test func groupChildrenTakePartInTheEnclosingStack() {
    let group = TerminalLayoutNode(
      .group, textStyle: TerminalTextStyle(bold: true), children: [text("b"), text("c")])
    let root = hStack(text("a"), group, text("d"))
    let screen = show(root, width: 9, height: 1)
    #expect(screen.lines == ["a b c d"])
    #expect(screen.cell(column: 2, row: 0).style.attributes == .bold)
    #expect(screen.cell(column: 0, row: 0).style.attributes == [])
    #expect(group.frame == LayoutRect(x: 2, y: 0, width: 3, height: 1))
  }

  @Test func nestedStacksComposeAsInSwiftUI() {
    let header = hStack(text("Notes"), spacer(), text("3"))
    let root = vStack(
      alignment: .leading, header, divider(), text("• one"), text("• two"), spacer(),
      text("q quit"))
    #expect(
      lines(of: root, width: 12, height: 7)
        == ["Notes      3", "────────────", "• one", "• two", "", "", "q quit"])
  }

  @Test func emptyStacksTakeNoSpace() {
    let root = vStack(alignment: .leading, text("a"), vStack(), hStack(), text("b"))
    #expect(lines(of: root, width: 3, height: 3) == ["a", "b", ""])
  }
}
