import Testing
import Trellis
import TrellisTerminal

/// The run loop: batches, frames, exit, static output, window changes and bad input, on an
/// in-memory screen.
@Suite("Terminal app")
@MainActor
struct TerminalAppTests {
  private func key(_ key: TerminalKey, _ modifiers: TerminalKeyModifiers = []) -> TerminalEvent {
    .key(TerminalKeyPress(key, modifiers: modifiers))
  }

  @Test func aBurstOfAThousandKeysInOneTurnIsOneFlushAndOneFrame() async {
    let store = RowStore(count: 2_000)
    let screen = InMemoryScreen(width: 12, height: 4)
    // Inline, so that the last frame stays on the screen to be checked.
    let app = TerminalApp(options: TerminalApp.Options(mode: .inline)) {
      List(store.rows) { row in Button(row.title) {} }
    }
    let events = TerminalEventStream()
    // Two reads the loop had not taken yet: they arrive as one batch.
    events.yield(Array(repeating: key(.downArrow), count: 600))
    events.yield(Array(repeating: key(.downArrow), count: 400) + [key(.character("c"), .control)])
    await app.run(events: events, output: screen, size: LayoutSize(width: 12, height: 4))
    // The first frame, then one for the whole burst; the exit changed nothing more.
    #expect(app.frameCount == 2)
    #expect(app.host?.graph.flushCount ?? 0 <= 3)
    // Three rows of the four: the cursor waits on the last.
    #expect(screen.lines == ["[Row 998]", "[Row 999]", "[Row 1000]", ""])
    #expect(app.ending == .interrupt)
  }

  @Test func anExitFromATaskDrawsTheFinalFrameAndLeavesItInline() async {
    let screen = InMemoryScreen(width: 20, height: 6)
    screen.write("$ countdown\r\n")
    let app = TerminalApp(options: TerminalApp.Options(mode: .inline)) { Countdown() }
    // The input stays open: an inline app ends when it says so.
    await app.run(
      events: TerminalEventStream(), output: screen, size: LayoutSize(width: 20, height: 6))
    #expect(screen.lines == ["$ countdown", "done after 3", "", "", "", ""])
    #expect(screen.cursorRow == 2)
    #expect(screen.isCursorVisible)
    #expect(app.ending == .exit)
  }

  /// Found by a new user, who asked for the exit before `run()` to print one snapshot when
  /// the output is not a terminal: the request was dropped and the app waited for keys.
  @Test func anExitRequestedBeforeTheRunEndsItAfterItsFirstFrame() async {
    let screen = InMemoryScreen(width: 10, height: 2)
    // Inline, so that the final frame stays on the screen to be read.
    let app = TerminalApp(options: TerminalApp.Options(mode: .inline)) { Text("hello") }
    app.requestExit()
    // The input stays open: only the request ends the run.
    await app.run(
      events: TerminalEventStream(), output: screen, size: LayoutSize(width: 10, height: 2))
    #expect(app.ending == .exit)
    #expect(app.frameCount == 1)
    #expect(screen.lines == ["hello", ""])
  }

  @Test func inFullScreenTheEndOfTheInputEndsTheApp() async {
    let screen = InMemoryScreen(width: 10, height: 2)
    let app = TerminalApp { Text("hello") }
    let events = TerminalEventStream()
    events.finish()
    #expect(app.ending == nil)
    await app.run(events: events, output: screen, size: LayoutSize(width: 10, height: 2))
    #expect(app.ending == .endOfInput)
    #expect(app.frameCount == 1)
    #expect(!screen.isAlternateScreenActive)
    #expect(screen.isCursorVisible)
  }

  @Test func staticRowsArePrintedOnceAboveTheInlineFrame() {
    let jobs = Jobs()
    let harness = ScreenHarness(width: 20, height: 6, mode: .inline) { JobsView(jobs: jobs) }
    #expect(harness.lines == ["✔ a", "running: 2", "", "", "", ""])
    jobs.finishNext()
    harness.app.update()
    #expect(harness.lines == ["✔ a", "✔ b", "running: 1", "", "", ""])
    jobs.finished[0].name = "renamed"
    jobs.finishNext()
    harness.app.update()
    #expect(harness.lines == ["✔ a", "✔ b", "✔ c", "running: 0", "", ""])
  }

