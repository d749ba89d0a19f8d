import Foundation
import Testing

/// The real `NotesDemo` executable in a pseudo-terminal (tmux), driven by keys as a person
/// would: the screen at each step, and a terminal put back as it was when the app ends.
@Suite("NotesDemo in a terminal", .serialized)
final class InteractiveAppTests {
  static var canRun: Bool { ExecutableTests.isBuilt && TmuxSession.executable != nil }
  /// Whether the run must not skip these tests (CI sets it, after installing tmux).
  static var isRequired: Bool {
    ProcessInfo.processInfo.environment["TRELLIS_REQUIRE_TERMINAL_TESTS"] == "1"
  }

  /// Where the shell in the window records the terminal's settings before and after the app.
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("notes-e2e-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  // Each test gets its own instance; its folder goes with it (it was left behind, one per run).
  deinit { try? FileManager.default.removeItem(at: directory) }

  /// NotesDemo in a 60 × 16 window, after a line of the shell's own and the terminal's
  /// settings saved; after it, its exit status and the settings again.
  private func start() throws -> TmuxSession {
    let before = directory.appendingPathComponent("before").path
    let after = directory.appendingPathComponent("after").path
    let command = """
      echo 'shell before the app'; stty -g > \(before); \(ExecutableTests.binary.path); \
      echo "exit status $?"; stty -g > \(after); sleep 600
      """
    return try TmuxSession(
      command: command, width: 60, height: 16,
      environment: ["SWIFT_BACKTRACE": "enable=no", "TERM": "xterm-256color"])
  }

  private func settings(_ name: String) -> String? {
    try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
  }

  @Test(.enabled(if: isRequired && !canRun))
  func theTestsRunWhenRequired() {
    let tmux = TmuxSession.executable?.path ?? "missing"
    let built = ExecutableTests.isBuilt ? "built" : "not built"
    Issue.record(
      "TRELLIS_REQUIRE_TERMINAL_TESTS=1, but tmux is \(tmux) and NotesDemo is \(built)")
  }

  @Test(.enabled(if: canRun, "needs tmux and `swift build --product NotesDemo`"))
  func aPersonNavigatesOpensEditsFiltersRefreshesAndQuits() throws {
    let tmux = try start()
    let rule = String(repeating: "─", count: 60)
    func row(_ title: String) -> String {
      title + String(repeating: " ", count: 59 - title.count) + "›"
    }
    // The list, loaded, under its filter field; the first row focused (not the field: keys
    // are the app's until Tab moves into it).
    #expect(tmux.wait { $0[3].hasPrefix("Swim Sep 2") && $0[15].hasPrefix("⏎ open") })
    var screen = tmux.settled()
    #expect(screen[0] == "Notes")
    #expect(screen[1] == rule)
    #expect(screen[2] == "⌕  Filter")
    #expect(screen[4] == row("1:1 with Ethan"))
    #expect(screen[13] == rule)
    #expect(screen[14] == "Press a key: the bodies it re-runs, and why, show here.")
    #expect(screen[15] == "⏎ open · esc back · ⇥ filter · e edit · r refresh · q quit")
    #expect(tmux.highlightedRows() == [3])
    #expect(tmux.display("#{alternate_on}") == "1")

    // Down twice: the focus moves; no body re-runs (focus is the terminal's), and the load
    // that ran before the first key is not counted as its doing.
    tmux.send("Down")
    #expect(tmux.wait { $0[14] == "↓ · 0 bodies re-ran" })
    tmux.send("Down")
    #expect(tmux.wait { _ in tmux.highlightedRows() == [5] })
    #expect(tmux.settled()[5] == row("Onboarding customer escalation"))

    // Enter opens the detail: the stack re-runs for the path, the detail is new; its body
    // arrives from its task.
    tmux.send("Enter")
    #expect(tmux.wait { $0[0] == "Note" && $0[3].hasPrefix("Attendees:") && $0[15] != "" })
    screen = tmux.settled()
    #expect(screen[1] == rule)
    #expect(screen[2].trimmingCharacters(in: .whitespaces) == "Onboarding customer escalation")
    #expect(screen[13] == rule)
    #expect(screen[14].hasPrefix("⏎ · 2 bodies re-ran: NavigationStack: Router.path"))
    #expect(tmux.highlightedRows() == [])
    let detail = screen

    // Bad input changes nothing on the screen: an unknown escape sequence, a byte that is no
    // UTF-8, a window of one cell and back.
    tmux.send(bytes: Array("\u{1B}[99~".utf8))
    tmux.send(bytes: [0xFF])
    tmux.resize(width: 1, height: 1)
    // Laid out again in one cell: the title, truncated.
    #expect(tmux.wait { $0 == ["…"] })
    tmux.resize(width: 60, height: 16)
    #expect(tmux.wait { $0 == detail })

    // e edits the title in a sheet, in place of the detail, its field focused; Escape
    // cancels it.
    tmux.send("e")
    #expect(tmux.wait { $0[0].hasPrefix("╭") && $0[14].hasPrefix("e · ") })
    screen = tmux.settled()
    #expect(screen[0] == "╭" + String(repeating: "─", count: 58) + "╮")
    #expect(screen[1] == "│ Edit the title" + String(repeating: " ", count: 43) + "│")
    #expect(screen[3].hasPrefix("│ Onboarding customer escalation▏ "))
    #expect(screen[5].hasPrefix("│ [Save] [Cancel] "))
    #expect(screen[6] == "╰" + String(repeating: "─", count: 58) + "╯")
    #expect(screen[13] == rule)
    #expect(screen[14].hasPrefix("e · 1 body re-ran: TitleEditor"))
    tmux.send("Escape")
    #expect(tmux.wait { $0.prefix(14) == detail.prefix(14) })

    // e again; ten backspaces and "call" (q and e type too: the field takes them); Return
    // saves: the detail and the row re-run for the title, and nothing else.
    tmux.send("e")
    #expect(tmux.wait { $0[3].hasPrefix("│ Onboarding customer escalation▏") })
    tmux.send(Array(repeating: "BSpace", count: 10) + ["c", "a", "l", "l"])
    #expect(tmux.wait { $0[3].hasPrefix("│ Onboarding customer call▏") })
    tmux.send("Enter")
    #expect(tmux.wait { $0[0] == "Note" && $0[14].hasPrefix("⏎ · ") })
    screen = tmux.settled()
    #expect(screen[2].trimmingCharacters(in: .whitespaces) == "Onboarding customer call")
    #expect(screen[14].hasPrefix("⏎ · 2 bodies re-ran: NoteDetail: NoteItem.title · NoteRow"))

    // Escape goes back; the row that was focused has the focus again, with its new title (the
    // list's task fetched the notes again as it appeared; the edit stays).
    tmux.send("Escape")
    #expect(tmux.wait { $0[0] == "Notes" && $0[14].hasPrefix("esc · ") })
    #expect(tmux.wait { _ in tmux.highlightedRows() == [5] })
    screen = tmux.settled()
    #expect(screen[5] == row("Onboarding customer call"))
    #expect(screen[14] == "esc · 1 body re-ran: NavigationStack: Router.path")

    // Shift-Tab: into the filter field (the list is one stop). Typing filters the list; r
    // types there instead of refreshing. Down goes back into the list, at its first row.
    tmux.send("BTab")
    #expect(tmux.wait { $0[2] == "⌕ ▏Filter" })
    tmux.send("j", "o", "u", "r")
    #expect(tmux.wait { $0[2] == "⌕ jour▏" && $0[3] == row("Journal, November 27") })
    #expect(tmux.settled()[14].hasPrefix("4 keys (r last) · "))
    // A paste (bracketed) types whole into the field, and the status line names it.
    tmux.send(bytes: Array("\u{1B}[200~nal\u{1B}[201~".utf8))
    #expect(tmux.wait { $0[2] == "⌕ journal▏" && $0[3] == row("Journal, November 27") })
    #expect(tmux.settled()[14].hasPrefix("paste (3 characters) · "))
    tmux.send("Down")
    #expect(tmux.wait { $0[2] == "⌕ journal" && $0[14] == "↓ · 0 bodies re-ran" })
    #expect(tmux.wait { _ in tmux.highlightedRows() == [3] })

    // r pulls to refresh: the notes are fetched again, nothing changed, nothing re-runs.
    tmux.send("r")
    #expect(tmux.wait { $0[14] == "r (refreshed) · 0 bodies re-ran" })

    // q quits: the shell's screen is back, with the cursor and the terminal's settings; the
    // bytes that were no key are reported there, once the frame is gone, not over it.
    tmux.send("q")
    #expect(tmux.wait { $0.contains("exit status 0") })
    screen = tmux.lines()
    #expect(
      Array(screen.prefix(6)) == [
        "shell before the app",
        "Trellis: invalid input: The terminal sent bytes that are no",
        "key this app knows (1B 5B 39 39 7E); they were ignored.",
        "Trellis: invalid input: The terminal sent bytes that are no",
        "key this app knows (FF); they were ignored.",
        "exit status 0",
      ])
    #expect(tmux.display("#{alternate_on}") == "0")
    #expect(tmux.display("#{cursor_flag}") == "1")
    #expect(tmux.wait(timeout: 5) { _ in settings("after") != nil })
    #expect(settings("before") != nil)
    #expect(settings("after") == settings("before"))
  }

  @Test(.enabled(if: canRun, "needs tmux and `swift build --product NotesDemo`"))
  func controlCQuitsAndPutsTheTerminalBack() throws {
    let tmux = try start()
    #expect(tmux.wait { $0[3].hasPrefix("Swim Sep 2") })
    tmux.send("C-c")
    // 128 + SIGINT, as shells expect of an interrupted program (found by a new user: it was 0).
    #expect(tmux.wait { $0.contains("exit status 130") })
    #expect(tmux.display("#{alternate_on}") == "0")
    #expect(tmux.display("#{cursor_flag}") == "1")
    #expect(tmux.wait(timeout: 5) { _ in settings("after") != nil })
    #expect(settings("after") == settings("before"))
  }
}
