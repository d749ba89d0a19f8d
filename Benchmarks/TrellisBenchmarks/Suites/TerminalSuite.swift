import Trellis
import TrellisTerminal

/// The terminal backend end to end: a 10,000-note list in a `TerminalApp` on a 120 × 40
/// in-memory screen, every note a `NavigationLink` row, 40 rows visible.
///
/// - `frame-edit-one-row-10k`: one visible note's title changes (alternating between two
///   titles, rows taken in a scattered order among the visible ones), then `update()`: the
///   flush, the layout, the diff and the bytes written to the screen. Checked per batch: one
///   frame per edit, exactly one row body re-run, the screen shows the new title.
/// - `bytes-edit-one-row`: the bytes those frames wrote, checked per edit against the changed
///   line's length plus cursor moves and style changes (16 bytes).
/// - `keys-1000-burst`: 1,000 Down keys in one batch (one main-actor turn), then Home,
///   untimed: the frames drawn for the burst, checked to be 1, and the time.
/// - `scroll-page-10k`: one Page Down, with the focus moving a page down too; checked per page:
///   one frame, the screen's first row is the row a page further.
struct TerminalSuite: BenchmarkSuite {
  let name = "terminal"
  let summary =
    "A 10,000-note list in a full-screen `TerminalApp` on a 120 × 40 in-memory screen (40 rows "
    + "visible): one visible row's title edited, to the written frame (ms) and its bytes; a "
    + "burst of 1,000 keys in one turn (frames, ms); one Page Down (ms)."

  static let size = 10_000
  static let screen = LayoutSize(width: 120, height: 40)

  func run(in context: SuiteContext) {
    let unchecked = UncheckedSendable(context)
    MainActor.assumeIsolated {
      let context = unchecked.value
      measureRowEdits(in: context)
      measureBurst(in: context)
      measurePageDown(in: context)
    }
  }

  /// A new app over `size` notes on a new screen, mounted and drawn.
  @MainActor
  private func makeApp() -> (TerminalApp, InMemoryScreen, TerminalNotes.Store) {
    let store = TerminalNotes.Store(count: Self.size)
    let screen = InMemoryScreen(width: Self.screen.width, height: Self.screen.height)
    let app = TerminalApp(
      options: TerminalApp.Options(
        hostOptions: ViewHostOptions(logsUpdates: false, keepsTree: false), executor: .manual)
    ) {
      TerminalNotes.ListView(store: store)
    }
    app.start(output: screen, size: Self.screen)
    return (app, screen, store)
  }

  // MARK: - frame-edit-one-row-10k, bytes-edit-one-row

  @MainActor
  private func measureRowEdits(in context: SuiteContext) {
    let caseName = "frame-edit-one-row-10k"
    let (app, screen, store) = makeApp()
    let host = app.host!
    let visible = Self.screen.height
    var isEdited = [Bool](repeating: false, count: visible)
    var cursor = 0
    var edits = 0
    var frames = 0
    var rowBodies = 0
    var overBudget = 0
    var wrongScreens = 0
    var bytes: [Double] = []
    let samples = context.sampler.nanosecondsPerOperation { n in
      host.clearLogs()
      var elapsed = Duration.zero
      for _ in 0..<n {
        cursor = (cursor + 17) % visible
        isEdited[cursor].toggle()
        let row = store.rows[cursor]
        let title = isEdited[cursor] ? "Note \(cursor) (edited)" : "Note \(cursor)"
        let framesBefore = app.frameCount
        elapsed += timedOnMainActor {
          row.title = title
          app.update()
        }
        frames += app.frameCount - framesBefore
        // The changed line's length plus cursor moves and style changes.
        if app.lastFrameByteCount > title.utf8.count + 16 { overBudget += 1 }
        bytes.append(Double(app.lastFrameByteCount))
        if !screen.lines[cursor].hasPrefix(title + " ") { wrongScreens += 1 }
      }
      edits += n
      rowBodies += host.bodyCount(of: "NoteRowView")
      return elapsed
    }
    context.record(caseName, .trellis, metric: "ms", samples: samples.map { $0 / 1e6 })
    context.record(
      "bytes-edit-one-row", .trellis, metric: "bytes",
      samples: Array(bytes.suffix(context.sampler.sampleCount)))
    context.check(
      frames == edits && rowBodies == edits, caseName, .trellis,
      "\(edits) edits drew \(frames) frames and re-ran \(rowBodies) row bodies; expected one each")
    context.check(
      overBudget == 0, "bytes-edit-one-row", .trellis,
      "\(overBudget) of \(edits) edits wrote more than the changed line plus 16 bytes")
    context.check(
      wrongScreens == 0, caseName, .trellis,
      "\(wrongScreens) of \(edits) edits left the screen without the new title")
  }