  @Test func anInlineFrameTallerThanTheTerminalLeavesARowForTheCursorAndUpdatesInPlace() {
    let jobs = Jobs()
    jobs.running = (0..<6).map { Job("job \($0)") }
    let harness = ScreenHarness(width: 20, height: 4, mode: .inline) { TallJobsView(jobs: jobs) }
    // Seven rows of content, three shown: the fourth row is where the cursor waits, so no row
    // of the frame ever scrolls off the top, where the next frame could not reach it.
    #expect(harness.lines == ["running: 6", "job 0", "job 1", ""])
    jobs.running[0].name = "job zero"
    harness.app.update()
    #expect(harness.lines == ["running: 6", "job zero", "job 1", ""])
    jobs.running.removeFirst(5)
    harness.app.update()
    #expect(harness.lines == ["running: 1", "job 5", "", ""])
  }

  @Test func theTerminalSizeReachesTheViewsAndAResizeLaysTheFrameOutAgain() {
    let harness = ScreenHarness(width: 20, height: 3) { SizeView() }
    #expect(harness.lines == ["20×3", "", ""])
    harness.screen.resize(width: 12, height: 2)
    harness.app.handle([.resize(LayoutSize(width: 12, height: 2))])
    #expect(harness.lines == ["12×2", ""])
    harness.screen.resize(width: 1, height: 1)
    harness.app.handle([.resize(LayoutSize(width: 1, height: 1))])
    // One column: the text is cut to its ellipsis.
    #expect(harness.lines == ["…"])
    harness.screen.resize(width: 20, height: 3)
    harness.app.handle([.resize(LayoutSize(width: 20, height: 3))])
    #expect(harness.lines == ["20×3", "", ""])
    // A negative size is no window's: reported, and 0 is used.
    let negative = TrellisDiagnostics.capture {
      harness.app.handle([.resize(LayoutSize(width: -4, height: 3))])
    }
    #expect(
      negative.map(\.message) == [
        "TerminalApp was given a window of -4×3 cells; a size cannot be negative, so 0×3 is used."
      ])
    harness.app.handle([.resize(LayoutSize(width: 20, height: 3))])
    #expect(harness.lines == ["20×3", "", ""])
  }

  @Test func anAppStartsOnceAndEventsBeforeItsStartAreReported() async {
    let harness = ScreenHarness(width: 12, height: 2) { Text("once") }
    let other = InMemoryScreen(width: 12, height: 2)
    let events = TerminalEventStream()
    events.finish()
    var diagnostics: [TrellisDiagnostic] = []
    let previousSink = TrellisDiagnostics.sink
    TrellisDiagnostics.sink = { diagnostics.append($0) }
    harness.app.start(output: other, size: LayoutSize(width: 12, height: 2))
    await harness.app.run(events: events, output: other, size: LayoutSize(width: 12, height: 2))
    TrellisDiagnostics.sink = previousSink
    #expect(
      diagnostics.map(\.message) == [
        "TerminalApp.start(output:size:events:) was called on an app that has already started; "
          + "an app runs once, so nothing was done. Create a new TerminalApp to run again.",
        "TerminalApp.run(events:output:size:) was called on an app that has already started; "
          + "an app runs once, so nothing was done. Create a new TerminalApp to run again.",
      ])
    #expect(other.lines == ["", ""])
    #expect(harness.lines == ["once", ""])
    #expect(harness.app.frameCount == 1)

    let unstarted = TerminalApp(options: TerminalApp.Options(executor: .manual)) { Text("x") }
    let early = TrellisDiagnostics.capture { unstarted.handle([.key(TerminalKeyPress(.return))]) }
    #expect(
      early.map(\.message) == [
        "TerminalApp.handle(_:) was called before the app started; its 1 event(s) were dropped. "
          + "Call start(output:size:) first."
      ])
  }

  @Test func bytesThatAreNoKeyAreReportedAndChangeNothing() {
    let store = RowStore(count: 3)
    let harness = ScreenHarness(width: 12, height: 3) {
      List(store.rows) { row in Button(row.title) {} }
    }
    let before = harness.lines
    let diagnostics = TrellisDiagnostics.capture {
      harness.app.handle([.unrecognized([0xFF]), .unrecognized(Array("\u{1B}[99~".utf8))])
    }
    #expect(
      diagnostics.map(\.message) == [
        "The terminal sent bytes that are no key this app knows (FF); they were ignored.",
        "The terminal sent bytes that are no key this app knows (1B 5B 39 39 7E); they were "
          + "ignored.",
      ])
    #expect(harness.lines == before)
    #expect(harness.app.frameCount == 1)
    harness.press(.function(7), .insert, .leftArrow)
    #expect(harness.lines == before)
  }

  @Test func keysGoToTheHandlersFromTheFocusedViewOutwardsUntilOneHandlesThem() {
    let log = Log()
    let harness = ScreenHarness(width: 12, height: 3) {
      VStack {
        Button("Inner") {}
          .onKeyPress("x") {
            log.entries.append("button x")
            return .ignored
          }
          .onKeyPress("y") {
            log.entries.append("button y")
            return .handled
          }
      }
      .onKeyPress(characters: .letters) { press in
        log.entries.append("stack \(press.characters)")
        return .handled
      }
    }
    harness.press(.character("x"))
    harness.press(.character("y"))
    harness.press(.character("z"))
    harness.press(.character("1"))
    #expect(log.entries == ["button x", "stack x", "button y", "stack z"])
  }

  @Test func withNothingFocusedKeysGoToTheShownHandlers() {
    let log = Log()
    let harness = ScreenHarness(width: 12, height: 3) {
      VStack {
        Text("a").onKeyPress("q") {
          log.entries.append("a")
          return .ignored
        }
        Text("b").onKeyPress("q") {
          log.entries.append("b")
          return .ignored
        }
      }
      .onKeyPress("q") {
        log.entries.append("stack")
        return .handled
      }
    }
    harness.press(.character("q"))
    #expect(log.entries == ["b", "a", "stack"])
  }

  @Test func controlCEndsTheAppAndAnExitOutsideAnAppIsReported() {
    let harness = ScreenHarness { Text("x") }
    harness.press(.character("c"), .control)
    #expect(harness.app.isExitRequested)
    let host = ViewHost(ExitingView(), executor: .manual)
    let diagnostics = TrellisDiagnostics.capture { host.tap("Quit") }
    #expect(diagnostics.count == 1)
    #expect(
      diagnostics.first?.message.hasPrefix("exit() was called in a view that no app runs") == true)
  }
}

