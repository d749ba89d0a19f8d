import Foundation
import Trellis
import TrellisTerminal

// Simulated concurrent downloads with live progress bars, drawn inline below the prompt;
// finished downloads are printed above the bars (Ink's <Static>), and the final frame stays
// when all are done. `--pace MS` sets the time between chunks (0: as fast as possible).
//
//     swift run ProgressDemo [--pace MS]

/// The longest pause between chunks: a minute. A longer one would only look stuck, and the
/// pause arithmetic stays far from overflowing.
let maximumPace = 60_000
let usage = """
  usage: ProgressDemo [--pace MS]
    --pace MS   milliseconds between a download's chunks, 0 to \(maximumPace) (default 40;
                0: as fast as possible)
    -h, --help  show this help
  """

/// Ends the program: the help on standard output (exit 0), or an error and the usage on
/// standard error (exit 2).
func exitWithUsage(error: String? = nil) -> Never {
  guard let error else {
    print(usage)
    exit(0)
  }
  FileHandle.standardError.write(Data("ProgressDemo: \(error)\n\(usage)\n".utf8))
  exit(2)
}

var pace = 40
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "-h", "--help":
    exitWithUsage()
  case "--pace":
    guard let text = arguments.popFirst() else { exitWithUsage(error: "--pace needs a value") }
    guard let value = Int(text), (0...maximumPace).contains(value) else {
      exitWithUsage(error: "--pace takes milliseconds from 0 to \(maximumPace), not '\(text)'")
    }
    pace = value
  default:
    exitWithUsage(error: "unknown argument '\(argument)'")
  }
}

let downloads = Downloads(pace: pace)
let app = TerminalApp(options: TerminalApp.Options(mode: .inline)) {
  DownloadsView(downloads: downloads)
}
do {
  try await app.run()
} catch {
  FileHandle.standardError.write(Data("ProgressDemo: \(error)\n".utf8))
  exit(1)
}
