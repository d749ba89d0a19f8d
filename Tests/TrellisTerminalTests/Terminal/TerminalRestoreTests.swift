#if os(Linux)
  import Foundation
  import Glibc
  import Testing
  import TrellisTerminal

  /// Runs `TrellisTerminalProbe` on a pseudo-terminal, lets it end in each way a terminal app
  /// can end, and checks from the terminal's side that it was put back.
  @Suite("Terminal restore")
  struct TerminalRestoreTests {
    /// The probe, built next to the test binary.
    static let probe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("TrellisTerminalProbe")

    static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: probe.path) }

    /// How the probe ended.
    enum Ending: Equatable {
      case exited(Int32)
      case signaled(Int32)
    }

    struct Outcome {
      var screen: InMemoryScreen
      var ending: Ending
      var attributesBefore: termios
      var attributesAfter: termios
    }

    /// Runs the probe with `arguments` on a 20-column pseudo-terminal until it ends.
    func run(_ arguments: [String], rows: Int = 5) throws -> Outcome {
      let probe = try ProbeProcess(arguments, rows: rows)
      let ending = probe.wait()
      probe.read(until: arguments.contains("--inline") ? "\u{1B}[?25h" : "\u{1B}[?1049l")
      return probe.outcome(ending)
    }

    func expectRestored(_ outcome: Outcome, sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(!outcome.screen.isAlternateScreenActive, sourceLocation: sourceLocation)
      #expect(outcome.screen.isCursorVisible, sourceLocation: sourceLocation)
      #expect(!outcome.screen.isBracketedPasteEnabled, sourceLocation: sourceLocation)
      #expect(
        outcome.attributesAfter.c_lflag == outcome.attributesBefore.c_lflag,
        sourceLocation: sourceLocation)
      #expect(
        outcome.attributesAfter.c_iflag == outcome.attributesBefore.c_iflag,
        sourceLocation: sourceLocation)
      #expect(
        outcome.attributesAfter.c_lflag & tcflag_t(ICANON | ECHO | ISIG) != 0,
        sourceLocation: sourceLocation)
    }

    /// Waits for an inline probe to exit with status 0, reads what it drew, and checks that the
    /// terminal was put back.
    func expectRestoredAfterExit(
      of probe: ProbeProcess, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Outcome {
      let ending = probe.wait()
      probe.read(until: "\u{1B}[?25h")
      let outcome = probe.outcome(ending)
      #expect(outcome.ending == .exited(0), sourceLocation: sourceLocation)
      expectRestored(outcome, sourceLocation: sourceLocation)
      return outcome
    }

    @Test(.enabled(if: isBuilt, "build the TrellisTerminalProbe target first"))
    func stopRestoresTheTerminal() throws {
      let outcome = try run(["stop"])
      #expect(outcome.ending == .exited(0))
      expectRestored(outcome)
      #expect(outcome.screen.lines == ["", "", "", "", ""])
    }

    @Test(.enabled(if: isBuilt, "build the TrellisTerminalProbe target first"))
    func exitWithoutStopRestoresTheTerminal() throws {
      let outcome = try run(["exit"])
      #expect(outcome.ending == .exited(3))
      expectRestored(outcome)
    }

    @Test(.enabled(if: isBuilt, "build the TrellisTerminalProbe target first"))
    func aCrashInTheAppsCodeRestoresTheTerminalAndStillCrashes() throws {
      let outcome = try run(["crash"])
      #expect([.signaled(SIGILL), .signaled(SIGTRAP)].contains(outcome.ending))
      expectRestored(outcome)
    }

    @Test(.enabled(if: isBuilt, "build the TrellisTerminalProbe target first"))
    func terminateAndInterruptRestoreTheTerminalAndStillEndTheProcess() throws {
      let terminated = try run(["terminate"])
      #expect(terminated.ending == .signaled(SIGTERM))
      expectRestored(terminated)
      let interrupted = try run(["interrupt"])
      #expect(interrupted.ending == .signaled(SIGINT))
      expectRestored(interrupted)
    }

    @Test(.enabled(if: isBuilt, "build the TrellisTerminalProbe target first"))
    func aBrokenPipeRestoresTheTerminalAndStillEndsTheProcess() throws {
      // `tool | head -1`: the reader quit, and the next write raises SIGPIPE.
      let outcome = try run(["pipe", "--inline"])
      #expect(outcome.ending == .signaled(SIGPIPE))
      expectRestored(outcome)
    }

    @Test(.enabled(if: isBuilt, "build the TrellisTerminalProbe target first"))
    func anIgnoredSignalIsLeftIgnoredAndRestoresNothing() throws {
      let outcome = try run(["ignored-pipe", "--inline"])
      #expect(outcome.ending == .exited(0))
      expectRestored(outcome)
      #expect(outcome.screen.lines.contains("still raw: true"))
    }

    @Test(
      .enabled(if: isBuilt, "build the TrellisTerminalProbe target first"),
      arguments: ["quiet", "piped"])
    func withoutReadingKeysFromTheTerminalTypedTextIsNotEchoedAndWaitsForTheNextProgram(
      ending: String
    ) throws {
      let probe = try ProbeProcess([ending, "--inline"], rows: 7)
      #expect(probe.read(until: "probe: \(ending)"))
      probe.terminal.type(Array("ls\n".utf8))
      let outcome = expectRestoredAfterExit(of: probe)
      #expect(
        outcome.screen.lines == [
          "queued: true", "echo: false", "no suspend: true", "probe: \(ending)", "second row",
          "", "",
        ])
      // The line is still there for the shell.
      _ = fcntl(probe.terminal.slave, F_SETFL, fcntl(probe.terminal.slave, F_GETFL) | O_NONBLOCK)
      var buffer = [UInt8](repeating: 0, count: 16)
      let count = read(probe.terminal.slave, &buffer, buffer.count)
      #expect(count == 3 && buffer.prefix(3) == Array("ls\n".utf8)[...])
    }

    @Test(.enabled(if: isBuilt, "build the TrellisTerminalProbe target first"))
    func abortRestoresTheTerminal() throws {
      let outcome = try run(["abort"])
      #expect(outcome.ending == .signaled(SIGABRT))
      expectRestored(outcome)
    }

    @Test(.enabled(if: isBuilt, "build the TrellisTerminalProbe target first"))
    func aTrellisTrapInAFullScreenAppPrintsItsMessageOnTheMainScreen() throws {
      let probe = try ProbeProcess(["trap"], rows: 10)
      let ending = probe.wait()
      #expect(probe.read(until: "Fatal error: Trellis: No object of type ProbeModel"))
      let outcome = probe.outcome(ending)
      #expect([.signaled(SIGILL), .signaled(SIGTRAP)].contains(outcome.ending))
      expectRestored(outcome)
      // The restore comes first, then the kept diagnostic and the trap's message: both after
      // the alternate screen is left, so both stay on the screen.
      let text = String(decoding: probe.output, as: UTF8.self)
      let restore = try #require(text.range(of: "\u{1B}[?1049l"))
      let messages = text[restore.upperBound...]
      #expect(messages.components(separatedBy: "No object of type ProbeModel").count == 3)
      #expect(messages.contains("Fatal error: Trellis: No object of type ProbeModel"))
    }

    @Test(.enabled(if: isBuilt, "build the TrellisTerminalProbe target first"))
    func anInlineCrashLeavesTheFrameAndTheCursorBelowIt() throws {
      // Tall enough that the runtime's error message and stack trace, printed below the frame
      // before the trap, do not scroll it away.
      let outcome = try run(["crash", "--inline"], rows: 60)
      #expect([.signaled(SIGILL), .signaled(SIGTRAP)].contains(outcome.ending))
      expectRestored(outcome)
      let rows = outcome.screen.lines
      let frameRow = try #require(rows.firstIndex(of: "probe: crash"))
      #expect(rows[frameRow + 1] == "second row")
      #expect(outcome.screen.cursorRow >= frameRow + 2)
      #expect(outcome.screen.cell(column: 0, row: frameRow).style.foreground == .green)
    }

    @Test(.enabled(if: isBuilt, "build the TrellisTerminalProbe target first"))
    func anExecutableGetsKeyBatchesAndResizesOnTheMainThread() throws {
      let probe = try ProbeProcess(["keys", "--inline"], rows: 12)
      #expect(probe.read(until: "probe: keys"))
      probe.terminal.resize(columns: 20, rows: 10)
      kill(probe.pid, SIGWINCH)
      #expect(probe.read(until: "resize 20×10"))
      probe.terminal.type(Array("x\u{1B}[B\u{3}".utf8))
      let outcome = expectRestoredAfterExit(of: probe)
      let rows = outcome.screen.lines
      let resize = try #require(rows.firstIndex(of: "resize 20×10"))
      #expect(
        Array(rows[resize...].prefix(4))
          == ["resize 20×10", "x downArrow ctrl+c", "probe: keys", "second row"])
    }

    @Test(.enabled(if: isBuilt, "build the TrellisTerminalProbe target first"))
    func controlCAgainEndsAnAppWhoseMainActorIsStuckAndRestoresTheTerminal() throws {
      let probe = try ProbeProcess(["stuck", "--inline"], rows: 12)
      #expect(probe.read(until: "probe: stuck"))
      probe.terminal.type(Array("b".utf8))
      #expect(probe.read(until: "blocked"))
      probe.terminal.type([3])
      // A second Control-C ends the process only once the first has waited a second for the
      // main actor: pressed again every quarter of a second until it does, for up to ten.
      var ended = false
      for _ in 0..<40 where !ended {
        probe.terminal.type([3])
        ended = probe.read(until: "ending the process", attempts: 5)
      }
      #expect(ended)
      // Not left running when the reader failed to end it.
      if !ended { kill(probe.pid, SIGKILL) }
      let ending = probe.wait()
      probe.read(until: "\u{1B}[?25h")
      let outcome = probe.outcome(ending)
      #expect(outcome.ending == .signaled(SIGINT))
      expectRestored(outcome)
      let text = String(decoding: probe.output, as: UTF8.self)
      #expect(text.contains("Control-C was pressed again while the app's main actor had not"))
    }

    /// Runs the probe with its standard input at its end and its standard output a pipe, as
    /// in CI or `app > file`, and returns what it wrote and how it ended.
    func runPiped(
      _ arguments: [String], environment: [String: String] = [:]
    ) throws -> (text: String, process: Process) {
      let process = Process()
      process.executableURL = Self.probe
      process.arguments = arguments
      process.environment = environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
      process.standardInput = FileHandle.nullDevice
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      // A deadline, not a timing check: an app that never ends is stopped after about ten
      // seconds, and the caller's expectations fail instead of the run hanging.
      for _ in 0..<200 where process.isRunning { usleep(50_000) }
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      return (text, process)
    }

    @Test(.enabled(if: isBuilt, "build the TrellisTerminalProbe target first"))
    func aFullScreenAppWhoseOutputIsNotATerminalWritesItsLastFrameAndEndsWithItsInput() throws {
      let (text, process) = try runPiped(["app"])
      #expect(process.terminationReason == .exit)
      #expect(process.terminationStatus == 0)
      #expect(text == "probe: app\n")
    }

    @Test(.enabled(if: isBuilt, "build the TrellisTerminalProbe target first"))
    func anAppWhoseOutputIsNotATerminalWritesItsWholeLastFrameAtTheWidthColumnsSays() throws {
      let (text, process) = try runPiped(["tall"], environment: ["COLUMNS": "30", "LINES": "10"])
      #expect(process.terminationReason == .exit)
      #expect(process.terminationStatus == 0)
      // Every row, not the first `LINES - 1`; the long line wrapped at 30 columns.
      #expect(
        text.split(separator: "\n", omittingEmptySubsequences: false)
          == (0..<40).map { "row \($0)"[...] } + [
            String(repeating: "x", count: 30)[...], String(repeating: "x", count: 15)[...], "",
          ])
    }
  }

  /// The probe, started as a shell starts a program: a pseudo-terminal as its standard streams,
  /// no blocked signals, default dispositions.
  final class ProbeProcess {
    let terminal: PseudoTerminal
    let pid: pid_t
    let rows: Int
    let attributesBefore: termios
    private(set) var output: [UInt8] = []

    init(_ arguments: [String], rows: Int) throws {
      terminal = try #require(PseudoTerminal(columns: 20, rows: rows))
      self.rows = rows
      attributesBefore = terminal.attributes
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      for target in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
        posix_spawn_file_actions_adddup2(&actions, terminal.slave, target)
      }
      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      var noSignals = sigset_t()
      sigemptyset(&noSignals)
      var allSignals = sigset_t()
      sigfillset(&allSignals)
      posix_spawnattr_setsigmask(&attributes, &noSignals)
      posix_spawnattr_setsigdefault(&attributes, &allSignals)
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
      // The Swift backtracer would wait for a key on a terminal after a crash.
      let strings = [TerminalRestoreTests.probe.path] + arguments
      var argv = strings.map { strdup($0) } + [nil]
      var envp = [strdup("SWIFT_BACKTRACE=enable=no")] + [nil]
      defer { for pointer in argv + envp { free(pointer) } }
      var pid: pid_t = 0
      let spawned = posix_spawn(
        &pid, TerminalRestoreTests.probe.path, &actions, &attributes, &argv, &envp)
      try #require(spawned == 0)
      self.pid = pid
    }

    /// Waits for the probe to end.
    func wait() -> TerminalRestoreTests.Ending {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      // WIFSIGNALED and WTERMSIG are macros Swift does not import.
      let signal = status & 0x7F
      return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }

    /// Reads the probe's output until it contains `marker`. The pseudo-terminal hands writes
    /// to the master side asynchronously, so this waits for data as it arrives, and gives up
    /// (returning false, for the assertions to fail) after `attempts` waits of 50 ms without
    /// it: about ten seconds by default.
    @discardableResult
    func read(until marker: String, attempts: Int = 200) -> Bool {
      let marker = Array(marker.utf8)
      for _ in 0..<attempts {
        output += terminal.readOutput()
        if output.count >= marker.count,
          (0...(output.count - marker.count)).contains(where: {
            output[$0..<($0 + marker.count)].elementsEqual(marker)
          })
        {
          output += terminal.readOutput()
          return true
        }
        var descriptor = pollfd(fd: terminal.master, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, 50)
      }
      return false
    }

    /// The screen the output so far draws, and the terminal's attributes now.
    func outcome(_ ending: TerminalRestoreTests.Ending) -> TerminalRestoreTests.Outcome {
      let screen = InMemoryScreen(width: 20, height: rows)
      screen.write(output)
      return TerminalRestoreTests.Outcome(
        screen: screen, ending: ending, attributesBefore: attributesBefore,
        attributesAfter: terminal.attributes)
    }
  }
#endif