struct Countdown: View {
  @State private var remaining = 3
  @State private var ticks = 0
  @Environment(\.exit) private var exit

  var body: some View {
    Text(remaining == 0 ? "done after \(ticks)" : "\(remaining) left")
      .task {
        while remaining > 0 {
          await Task.yield()
          remaining -= 1
          ticks += 1
        }
        exit()
      }
  }
}

struct ExitingView: View {
  @Environment(\.exit) private var exit
  var body: some View { Button("Quit") { exit() } }
}

struct SizeView: View {
  @Environment(\.terminalSize) private var size
  var body: some View { Text("\(size)") }
}

@MainActor
final class Job: Trackable, Identifiable {
  let id: String
  @Tracked var name: String
  init(_ name: String) {
    id = name
    self.name = name
  }
}

@MainActor
final class Jobs: Trackable {
  @Tracked var finished: [Job] = [Job("a")]
  @Tracked var running: [Job] = [Job("b"), Job("c")]

  func finishNext() {
    guard !running.isEmpty else { return }
    finished.append(running.removeFirst())
  }
}

struct JobsView: View {
  let jobs: Jobs
  var body: some View {
    Static(jobs.finished) { job in Text("✔ \(job.name)") }
    Text("running: \(jobs.running.count)")
  }
}

struct TallJobsView: View {
  let jobs: Jobs
  var body: some View {
    VStack(alignment: .leading) {
      Text("running: \(jobs.running.count)")
      ForEach(jobs.running) { job in Text(job.name) }
    }
  }
}