  // MARK: - keys-1000-burst

  @MainActor
  private func measureBurst(in context: SuiteContext) {
    let caseName = "keys-1000-burst"
    let (app, screen, _) = makeApp()
    let burst = [TerminalEvent](repeating: .key(TerminalKeyPress(.downArrow)), count: 1_000)
    var frameCounts: [Double] = []
    var wrongScreens = 0
    let samples = context.sampler.nanosecondsPerOperation(fixedOperations: 1) {
      let before = app.frameCount
      let elapsed = timedOnMainActor { app.handle(burst) }
      frameCounts.append(Double(app.frameCount - before))
      // The focused row, 1,000, is the last one shown.
      if screen.lines.last?.hasPrefix("Note 1000 ") != true { wrongScreens += 1 }
      app.handle([.key(TerminalKeyPress(.home))])
      return elapsed
    }
    context.record(caseName, .trellis, metric: "ms", samples: samples.map { $0 / 1e6 })
    context.record(
      caseName, .trellis, metric: "frames",
      samples: Array(frameCounts.suffix(context.sampler.sampleCount)))
    context.check(
      frameCounts.allSatisfy { $0 == 1 }, caseName, .trellis,
      "a burst drew \(frameCounts.map { Int($0) }) frames; expected 1 each")
    context.check(
      wrongScreens == 0, caseName, .trellis,
      "\(wrongScreens) bursts did not end with row 1000 at the bottom of the screen")
  }

  // MARK: - scroll-page-10k

  @MainActor
  private func measurePageDown(in context: SuiteContext) {
    let caseName = "scroll-page-10k"
    let (app, screen, _) = makeApp()
    let page = Self.screen.height
    var top = 0
    var pages = 0
    var frames = 0
    var wrongScreens = 0
    let samples = context.sampler.nanosecondsPerOperation { n in
      var elapsed = Duration.zero
      for _ in 0..<n {
        if top + 2 * page > Self.size {
          app.handle([.key(TerminalKeyPress(.home))])
          top = 0
        }
        let before = app.frameCount
        elapsed += timedOnMainActor { app.handle([.key(TerminalKeyPress(.pageDown))]) }
        top += page
        frames += app.frameCount - before
        pages += 1
        if screen.lines.first?.hasPrefix("Note \(top) ") != true { wrongScreens += 1 }
      }
      return elapsed
    }
    context.record(caseName, .trellis, metric: "ms", samples: samples.map { $0 / 1e6 })
    context.check(
      frames == pages, caseName, .trellis, "\(pages) pages drew \(frames) frames; expected 1 each")
    context.check(
      wrongScreens == 0, caseName, .trellis,
      "\(wrongScreens) of \(pages) pages did not start with the row a page further")
  }
}

/// The notes list of the `terminal` suite: rows with an id and a title, each a link.
enum TerminalNotes {
  @MainActor
  final class Note: Trackable, Identifiable {
    let id: Int
    @Tracked var title: String
    init(id: Int) {
      self.id = id
      title = "Note \(id)"
    }
  }

  @MainActor
  final class Store: Trackable {
    @Tracked var rows: [Note]
    init(count: Int) { rows = (0..<count).map(Note.init) }
  }

  struct ListView: View {
    let store: Store
    var body: some View {
      List(store.rows) { note in
        NavigationLink(value: note.id) { NoteRowView(note: note) }
      }
    }
  }

  struct NoteRowView: View {
    let note: Note
    var body: some View { Text(note.title) }
  }
}

/// Times `body` on the main actor.
@MainActor
private func timedOnMainActor(_ body: () -> Void) -> Duration {
  let clock = ContinuousClock()
  let start = clock.now
  body()
  return clock.now - start
}
