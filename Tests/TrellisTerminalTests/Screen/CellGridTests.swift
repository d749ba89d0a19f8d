import Testing
import TrellisTerminal

@Suite("Cell grid")
struct CellGridTests {
  @Test func cellsKeepEveryKindOfGraphemeAndCompareByIt() {
    for grapheme: Character in ["a", "漢", "😀", "e\u{301}", "👨\u{200D}👩\u{200D}👧", "🇯🇵", "❤\u{FE0F}"]
    {
      let cell = GridCell(grapheme, width: 2)
      #expect(cell.character == grapheme)
      #expect(cell == GridCell(grapheme, width: 2))
    }
    #expect(GridCell("e\u{301}") != GridCell("e\u{300}"))
    #expect(GridCell("e\u{301}") != GridCell("e"))
    #expect(GridCell("a", style: CellStyle(attributes: .bold)) != GridCell("a"))
  }

  @Test func drawingClipsToTheGrid() {
    var grid = CellGrid(width: 4, height: 2)
    #expect(grid.draw("abcdef", column: -2, row: 0, style: .plain) == 4)
    grid.draw("xyz", column: 2, row: 1, style: .plain)
    grid.draw("ignored", column: 0, row: 5, style: .plain)
    #expect(grid.lines == ["cdef", "  xy"])
  }

  @Test func aWideGraphemeThatDoesNotFitLeavesItsColumnBlank() {
    var grid = CellGrid(width: 3, height: 1)
    grid.draw("ab漢", column: 0, row: 0, style: .plain)
    #expect(grid.lines == ["ab"])
    #expect(!grid[2, 0].isContinuation)
  }

  @Test func overwritingHalfAWideGraphemeBlanksTheOtherHalf() {
    var grid = CellGrid(width: 4, height: 1)
    grid.draw("漢字", column: 0, row: 0, style: .plain)
    grid.draw("x", column: 1, row: 0, style: .plain)
    #expect(grid.lines == [" x字"])
    grid.draw("y", column: 2, row: 0, style: .plain)
    #expect(grid.lines == [" xy"])
    #expect(grid.cells.allSatisfy { !$0.isContinuation })
  }

  @Test func drawingCanKeepTheBackgroundUnderneath() {
    var grid = CellGrid(width: 4, height: 1)
    grid.fillBackground(.blue, in: LayoutRect(x: 1, y: 0, width: 2, height: 1))
    grid.draw(
      "abcd", column: 0, row: 0, style: CellStyle(foreground: .red), keepingBackground: true)
    #expect(grid.cells.map(\.style.background) == [nil, .blue, .blue, nil])
    #expect(grid.cells.allSatisfy { $0.style.foreground == .red })
  }

  @Test func aFillCutThroughAWideGraphemeColoursBothHalves() {
    var grid = CellGrid(width: 4, height: 1)
    grid.draw("a漢", column: 0, row: 0, style: .plain)
    grid.fillBackground(.green, in: LayoutRect(x: 2, y: 0, width: 2, height: 1))
    #expect(grid.cells.map(\.style.background) == [nil, .green, .green, .green])
    grid.fillBackground(.red, in: LayoutRect(x: 100, y: 0, width: 2, height: 1))
  }
}
