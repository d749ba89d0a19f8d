import Testing
import Trellis
import TrellisTerminal

/// Sheets, Escape, and what a covered level shows when it comes back.
@Suite("Terminal renderer: presentations and levels")
@MainActor
struct TerminalPresentationTests {
  @Test func aSheetTakesThePlaceOfItsViewInABoxAndEscapeDismissesIt() {
    let flag = Flag()
    let harness = ScreenHarness(width: 14, height: 5) {
      VStack {
        Button("Open") { flag.isOn = true }
          .sheet(isPresented: Binding(get: { flag.isOn }, set: { flag.isOn = $0 })) {
            Button("Close") {}
          }
      }
    }
    #expect(harness.lines == ["[Open]", "", "", "", ""])
    harness.press(.return)
    #expect(flag.isOn)
    #expect(harness.lines == ["╭────────────╮", "│[Close]     │", "╰────────────╯", "", ""])
    // The focus is inside the sheet: the covered button is out of reach.
    #expect(harness.renderer.focusedElement?.kind == .button)
    harness.press(.tab)
    #expect(harness.lines[1] == "│[Close]     │")
    harness.press(.escape)
    #expect(!flag.isOn)
    #expect(harness.lines == ["[Open]", "", "", "", ""])
    #expect(focusedRows(harness) == [0])
    // With nothing presented or pushed, Escape does nothing (and reports nothing).
    let diagnostics = DiagnosticsLog()
    diagnostics.capture { harness.press(.escape) }
    #expect(diagnostics.messages.isEmpty)
  }

  // Found by a new user: two Escapes in one batch of keys (a quick double press, or key
  // repeat) went back one level.
  @Test func twoEscapesInOneBatchGoBackTwoLevels() {
    let path = PathModel()
    path.values = [1, 2, 3]
    let harness = ScreenHarness(width: 14, height: 2) {
      NavigationStack(path: Binding(get: { path.values }, set: { path.values = $0 })) {
        Text("root").navigationDestination(for: Int.self) { Text("Level \($0)") }
      }
    }
    #expect(harness.lines == ["Level 3", ""])
    harness.press(.escape, .escape)
    #expect(path.values == [1])
    #expect(harness.lines == ["Level 1", ""])
    // The second of two on the last level finds nothing left: no mistake, nothing reported.
    let diagnostics = DiagnosticsLog()
    diagnostics.capture { harness.press(.escape, .escape) }
    #expect(diagnostics.messages.isEmpty)
    #expect(path.values == [])
    #expect(harness.lines == ["root", ""])
  }

  // The host treats a shown presentation as modal for every input (as SwiftUI does); the
  // terminal, which draws a sheet in place of the view it is attached to, must not let Tab
  // reach the views beside that one.
  @Test func aSheetIsModalForTheViewsBesideTheOneItIsAttachedTo() {
    let flag = Flag()
    let log = DecisionLog()
    let harness = ScreenHarness(width: 14, height: 6) {
      VStack {
        Button("Before") { log.entries.append("before") }
        Button("Open") { flag.isOn = true }
          .sheet(isPresented: Binding(get: { flag.isOn }, set: { flag.isOn = $0 })) {
            Button("Close") { flag.isOn = false }
          }
        Button("After") { log.entries.append("after") }
      }
    }
    harness.press(.tab, .return)
    #expect(flag.isOn)
    let diagnostics = DiagnosticsLog()
    diagnostics.capture {
      for _ in 0..<3 {
        harness.press(.tab)
        #expect(harness.renderer.focusedElement.map { $0.children.first?.text } == "Close")
      }
      harness.press(.return)
    }
    #expect(diagnostics.messages.isEmpty)
    #expect(log.entries.isEmpty)
    #expect(!flag.isOn)
    // Shown by the app while the focus is beside it: the focus moves into the sheet, and back
    // when it goes.
    harness.press(.tab)
    #expect(harness.renderer.focusedElement.map { $0.children.first?.text } == "After")
    flag.isOn = true
    harness.app.update()
    #expect(harness.renderer.focusedElement.map { $0.children.first?.text } == "Close")
    harness.press(.return)
    #expect(!flag.isOn)
    #expect(harness.renderer.focusedElement.map { $0.children.first?.text } == "After")
  }

