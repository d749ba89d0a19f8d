import Foundation
import Testing

@testable import NotesDemo

@Suite("NotesDemoCommand")
struct NotesDemoCommandTests {
  private func run(
    _ arguments: [String], isTerminal: Bool = false
  ) async -> (code: Int32, out: [String], err: [String]) {
    let recorder = RecordingConsole()
    let command = NotesDemoCommand(
      arguments: arguments, latency: .none, console: recorder.console, isTerminal: isTerminal)
    let code = await command.run()
    return (code, recorder.out, recorder.err)
  }

  @Test func quietPrintsOnlyTheSummary() async {
    let result = await run(["--quiet"])
    #expect(result.code == 0)
    #expect(result.out.first == "Loaded 2,000 notes from notes.json")
    #expect(result.out.contains("Summary: body evaluations per view type"))
    #expect(!result.out.contains { $0.hasPrefix("── ") })
    #expect(result.err.isEmpty)
  }

  @Test func defaultRunEndsWithTheSummary() async {
    let result = await run([])
    #expect(result.code == 0)
    #expect(result.out.first == "Loading notes from notes.json...")
    #expect(result.out.dropFirst().first == "Loaded 2,000 notes from notes.json")
    #expect(result.out.contains { $0.hasPrefix("── 1. mount") })
    #expect(result.out.last?.hasPrefix("  7. pop: ") == true)
  }

  @Test func userFile() async throws {
    let path = try Fixtures.temporaryFile(Fixtures.document(Fixtures.note()), name: "mine.json")
    defer { Fixtures.removeTemporaryFile(at: path) }
    let result = await run(["--notes", path, "--quiet"])
    #expect(result.code == 0)
    #expect(result.out.first == "Loaded 1 note from \(path)")
  }

  /// A notes file of two notes, A and B.
  private func twoNotesFile(named name: String) throws -> String {
    let notes = Fixtures.document(
      Fixtures.note(id: "a", title: "\"Alpha\""), Fixtures.note(id: "b", title: "\"Beta\""))
    return try Fixtures.temporaryFile(notes, name: name)
  }

  @Test func graphIsWrittenAfterTheEditWithTheEditHighlighted() async throws {
    let path = try twoNotesFile(named: "two.json")
    defer { Fixtures.removeTemporaryFile(at: path) }
    let graphPath = path + ".dot"
    let result = await run(["--notes", path, "--graph", graphPath])
    #expect(result.code == 0)
    #expect(result.out.last == "Wrote the dependency graph to \(graphPath)")
    let lines = try String(contentsOfFile: graphPath, encoding: .utf8).split(separator: "\n")
    #expect(lines.first == "digraph Trellis {")
    // Step 5 edits B's title: B's row and the detail re-ran, and B's title changed.
    let filled = lines.filter { $0.contains("style=\"") && $0.contains("filled") }
      .map { $0.split(separator: "\"")[1] }
    #expect(filled.contains("body\\nNoteRow #b"))
    #expect(filled.contains("tracked\\nNoteItem#2.title"))
    #expect(!filled.contains("body\\nNoteRow #a"))
  }

  /// Found by a new user: in a terminal, `--graph` opened the interactive app, which wrote no
  /// graph and said nothing. The graph is the walk's, so `--graph` runs the walk.
  @Test func graphRunsTheWalkInATerminalToo() async throws {
    let path = try twoNotesFile(named: "two-terminal.json")
    defer { Fixtures.removeTemporaryFile(at: path) }
    let graphPath = path + ".dot"
    let result = await run(["--notes", path, "--graph", graphPath], isTerminal: true)
    #expect(result.code == 0)
    #expect(result.out.last == "Wrote the dependency graph to \(graphPath)")
    #expect(FileManager.default.fileExists(atPath: graphPath))
    try? FileManager.default.removeItem(atPath: graphPath)
  }

