import Testing
import TrellisTerminal

@Suite("Layout modifiers")
struct ModifierLayoutTests {
  @Test func paddingInsetsTheContentOnEachEdge() {
    let node = text("ab", .padding(TerminalEdgeInsets(top: 1, leading: 2, bottom: 0, trailing: 1)))
    #expect(TerminalLayout.sizeThatFits(node, .unspecified) == LayoutSize(width: 5, height: 2))
    #expect(
      lines(of: vStack(alignment: .leading, node, text("|")), width: 6, height: 3) == [
        "", "  ab", "|",
      ])
  }

  @Test func paddingShrinksTheProposalSoTextWrapsInside() {
    let node = text("aaa bbb", .padding(1))
    #expect(lines(of: node, width: 5, height: 4) == ["", " aaa", " bbb", ""])
  }

  @Test func fixedFrameTakesItsSizeAndAlignsTheContent() {
    let centred = text("ab", .frame(width: 6, height: 3))
    #expect(TerminalLayout.sizeThatFits(centred, .unspecified) == LayoutSize(width: 6, height: 3))
    #expect(lines(of: centred, width: 8, height: 3) == ["", "  ab", ""])
    let corner = text("ab", .frame(width: 6, height: 2, alignment: .bottomTrailing))
    #expect(lines(of: corner, width: 8, height: 2) == ["", "    ab"])
  }

  @Test func fixedFrameNarrowerThanItsTextWrapsTheText() {
    let node = text("one two", .frame(width: 3))
    #expect(lines(of: node, width: 8, height: 2) == ["one", "two"])
  }

  @Test func fixedWidthPassesTheHeightProposalThrough() {
    let node = TerminalLayoutNode(.spacer(), modifiers: [.frame(width: 2), .background(.red)])
    let screen = show(node, width: 4, height: 3)
    #expect(screen.cell(column: 1, row: 2).style.background == .red)
    #expect(screen.cell(column: 2, row: 0).style.background == nil)
  }

  @Test func infiniteMaximumWidthTakesTheWholeProposal() {
    let node = text("ab", .frame(maxWidth: .max, alignment: .trailing))
    #expect(
      TerminalLayout.sizeThatFits(node, ProposedSize(width: 9, height: 1))
        == LayoutSize(width: 9, height: 1))
    #expect(lines(of: node, width: 9, height: 1) == ["       ab"])
    // With no proposal, the frame takes the content's ideal size.
    #expect(TerminalLayout.sizeThatFits(node, .unspecified) == LayoutSize(width: 2, height: 1))
  }

  @Test func minimumWidthRaisesTheFrameAndMaximumLowersIt() {
    let atLeast = text("ab", .frame(minWidth: 5, alignment: .leading))
    #expect(
      TerminalLayout.sizeThatFits(atLeast, ProposedSize(width: 20, height: 1))
        == LayoutSize(width: 5, height: 1))
    #expect(
      TerminalLayout.sizeThatFits(atLeast, ProposedSize(width: 3, height: 1))
        == LayoutSize(width: 5, height: 1))
    let between = text("ab", .frame(minWidth: 4, maxWidth: 8))
    #expect(
      TerminalLayout.sizeThatFits(between, ProposedSize(width: 20, height: 1))
        == LayoutSize(width: 8, height: 1))
    #expect(
      TerminalLayout.sizeThatFits(between, ProposedSize(width: 6, height: 1))
        == LayoutSize(width: 6, height: 1))
    let atMost = text("abcdefgh", .frame(maxWidth: 4))
    #expect(lines(of: atMost, width: 10, height: 2) == ["abcd", "efgh"])
  }

  @Test func idealWidthIsUsedForAnUnspecifiedProposal() {
    let node = text("ab", .frame(idealWidth: 7, maxWidth: .max))
    #expect(TerminalLayout.sizeThatFits(node, .unspecified) == LayoutSize(width: 7, height: 1))
  }

  @Test func flexibleFramesShareAStackWithText() {
    let root = hStack(
      spacing: 0, text("[", .frame(maxWidth: .max, alignment: .leading)), text("mid"),
      text("]", .frame(maxWidth: .max, alignment: .trailing)))
    #expect(lines(of: root, width: 11, height: 1) == ["[   mid   ]"])
  }

  @Test func borderDrawsABoxAroundItsContent() {
    let node = text("hi", .border(TerminalBorder(.rounded)))
    #expect(TerminalLayout.sizeThatFits(node, .unspecified) == LayoutSize(width: 4, height: 3))
    #expect(lines(of: node, width: 6, height: 3) == ["╭──╮", "│hi│", "╰──╯"])
  }

  @Test func borderStylesUseTheirOwnCharacters() {
    #expect(
      lines(of: text("x", .border(TerminalBorder(.single))), width: 3, height: 3) == [
        "┌─┐", "│x│", "└─┘",
      ])
    #expect(
      lines(of: text("x", .border(TerminalBorder(.double))), width: 3, height: 3) == [
        "╔═╗", "║x║", "╚═╝",
      ])
    #expect(
      lines(of: text("x", .border(TerminalBorder(.heavy))), width: 3, height: 3) == [
        "┏━┓", "┃x┃", "┗━┛",
      ])
    #expect(
      lines(of: text("x", .border(TerminalBorder(.ascii))), width: 3, height: 3) == [
        "+-+", "|x|", "+-+",
      ])
  }

  @Test func modifierOrderMattersAsInSwiftUI() {
    let paddedThenBordered = text(
      "x", .padding(TerminalEdgeInsets(leading: 1, trailing: 1)), .border(TerminalBorder()))
    #expect(lines(of: paddedThenBordered, width: 5, height: 3) == ["┌───┐", "│ x │", "└───┘"])
    let borderedThenPadded = text(
      "x", .border(TerminalBorder()), .padding(TerminalEdgeInsets(leading: 1, trailing: 1)))
    #expect(lines(of: borderedThenPadded, width: 5, height: 3) == [" ┌─┐", " │x│", " └─┘"])
  }

  @Test func borderAroundAFlexibleFrameFillsTheScreen() {
    let node = vStack(
      alignment: .leading,
      modifiers: [
        .frame(maxWidth: .max, maxHeight: .max, alignment: .topLeading), .border(TerminalBorder()),
      ],
      text("Title"))
    #expect(
      lines(of: node, width: 8, height: 4) == ["┌──────┐", "│Title │", "│      │", "└──────┘"])
  }

  @Test func borderColourAndBackgroundReachTheCells() {
    let node = text(
      "ab", .padding(TerminalEdgeInsets(leading: 1)), .background(.blue),
      .border(TerminalBorder(color: .green)))
    let screen = show(node, width: 6, height: 3)
    #expect(screen.cell(column: 0, row: 0).style.foreground == .green)
    #expect(screen.cell(column: 0, row: 0).style.background == nil)
    #expect(screen.cell(column: 1, row: 1).style.background == .blue)  // the padding
    #expect(screen.cell(column: 2, row: 1).style == CellStyle(background: .blue))  // "a"
    #expect(screen.cell(column: 4, row: 1).style.foreground == .green)  // the right edge
  }

  @Test func textStyleIsInheritedAndOverridden() {
    let inner = TerminalLayoutNode(
      .text("b"), textStyle: TerminalTextStyle(foreground: .red, bold: false))
    let root = TerminalLayoutNode(
      .hStack(spacing: 0),
      textStyle: TerminalTextStyle(foreground: .yellow, bold: true, underline: true),
      children: [text("a"), inner])
    let screen = show(root, width: 3, height: 1)
    #expect(
      screen.cell(column: 0, row: 0).style
        == CellStyle(foreground: .yellow, attributes: [.bold, .underline]))
    #expect(
      screen.cell(column: 1, row: 0).style == CellStyle(foreground: .red, attributes: [.underline]))
  }

  @Test func inverseTextStyleHighlightsASubtree() {
    let row = hStack(modifiers: [.frame(maxWidth: .max)], text("> Buy"), spacer())
    row.textStyle = TerminalTextStyle(inverse: true)
    let screen = show(vStack(row, text("Sell")), width: 8, height: 2)
    #expect(screen.lines == ["> Buy", "  Sell"])
    #expect(screen.cell(column: 2, row: 0).style.attributes == .inverse)
    #expect(screen.cell(column: 2, row: 1).style.attributes == [])
  }

  @Test func contentLargerThanItsFrameOverflowsAndIsClippedByTheScreen() {
    let node = text("abcdef", lineLimit: 1, .frame(width: 2))
    let screen = show(hStack(node, text("|")), width: 6, height: 1)
    #expect(screen.lines == ["a… |"])
  }
}
