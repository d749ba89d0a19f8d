import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal's C interface, and the one place in TrellisTerminal with unsafe code: termios,
/// `ioctl`, `isatty`, the descriptor calls of the writer and the input reader (`write`, `read`,
/// `pipe`, `poll`), and the signal and exit handlers that put the terminal back.
///
/// **Why unsafe.** A signal handler may run between any two instructions of the app, on any
/// thread, so it can only call async-signal-safe functions (`write`, `tcsetattr`, `sigaction`,
/// `raise`) and must not allocate, take a lock, or retain and release. So what it needs lives in
/// memory that is allocated once and never freed, reached through immutable static pointers,
/// and published with an atomic flag.
///
/// **Invariants** (checked by the tests in `TerminalRestoreTests`, also under AddressSanitizer):
/// 1. `record`, `restoreBytes` and `previousActions` are allocated on first use and never freed
///    or moved; the handlers only dereference them.
/// 2. The record and the restore bytes are written only while `armed` is false, by `arm` and
///    `disarm`, which the main actor calls (`TerminalSession` is main-actor isolated). `arm`
///    publishes them with a releasing store; a handler reads them only after winning an
///    acquiring `armed.exchange(false)`, so each restore happens at most once and sees
///    complete data. A signal that arrives while the record is being rewritten finds `armed`
///    false and restores nothing (the window is a few stores long).
/// 3. Handlers are installed once per process and stay installed. Each one, after restoring,
///    reinstalls the disposition that was there before it (the default, or Swift's crash
///    handler) and raises the signal again, so the process still stops, dumps or prints its
///    backtrace as it would have.
/// 4. The SIGWINCH handler only writes one byte to `windowChanges`, a non-blocking pipe created
///    before the handler is installed and never closed, so it can never write to a descriptor
///    that was closed and reused. Input readers drain it.
enum TerminalDevice {
  /// The signals after which the terminal is restored: the ones that end the process by
  /// default, and the ones a crash in the app's code raises (a Swift runtime trap is SIGILL on
  /// x86_64 and SIGTRAP on arm64). SIGPIPE is one: a tool whose output is piped to a reader
  /// that quits early (`| head -1`) is ended by it at its next write, and left the terminal
  /// in raw mode (found by a new user). A signal the process ignores when the handlers are
  /// installed (SIGPIPE in a server, SIGHUP under `nohup`) ends nothing, so it is left
  /// ignored: a handler would restore the terminal under a running app.
  static let restoringSignals: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP,
  ]

  /// The most restore bytes kept; longer sequences are cut (they are about 30 bytes).
  static let restoreCapacity = 256

  /// What a handler needs to put the terminal back.
  struct RestoreRecord {
    var outputDescriptor: Int32 = -1
    var inputDescriptor: Int32 = -1
    var hasAttributes = false
    var attributes = termios()
    var byteCount = 0
  }

  nonisolated(unsafe) private static let record: UnsafeMutablePointer<RestoreRecord> = {
    let pointer = UnsafeMutablePointer<RestoreRecord>.allocate(capacity: 1)
    pointer.initialize(to: RestoreRecord())
    return pointer
  }()
  nonisolated(unsafe) private static let restoreBytes = UnsafeMutablePointer<UInt8>.allocate(
    capacity: restoreCapacity)
  /// The disposition of each signal before ours, indexed by signal number.
  nonisolated(unsafe) private static let previousActions: UnsafeMutablePointer<sigaction> = {
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    pointer.initialize(repeating: sigaction(), count: 65)
    return pointer
  }()
  private static let armed = Atomic<Bool>(false)
  /// The SIGWINCH handler writes a byte here for each window change; `(-1, -1)` when the pipe
  /// could not be made (then resizes are not reported).
  static let windowChanges: (read: Int32, write: Int32) = makePipe() ?? (-1, -1)
  private static let installed = Mutex(false)

  // MARK: Queries

  /// Whether `descriptor` is a terminal (`isatty`).
  static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// Whether `descriptor` is open on something input can come from: a terminal, a pipe, a
  /// socket, a file or a device. A standard input the process was started without is not:
  /// closed, or its number reused by a descriptor the runtime opened for itself (Dispatch's
  /// `epoll` instance, an inode with no file type), which never becomes readable.
  static func isInputSource(_ descriptor: Int32) -> Bool {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return false }
    return status.st_mode & S_IFMT != 0
  }

  /// The window size of the terminal `descriptor` refers to (`TIOCGWINSZ`), or nil when it is
  /// not a terminal or reports no size.
  static func size(of descriptor: Int32) -> LayoutSize? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return nil }
    return LayoutSize(width: Int(size.ws_col), height: Int(size.ws_row))
  }

  /// The terminal attributes of `descriptor`, or nil when it is not a terminal.
  static func attributes(of descriptor: Int32) -> termios? {
    var attributes = termios()
    return tcgetattr(descriptor, &attributes) == 0 ? attributes : nil
  }

  /// Sets the terminal attributes of `descriptor`, after the output written so far is sent.
  /// - Returns: whether it worked.
  @discardableResult
  static func setAttributes(_ attributes: termios, of descriptor: Int32) -> Bool {
    var attributes = attributes
    while tcsetattr(descriptor, TCSADRAIN, &attributes) != 0 {
      if errno != EINTR { return false }
    }
    return true
  }

  /// `original` in raw mode: no echo, no line editing, no signals from keys (Control-C is a
  /// key), no flow control and no CR translation on input, reads return after one byte. Output
  /// processing stays on, so a stray `print` still starts its lines at the left edge.
  static func rawAttributes(from original: termios) -> termios {
    var raw = original
    cfmakeraw(&raw)
    raw.c_oflag = original.c_oflag
    withUnsafeMutableBytes(of: &raw.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    return raw
  }

  /// `original` with echo off and the suspend key disabled, everything else kept: line
  /// editing, Control-C's signal, CR translation. Typed text is neither drawn nor read; it
  /// waits in the terminal's input queue for whoever reads next. Control-Z would stop the
  /// process with the cursor hidden and echo off, and `fg` would draw over the shell's lines.
  static func silentAttributes(from original: termios) -> termios {
    var silent = original
    silent.c_lflag &= ~tcflag_t(ECHO | ECHONL)
    withUnsafeMutableBytes(of: &silent.c_cc) { characters in
      // `_POSIX_VDISABLE`, which Swift does not import: 0 on Linux, 0xFF on Darwin.
      #if canImport(Glibc)
        characters[Int(VSUSP)] = 0
      #else
        characters[Int(VSUSP)] = 0xFF
      #endif
    }
    return silent
  }

  // MARK: Descriptors

  /// Writes all of `bytes` to `descriptor`, retrying partial writes and `EINTR`. Other errors
  /// (a closed pipe) drop the rest: a renderer must not crash because its reader went away.
  static func write(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(descriptor, base + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
  }

  /// A pipe whose ends do not block and are closed on `exec`, or nil when out of descriptors.
  static func makePipe() -> (read: Int32, write: Int32)? {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { return nil }
    for descriptor in descriptors {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
    return (descriptors[0], descriptors[1])
  }

  /// Closes a descriptor.
  static func close(_ descriptor: Int32) { _ = systemClose(descriptor) }

  /// Opens the terminal at `path` for reading and writing (closed on `exec`; it does not become
  /// the controlling terminal).
  /// - Throws: `terminalUnavailable`, naming the path and `errno`, when it cannot be opened.
  static func open(_ path: String) throws(TerminalSession.StartError) -> Int32 {
    let descriptor = systemOpen(path, O_RDWR | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else { throw .terminalUnavailable(path: path, errno: errno) }
    return descriptor
  }

  /// Waits until one of `descriptors` (-1 entries are ignored) can be read or has ended;
  /// returns which, in order (all false when `milliseconds` passed first; -1 waits for ever),
  /// or nil when waiting failed. Retries `EINTR`.
  static func waitForInput(_ descriptors: [Int32], timeout milliseconds: Int32 = -1) -> [Bool]? {
    var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    while poll(&polled, nfds_t(polled.count), milliseconds) < 0 {
      if errno != EINTR { return nil }
    }
    return polled.map { $0.revents != 0 }
  }

  /// What one `read` gave.
  enum ReadResult: Equatable {
    /// This many bytes, at the start of the buffer.
    case bytes(Int)
    /// Nothing now (a non-blocking descriptor, or an interruption).
    case nothing
    /// The end of the input, or an error that ends it.
    case end
  }

  /// Reads what `descriptor` has, up to the buffer's size.
  static func read(_ descriptor: Int32, into buffer: inout [UInt8]) -> ReadResult {
    let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
    if count > 0 { return .bytes(count) }
    if count < 0 && (errno == EINTR || errno == EAGAIN) { return .nothing }
    return .end
  }

  // MARK: Restoring

  /// Makes the exit and signal handlers restore the terminal: write `bytes` to `output` and,
  /// when given, set `attributes` on `input`. Installs the handlers on first use.
  @MainActor
  static func arm(output: Int32, input: Int32, attributes: termios?, bytes: [UInt8]) {
    installHandlers()
    armed.store(false, ordering: .sequentiallyConsistent)
    let count = min(bytes.count, restoreCapacity)
    bytes.withUnsafeBufferPointer { buffer in
      if let base = buffer.baseAddress { restoreBytes.update(from: base, count: count) }
    }
    record.pointee.outputDescriptor = output
    record.pointee.inputDescriptor = input
    record.pointee.hasAttributes = attributes != nil
    record.pointee.attributes = attributes ?? termios()
    record.pointee.byteCount = count
    armed.store(true, ordering: .releasing)
  }

  /// Stops the handlers from restoring (the session restored the terminal itself).
  @MainActor
  static func disarm() {
    armed.store(false, ordering: .sequentiallyConsistent)
  }

  /// Whether a restore is armed.
  static var isArmed: Bool { armed.load(ordering: .acquiring) }

  /// Restores the terminal if armed, at most once. Async-signal-safe; also called, on the main
  /// actor, just before Trellis stops the program (`TrellisDiagnostics.beforeTrap`).
  static func restoreIfArmed() {
    guard armed.exchange(false, ordering: .acquiringAndReleasing) else { return }
    let record = self.record.pointee
    var offset = 0
    var attempts = 0
    while offset < record.byteCount, attempts < 16 {
      let written = systemWrite(
        record.outputDescriptor, restoreBytes + offset, record.byteCount - offset)
      if written > 0 { offset += written }
      attempts += 1
    }
    if record.hasAttributes {
      var attributes = record.attributes
      _ = tcsetattr(record.inputDescriptor, TCSANOW, &attributes)
    }
  }

  /// The handler of every restoring signal.
  fileprivate static func handleRestoringSignal(_ signal: Int32) {
    restoreIfArmed()
    // Back to what was there before us, then raise again: the signal is blocked while this
    // handler runs, so it is delivered to that disposition as soon as the handler returns.
    _ = sigaction(signal, previousActions + Int(signal), nil)
    _ = raise(signal)
  }

  /// The SIGWINCH handler: wake the input reader, which reads the new size.
  fileprivate static func handleWindowChange(_ signal: Int32) {
    guard windowChanges.write >= 0 else { return }
    var byte = UInt8(ascii: "W")
    _ = systemWrite(windowChanges.write, &byte, 1)
  }

  private static func installHandlers() {
    installed.withLock { installed in
      guard !installed else { return }
      installed = true
      // Initialize every static a handler touches now, so that no handler ever runs a lazy
      // global initializer.
      _ = (record, restoreBytes, previousActions)
      _ = armed.load(ordering: .relaxed)
      _ = windowChanges
      for signal in restoringSignals where !isIgnored(signal) {
        install(restoringSignalHandler, for: signal, saving: previousActions + Int(signal))
      }
      install(windowChangeHandler, for: SIGWINCH, saving: nil)
      atexit(exitHandler)
    }
  }

  /// Whether the process ignores `signal` now (`SIG_IGN`).
  private static func isIgnored(_ signal: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(signal, nil, &current) == 0 else { return false }
    #if canImport(Glibc)
      let handler = current.__sigaction_handler.sa_handler
    #else
      let handler = current.__sigaction_u.__sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  private static func install(
    _ handler: @convention(c) (Int32) -> Void, for signal: Int32,
    saving previous: UnsafeMutablePointer<sigaction>?
  ) {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    // SA_RESTART: a read or write the signal interrupts is resumed instead of failing.
    action.sa_flags = Int32(SA_RESTART)
    _ = sigaction(signal, &action, previous)
  }
}

/// `write(2)`, `read(2)` and `close(2)`, named apart from `TerminalDevice`'s own methods.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }

private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }

private let restoringSignalHandler: @convention(c) (Int32) -> Void = { signal in
  TerminalDevice.handleRestoringSignal(signal)
}

private let windowChangeHandler: @convention(c) (Int32) -> Void = { signal in
  TerminalDevice.handleWindowChange(signal)
}

private let exitHandler: @convention(c) () -> Void = {
  TerminalDevice.restoreIfArmed()
}
