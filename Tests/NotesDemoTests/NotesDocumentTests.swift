import Foundation
import Testing

@testable import NotesDemo

@Suite("Decoding errors name the file and the field")
struct NotesDocumentTests {
  private func message(_ text: String) -> String? {
    do {
      _ = try Fixtures.decode(text)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func validDocumentDecodes() throws {
    let notes = try Fixtures.decode(
      Fixtures.document(Fixtures.note(id: "a"), Fixtures.note(id: "b")))
    #expect(notes.map(\.id) == ["a", "b"])
    #expect(notes[0].title == "Groceries")
    #expect(notes[0].createdAt == Date(timeIntervalSince1970: 1_735_810_200))
  }

  @Test func bareArrayAndOtherISO8601FormsAreAccepted() throws {
    let text = """
      [{"id": "x", "title": "T", "body": "B.", "tags": [], \
      "createdAt": "2025-01-02T09:30:00.250Z", "updatedAt": "2025-01-02T11:30:00+02:00"}]
      """
    let notes = try Fixtures.decode(text)
    #expect(notes[0].createdAt == Date(timeIntervalSince1970: 1_735_810_200.25))
    #expect(notes[0].updatedAt == Date(timeIntervalSince1970: 1_735_810_200))
  }

  @Test func syntaxErrorGivesLineColumnAndOffset() {
    let text = "{\"notes\": [\n  {\"id\": \"a\",, \"title\": \"x\"}\n]}"
    #expect(
      message(text)
        == "bad.json:2:14: invalid JSON at byte 25: expected a string key, found ','")
  }

  @Test func wrongTypeNamesTheFieldPath() {
    let text = Fixtures.document(Fixtures.note(id: "a"), Fixtures.note(id: "b", title: "42"))
    #expect(message(text) == "bad.json: wrong type at notes[1].title: expected a string")
  }

  @Test func wrongTypeForTagsAndNotes() {
    let tags = Fixtures.document(Fixtures.note()).replacingOccurrences(
      of: "[\"lists\"]", with: "\"lists\"")
    #expect(message(tags) == "bad.json: wrong type at notes[0].tags: expected an array")
    #expect(message("{\"notes\": {}}") == "bad.json: wrong type at notes: expected an array")
    #expect(
      message("\"hello\"")
        == "bad.json: wrong type at the top level: expected an object ({\"notes\": [...]}) or an "
        + "array of notes")
  }

  @Test func missingFieldNamesTheFieldPath() {
    let withoutTitle = Fixtures.note(id: "c").replacingOccurrences(
      of: "\"title\": \"Groceries\", ", with: "")
    let text = Fixtures.document(Fixtures.note(id: "a"), Fixtures.note(id: "b"), withoutTitle)
    #expect(message(text) == "bad.json: missing field notes[2].title")
    #expect(message("{\"items\": []}") == "bad.json: missing field notes")
  }

  @Test func nullValueNamesTheFieldPath() {
    let text = Fixtures.document(Fixtures.note(title: "null"))
    #expect(message(text) == "bad.json: null value at notes[0].title: expected a string")
  }

  @Test func malformedDateNamesTheDateField() {
    let text = Fixtures.document(Fixtures.note()).replacingOccurrences(
      of: "2025-01-03T10:00:00Z", with: "last Tuesday")
    #expect(
      message(text)
        == "bad.json: invalid value at notes[0].updatedAt: "
        + "expected an ISO 8601 date, found \"last Tuesday\"")
  }

  @Test func duplicateAndEmptyIDsAreRejected() {
    let duplicate = Fixtures.document(
      Fixtures.note(id: "a"), Fixtures.note(id: "b"), Fixtures.note(id: "a"))
    #expect(
      message(duplicate)
        == "bad.json: duplicate id \"a\" at notes[2].id (first used at notes[0].id)")
    let empty = Fixtures.document(Fixtures.note(id: ""))
    #expect(message(empty) == "bad.json: invalid value at notes[0].id: id must not be empty")
  }

  // Found by a new user: an array after a byte order mark was read as the wrapped form.
  @Test func aByteOrderMarkIsAccepted() throws {
    let bom = Data([0xEF, 0xBB, 0xBF])
    let array = "[" + Fixtures.note(id: "a") + "]"
    #expect(try NotesDocument.decode(bom + Data(array.utf8), file: "bom.json").map(\.id) == ["a"])
    let wrapped = Fixtures.document(Fixtures.note(id: "b"))
    #expect(
      try NotesDocument.decode(bom + Data(wrapped.utf8), file: "bom.json").map(\.id) == ["b"])
  }

  // Found by a new user: the first of two "notes" arrays was loaded silently.
  @Test func aKeyWrittenTwiceIsRejected() {
    let text = "{\"notes\": [],\n\"notes\": [" + Fixtures.note() + "]}"
    #expect(
      message(text)
        == "bad.json:2:1: duplicate key \"notes\" (first at line 1, column 2): decoders "
        + "disagree on which counts")
  }

  @Test func invalidUTF8HasAPosition() {
    var data = Data(Fixtures.document(Fixtures.note(title: "\"Grocer\"")).utf8)
    let offset = data.firstRange(of: Data("Grocer".utf8))!.upperBound
    data.insert(0xFF, at: offset)
    #expect(
      throws: NotesDataError.syntax(
        file: "bad.json", line: 2, column: offset - 11, offset: offset,
        reason: "invalid UTF-8 in a string: byte 0xFF cannot start a character")
    ) {
      try NotesDocument.decode(data, file: "bad.json")
    }
  }

  @Test func emptyAndTruncatedFiles() {
    #expect(message("") == "bad.json:1:1: invalid JSON at byte 0: the file is empty")
    #expect(message("  \n") == "bad.json:2:1: invalid JSON at byte 3: no JSON value")
    #expect(
      message("{\"notes\": [")
        == "bad.json:1:12: invalid JSON at byte 11: expected a value, found end of file")
  }

  @Test(arguments: [
    Fixtures.document(Fixtures.note(title: "\"a\nb\"")),
    Fixtures.document(Fixtures.note()) + "}",
    "{\"notes\": [tru]}",
  ])
  func everyMessageIsOneLine(text: String) throws {
    let text = try #require(message(text))
    #expect(!text.contains("\n"))
    #expect(text.hasPrefix("bad.json:"))
  }
}
