import Dispatch
import TrellisTerminal
import TrellisViews

// Takes the terminal on its standard streams, draws a frame, and then ends in the way its
// first argument names, so that a test on the other side of a pseudo-terminal can check that
// the terminal was put back:
//
//     TrellisTerminalProbe stop|exit|crash|terminate|interrupt|abort|pipe|ignored-pipe|keys|
//                          stuck|quiet|piped|app|tall|trap [--inline]
//
// `pipe` is ended by SIGPIPE, as a tool whose reader quit is at its next write; `ignored-pipe`
// ignores SIGPIPE before taking the terminal, raises it, and prints whether the input is still
// raw. `quiet` takes the terminal without reading keys, waits (up to ten seconds) until a
// typed line is queued on its input, prints whether echo and the suspend key were off, and
// stops without reading it; `piped` does the same reading keys from a pipe.
// `keys` prints each batch of events above the frame, checking that it is handled on the main
// thread, until Control-C. `stuck` blocks its main actor for good once it is given the key
// `b`, so that only the input reader can end it. `app` runs a `TerminalApp` (default options but the mode) instead
// of a bare session, and ends when the app does; `tall` is such an app taller than a window
// (40 rows, then a 45-character line). `trap` runs one whose view reads an object
// no ancestor provides, which stops the program with Trellis's message.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let arguments = CommandLine.arguments.dropFirst()
let ending = arguments.first ?? "stop"
let mode: TerminalOutputMode = arguments.contains("--inline") ? .inline : .fullScreen

/// Provided by no view: reading it stops the program, as in SwiftUI.
final class ProbeModel {}

struct MissingModelReader: View {
  @Environment(ProbeModel.self) var model
  var body: some View { Text("probe: \(ObjectIdentifier(model))") }
}

if ending == "trap" {
  _ = try? await TerminalApp(options: TerminalApp.Options(mode: mode)) { MissingModelReader() }
    .run()
  exit(0)
}

if ending == "app" || ending == "tall" {
  do {
    try await TerminalApp(options: TerminalApp.Options(mode: mode)) {
      if ending == "tall" {
        VStack(alignment: .leading) {
          ForEach(0..<40, id: \.self) { Text("row \($0)") }
          Text(String(repeating: "x", count: 45))
        }
      } else {
        Text("probe: app")
      }
    }
    .run()
  } catch {
    print(error)
    exit(2)
  }
  exit(0)
}

/// Whether the input's attributes have `flag` set in `c_lflag`.
func inputHasLocalFlag(_ flag: Int32) -> Bool {
  var attributes = termios()
  _ = tcgetattr(STDIN_FILENO, &attributes)
  return attributes.c_lflag & tcflag_t(flag) != 0
}

/// Whether the suspend key (Control-Z) is disabled on the input.
func inputSuspendKeyIsDisabled() -> Bool {
  var attributes = termios()
  _ = tcgetattr(STDIN_FILENO, &attributes)
  return withUnsafeBytes(of: attributes.c_cc) { $0[Int(VSUSP)] == 0 }
}

if ending == "ignored-pipe" { signal(SIGPIPE, SIG_IGN) }
// `piped` reads keys from a pipe nobody writes to, as `cat urls | tool` does.
var pipeEnds: [Int32] = [-1, -1]
if ending == "piped" { _ = pipe(&pipeEnds) }
let session: TerminalSession
do {
  session = try TerminalSession(
    preferredMode: mode, input: ending == "piped" ? pipeEnds[0] : STDIN_FILENO,
    readsInput: ending != "quiet")
} catch {
  print(error)
  exit(2)
}
let size = session.size ?? LayoutSize(width: 20, height: 5)
var frame = CellGrid(width: size.width, height: mode == .inline ? 2 : size.height)
frame.draw("probe: \(ending)", column: 0, row: 0, style: CellStyle(foreground: .green))
frame.draw("second row", column: 0, row: 1, style: CellStyle(attributes: .bold))
session.draw(frame)

switch ending {
case "stop":
  session.stop()
case "exit":
  exit(3)
case "crash":
  // An index out of range: a Swift runtime trap in the app's own code.
  let values = [Int](repeating: 0, count: arguments.count)
  print(values[arguments.count + 1])
case "terminate":
  raise(SIGTERM)
case "interrupt":
  raise(SIGINT)
case "abort":
  abort()
case "pipe":
  raise(SIGPIPE)
case "ignored-pipe":
  raise(SIGPIPE)
  session.writeStatic(["still raw: \(!inputHasLocalFlag(ICANON))"])
  session.stop()
case "quiet", "piped":
  var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
  let lineQueued = poll(&input, 1, 10_000) == 1
  session.writeStatic([
    "queued: \(lineQueued)", "echo: \(inputHasLocalFlag(ECHO))",
    "no suspend: \(inputSuspendKeyIsDisabled())",
  ])
  session.stop()
case "keys":
  for await batch in session.events {
    dispatchPrecondition(condition: .onQueue(.main))
    let words = batch.map { event in
      switch event {
      case .key(let press): press.description
      case .paste(let text): "paste(\(text))"
      case .resize(let size): "resize \(size)"
      case .unrecognized: "unrecognized"
      }
    }
    session.writeStatic([words.joined(separator: " ")])
    if batch.contains(.key(TerminalKeyPress(.character("c"), modifiers: .control))) { break }
  }
  session.stop()
case "stuck":
  for await batch in session.events
  where batch.contains(.key(TerminalKeyPress(.character("b")))) {
    session.writeStatic(["blocked"])
    while true { usleep(10_000) }
  }
  session.stop()
default:
  session.stop()
  print("unknown ending \(ending)")
  exit(2)
}