/// The README's example, as written there.
@Suite("Terminal app: the README's counter")
@MainActor
struct ReadmeCounterTests {
  struct Counter: View {
    @State private var count = 0
    var body: some View {
      VStack(alignment: .leading) {
        Text("count: \(count)").bold()
        Button("Add") { count += 1 }
      }
    }
  }

  @Test func enterPressesTheFocusedButtonAndTheScreenShowsTheCount() {
    let screen = InMemoryScreen(width: 20, height: 3)
    let app = TerminalApp(options: .init(executor: .manual)) { Counter() }
    app.start(output: screen, size: LayoutSize(width: 20, height: 3))
    app.handle([.key(TerminalKeyPress(.return))])
    #expect(screen.lines == ["count: 1", "[Add]", ""])
    #expect(screen.cell(column: 0, row: 0).style.attributes.contains(.bold))
  }
}

/// `/` focuses the search field; what is typed after it goes there.
private struct SlashSearch: View {
  @State private var query = ""
  @FocusState private var searching: Bool
  var body: some View {
    VStack(alignment: .leading) {
      TextField("Search", text: $query).focused($searching)
      Button("Row A") {}
      Text("query=\(query)")
    }
    .onKeyPress("/") {
      searching = true
      return .handled
    }
  }
}

/// A list whose `e` key opens a sheet over it.
private struct ListUnderSheet: View {
  @State private var editing = false
  var body: some View {
    List(0..<4, id: \.self) { row in Button("Row \(row)") {} }
      .onKeyPress("e") {
        editing = true
        return .handled
      }
      .sheet(isPresented: $editing) { Button("Save") { editing = false } }
  }
}

/// Keys in one batch, each applied to what the keys before it left.
@Suite("Terminal app: keys in one batch")
@MainActor
struct TerminalKeyBatchTests {
  @Test func keysAfterAKeyThatMovedTheFocusGoToTheNewFocus() {
    let harness = ScreenHarness(width: 20, height: 4) { SlashSearch() }
    harness.press(.tab, .tab)
    #expect(harness.lines[1] == "[Row A]")
    harness.press(.character("/"), .character("a"), .character("b"), .character("c"))
    #expect(harness.lines == ["abc▏", "[Row A]", "query=abc", ""])
  }

  @Test func keysAfterADismissingEscapeGoToTheViewUnderTheSheet() {
    let harness = ScreenHarness(width: 20, height: 5) { ListUnderSheet() }
    harness.press(.tab)
    harness.press(.character("e"))
    #expect(harness.lines[1] == "│[Save]            │")
    harness.press(.escape, .end)
    #expect(harness.lines == ["[Row 0]", "[Row 1]", "[Row 2]", "[Row 3]", ""])
    #expect(focusedRows(harness) == [3])
  }

  /// The rows with a cell in reverse video (the focus highlight).
  private func focusedRows(_ harness: ScreenHarness) -> [Int] {
    (0..<harness.screen.height).filter { row in
      (0..<harness.screen.width).contains {
        harness.screen.cell(column: $0, row: row).style.attributes.contains(.inverse)
      }
    }
  }

}

/// Rows that `d` deletes, under a button.
private struct DeletableRows: View {
  @State private var items = Array(0..<4)
  var body: some View {
    VStack(alignment: .leading) {
      Button("Top") {}
      List(items, id: \.self) { item in
        Button("Row \(item)") {}
          .onKeyPress("d") {
            items.removeAll { $0 == item }
            return .handled
          }
      }
    }
  }
}

