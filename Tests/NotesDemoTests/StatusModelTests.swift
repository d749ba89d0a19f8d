import Testing
import TrellisViews

@testable import NotesDemo

@Suite("StatusModel")
struct StatusModelTests {
  // Found by a new user: Control-↑ showed as ↑, and F1 and F5 as nothing.
  @Test func aKeyIsNamedWithItsModifiers() {
    #expect(StatusModel.symbol(of: KeyPress(.upArrow)) == "↑")
    #expect(StatusModel.symbol(of: KeyPress(.upArrow, modifiers: .control)) == "control+↑")
    #expect(StatusModel.symbol(of: KeyPress(.tab, modifiers: .shift)) == "shift+tab")
    #expect(
      StatusModel.symbol(of: KeyPress(.return, modifiers: [.shift, .option])) == "option+shift+⏎")
    #expect(StatusModel.symbol(of: KeyPress(.function(1))) == "f1")
    #expect(StatusModel.symbol(of: KeyPress("q")) == "q")
  }

  // Found by a new user: a refresh of a notes file made unreadable said "refreshed".
  @MainActor
  @Test func aFailedRefreshSaysWhyAndKeepsTheNotes() async throws {
    let path = try Fixtures.temporaryFile(Fixtures.document(Fixtures.note()), name: "refresh.json")
    defer { Fixtures.removeTemporaryFile(at: path) }
    let store = NotesStore(loader: NotesLoader(source: .file(path), latency: .none))
    await store.load()
    #expect(StatusModel.refreshLabel(error: store.loadError) == "r (refreshed)")
    try "garbage".write(toFile: path, atomically: true, encoding: .utf8)
    await store.refresh()
    #expect(
      StatusModel.refreshLabel(error: store.loadError)
        == "r (refresh failed: \(path):1:1: invalid JSON at byte 0: expected a value, found 'g'; "
        + "the notes shown are the last ones loaded)")
    #expect(store.notes.count == 1)
  }
}