  @Test func anAlertFocusesItsNonDestructiveButtonAndEscapeRunsItsCancel() {
    let flag = Flag()
    let log = DecisionLog()
    let harness = ScreenHarness(width: 24, height: 6) {
      Button("Delete all") { flag.isOn = true }
        .alert("Delete?", isPresented: Binding(get: { flag.isOn }, set: { flag.isOn = $0 })) {
          Button("Delete", role: .destructive) { log.entries.append("deleted") }
          Button("Keep", role: .cancel) { log.entries.append("kept") }
        }
    }
    harness.press(.return)
    #expect(flag.isOn)
    // Return in a new alert does not delete: the focus is on Keep, not on the first button.
    #expect(harness.renderer.focusedElement.map { $0.children.first?.text } == "Keep")
    harness.press(.escape)
    #expect(log.entries == ["kept"])
    #expect(!flag.isOn)
    harness.press(.return)
    harness.press(.return)
    #expect(log.entries == ["kept", "kept"])
  }

  @Test func escapePopsAPathlessStackAndTheRowShowsItsNewTitle() {
    let store = RowStore(count: 3)
    let harness = ScreenHarness(width: 16, height: 4) {
      NavigationStack {
        List(store.rows) { row in NavigationLink(row.title, value: row.id) }
          .navigationDestination(for: Int.self) { id in Text("Detail \(id)") }
      }
    }
    harness.press(.downArrow, .return)
    #expect(harness.lines == ["Detail 1", "", "", ""])
    // Edited while its level is covered: shown with the new title when it comes back.
    store.rows[1].title = "Renamed"
    harness.app.update()
    harness.press(.escape)
    #expect(harness.lines == ["Row 0          ›", "Renamed        ›", "Row 2          ›", ""])
    #expect(harness.highlightedRows == [1])
  }

  /// Found by a new user: a detail with a control of its own took the focus, and the pop gave
  /// it to the first row built, scrolling the list back up.
  @Test func aPopGivesTheFocusBackToAScrolledRowWhenTheDetailHadAControl() {
    let store = RowStore(count: 50)
    let flag = Flag()
    let harness = ScreenHarness(width: 16, height: 6) {
      NavigationStack {
        List(store.rows) { row in NavigationLink(row.title, value: row.id) }
          .navigationDestination(for: Int.self) { id in
            Toggle("Paused \(id)", isOn: Binding(get: { flag.isOn }, set: { flag.isOn = $0 }))
          }
      }
    }
    for _ in 0..<40 { harness.press(.downArrow) }
    let before = harness.lines
    #expect(before[harness.highlightedRows.first ?? 0].hasPrefix("Row 40"))
    harness.press(.return)
    #expect(harness.lines.first?.hasPrefix("[ ] Paused 40") == true)
    harness.press(.escape)
    #expect(harness.lines == before)
    #expect(harness.lines[harness.highlightedRows.first ?? 0].hasPrefix("Row 40"))
  }

  @Test func escapeDismissesTheSheetOverAPushedLevelFirstThenPops() {
    let flag = Flag()
    let router = Router()
    let harness = ScreenHarness(width: 16, height: 4) {
      NavigationStack(path: Binding(get: { router.path }, set: { router.path = $0 })) {
        Text("Root")
          .navigationDestination(for: Int.self) { id in
            Text("Level \(id)")
              .sheet(isPresented: Binding(get: { flag.isOn }, set: { flag.isOn = $0 })) {
                Text("Sheet")
              }
          }
      }
    }
    router.path = [1]
    flag.isOn = true
    harness.app.update()
    #expect(harness.lines[1] == "│Sheet         │")
    harness.press(.escape)
    #expect(!flag.isOn)
    #expect(router.path == [1])
    #expect(harness.lines == ["Level 1", "", "", ""])
    harness.press(.escape)
    #expect(router.path == [])
    #expect(harness.lines == ["Root", "", "", ""])
  }

