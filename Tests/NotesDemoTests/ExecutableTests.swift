import Foundation
import Testing

/// Runs the built `NotesDemo` binary, when there is one, to check what a user actually sees.
@Suite("NotesDemo executable")
struct ExecutableTests {
  /// `.build/debug/NotesDemo` in this package.
  static let binary = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent(".build/debug/NotesDemo")

  /// Whether `swift build` has produced the binary (the tests are skipped otherwise).
  static var isBuilt: Bool {
    FileManager.default.isExecutableFile(atPath: binary.path)
  }

  private func run(_ arguments: [String]) throws -> (code: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outData, as: UTF8.self),
      String(decoding: errData, as: UTF8.self)
    )
  }

  @Test(.enabled(if: isBuilt, "run `swift build --product NotesDemo` first"))
  func malformedFileExitsOneWithOneLineOnStderr() throws {
    let path = try Fixtures.temporaryFile("{\"notes\": [\n  {\"id\": 1}\n]}")
    defer { Fixtures.removeTemporaryFile(at: path) }
    let result = try run(["--quiet", "--notes", path])
    #expect(result.code == 1)
    #expect(result.out.isEmpty)
    #expect(
      result.err == "NotesDemo: error: \(path): wrong type at notes[0].id: expected a string\n")
  }

  @Test(.enabled(if: isBuilt, "run `swift build --product NotesDemo` first"))
  func missingFileExitsOneWithOneLineOnStderr() throws {
    let path = Fixtures.missingPath
    let result = try run(["--notes", path, "--quiet"])
    #expect(result.code == 1)
    #expect(result.err == "NotesDemo: error: \(path): no such file\n")
  }

  @Test(.enabled(if: isBuilt, "run `swift build --product NotesDemo` first"))
  func unknownOptionExitsTwo() throws {
    let result = try run(["--bogus"])
    #expect(result.code == 2)
    #expect(result.err.hasPrefix("NotesDemo: error: unknown option '--bogus'\n\nUSAGE: "))
  }

  @Test(.enabled(if: isBuilt, "run `swift build --product NotesDemo` first"))
  func bundledNotesLoad() throws {
    let result = try run(["--quiet"])
    #expect(result.code == 0)
    #expect(result.out.hasPrefix("Loaded 2,000 notes from notes.json\n"))
    #expect(result.err.isEmpty)
  }
}