  // Found by a new user: `--quiet` left out the steps, and with them why they did nothing; and
  // a graph with nothing highlighted was written without a word.
  @Test func skippedStepsShowInTheSummaryAndTheGraphLineSaysNothingIsHighlighted() async throws {
    let path = try Fixtures.temporaryFile(Fixtures.document(Fixtures.note()), name: "one.json")
    defer { Fixtures.removeTemporaryFile(at: path) }
    let graphPath = path + ".dot"
    let result = await run(["--notes", path, "--graph", graphPath, "--quiet"])
    #expect(result.code == 0)
    let times = result.out.filter { $0.hasPrefix("  4. ") || $0.hasPrefix("  5. ") }
    #expect(
      times.map { $0.replacing(/: [0-9.]+ ms/, with: ": _ ms") } == [
        "  4. switch to note B: _ ms (skipped: this step needs at least 2 notes; the file has 1)",
        "  5. edit B's title: _ ms (skipped: this step needs at least 2 notes; the file has 1)",
      ])
    #expect(
      result.out.last
        == "Wrote the dependency graph to \(graphPath), with nothing highlighted: step 5 "
        + "(edit B's title) was skipped")
    #expect(FileManager.default.fileExists(atPath: graphPath))
  }

  @Test func anUnwritableGraphPathIsOneLineAndExitCodeOne() async throws {
    let path = try Fixtures.temporaryFile(Fixtures.document(Fixtures.note()), name: "one.json")
    defer { Fixtures.removeTemporaryFile(at: path) }
    let missingFolder = Fixtures.missingPath
    let graphPath = missingFolder + "/graph.dot"
    let result = await run(["--notes", path, "--graph", graphPath, "--quiet"])
    #expect(result.code == 1)
    // Found before the walk: nothing of it is printed.
    #expect(result.out.isEmpty)
    #expect(
      result.err == [
        "NotesDemo: error: cannot write the graph to \(graphPath): the folder "
          + "\(missingFolder) does not exist"
      ])
    let folder = FileManager.default.temporaryDirectory.path
    let intoFolder = await run(["--notes", path, "--graph", folder, "--quiet"])
    #expect(intoFolder.code == 1)
    #expect(
      intoFolder.err == ["NotesDemo: error: cannot write the graph to \(folder): it is a folder"])
  }

  @Test func missingFileIsOneLineAndExitCodeOne() async {
    let path = Fixtures.missingPath
    let result = await run(["--quiet", "--notes", path])
    #expect(result.code == 1)
    #expect(result.out.isEmpty)
    #expect(result.err == ["NotesDemo: error: \(path): no such file"])
  }

  @Test func malformedFileIsOneLineAndExitCodeOne() async throws {
    let withoutBody = Fixtures.note().replacingOccurrences(
      of: "\"body\": \"Milk. Eggs.\", ", with: "")
    let path = try Fixtures.temporaryFile(Fixtures.document(Fixtures.note(id: "a"), withoutBody))
    defer { Fixtures.removeTemporaryFile(at: path) }
    let result = await run(["--quiet", "--notes=\(path)"])
    #expect(result.code == 1)
    #expect(result.err == ["NotesDemo: error: \(path): missing field notes[1].body"])
  }

  @Test func unknownOptionPrintsErrorThenUsageAndExitsTwo() async {
    let result = await run(["--frobnicate"])
    #expect(result.code == 2)
    #expect(result.out.isEmpty)
    #expect(result.err.first == "NotesDemo: error: unknown option '--frobnicate'")
    #expect(result.err.last == NotesDemoOptions.usage)
  }

  @Test func stepsListsSevenStepsInOrder() async {
    let result = await run(["--steps"])
    #expect(result.code == 0)
    #expect(result.out.count == 7)
    #expect(result.out.first?.hasPrefix("1. mount: ") == true)
    #expect(result.out[3].hasPrefix("4. switch to note B: ") && result.out[3].contains("cancelled"))
    #expect(result.out.last?.hasPrefix("7. pop: ") == true)
  }

  @Test func helpPrintsUsage() async {
    let result = await run(["--help"])
    #expect(result.code == 0)
    #expect(result.out == [NotesDemoOptions.usage])
    for option in ["--notes PATH", "--steps", "--quiet", "--help"] {
      #expect(NotesDemoOptions.usage.contains(option))
    }
  }

  @Test func numberGrouping() {
    #expect(NotesDemoCommand.grouped(0) == "0")
    #expect(NotesDemoCommand.grouped(999) == "999")
    #expect(NotesDemoCommand.grouped(2_000) == "2,000")
    #expect(NotesDemoCommand.grouped(1_234_567) == "1,234,567")
    #expect(NotesDemoCommand.summary(count: 1, file: "a.json") == "Loaded 1 note from a.json")
  }
}
