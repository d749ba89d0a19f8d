import Trellis

/// Walks the demo's fixed script through a headless host and reports what happened at each
/// step. The same script drives `swift run NotesDemo` and the integration test.
@MainActor
final class NotesDemoScript {
  let store: NotesStore
  let router = Router()
  private(set) var host: ViewHost?
  private let clock = ContinuousClock()
  /// The note pushed in step 3 and the one switched to in step 4.
  private(set) var noteA: NoteItem?
  private(set) var noteB: NoteItem?

  /// The step after which `graph` is exported, or nil for none.
  var graphStep: DemoStep?
  /// The host's dependency graph as DOT, with that step's change highlighted.
  private(set) var graph: String?

  init(loader: NotesLoader) { store = NotesStore(loader: loader) }

  /// Runs every step in order.
  func runAll() async -> [StepReport] {
    var reports: [StepReport] = []
    for step in DemoStep.allCases { reports.append(await run(step)) }
    return reports
  }

  /// Runs one step; steps must run in order.
  func run(_ step: DemoStep) async -> StepReport {
    host?.clearLogs()
    let start = clock.now
    var snapshots: [(String, String)] = []
    switch step {
    case .mount:
      let host = ViewHost(NotesApp(store: self.store, router: router), executor: .manual)
      host.graph.recordsLastChange = graphStep != nil
      self.host = host
      snapshots.append(("while loading", host.dump(maxChildren: 4, maxTextLength: 60)))
      await host.waitForTasks()
    case .refresh:
      await host?.refresh()
    case .pushNoteA:
      noteA = store.notes.first
      if let noteA { host?.tap(title(of: noteA)) }
      host?.flush()
      // With no note B, step 4 will not switch away from A: A's body arrives in this step,
      // which asked for it, instead of in a step that says it was skipped.
      if store.notes.count < 2 { await host?.waitForTasks() }
    case .switchToNoteB:
      noteB = store.notes.dropFirst().first
      if let noteB {
        if !router.path.isEmpty { router.path[router.path.count - 1] = noteB.id }
        host?.flush()
        snapshots.append(
          ("before B's body arrives", host?.dump(maxChildren: 4, maxTextLength: 60) ?? ""))
        await host?.waitForTasks()
      }
    case .editTitle:
      noteB?.title += " (edited)"
      host?.flush()
    case .changeEnvironment:
      host?.environment.apply { $0.travelBadge = "🧳" }
      host?.flush()
    case .pop:
      if !router.path.isEmpty { router.path.removeLast() }
      host?.flush()
    }
    let duration = clock.now - start
    if step == graphStep { graph = host?.exportDOT(highlightingLastChange: true) }
    if let host { snapshots.append(("after", host.dump(maxChildren: 4, maxTextLength: 60))) }
    var report = StepReport(
      step: step, snapshots: snapshots, bodyRuns: host?.bodyRuns ?? [],
      events: host?.events ?? [], duration: duration)
    report.skipped = skipReason(for: step)
    return report
  }

  /// Why `step` could not do its part: step 3 needs note A, steps 4 and 5 note B too.
  private func skipReason(for step: DemoStep) -> String? {
    switch step {
    case .pushNoteA where noteA == nil:
      "skipped: this step needs at least 1 note; the file has none"
    case .switchToNoteB where noteB == nil, .editTitle where noteB == nil:
      "skipped: this step needs at least 2 notes; the file has "
        + (store.notes.isEmpty ? "none" : "\(store.notes.count)")
    default:
      nil
    }
  }

  /// The title a row's link shows: the note's title, plus the badge for travel notes.
  private func title(of note: NoteItem) -> String {
    note.tags.contains("travel") ? "\(note.title) \(TravelBadgeKey.defaultValue)" : note.title
  }
}
