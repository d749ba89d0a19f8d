import Foundation
import Testing

@testable import NotesDemo

@Suite("NotesLoader")
struct NotesLoaderTests {
  /// Long enough that a test never finishes it; cancellation must cut it short.
  private static let forever = NotesLoader.Latency(list: .seconds(3_600), detail: .seconds(3_600))

  @Test func missingFileNamesThePath() async {
    let path = Fixtures.missingPath
    let loader = NotesLoader(source: .file(path), latency: .none)
    await #expect(throws: NotesDataError.fileNotFound(file: path)) {
      try await loader.loadNotes()
    }
    #expect(NotesDataError.fileNotFound(file: path).description == "\(path): no such file")
  }

  @Test func directoryIsUnreadable() async throws {
    let path = try Fixtures.temporaryFile("{}")
    defer { Fixtures.removeTemporaryFile(at: path) }
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let loader = NotesLoader(source: .file(directory), latency: .none)
    await #expect(throws: NotesDataError.unreadable(file: directory, reason: "is a directory")) {
      try await loader.loadNotes()
    }
  }

  @Test func malformedUserFileNamesItsPath() async throws {
    let path = try Fixtures.temporaryFile(Fixtures.document(Fixtures.note(title: "7")))
    defer { Fixtures.removeTemporaryFile(at: path) }
    let loader = NotesLoader(source: .file(path), latency: .none)
    await #expect(
      throws: NotesDataError.wrongType(
        file: path, path: "notes[0].title", expected: "a string")
    ) {
      try await loader.loadNotes()
    }
  }

  @Test func refreshRereadsTheFile() async throws {
    let path = try Fixtures.temporaryFile(Fixtures.document(Fixtures.note(id: "a")))
    defer { Fixtures.removeTemporaryFile(at: path) }
    let loader = NotesLoader(source: .file(path), latency: .none)
    #expect(try await loader.loadNotes().map(\.id) == ["a"])
    let updated = Fixtures.document(Fixtures.note(id: "a"), Fixtures.note(id: "b"))
    try Data(updated.utf8).write(to: URL(fileURLWithPath: path))
    #expect(try await loader.loadNotes().map(\.id) == ["a", "b"])
  }

  @Test func loadBodyReturnsTheNotesBody() async throws {
    let loader = NotesLoader(latency: .none)
    let notes = try await loader.loadNotes()
    let note = try #require(notes.last)
    #expect(try await loader.loadBody(for: note.id) == note.body)
  }

  @Test func loadBodyWorksBeforeTheListLoads() async throws {
    let path = try Fixtures.temporaryFile(Fixtures.document(Fixtures.note(id: "a")))
    defer { Fixtures.removeTemporaryFile(at: path) }
    let loader = NotesLoader(source: .file(path), latency: .none)
    #expect(try await loader.loadBody(for: "a") == "Milk. Eggs.")
  }

  @Test func loadBodyForUnknownID() async throws {
    let loader = NotesLoader(latency: .none)
    await #expect(throws: NotesDataError.noteNotFound(id: "nope")) {
      try await loader.loadBody(for: "nope")
    }
    #expect(NotesDataError.noteNotFound(id: "nope").description == "no note with id \"nope\"")
  }

  // MARK: Cancellation (no timing assumptions)

  @Test func cancelledBeforeLoadingThrowsCancellationError() async {
    let loader = NotesLoader(latency: .none)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await loader.loadNotes()
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func cancelledDuringListLatencyThrowsCancellationError() async {
    let loader = NotesLoader(latency: Self.forever)
    let task = Task { try await loader.loadNotes() }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func cancelledDuringDetailLatencyThrowsCancellationError() async throws {
    let notes = try await NotesLoader(latency: .none).loadNotes()
    let loader = NotesLoader(latency: Self.forever)
    let noteA = notes[0].id
    // The detail view's `.task(id:)` for note A, cancelled when note B replaces it.
    let taskA = Task { try await loader.loadBody(for: noteA) }
    taskA.cancel()
    await #expect(throws: CancellationError.self) { try await taskA.value }
  }

  @Test func cancellingOneDetailLeavesTheNextAlone() async throws {
    let notes = try await NotesLoader(latency: .none).loadNotes()
    let loader = NotesLoader(latency: .none)
    let taskA = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await loader.loadBody(for: notes[0].id)
    }
    let taskB = Task { try await loader.loadBody(for: notes[1].id) }
    await #expect(throws: CancellationError.self) { try await taskA.value }
    #expect(try await taskB.value == notes[1].body)
  }
}
