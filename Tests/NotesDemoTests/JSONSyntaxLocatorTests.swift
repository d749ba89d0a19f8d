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

  @Test func deepNestingIsAnErrorNotACrash() {
    let deep = String(repeating: "[", count: 10_000)
    #expect(failure(deep)?.reason == "nesting deeper than 512 levels")
  }
}
