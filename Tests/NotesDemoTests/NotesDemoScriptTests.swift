import Testing

@testable import NotesDemo

/// The demo's script, run through the host with no simulated latency: per-step body
/// evaluations and lifecycle events, exactly.
@MainActor
@Suite struct NotesDemoScriptTests {
  private func runScript() async -> (NotesDemoScript, [StepReport]) {
    let script = NotesDemoScript(loader: NotesLoader(latency: .none))
    let reports = await script.runAll()
    return (script, reports)
  }

  @Test func mountShowsTheLoadingStateThenEveryRow() async throws {
    let (_, reports) = await runScript()
    let mount = reports[0]
    #expect(mount.snapshots[0].dump.contains("ProgressView \"Loading notes…\""))
    #expect(
      mount.bodyCountsByType.map(\.type) == ["NotesApp", "NavigationStack", "NotesList", "NoteRow"])
    #expect(mount.bodyCountsByType.map(\.count) == [1, 1, 2, 2_000])
    #expect(mount.events.map(\.description) == ["task start NotesList"])
  }

  @Test func anUnchangedRefreshRerunsNothing() async {
    let (_, reports) = await runScript()
    #expect(reports[1].bodyRuns.isEmpty)
    #expect(reports[1].events.isEmpty)
  }

  @Test func pushingNoteAInsertsTheDetailAndStartsItsLoad() async {
    let (_, reports) = await runScript()
    #expect(
      reports[2].bodyRuns.map(\.description) == [
        "NavigationStack: Router.path", "NoteDetail: inserted",
      ])
    #expect(reports[2].events.map(\.description) == ["task start NoteDetail"])
  }

  @Test func switchingToNoteBCancelsAsLoadAndLoadsB() async throws {
    let (script, reports) = await runScript()
    let step = reports[3]
    #expect(
      step.bodyRuns.map(\.description) == [
        "NavigationStack: Router.path", "NoteDetail: input noteID",
        "NoteDetail: @State NoteDetail.loadedBody",
      ])
    #expect(step.events.map(\.description) == ["task cancel NoteDetail", "task start NoteDetail"])
    let noteB = try #require(script.noteB)
    let body = try await NotesLoader(latency: .none).loadBody(for: noteB.id)
    let shown = String(body.replacingOccurrences(of: "\n", with: "\\n").prefix(60))
    #expect(step.snapshots.last?.dump.contains(shown) == true)
  }

  @Test func editingBsTitleRerunsOneRowAndTheDetail() async throws {
    let (script, reports) = await runScript()
    let noteB = try #require(script.noteB)
    let shortID = String(noteB.id.prefix(8)) + "…"
    #expect(
      reports[4].bodyRuns.map(\.description) == [
        "NoteDetail: NoteItem.title", "NoteRow #\(shortID): NoteItem.title",
      ])
    #expect(reports[4].events.isEmpty)
  }

  @Test func anEnvironmentChangeRerunsOnlyTheRowsThatReadIt() async {
    let (script, reports) = await runScript()
    let travelNotes = script.store.notes.filter { $0.tags.contains("travel") }
    #expect(travelNotes.count == 158)
    #expect(reports[5].bodyRuns.count == travelNotes.count)
    #expect(reports[5].bodyRuns.allSatisfy { $0.view.hasPrefix("NoteRow #") })
  }

  @Test func poppingRemovesTheDetail() async {
    let (_, reports) = await runScript()
    #expect(reports[6].bodyRuns.map(\.description) == ["NavigationStack: Router.path"])
    #expect(reports[6].events.isEmpty)
    #expect(reports[6].snapshots.last?.dump.contains("NoteDetail") == false)
  }
}
