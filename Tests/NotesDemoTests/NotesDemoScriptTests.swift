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

  /// The list is lazy, as SwiftUI's is: a host with no reported viewport realizes its default
  /// viewport (20 rows) plus the overscan (2 rows).
  private static let realizedRows = 22

  @Test func mountShowsTheLoadingStateThenTheVisibleRows() async throws {
    let (_, reports) = await runScript()
    let mount = reports[0]
    #expect(mount.snapshots[0].dump.contains("ProgressView \"Loading notes…\""))
    #expect(
      mount.bodyCountsByType.map(\.type) == ["NotesApp", "NavigationStack", "NotesList", "NoteRow"])
    #expect(mount.bodyCountsByType.map(\.count) == [1, 1, 2, Self.realizedRows])
    #expect(mount.snapshots.last?.dump.contains("List rows=0..<22/2000") == true)
    #expect(mount.events.map(\.description) == ["task start NotesList"])
  }

  /// The script over a file of `notes` notes.
  private func runScript(notes count: Int) async throws -> [StepReport] {
    let notes = (0..<count).map { Fixtures.note(id: "n\($0)", title: "\"Note \($0)\"") }
    let text = "{\"notes\": [" + notes.joined(separator: ",") + "]}"
    let path = try Fixtures.temporaryFile(text)
    defer { Fixtures.removeTemporaryFile(at: path) }
    let script = NotesDemoScript(loader: NotesLoader(source: .file(path), latency: .none))
    return await script.runAll()
  }

  @Test func withOneNoteStep3RunsWholeAndSteps4And5SaySoAndDoNothing() async throws {
    let reports = try await runScript(notes: 1)
    #expect(reports[2].skipped == nil)
    // Step 3 pushes the one note and its body arrives there.
    #expect(
      reports[2].bodyRuns.map(\.description) == [
        "NavigationStack: Router.path", "NoteDetail: inserted",
        "NoteDetail: @State NoteDetail.loadedBody",
      ])
    for step in [3, 4] {
      #expect(
        reports[step].skipped == "skipped: this step needs at least 2 notes; the file has 1")
      #expect(reports[step].bodyRuns.isEmpty)
      #expect(reports[step].events.isEmpty)
      #expect(reports[step].snapshots.map(\.caption) == ["after"])
    }
  }

  @Test func withNoNotesStep3SaysItNeedsOne() async throws {
    let reports = try await runScript(notes: 0)
    #expect(reports[2].skipped == "skipped: this step needs at least 1 note; the file has none")
    #expect(reports[2].bodyRuns.isEmpty)
    // Worded as step 3's (found by a new user: "the file has 0").
    for step in [3, 4] {
      #expect(
        reports[step].skipped == "skipped: this step needs at least 2 notes; the file has none")
    }
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
        // A navigation level is identified by its value, so B's detail is a new view.
        "NavigationStack: Router.path", "NoteDetail: inserted",
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

  @Test func anEnvironmentChangeRerunsOnlyTheRealizedRowsThatReadIt() async {
    let (script, reports) = await runScript()
    let travelNotes = script.store.notes.prefix(Self.realizedRows)
      .filter { $0.tags.contains("travel") }
    #expect(script.store.notes.filter { $0.tags.contains("travel") }.count == 158)
    #expect(
      reports[5].bodyRuns.map(\.description)
        == travelNotes.map { "NoteRow #\($0.id.prefix(8))…: overrides of TravelBadgeKey" })
  }

  @Test func poppingRemovesTheDetail() async {
    let (_, reports) = await runScript()
    #expect(reports[6].bodyRuns.map(\.description) == ["NavigationStack: Router.path"])
    // The list was covered, not removed: it appears again, and SwiftUI runs `.task` at every
    // appearance. The reload finds the same notes, so no row re-runs.
    #expect(reports[6].events.map(\.description) == ["task start NotesList"])
    #expect(reports[6].snapshots.last?.dump.contains("NoteDetail") == false)
  }
}
