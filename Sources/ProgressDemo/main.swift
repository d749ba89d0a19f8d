import Foundation
import Trellis
import TrellisTerminal

// Simulated concurrent downloads with live progress bars, drawn inline below the prompt;
// finished downloads are printed above the bars (Ink's <Static>), and the final frame stays
// when all are done. `--pace MS` sets the time between chunks (0: as fast as possible).
//
//     swift run ProgressDemo [--pace MS]

var pace = 40
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  if argument == "--pace", let value = arguments.popFirst().flatMap(Int.init), value >= 0 {
    pace = value
  } else {
    FileHandle.standardError.write(Data("usage: ProgressDemo [--pace MS]\n".utf8))
    exit(2)
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
