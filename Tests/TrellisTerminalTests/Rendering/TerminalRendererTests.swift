import Testing
import Trellis
import TrellisTerminal

/// Views drawn through the terminal renderer, asserted on the in-memory screen: the text and
/// styles a user would see.
@Suite("Terminal renderer")
@MainActor
struct TerminalRendererTests {
  @Test func stacksAndTextAreLaidOutFromTheTopLeft() {
    let harness = ScreenHarness(width: 16, height: 4) {
      VStack {
        Text("Title")
        HStack {
          Text("a")
          Text("b")
        }
      }
    }
    #expect(harness.lines == ["Title", " a b", "", ""])
  }

  @Test func aCustomViewsChildrenTakePartInTheEnclosingStack() {
    struct Pair: View {
      var body: some View {
        Text("one")
        Text("two")
      }
    }
    let harness = ScreenHarness(width: 16, height: 3) {
      HStack {
        Pair()
        Text("three")
      }
    }
    #expect(harness.lines == ["one two three", "", ""])
  }

  @Test func editingOneRowRedrawsOnlyThatRowsChangedCells() {
    let store = RowStore(count: 5)
    let harness = ScreenHarness(width: 20, height: 5) {
      VStack { ForEach(store.rows) { row in Text(row.title) } }
    }
    #expect(harness.lines == ["Row 0", "Row 1", "Row 2", "Row 3", "Row 4"])
    store.rows[2].title = "Row 2 edited"
    harness.app.update()
    // The stack centers its rows, as SwiftUI's does: the wider row moves the others right.
    #expect(harness.lines == ["   Row 0", "   Row 1", "Row 2 edited", "   Row 3", "   Row 4"])
    // Only changed cells are written: well under a full frame of 100 cells.
    #expect(harness.app.lastFrameByteCount < 100)
    #expect(harness.app.frameCount == 2)
  }

  @Test func anUnchangedUpdateDrawsNoFrame() {
    let store = RowStore(count: 2)
    let harness = ScreenHarness(width: 10, height: 2) {
      VStack { ForEach(store.rows) { row in Text(row.title) } }
    }
    store.rows[0].title = "Row 0"
    harness.app.update()
    #expect(harness.app.frameCount == 1)
  }

  @Test func aToggleShowsItsBoxAndReturnFlipsIt() {
    let settings = Settings()
    let harness = ScreenHarness(width: 20, height: 2) {
      SettingsView(settings: settings)
    }
    #expect(harness.lines == ["[ ] Wi-Fi", ""])
    #expect(harness.highlightedRows == [])
    #expect(harness.screen.cell(column: 0, row: 0).style.attributes.contains(.inverse))
    harness.press(.return)
    #expect(settings.wifi)
    #expect(harness.lines == ["[x] Wi-Fi", ""])
    harness.press(.character(" "))
    #expect(!settings.wifi)
    #expect(harness.lines == ["[ ] Wi-Fi", ""])
  }

