#if os(Linux)
  import Glibc
  import Testing
  import TrellisTerminal
  import TrellisViews

  /// A session on a pseudo-terminal in this process. One session at a time, so serialized.
  @Suite("Terminal session", .serialized)
  @MainActor
  struct TerminalSessionTests {
    func key(_ key: TerminalKey, _ modifiers: TerminalKeyModifiers = []) -> TerminalEvent {
      .key(TerminalKeyPress(key, modifiers: modifiers))
    }

    @Test func startPutsTheInputInRawModeAndStopPutsItBack() throws {
      let terminal = try #require(PseudoTerminal())
      let before = terminal.attributes
      #expect(before.c_lflag & tcflag_t(ICANON | ECHO) != 0)
      let session = try TerminalSession(
        preferredMode: .fullScreen, input: terminal.slave, output: terminal.slave)
      let raw = terminal.attributes
      #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG | IEXTEN) == 0)
      #expect(raw.c_iflag & tcflag_t(ICRNL | IXON) == 0)
      #expect(raw.c_oflag == before.c_oflag)
      session.stop()
      let after = terminal.attributes
      #expect(after.c_lflag == before.c_lflag)
      #expect(after.c_iflag == before.c_iflag)
      #expect(after.c_oflag == before.c_oflag)
    }

    @Test func framesReachTheTerminalAndStopLeavesTheAlternateScreen() throws {
      let terminal = try #require(PseudoTerminal(columns: 12, rows: 3))
      let screen = InMemoryScreen(width: 12, height: 3)
      screen.write("$ app\r\n")
      let session = try TerminalSession(
        preferredMode: .fullScreen, input: terminal.slave, output: terminal.slave)
      #expect(session.mode == .fullScreen)
      #expect(session.size == LayoutSize(width: 12, height: 3))
      let root = TerminalLayoutNode(
        .vStack(alignment: .leading),
        children: [TerminalLayoutNode(.text("Notes")), TerminalLayoutNode(.divider)])
      session.draw(TerminalLayout.render(root, size: session.size!).grid)
      screen.write(terminal.readOutput())
      #expect(screen.isAlternateScreenActive)
      #expect(screen.lines == ["Notes", "────────────", ""])
      session.stop()
      screen.write(terminal.readOutput())
      #expect(!screen.isAlternateScreenActive)
      #expect(screen.isCursorVisible)
      #expect(screen.lines == ["$ app", "", ""])
    }

    @Test func keysTypedAtTheTerminalArriveAsOneBatchPerRead() async throws {
      let terminal = try #require(PseudoTerminal())
      let session = try TerminalSession(input: terminal.slave, output: terminal.slave)
      defer { session.stop() }
      var events = session.events.makeAsyncIterator()
      terminal.type(Array("ab\u{1B}[A\u{3}".utf8))
      #expect(
        await events.next() == [
          key(.character("a")), key(.character("b")), key(.upArrow), key(.character("c"), .control),
        ])
      terminal.type(Array("\u{1B}[200~pasted\r\u{1B}[201~".utf8))
      #expect(await events.next() == [.paste("pasted\n")])
    }

    /// Found by a new user: started with standard input closed, the process's descriptor 0
    /// was the runtime's `epoll` instance, and the app waited on it, deaf to every key. An
    /// input with no file type ends the input at once (the app then ends, as at end of input).
    @Test func anInputThatIsNoFileEndsTheInputAtOnce() async throws {
      let terminal = try #require(PseudoTerminal())
      // A descriptor with no file type that never becomes readable, as Dispatch's idle
      // `epoll` instance is: an inotify instance watching nothing.
      let notAFile = inotify_init1(0)
      try #require(notAFile >= 0)
      defer { close(notAFile) }
      let session = try TerminalSession(input: notAFile, output: terminal.slave)
      defer { session.stop() }
      var events = session.events.makeAsyncIterator()
      #expect(await events.next() == nil)
    }

    @Test func aWindowChangeDeliversTheNewSize() async throws {
      let terminal = try #require(PseudoTerminal(columns: 20, rows: 5))
      let session = try TerminalSession(input: terminal.slave, output: terminal.slave)
      defer { session.stop() }
      var events = session.events.makeAsyncIterator()
      terminal.resize(columns: 33, rows: 7)
      // The kernel signals the terminal's foreground process group, which this test process
      // is not in; send the signal it would have sent (to the process: this thread may block
      // signals, as the test runner's threads do).
      kill(getpid(), SIGWINCH)
      #expect(await events.next() == [.resize(LayoutSize(width: 33, height: 7))])
      #expect(session.size == LayoutSize(width: 33, height: 7))
    }

    @Test func bytesThatAreNoKeyArriveAsUnrecognizedAndInputGoesOn() async throws {
      let terminal = try #require(PseudoTerminal())
      let session = try TerminalSession(input: terminal.slave, output: terminal.slave)
      defer { session.stop() }
      var events = session.events.makeAsyncIterator()
      terminal.type([0xFF, 0x1B, 0x5B, 0x39, 0x39, 0x7E, 0x71])
      #expect(
        await events.next() == [
          .unrecognized([0xFF]), .unrecognized(Array("\u{1B}[99~".utf8)), key(.character("q")),
        ])
    }

    @Test func withoutATerminalFramesArePlainTextAndTheInputIsNotTouched() async throws {
      var output: [Int32] = [-1, -1]
      var input: [Int32] = [-1, -1]
      #expect(pipe(&output) == 0 && pipe(&input) == 0)
      defer { for descriptor in output + input { close(descriptor) } }
      let session = try TerminalSession(
        preferredMode: .fullScreen, input: input[0], output: output[1])
      #expect(session.mode == .plainText)
      #expect(session.size == nil)
      session.draw(
        grid(["plain", "text"], width: 10, height: 2, style: CellStyle(attributes: .bold)))
      session.stop()
      var buffer = [UInt8](repeating: 0, count: 256)
      let count = read(output[0], &buffer, buffer.count)
      #expect(String(decoding: buffer[0..<max(0, count)], as: UTF8.self) == "plain\ntext\n")
    }

    @Test func keysAreReadRawFromATerminalAlsoWhenTheOutputIsAFile() async throws {
      let terminal = try #require(PseudoTerminal())
      let before = terminal.attributes
      var output: [Int32] = [-1, -1]
      #expect(pipe(&output) == 0)
      defer { for descriptor in output { close(descriptor) } }
      let session = try TerminalSession(input: terminal.slave, output: output[1])
      #expect(session.mode == .plainText)
      // Raw: Control-C is a key for the app (which ends with its final frame), not a signal.
      #expect(terminal.attributes.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
      var events = session.events.makeAsyncIterator()
      terminal.type([3])
      #expect(await events.next() == [key(.character("c"), .control)])
      session.stop()
      #expect(terminal.attributes.c_lflag == before.c_lflag)
      // Nothing but frames goes to the file: no escape sequence to restore a screen.
      var buffer = [UInt8](repeating: 0, count: 64)
      _ = fcntl(output[0], F_SETFL, O_NONBLOCK)
      #expect(read(output[0], &buffer, buffer.count) <= 0)
    }

    @Test func aClosedInputEndsTheEvents() async throws {
      let terminal = try #require(PseudoTerminal())
      var input: [Int32] = [-1, -1]
      #expect(pipe(&input) == 0)
      defer { close(input[0]) }
      let session = try TerminalSession(input: input[0], output: terminal.slave)
      defer { session.stop() }
      write(input[1], "x\u{1B}[1;", 5)
      close(input[1])
      var received: [TerminalEvent] = []
      for await batch in session.events { received += batch }
      #expect(received == [key(.character("x")), .unrecognized(Array("\u{1B}[1;".utf8))])
    }

    @Test(.timeLimit(.minutes(1)))
    func aPasteWhoseEndNeverComesIsDeliveredWhenTheInputPauses() async throws {
      let terminal = try #require(PseudoTerminal())
      let session = try TerminalSession(input: terminal.slave, output: terminal.slave)
      defer { session.stop() }
      var events = session.events.makeAsyncIterator()
      terminal.type(Array("\u{1B}[200~pasted".utf8))
      // Nothing follows: after the reader's pause the paste arrives as it is.
      #expect(await events.next() == [.paste("pasted")])
      terminal.type(Array("q".utf8))
      #expect(await events.next() == [key(.character("q"))])
    }

    @Test(.timeLimit(.minutes(1)))
    func anEscapeWithNothingAfterItIsTheEscapeKeyWhenTheInputPauses() async throws {
      let terminal = try #require(PseudoTerminal())
      let session = try TerminalSession(input: terminal.slave, output: terminal.slave)
      defer { session.stop() }
      var events = session.events.makeAsyncIterator()
      // The reader holds the ESC back in case the rest of a sequence follows in another read;
      // after its short pause, it is the Escape key.
      terminal.type([0x1B])
      #expect(await events.next() == [key(.escape)])
      terminal.type(Array("\u{1B}[Aq".utf8))
      #expect(await events.next() == [key(.upArrow), key(.character("q"))])
    }

    @Test func stopEndsTheEventsAndCanBeCalledAgain() async throws {
      let terminal = try #require(PseudoTerminal())
      let session = try TerminalSession(input: terminal.slave, output: terminal.slave)
      session.stop()
      session.stop()
      var batches = 0
      for await _ in session.events { batches += 1 }
      #expect(batches == 0)
      #expect(!session.isActive)
      #expect(session.draw(grid(["late"], width: 4, height: 1)) == 0)
    }

    @Test func onlyOneSessionRunsAtATime() throws {
      let terminal = try #require(PseudoTerminal())
      let session = try TerminalSession(input: terminal.slave, output: terminal.slave)
      #expect(throws: TerminalSession.StartError.anotherSessionIsActive) {
        try TerminalSession(input: terminal.slave, output: terminal.slave)
      }
      session.stop()
      let next = try TerminalSession(input: terminal.slave, output: terminal.slave)
      next.stop()
    }

    @Test func aSessionDroppedWithoutStopPutsTheTerminalBack() throws {
      let terminal = try #require(PseudoTerminal())
      let before = terminal.attributes
      do {
        _ = try TerminalSession(input: terminal.slave, output: terminal.slave)
      }
      #expect(terminal.attributes.c_lflag == before.c_lflag)
      let next = try TerminalSession(input: terminal.slave, output: terminal.slave)
      next.stop()
    }

    @Test func anAppGivenATerminalPathDrawsThereAndReadsItsKeys() async throws {
      // As `choice=$(picker)` with `terminalPath: "/dev/tty"`: standard output stays free.
      let terminal = try #require(PseudoTerminal(columns: 12, rows: 3))
      let before = terminal.attributes
      let app = TerminalApp(options: TerminalApp.Options(terminalPath: terminal.slavePath)) {
        Text("pick me")
      }
      let ended = Ended()
      let running = Task {
        defer { ended.value = true }
        try await app.run()
      }
      // Control-C once the app has taken the terminal (before, the terminal's line discipline
      // would turn it into a signal for nobody).
      while app.host == nil && !ended.value { await Task.yield() }
      terminal.type([0x03])
      try await running.value
      #expect(app.ending == .interrupt)
      #expect(terminal.attributes.c_lflag == before.c_lflag)
      var output: [UInt8] = []
      for _ in 0..<200 where !String(decoding: output, as: UTF8.self).contains("\u{1B}[?1049l") {
        output += terminal.readOutput()
        var descriptor = pollfd(fd: terminal.master, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, 50)
      }
      // The frame, on the alternate screen, before the app left it.
      let text = String(decoding: output, as: UTF8.self)
      let leave = try #require(text.range(of: "\u{1B}[?1049l"))
      let screen = InMemoryScreen(width: 12, height: 3)
      screen.write(String(text[..<leave.lowerBound]))
      #expect(screen.isAlternateScreenActive)
      #expect(screen.lines == ["pick me", "", ""])
    }

    /// Whether a task has ended.
    final class Ended {
      var value = false
    }

    @Test func anAppGivenATerminalPathThatCannotBeOpenedThrowsNamingIt() async {
      let app = TerminalApp(options: TerminalApp.Options(terminalPath: "/nonexistent/tty")) {
        Text("never")
      }
      await #expect(
        throws: TerminalSession.StartError.terminalUnavailable(
          path: "/nonexistent/tty", errno: ENOENT)
      ) {
        try await app.run()
      }
      #expect(
        TerminalSession.StartError.terminalUnavailable(path: "/nonexistent/tty", errno: ENOENT)
          .description
          == "TerminalApp: could not open the terminal /nonexistent/tty (No such file or directory)"
      )
      #expect(app.host == nil)
    }
  }
#endif
