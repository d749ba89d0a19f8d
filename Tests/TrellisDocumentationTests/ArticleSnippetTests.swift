import Foundation
import Testing

/// A `swift` code block of an article.
struct ArticleSnippet {
  /// The article's file name.
  let article: String
  /// The line of the opening fence, from 1.
  let line: Int
  /// The block's lines, leading whitespace stripped.
  let lines: [String]
}

/// Every `swift` code block of the DocC articles must appear, line for line, in one of the
/// documentation test files, so that an article never shows code that was not compiled and
/// checked. Blocks in other languages (`sh`, `text`) are exempt.
@Suite struct ArticleSnippetTests {
  /// The folder of this file.
  static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  /// `Sources/Trellis/Trellis.docc`.
  static let catalog = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/Trellis/Trellis.docc")

  /// Lines with their leading whitespace removed.
  static func stripped(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.drop { $0 == " " || $0 == "\t" })
    }
  }

  /// The `swift` blocks of one article's text.
  static func snippets(in text: String, article: String) -> [ArticleSnippet] {
    var snippets: [ArticleSnippet] = []
    var open: (line: Int, lines: [String])?
    var inOtherBlock = false
    for (index, line) in stripped(text).enumerated() {
      if var block = open {
        if line.hasPrefix("```") {
          snippets.append(ArticleSnippet(article: article, line: block.line, lines: block.lines))
          open = nil
        } else {
          block.lines.append(line)
          open = block
        }
      } else if inOtherBlock {
        if line.hasPrefix("```") { inOtherBlock = false }
      } else if line == "```swift" {
        open = (index + 1, [])
      } else if line.hasPrefix("```") {
        inOtherBlock = true
      }
    }
    return snippets
  }

  /// Whether `needle` occurs in `haystack` as contiguous lines, in order.
  static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
    guard !needle.isEmpty else { return true }
    guard needle.count <= haystack.count else { return false }
    return (0...(haystack.count - needle.count)).contains { start in
      haystack[start..<(start + needle.count)].elementsEqual(needle)
    }
  }

  static func files(in folder: URL, withExtension suffix: String) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == suffix }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  @Test func everySwiftBlockOfEveryArticleIsInADocumentationTest() throws {
    let articles = try Self.files(in: Self.catalog, withExtension: "md")
    #expect(
      articles.count >= 10, "expected the landing page and nine articles in \(Self.catalog.path)")
    let tests = try Self.files(in: Self.testsFolder, withExtension: "swift")
      .filter { $0.lastPathComponent != "ArticleSnippetTests.swift" }
      .map { Self.stripped(try String(contentsOf: $0, encoding: .utf8)) }
    var checked = 0
    for article in articles {
      let text = try String(contentsOf: article, encoding: .utf8)
      for snippet in Self.snippets(in: text, article: article.lastPathComponent) {
        checked += 1
        if !tests.contains(where: { Self.contains($0, snippet.lines) }) {
          Issue.record(
            """
            \(snippet.article): the swift block at line \(snippet.line) \
            (\(snippet.lines.first ?? "")) is not in any file of \
            Tests/TrellisDocumentationTests, contiguous and in order
            """)
        }
      }
    }
    #expect(checked > 0)
  }

  @Test func aBlockIsFoundOnlyWhenAllItsLinesAreThereContiguousAndInOrder() {
    let file = Self.stripped("struct A {\n  let x = 1\n  let y = 2\n}\n")
    let text = "Text\n\n```swift\nlet x = 1\nlet y = 2\n```\n\n```sh\nswift test\n```\n"
    let snippets = Self.snippets(in: text, article: "A.md")
    #expect(snippets.map(\.lines) == [["let x = 1", "let y = 2"]])
    #expect(snippets.map(\.line) == [3])
    #expect(Self.contains(file, snippets[0].lines))
    #expect(!Self.contains(file, ["let x = 1", "let y = 3"]))
    #expect(!Self.contains(file, ["let y = 2", "let x = 1"]))
    #expect(!Self.contains(file, ["let x = 1", "}"]))
  }
}