  @Test func aProgressViewWithAValueShowsABarAndThePercentage() {
    var harness: ScreenHarness?
    let diagnostics = TrellisDiagnostics.capture {
      harness = ScreenHarness(width: 40, height: 4) {
        VStack(alignment: .leading) {
          ProgressView("Copy", value: 0.5)
          ProgressView(value: 3, total: 4)
          ProgressView(value: 5, total: 0)
          ProgressView("Waiting")
        }
      }
    }
    // Each bar takes the width offered, as SwiftUI's linear progress view does.
    #expect(
      harness?.lines == [
        "Copy " + bar(15, of: 30) + "  50%", bar(26, of: 35) + "  75%", bar(35, of: 35) + " 100%",
        "Waiting",
      ])
    // Out of bounds is clamped and reported, as SwiftUI logs it.
    #expect(
      diagnostics.map(\.message) == [
        "A ProgressView in the root view was given the progress 5.0 of 0.0, out of bounds; it "
          + "shows 1.0 of 1.0. Give a total above 0 and a value in 0...total."
      ])
  }

  /// `filled` cells of `█` and the rest of `cells` of `·`.
  private func bar(_ filled: Int, of cells: Int) -> String {
    String(repeating: "█", count: filled) + String(repeating: "·", count: cells - filled)
  }

  @Test func aProgressBarTakesTheWidthItIsOfferedOnOneRow() {
    let harness = ScreenHarness(width: 16, height: 5) {
      VStack(alignment: .leading) {
        HStack {
          Text("name")
          ProgressView(value: 0.5)
        }
        ProgressView("Downloading the layer", value: 0.25)
        ProgressView(value: 0.5).frame(width: 10)
        HStack {
          ProgressView(value: 1)
          Text("done")
        }
        HStack(spacing: 0) {
          ProgressView(value: 1).frame(width: 4)
          Text("|")
          ProgressView(value: 1).frame(width: 3)
          Text("|")
          ProgressView(value: 0.5).frame(width: 5)
        }
      }
    }
    #expect(
      harness.lines == [
        "name " + bar(3, of: 6) + "  50%", "Download… ·  25%", bar(2, of: 5) + "  50%",
        bar(6, of: 6) + " 100% done",
        // Too narrow for the percentage and its space: the bar alone.
        "████|███|  50%",
      ])
  }

  @Test func tabMovesTheFocusAndReturnPressesTheFocusedButton() {
    let log = Log()
    let harness = ScreenHarness(width: 20, height: 3) {
      VStack {
        Button("One") { log.entries.append("one") }
        Button("Two") { log.entries.append("two") }
        Text("end")
      }
    }
    #expect(harness.lines == ["[One]", "[Two]", " end"])
    #expect(inverseColumns(harness, row: 0) == 0..<5)
    harness.press(.tab)
    #expect(inverseColumns(harness, row: 0) == nil)
    #expect(inverseColumns(harness, row: 1) == 0..<5)
    harness.press(.return)
    #expect(log.entries == ["two"])
    harness.press(.tab)
    #expect(inverseColumns(harness, row: 0) == 0..<5)
    harness.press(.tab, .shift)
    #expect(inverseColumns(harness, row: 1) == 0..<5)
  }

  @Test func aNavigationTitleIsAHeaderAboveTheTitledView() {
    let harness = ScreenHarness(width: 12, height: 4) {
      NavigationStack { VStack { Text("body") }.navigationTitle("Notes") }
    }
    #expect(harness.lines == ["Notes", "────────────", "body", ""])
    #expect(harness.screen.cell(column: 0, row: 0).style.attributes.contains(.bold))
  }

  @Test func aListTakesTheRowsLeftAndScrollsToFollowTheFocusedRow() throws {
    let store = RowStore(count: 30)
    let harness = ScreenHarness(width: 12, height: 5) {
      List(store.rows) { row in Button(row.title) {} }
    }
    #expect(harness.lines == ["[Row 0]", "[Row 1]", "[Row 2]", "[Row 3]", "[Row 4]"])
    for _ in 0..<6 { harness.press(.downArrow) }
    #expect(harness.lines == ["[Row 2]", "[Row 3]", "[Row 4]", "[Row 5]", "[Row 6]"])
    #expect(inverseColumns(harness, row: 4) == 0..<7)
    harness.press(.pageDown)
    #expect(harness.lines == ["[Row 7]", "[Row 8]", "[Row 9]", "[Row 10]", "[Row 11]"])
    #expect(inverseColumns(harness, row: 4) == 0..<8)
    harness.press(.upArrow, .upArrow, .upArrow, .upArrow, .upArrow)
    #expect(harness.lines.first == "[Row 6]")
    #expect(inverseColumns(harness, row: 0) == 0..<7)
    harness.press(.end)
    #expect(harness.lines.last == "[Row 29]")
    harness.press(.home)
    #expect(harness.lines.first == "[Row 0]")
    let list = try #require(harness.renderer.rootElement.children.first)
    #expect(list.kind == .list)
    #expect(harness.renderer.connection?.viewport(of: list.id!) == Viewport(offset: 0, length: 5))
  }

  @Test func aListWithSectionsScrollsRowByRowThroughThem() {
    let harness = ScreenHarness(width: 12, height: 5) {
      List {
        Section("A") { ForEach(0..<3, id: \.self) { Text("A\($0)") } }
        Section("B") { ForEach(3..<9, id: \.self) { Text("B\($0)") } }
      }
    }
    #expect(harness.lines == ["A", "A0", "A1", "A2", "B"])
    // A header, a row, a header: one row each (a section was one row, and the list went
    // blank past it).
    harness.press(.downArrow)
    #expect(harness.lines == ["A0", "A1", "A2", "B", "B3"])
    harness.press(.downArrow, .downArrow, .downArrow, .downArrow)
    #expect(harness.lines == ["B3", "B4", "B5", "B6", "B7"])
    for _ in 0..<10 { harness.press(.downArrow) }
    // It stops with the last row at the bottom.
    #expect(harness.lines == ["B4", "B5", "B6", "B7", "B8"])
  }

  @Test func theFocusMovesThroughTheRowsOfSectionsAndEndReachesTheLast() {
    let model = PickedFruit()
    let harness = ScreenHarness(width: 12, height: 5) {
      List(selection: Binding(get: { model.fruit }, set: { model.fruit = $0 })) {
        Section("Fruit") { ForEach(["apple", "pear"], id: \.self) { Text($0).tag($0) } }
        Section("Veg") {
          ForEach((0..<8).map { "veg \($0)" }, id: \.self) { Text($0).tag($0) }
        }
      }
    }
    #expect(harness.lines == ["Fruit", "apple", "pear", "Veg", "veg 0"])
    #expect(harness.highlightedRows == [1])
    harness.press(.downArrow, .downArrow, .downArrow)
    // The header is no row to focus: from pear to veg 0, then veg 1, scrolled into view.
    #expect(harness.lines == ["apple", "pear", "Veg", "veg 0", "veg 1"])
    #expect(harness.highlightedRows == [4])
    harness.press(.end)
    #expect(harness.lines == ["veg 3", "veg 4", "veg 5", "veg 6", "veg 7"])
    #expect(harness.highlightedRows == [4])
    harness.press(.return)
    #expect(model.fruit == "veg 7")
    harness.press(.home)
    #expect(harness.lines == ["Fruit", "apple", "pear", "Veg", "veg 0"])
    #expect(harness.highlightedRows == [1])
  }

  @Test func pageDownScrollsAPageAndTakesTheFocusAlong() {
    let store = RowStore(count: 12)
    let harness = ScreenHarness(width: 20, height: 5) {
      List(store.rows) { row in NavigationLink(row.title, value: row.id) }
    }
    harness.press(.pageDown)
    #expect(harness.lines.first == "Row 5              ›")
    #expect(harness.highlightedRows == [0])
    // It stops where the last row is at the bottom, and the focus goes a page down.
    harness.press(.pageDown)
    #expect(harness.lines.first == "Row 7              ›")
    #expect(harness.highlightedRows == [3])
    harness.press(.pageDown)
    #expect(harness.lines.first == "Row 7              ›")
    #expect(harness.lines.last == "Row 11             ›")
    #expect(harness.highlightedRows == [4])
    harness.press(.pageUp)
    #expect(harness.lines.first == "Row 2              ›")
    #expect(harness.highlightedRows == [4])
  }

  @Test func pagesPressedInOneBatchAllCount() {
    let store = RowStore(count: 1000)
    let harness = ScreenHarness(width: 20, height: 5) {
      List(store.rows) { row in NavigationLink(row.title, value: row.id) }
    }
    // Five pages of five rows at once (keys that arrived while a frame was drawn): row 25.
    harness.press(.pageDown, .pageDown, .pageDown, .pageDown, .pageDown)
    #expect(harness.lines.first == "Row 25             ›")
    #expect(harness.highlightedRows == [0])
    harness.press(.pageUp, .pageUp, .pageUp)
    #expect(harness.lines.first == "Row 10             ›")
    #expect(harness.highlightedRows == [0])
  }

  @Test func aWindowTooSmallForTheListKeepsTheFocusedRowForWhenItGrowsBack() {
    let store = RowStore(count: 1000)
    let harness = ScreenHarness(width: 20, height: 8) {
      NavigationStack {
        List(store.rows) { row in NavigationLink(row.title, value: row.id) }
          .navigationTitle("T")
      }
    }
    harness.press(.downArrow, .downArrow, .downArrow, .downArrow, .downArrow, .downArrow)
    harness.press(.downArrow, .downArrow, .downArrow, .downArrow, .downArrow, .downArrow)
    #expect(harness.lines[7] == "Row 12             ›")
    #expect(harness.highlightedRows == [7])
    // Two rows: the title and its divider, no room for a row.
    harness.screen.resize(width: 20, height: 2)
    harness.app.handle([.resize(LayoutSize(width: 20, height: 2))])
    #expect(harness.lines == ["T", "────────────────────"])
    harness.screen.resize(width: 20, height: 8)
    harness.app.handle([.resize(LayoutSize(width: 20, height: 8))])
    #expect(harness.lines[2] == "Row 7              ›")
    #expect(harness.highlightedRows == [7])
  }

  @Test func aNavigationLinkSpansItsRowWithAChevron() {
    let harness = ScreenHarness(width: 14, height: 2) {
      NavigationLink("Open", value: 1)
    }
    #expect(harness.lines == ["Open         ›", ""])
    #expect(harness.isHighlighted(row: 0))
  }

  @Test func aDestinationCoversTheLevelBelowAndPoppingGivesTheFocusBack() {
    let router = Router()
    let store = RowStore(count: 3)
    let harness = ScreenHarness(width: 16, height: 4) {
      NavigationStack(path: Binding(get: { router.path }, set: { router.path = $0 })) {
        List(store.rows) { row in NavigationLink(row.title, value: row.id) }
          .navigationDestination(for: Int.self) { id in Text("Detail \(id)") }
      }
      .onKeyPress(.escape) {
        guard !router.path.isEmpty else { return .ignored }
        router.path.removeLast()
        return .handled
      }
    }
    harness.press(.downArrow)
    #expect(harness.highlightedRows == [1])
    harness.press(.return)
    #expect(router.path == [1])
    #expect(harness.lines == ["Detail 1", "", "", ""])
    harness.press(.escape)
    #expect(router.path == [])
    #expect(harness.lines == ["Row 0          ›", "Row 1          ›", "Row 2          ›", ""])
    #expect(harness.highlightedRows == [1])
  }

  /// The columns of `row` in reverse video, if they are one run.
  private func inverseColumns(_ harness: ScreenHarness, row: Int) -> Range<Int>? {
    let columns = (0..<harness.screen.width).filter {
      harness.screen.cell(column: $0, row: row).style.attributes.contains(.inverse)
    }
    guard let first = columns.first, let last = columns.last, columns.count == last - first + 1
    else { return nil }
    return first..<(last + 1)
  }
}

@MainActor
final class Settings: Trackable {
  @Tracked var wifi = false
}

struct SettingsView: View {
  @Bindable var settings: Settings
  var body: some View { Toggle("Wi-Fi", isOn: $settings.wifi) }
}

@MainActor
final class Log {
  var entries: [String] = []
}

@MainActor
final class Router: Trackable {
  @Tracked var path: [Int] = []
}
