import Testing

@testable import NotesDemo

@Suite("NotesDemoOptions")
struct NotesDemoOptionsTests {
  @Test func defaults() throws {
    #expect(try NotesDemoOptions.parse([]) == NotesDemoOptions())
    #expect(NotesDemoOptions().action == .run)
    #expect(NotesDemoOptions().notesPath == nil)
    #expect(NotesDemoOptions().quiet == false)
  }

  @Test func notesPathBothSpellings() throws {
    #expect(try NotesDemoOptions.parse(["--notes", "my.json"]).notesPath == "my.json")
    #expect(try NotesDemoOptions.parse(["--notes=my notes.json"]).notesPath == "my notes.json")
    #expect(try NotesDemoOptions.parse(["--notes", "-"]).notesPath == "-")
  }

  @Test func flags() throws {
    let options = try NotesDemoOptions.parse(["--quiet", "--notes", "a.json"])
    #expect(options == NotesDemoOptions(action: .run, notesPath: "a.json", quiet: true))
    #expect(try NotesDemoOptions.parse(["--steps"]).action == .listSteps)
    #expect(try NotesDemoOptions.parse(["--help"]).action == .help)
    #expect(try NotesDemoOptions.parse(["-h"]).action == .help)
    #expect(try NotesDemoOptions.parse(["--steps", "--help"]).action == .help)
  }

  @Test func unknownOption() {
    #expect(throws: NotesDemoOptions.ParseError.unknownOption("--verbose")) {
      try NotesDemoOptions.parse(["--quiet", "--verbose"])
    }
    #expect(
      NotesDemoOptions.ParseError.unknownOption("--verbose").description
        == "unknown option '--verbose'")
    #expect(throws: NotesDemoOptions.ParseError.unknownOption("-q")) {
      try NotesDemoOptions.parse(["-q"])
    }
  }

  @Test func errorsWinOverHelp() {
    #expect(throws: NotesDemoOptions.ParseError.unknownOption("--nope")) {
      try NotesDemoOptions.parse(["--help", "--nope"])
    }
  }

  @Test func missingNotesPath() {
    for arguments in [["--notes"], ["--notes", "--quiet"], ["--notes="]] {
      #expect(throws: NotesDemoOptions.ParseError.missingValue(option: "--notes")) {
        try NotesDemoOptions.parse(arguments)
      }
    }
    #expect(
      NotesDemoOptions.ParseError.missingValue(option: "--notes").description
        == "option '--notes' needs a path")
  }

  @Test func repeatedNotesAndPositionalArguments() {
    #expect(throws: NotesDemoOptions.ParseError.repeatedOption("--notes")) {
      try NotesDemoOptions.parse(["--notes", "a.json", "--notes=b.json"])
    }
    #expect(throws: NotesDemoOptions.ParseError.unexpectedArgument("notes.json")) {
      try NotesDemoOptions.parse(["notes.json"])
    }
    #expect(
      NotesDemoOptions.ParseError.unexpectedArgument("notes.json").description
        == "unexpected argument 'notes.json'")
  }

  @Test func graphPathBothSpellingsAndItsErrors() throws {
    #expect(try NotesDemoOptions.parse(["--graph", "g.dot"]).graphPath == "g.dot")
    #expect(try NotesDemoOptions.parse(["--graph=my graph.dot"]).graphPath == "my graph.dot")
    #expect(try NotesDemoOptions.parse(["--notes", "a.json"]).graphPath == nil)
    for arguments in [["--graph"], ["--graph", "--quiet"], ["--graph="]] {
      #expect(throws: NotesDemoOptions.ParseError.missingValue(option: "--graph")) {
        try NotesDemoOptions.parse(arguments)
      }
    }
    #expect(throws: NotesDemoOptions.ParseError.repeatedOption("--graph")) {
      try NotesDemoOptions.parse(["--graph", "a.dot", "--notes", "n.json", "--graph=b.dot"])
    }
  }
}