/// Where the focus goes when the focused view goes.
@Suite("Terminal app: focus after a removal")
@MainActor
struct TerminalFocusRemovalTests {
  /// The rows with a cell in reverse video (the focus highlight).
  private func focusedRows(_ harness: ScreenHarness) -> [Int] {
    (0..<harness.screen.height).filter { row in
      (0..<harness.screen.width).contains {
        harness.screen.cell(column: $0, row: row).style.attributes.contains(.inverse)
      }
    }
  }

  @Test func deletingTheFocusedRowFocusesTheRowThatTookItsPlaceOrElseTheOneBefore() {
    let harness = ScreenHarness(width: 12, height: 6) { DeletableRows() }
    harness.press(.tab)  // Row 0 (the automatic focus is Top)
    harness.press(.downArrow)
    #expect(focusedRows(harness) == [2])  // Row 1
    harness.press(.character("d"))
    #expect(harness.lines == ["[Top]", "[Row 0]", "[Row 2]", "[Row 3]", "", ""])
    #expect(focusedRows(harness) == [2])  // Row 2, in Row 1's place
    harness.press(.downArrow)
    harness.press(.character("d"))
    #expect(harness.lines == ["[Top]", "[Row 0]", "[Row 2]", "", "", ""])
    #expect(focusedRows(harness) == [2])  // the last row went: the one before
  }
}

/// A navigation stack in the first tab of a `TabView`.
private struct StackInTab: View {
  var body: some View {
    TabView {
      NavigationStack {
        List([1, 2, 3], id: \.self) { item in NavigationLink("Item \(item)", value: item) }
          .navigationDestination(for: Int.self) { Text("Detail \($0)") }
      }
      .tabItem { Text("Mail") }
      Text("settings").tabItem { Text("Settings") }
    }
  }
}

extension TerminalFocusRemovalTests {
  @Test func aPopGivesThePushedRowTheFocusBackAlsoInsideATabView() {
    let harness = ScreenHarness(width: 20, height: 6) { StackInTab() }
    harness.press(.downArrow)
    harness.press(.return)
    #expect(harness.lines.contains("Detail 2"))
    harness.press(.escape)
    let focused = harness.renderer.focusedElement
    #expect(focused.flatMap { $0.text ?? $0.children.first?.text } == "Item 2")
    harness.press(.downArrow)
    #expect(
      harness.renderer.focusedElement.flatMap { $0.text ?? $0.children.first?.text }
        == "Item 3")
  }
}

/// A filter field above rows that arrive later, with a key of the app's own.
private struct FilterAboveLoadingRows: View {
  let loaded: Loaded
  @State private var filter = ""
  var body: some View {
    VStack {
      TextField("Filter", text: $filter)
      if loaded.isLoaded { Button("Row") {} }
    }
    .onKeyPress("q") {
      loaded.quits += 1
      return .handled
    }
  }
}

@MainActor
private final class Loaded: Trackable {
  @Tracked var isLoaded = false
  var quits = 0
}

extension TerminalFocusRemovalTests {
  /// Found by a new user: Down while a list was loading focused the filter field above it, so
  /// the q typed next went into the field instead of quitting, and the field kept the focus
  /// once the rows arrived.
  @Test func anArrowFromNothingFocusedDoesNotEnterATextField() {
    let loaded = Loaded()
    let harness = ScreenHarness(width: 20, height: 4) { FilterAboveLoadingRows(loaded: loaded) }
    #expect(harness.renderer.focusedElement == nil)
    harness.press(.downArrow)
    #expect(harness.renderer.focusedElement == nil)
    harness.press(.character("q"))
    #expect(loaded.quits == 1)
    loaded.isLoaded = true
    harness.host.flush()
    #expect(harness.renderer.focusedElement?.kind == .button)
    // Tab still enters the field.
    harness.press(.tab)
    #expect(harness.renderer.focusedElement?.kind == .textField)
  }
}
