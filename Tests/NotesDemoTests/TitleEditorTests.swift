import Testing
import TrellisGraph
import TrellisViews

@testable import NotesDemo

/// The title sheet, in a host of its own (the terminal app's sheet is `TitleEditor` too).
@Suite("TitleEditor")
@MainActor
struct TitleEditorTests {
  /// Found by a new user: a title erased to nothing was saved, and left a blank row in the
  /// list. Save is disabled for a blank title, and Return keeps the title as it was.
  @Test func aBlankTitleIsNotSaved() async throws {
    let store = NotesStore(loader: NotesLoader(latency: .none))
    await store.load()
    let note = try #require(store.notes.first)
    let title = note.title
    let host = ViewHost(TitleEditor(note: note, store: store), executor: .manual)
    #expect(host.deleteBackward(title.count, in: "Title"))
    #expect(host.type("  ", into: "Title"))
    host.flush()
    let refused = TrellisDiagnostics.capture { #expect(!host.tap("Save")) }
    #expect(refused.map(\.kind) == [.invalidInput])
    #expect(host.submit("Title"))
    host.flush()
    #expect(note.title == title)
    // A title again: Return saves it.
    #expect(host.type("x", into: "Title"))
    host.flush()
    #expect(host.submit("Title"))
    host.flush()
    #expect(note.title == "  x")
  }
}
