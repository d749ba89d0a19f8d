/// Command-line options for `NotesDemo`, parsed by hand (no packages available).
///
///     NotesDemo [--notes PATH] [--graph PATH] [--script] [--quiet] [--steps] [-h | --help]
///
/// `--notes=PATH` and `--graph=PATH` work too. Errors win over `--help`; `--help` wins over `--steps`.
struct NotesDemoOptions: Hashable, Sendable {
  /// What the command should do.
  enum Action: Hashable, Sendable {
    /// Load the notes and run the demo.
    case run
    /// Print ``DemoStep`` lines and exit.
    case listSteps
    /// Print ``NotesDemoOptions/usage`` and exit.
    case help
  }

  /// A bad command line, described in one line.
  enum ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An argument starting with `-` that is not an option.
    case unknownOption(String)
    /// `--notes` or `--graph` without a path after it.
    case missingValue(option: String)
    /// An option that takes a value given more than once.
    case repeatedOption(String)
    /// A positional argument (none are accepted).
    case unexpectedArgument(String)

    var description: String {
      switch self {
      case .unknownOption(let option):
        "unknown option \(quoted(option))"
      case .missingValue(let option):
        "option \(quoted(option)) needs a path"
      case .repeatedOption(let option):
        "option \(quoted(option)) given more than once"
      case .unexpectedArgument(let argument):
        "unexpected argument \(quoted(argument))"
      }
    }

    private func quoted(_ text: String) -> String {
      "'" + text.split(whereSeparator: \.isNewline).joined(separator: " ") + "'"
    }
  }

  /// The help text, also printed after a parse error.
  static let usage = """
    USAGE: NotesDemo [--notes PATH] [--graph PATH] [--script] [--quiet] [--steps] [--help]

    In a terminal, opens the interactive notes app. With --script, or when the standard
    streams are not a terminal, walks through the notes list -> detail demo and prints it.

    OPTIONS:
      --notes PATH  Load notes from PATH instead of the bundled notes.json.
      --graph PATH  After step 5 (edit B's title), write the live dependency graph to
                    PATH as Graphviz DOT, with what the edit changed highlighted.
                    Runs the walk, even in a terminal.
                    Render it with: dot -Tsvg PATH -o graph.svg
      --script      Run the scripted walk even in a terminal.
      --steps       List the scripted walk's steps and exit.
      --quiet       Skip the per-step output; print the loaded-notes line and the summary.
      -h, --help    Show this help and exit.
    """

  /// What to do.
  var action: Action = .run
  /// The `--notes` path, or `nil` for the bundled file.
  var notesPath: String?
  /// The `--graph` path, or `nil` for no graph.
  var graphPath: String?
  /// `--quiet`: print only the summary.
  var quiet = false
  /// `--script`: the scripted walk, even in a terminal.
  var script = false

  /// Parses `arguments` (without the program name).
  static func parse(_ arguments: [String]) throws(ParseError) -> NotesDemoOptions {
    var options = NotesDemoOptions()
    var wantsHelp = false
    var wantsSteps = false
    var remaining = arguments[...]

    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help":
        wantsHelp = true
      case "--steps":
        wantsSteps = true
      case "--quiet":
        options.quiet = true
      case "--script":
        options.script = true
      case "--notes", "--graph":
        guard let path = remaining.first, !path.hasPrefix("-") || path == "-" else {
          throw .missingValue(option: argument)
        }
        remaining.removeFirst()
        try options.setPath(path, for: argument)
      case _ where argument.hasPrefix("--notes=") || argument.hasPrefix("--graph="):
        let option = String(argument.prefix("--notes".count))
        let path = String(argument.dropFirst("--notes=".count))
        guard !path.isEmpty else { throw .missingValue(option: option) }
        try options.setPath(path, for: option)
      case _ where argument.hasPrefix("-") && argument != "-":
        throw .unknownOption(argument)
      default:
        throw .unexpectedArgument(argument)
      }
    }

    if wantsHelp {
      options.action = .help
    } else if wantsSteps {
      options.action = .listSteps
    }
    return options
  }

  private mutating func setPath(_ path: String, for option: String) throws(ParseError) {
    let keyPath: WritableKeyPath<Self, String?> = option == "--graph" ? \.graphPath : \.notesPath
    guard self[keyPath: keyPath] == nil else { throw .repeatedOption(option) }
    self[keyPath: keyPath] = path
  }
}
