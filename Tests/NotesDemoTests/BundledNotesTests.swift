import Foundation
import Testing

@testable import NotesDemo

@Suite("Bundled notes.json")
struct BundledNotesTests {
  @Test func decodesAtLeastTwoThousandNotesWithUniqueIDs() async throws {
    let notes = try await NotesLoader(latency: .none).loadNotes()
    #expect(notes.count >= 2_000)
    #expect(Set(notes.map(\.id)).count == notes.count)
  }

  @Test func notesLookRealistic() async throws {
    let notes = try await NotesLoader(latency: .none).loadNotes()
    for note in notes {
      #expect(UUID(uuidString: note.id) != nil, "id \(note.id)")
      #expect(!note.title.isEmpty && !note.title.contains("\n"), "title of \(note.id)")
      #expect(note.body.filter { $0 == "." }.count >= 2, "body of \(note.id)")
      #expect(!note.tags.isEmpty, "tags of \(note.id)")
      #expect(note.updatedAt >= note.createdAt, "dates of \(note.id)")
    }
    let lengths = notes.map(\.body.count)
    #expect(lengths.min()! < 100 && lengths.max()! > 600, "body lengths vary")
    #expect(Set(notes.flatMap(\.tags)).count > 30, "tags vary")
    #expect(!notes.contains { $0.body.localizedCaseInsensitiveContains("lorem ipsum") })
  }

  @Test func isNewestFirst() async throws {
    let notes = try await NotesLoader(latency: .none).loadNotes()
    let dates = notes.map(\.updatedAt)
    #expect(dates == dates.sorted(by: >))
  }

  @Test func staysUnderTwoMegabytesAndIsValidJSON() throws {
    let data = try NotesSource.bundled.readData()
    #expect(data.count < 2_000_000)
    #expect(JSONSyntaxLocator.firstError(in: data) == nil)
  }
}
