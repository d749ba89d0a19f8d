/// Command-line options of `TrellisBenchmarks`.
///
/// ```
/// swift run -c release TrellisBenchmarks [--quick] [--filter SUITE] [--json PATH] [--svg DIR]
/// ```
struct Options: Sendable {
  /// Fewer, shorter samples: the whole run finishes in well under a minute. CI uses it to
  /// prove the benchmarks run and their checks pass.
  var quick = false
  /// Suites to run (by name); every suite when empty. `--filter` may repeat or take a
  /// comma-separated list.
  var filters: [String] = []
  /// Where to write the JSON results, if anywhere.
  var jsonPath: String?
  /// The directory for SVG charts, if any.
  var svgDirectory: String?
  /// Prints every median as it is measured.
  var verbose = false

  static let usage = """
    usage: TrellisBenchmarks [--quick] [--filter SUITE[,SUITE...]] [--json PATH] [--svg DIR] \
    [--verbose]

      --quick        short samples; the whole run takes under a minute
      --filter NAME  run only the named suites (repeatable, or comma-separated)
      --json PATH    write every result as JSON
      --svg DIR      write SVG charts into DIR
      --verbose      print each median as it is measured
    """

  /// Parses `arguments` (without the program name).
  static func parse(_ arguments: [String]) throws(OptionsError) -> Options {
    var options = Options()
    var remaining = arguments[...]
    func value(for flag: String) throws(OptionsError) -> String {
      guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
        throw OptionsError("\(flag) needs a value")
      }
      return next
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--quick": options.quick = true
      case "--verbose": options.verbose = true
      case "--filter":
        let names = try value(for: argument).split(separator: ",").map(String.init)
        // An empty name list would select every suite, the opposite of filtering.
        guard !names.isEmpty else { throw OptionsError("--filter needs at least one suite name") }
        options.filters += names
      case "--json": options.jsonPath = try value(for: argument)
      case "--svg": options.svgDirectory = try value(for: argument)
      case "--help", "-h": throw OptionsError(nil)
      default: throw OptionsError("unknown argument \(argument)")
      }
    }
    return options
  }

  /// The sampling settings for this run.
  var sampler: Sampler {
    quick
      ? Sampler(sampleCount: 7, sampleDuration: 4_000_000, maximumBatch: 1 << 24)
      : Sampler(sampleCount: 15, sampleDuration: 20_000_000, maximumBatch: 1 << 26)
  }

  /// Whether the suite named `name` was selected.
  func selects(_ name: String) -> Bool { filters.isEmpty || filters.contains(name) }
}

/// A command-line mistake; `message` is `nil` when help was asked for.
struct OptionsError: Error {
  let message: String?
  init(_ message: String?) { self.message = message }
}
