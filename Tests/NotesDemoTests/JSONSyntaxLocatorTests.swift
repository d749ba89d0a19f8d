import Testing

@testable import NotesDemo

@Suite("JSONSyntaxLocator")
struct JSONSyntaxLocatorTests {
  private func failure(_ text: String) -> JSONSyntaxLocator.Failure? {
    JSONSyntaxLocator.firstError(in: Array(text.utf8))
  }

  @Test(arguments: [
    "{}", "[]", "0", "-1.5e+3", "\"a\\u00e9\\n\"", "true", " {\"a\": [1, {\"b\": null}]} ",
    "\"caf\u{E9}\"",
  ])
  func acceptsValidJSON(text: String) {
    #expect(failure(text) == nil)
  }

  @Test func reportsPositionAndReason() {
    #expect(
      failure("[1,\n 2,\n ]")
        == .init(line: 3, column: 2, offset: 9, reason: "expected a value, found ']'"))
    #expect(
      failure("{\"a\" 1}")
        == .init(
          line: 1, column: 6, offset: 5, reason: "expected ':' after an object key, found '1'"))
    #expect(
      failure("[1 2]")
        == .init(
          line: 1, column: 4, offset: 3, reason: "expected ',' or ']' in an array, found '2'"))
    #expect(
      failure("{\"a\": tru}")
        == .init(line: 1, column: 7, offset: 6, reason: "invalid literal (expected true)"))
    #expect(
      failure("[\"abc")
        == .init(line: 1, column: 2, offset: 1, reason: "unterminated string"))
    #expect(
      failure("[\"a\\x\"]")
        == .init(line: 1, column: 4, offset: 3, reason: "invalid escape sequence in a string"))
    #expect(
      failure("[01]")
        == .init(
          line: 1, column: 3, offset: 2, reason: "expected ',' or ']' in an array, found '1'"))
    #expect(
      failure("{} x")
        == .init(
          line: 1, column: 4, offset: 3, reason: "unexpected 'x' after the top-level value"))
  }

  @Test func controlCharacterInString() {
    #expect(failure("[\"a\tb\"]")?.reason == "unescaped control character in a string")
    #expect(failure("[\"a\nb\"]")?.line == 1)
  }

  // Found by a new user: a file with invalid UTF-8 in a string got "not valid JSON" with no
  // position.
  @Test func invalidUTF8InAStringHasAPosition() {
    #expect(
      JSONSyntaxLocator.firstError(in: Array("[\"ab".utf8) + [0xFF] + Array("\"]".utf8))
        == .init(
          line: 1, column: 5, offset: 4,
          reason: "invalid UTF-8 in a string: byte 0xFF cannot start a character"))
    // A cut-off character: é's first byte, then a quote.
    #expect(
      JSONSyntaxLocator.firstError(in: [0x5B, 0x22, 0xC3, 0x22, 0x5D])
        == .init(
          line: 1, column: 4, offset: 3,
          reason: "invalid UTF-8 in a string: '\"' cannot continue the character at byte 2"))
    // An encoded surrogate (U+D800) and an overlong slash are not UTF-8 either.
    #expect(JSONSyntaxLocator.firstError(in: [0x22, 0xED, 0xA0, 0x80, 0x22])?.offset == 2)
    #expect(JSONSyntaxLocator.firstError(in: [0x22, 0xC0, 0xAF, 0x22])?.offset == 1)
    // Two-, three- and four-byte characters are accepted.
    #expect(failure("\"é€😀\"") == nil)
  }

  @Test func aByteOrderMarkIsSkippedAndCounted() {
    #expect(JSONSyntaxLocator.firstError(in: [0xEF, 0xBB, 0xBF] + Array("{}".utf8)) == nil)
    #expect(JSONSyntaxLocator.firstError(in: [0xEF, 0xBB, 0xBF] + Array("{,}".utf8))?.offset == 4)
  }

  // Found by a new user: `{"notes": [], "notes": [...]}` loaded the first array silently.
  @Test func aDuplicateKeyIsFoundOnlyWhenAskedFor() {
    let text = "{\"a\": 1,\n \"b\": {\"a\": 2, \"a\": 3}}"
    #expect(failure(text) == nil)
    #expect(
      JSONSyntaxLocator.firstDuplicateKey(in: Array(text.utf8))
        == .init(
          line: 2, column: 16, offset: 24,
          reason: "duplicate key \"a\" (first at line 2, column 8): decoders disagree on "
            + "which counts"))
    #expect(JSONSyntaxLocator.firstDuplicateKey(in: Array("{\"a\": {\"a\": 1}}".utf8)) == nil)
    #expect(JSONSyntaxLocator.firstDuplicateKey(in: Array("{\"a\" 1}".utf8)) == nil)
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let deep = String(repeating: "[", count: 10_000)
    #expect(failure(deep)?.reason == "nesting deeper than 512 levels")
  }
}