  @Test func aLazyListRealizesAScreenfulAndEndReachesTheLastRow() throws {
    let store = RowStore(count: 10_000)
    let harness = ScreenHarness(width: 12, height: 5) {
      List(store.rows) { row in Button(row.title) {} }
    }
    let list = try #require(harness.renderer.rootElement.children.first)
    // Five rows shown, two more on each side at most (the host's overscan).
    #expect(list.children.count <= 5 + 2)
    harness.press(.end)
    #expect(harness.lines.last == "[Row 9999]")
    #expect(focusedRows(harness) == [4])
    #expect(list.children.count <= 5 + 4)
    harness.press(.pageUp)
    #expect(
      harness.lines == ["[Row 9990]", "[Row 9991]", "[Row 9992]", "[Row 9993]", "[Row 9994]"])
    #expect(focusedRows(harness) == [4])
    harness.press(.home)
    #expect(harness.lines.first == "[Row 0]")
    #expect(focusedRows(harness) == [0])
  }

  @Test func aListScrolledNearItsEndFillsTheWindowWhenTheWindowGrows() {
    let store = RowStore(count: 200)
    let harness = ScreenHarness(width: 12, height: 5) {
      List(store.rows) { row in Button(row.title) {} }
    }
    harness.press(.end)
    harness.press(.pageUp)
    harness.screen.resize(width: 12, height: 2)
    harness.app.handle([.resize(LayoutSize(width: 12, height: 2))])
    harness.press(.upArrow, .upArrow)
    #expect(harness.lines == ["[Row 192]", "[Row 193]"])
    // Twelve lines from row 192 would leave four empty below row 199: the list scrolls back,
    // and the focused row stays where it is among the rows.
    harness.screen.resize(width: 12, height: 12)
    harness.app.handle([.resize(LayoutSize(width: 12, height: 12))])
    #expect(harness.lines == (188..<200).map { "[Row \($0)]" })
    #expect(focusedRows(harness) == [4])
  }

  @Test func aRowEditedUnderASheetOverACoveredLevelShowsTheEdit() {
    let store = RowStore(count: 3)
    let flag = Flag()
    let harness = ScreenHarness(width: 16, height: 6) {
      NavigationStack {
        List(store.rows) { row in
          NavigationLink(value: row.id) { RowLabel(row: row) }
        }
        .navigationDestination(for: Int.self) { id in Text("Detail \(id)") }
      }
      .sheet(isPresented: Binding(get: { flag.isOn }, set: { flag.isOn = $0 })) {
        Button("Save") {
          store.rows[1].title = "Renamed"
          flag.isOn = false
        }
      }
    }
    harness.press(.downArrow, .return)
    flag.isOn = true
    harness.app.update()
    #expect(harness.lines[1] == "│[Save]        │")
    harness.press(.return)
    #expect(harness.lines.first == "Detail 1")
    harness.press(.escape)
    #expect(
      harness.lines.prefix(3) == ["Row 0          ›", "Renamed        ›", "Row 2          ›"])
  }

  /// The rows with a cell in reverse video.
  private func focusedRows(_ harness: ScreenHarness) -> [Int] {
    (0..<harness.screen.height).filter { row in
      (0..<harness.screen.width).contains {
        harness.screen.cell(column: $0, row: row).style.attributes.contains(.inverse)
      }
    }
  }
}

struct RowLabel: View {
  let row: Row
  var body: some View {
    HStack { Text(row.title) }
  }
}

@MainActor
final class Flag: Trackable {
  @Tracked var isOn = false
}

/// Collects the diagnostics reported while a closure runs.
@MainActor
final class DiagnosticsLog {
  private(set) var messages: [String] = []

  func capture(_ body: () -> Void) {
    let previous = TrellisDiagnostics.sink
    TrellisDiagnostics.sink = { [weak self] in self?.messages.append($0.message) }
    body()
    TrellisDiagnostics.sink = previous
  }
}

@Suite("Terminal renderer: lazy stacks in scroll views")
@MainActor
struct TerminalLazyStackTests {
  @Test func aLazyVStackInAScrollViewScrollsWithTheFocusAndRealizesWhatItShows() throws {
    let store = RowStore(count: 5_000)
    let harness = ScreenHarness(width: 12, height: 4) {
      ScrollView {
        LazyVStack {
          ForEach(store.rows) { row in Button(row.title) {} }
        }
      }
    }
    #expect(harness.lines == ["[Row 0]", "[Row 1]", "[Row 2]", "[Row 3]"])
    harness.press(.end)
    #expect(harness.lines.last == "[Row 4999]")
    // A page up keeps the focus's place on the screen (the last line), then Up moves it.
    harness.press(.pageUp, .upArrow)
    #expect(harness.lines == ["[Row 4992]", "[Row 4993]", "[Row 4994]", "[Row 4995]"])
    #expect(harness.screen.cell(column: 0, row: 2).style.attributes.contains(.inverse))
    let stack = try #require(
      harness.renderer.rootElement.children.first?.children.first)
    #expect(stack.kind == .lazyVStack)
    #expect(stack.children.count <= 4 + 4)
  }
}

@MainActor
final class DecisionLog {
  var entries: [String] = []
}

@MainActor
private final class PathModel: Trackable {
  @Tracked var values: [Int] = []
}
