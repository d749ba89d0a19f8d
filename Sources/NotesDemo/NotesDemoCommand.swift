import Foundation

/// The `NotesDemo` executable as a value: parses options, loads notes, prints, and returns
/// an exit status. `main.swift` only calls ``run()`` and exits with its result, so tests can
/// drive the whole command with a recording ``Console``.
///
/// Exit statuses: 0 success, 1 the notes could not be loaded, 2 bad command line.
/// Every failure is one line on standard error (plus the usage text for a bad command line).
struct NotesDemoCommand: Sendable {
  /// Where the command writes. Each call is one line without its trailing newline.
  struct Console: Sendable {
    /// Standard output.
    var out: @Sendable (String) -> Void
    /// Standard error.
    var err: @Sendable (String) -> Void

    /// The process's real standard output and standard error.
    static let standard = Console(
      out: { print($0) },
      err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    )
  }

  /// Exit statuses.
  enum ExitCode {
    /// Everything worked.
    static let success: Int32 = 0
    /// The notes file was missing or malformed.
    static let failure: Int32 = 1
    /// The command line was wrong.
    static let usage: Int32 = 2
    /// The interactive app was ended by Control-C: 128 + SIGINT, as shells expect of an
    /// interrupted program.
    static let interrupted: Int32 = 130
  }

  /// Command-line arguments, without the program name.
  var arguments: [String]
  /// Simulated loading delays.
  var latency: NotesLoader.Latency = .demo
  /// Output streams.
  var console: Console = .standard
  /// Whether standard input and output are a terminal: then, without `--script`, the command
  /// opens the interactive app instead of printing the scripted walk.
  var isTerminal = false

  /// Runs the command and returns the process exit status.
  func run() async -> Int32 {
    let options: NotesDemoOptions
    do {
      options = try NotesDemoOptions.parse(arguments)
    } catch {
      console.err("NotesDemo: error: \(error)")
      console.err("")
      console.err(NotesDemoOptions.usage)
      return ExitCode.usage
    }

    switch options.action {
    case .help:
      console.out(NotesDemoOptions.usage)
      return ExitCode.success
    case .listSteps:
      for step in DemoStep.allCases {
        console.out(step.line)
      }
      return ExitCode.success
    case .run:
      return await load(options)
    }
  }

  private func load(_ options: NotesDemoOptions) async -> Int32 {
    // A graph that cannot be written is found before the walk, not after it.
    if let path = options.graphPath, let problem = Self.problem(writingTo: path) {
      console.err("NotesDemo: error: cannot write the graph to \(Self.oneLine(path)): \(problem)")
      return ExitCode.failure
    }
    let source = options.notesPath.map(NotesSource.file) ?? .bundled
    let loader = NotesLoader(source: source, latency: latency)
    // The graph is the walk's (after its step 5), so `--graph` runs the walk in a terminal
    // too (found by a new user: the interactive app ignored it and wrote nothing).
    let walks = !isTerminal || options.script || options.graphPath != nil
    if !options.quiet, walks {
      console.out("Loading notes from \(source.displayName)...")
    }

    let notes: [Note]
    do {
      notes = try await loader.loadNotes()
    } catch let error as NotesDataError {
      console.err("NotesDemo: error: \(Self.oneLine(error.description))")
      return ExitCode.failure
    } catch {
      let message = "\(source.displayName): \(error)"
      console.err("NotesDemo: error: \(Self.oneLine(message))")
      return ExitCode.failure
    }
    if !walks {
      return await InteractiveNotes(loader: loader, console: console).run()
    }
    console.out(Self.summary(count: notes.count, file: source.displayName))
    let (reports, graph) = await runScript(loader: loader, exportsGraph: options.graphPath != nil)
    let printer = StepPrinter(out: console.out)
    if !options.quiet {
      for report in reports { printer.print(report) }
    }
    printer.printSummary(reports)
    if let path = options.graphPath {
      do {
        try Data((graph ?? "").utf8).write(to: URL(fileURLWithPath: path))
      } catch {
        console.err(
          "NotesDemo: error: cannot write the graph to \(Self.oneLine(path)): "
            + Self.oneLine(error.localizedDescription))
        return ExitCode.failure
      }
      let wrote = "Wrote the dependency graph to \(Self.oneLine(path))"
      // With fewer than two notes the edit the graph highlights was skipped: the graph is
      // still the live one, and the line says that nothing in it is highlighted.
      let edit = DemoStep.editTitle
      if reports.contains(where: { $0.step == edit && $0.skipped != nil }) {
        console.out(
          wrote + ", with nothing highlighted: step \(edit.rawValue) (\(edit.name)) was skipped")
      } else if !options.quiet {
        console.out(wrote)
      }
    }
    return ExitCode.success
  }

  @MainActor
  private func runScript(
    loader: NotesLoader, exportsGraph: Bool
  ) async -> (reports: [StepReport], graph: String?) {
    let script = NotesDemoScript(loader: loader)
    script.graphStep = exportsGraph ? .editTitle : nil
    let reports = await script.runAll()
    return (reports, script.graph)
  }

  /// Why a file at `path` could not be written, if it could not: it is a folder, or its
  /// folder is missing or read-only.
  static func problem(writingTo path: String) -> String? {
    let files = FileManager.default
    var isFolder: ObjCBool = false
    if files.fileExists(atPath: path, isDirectory: &isFolder) {
      if isFolder.boolValue { return "it is a folder" }
      return files.isWritableFile(atPath: path) ? nil : "the file is read-only"
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    guard files.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
      return "the folder \(folder) does not exist"
    }
    return files.isWritableFile(atPath: folder) ? nil : "the folder \(folder) is read-only"
  }

  /// `Loaded 2,000 notes from notes.json`.
  static func summary(count: Int, file: String) -> String {
    "Loaded \(grouped(count)) \(count == 1 ? "note" : "notes") from \(oneLine(file))"
  }

  /// `2000` → `2,000`, independent of the current locale.
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return number < 0 ? "-" + result : result
  }

  /// Keeps a message on one line even if a path or title contains line breaks.
  private static func oneLine(_ text: String) -> String {
    text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .joined(separator: " ")
  }
}
