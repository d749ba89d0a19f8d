import TrellisGraph

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A terminal app's hold on the terminal, from `start` to `stop`: raw mode, the output mode,
/// the frame writer, the input events, and the promise to put everything back.
///
/// `start` decides the mode with `isatty`: the preferred mode when standard output is a
/// terminal, plain text otherwise. On a terminal it puts the input in raw mode (when the input
/// is a terminal too), enters the mode (the alternate screen for full screen, a hidden cursor,
/// bracketed paste), and arms the restore: the terminal is put back by `stop()`, at `exit`, and
/// when a signal ends the process, SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGPIPE (a reader of
/// the output that quit), or the SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE and SIGABRT of a crash
/// in the app's code (see `TerminalDevice`); a signal the process ignores is left ignored.
/// Suspending with SIGTSTP is not handled: raw mode makes Control-Z a key.
///
/// Without `readsInput`, or with an input that is no terminal (`cat urls | tool`), nothing is
/// put in raw mode, but echo is turned off on the terminal the frames are drawn on: what the
/// user types ahead is not drawn into the frame, and stays queued, with its line editing, for
/// the program that reads the terminal next (the shell runs a command typed during a
/// download, as after `cargo build`). Control-C then interrupts the process (SIGINT), which
/// restores the terminal and ends it; Control-Z does not suspend it (it is typed ahead), as
/// in raw mode, since a suspended app would leave the terminal as it drew it.
///
/// Input arrives on `events` in batches (everything that arrived since the last batch was
/// taken), with `.resize` events when the window changes. Apply a batch's events in one
/// main-actor turn, then draw once.
///
/// One session at a time per process: the restore handlers are global.
@MainActor
public final class TerminalSession {
  /// Why a session could not start.
  public enum StartError: Error, Equatable, CustomStringConvertible {
    /// Another session is active; stop it first.
    case anotherSessionIsActive
    /// The input is a terminal but raw mode could not be set (`tcsetattr` failed).
    case rawModeFailed(errno: Int32)
    /// The input reader's stop pipe could not be created (out of descriptors).
    case inputReaderUnavailable(errno: Int32)
    /// The terminal at `path` (`TerminalApp.Options.terminalPath`) could not be opened.
    case terminalUnavailable(path: String, errno: Int32)

    /// A sentence a user can act on.
    public var description: String {
      switch self {
      case .anotherSessionIsActive:
        "TerminalSession: another session is active; stop() it before starting a new one"
      case .rawModeFailed(let errno):
        "TerminalSession: could not put the terminal in raw mode (errno \(errno))"
      case .inputReaderUnavailable(let errno):
        "TerminalSession: could not create the input reader's stop pipe (errno \(errno))"
      case .terminalUnavailable(let path, let errno):
        "TerminalApp: could not open the terminal \(path) (\(String(cString: strerror(errno))))"
      }
    }
  }

  private static var active = false

  /// The mode frames are written in: the preferred one, or `.plainText` when the output is
  /// not a terminal.
  public let mode: TerminalOutputMode
  /// The writer that draws frames; its byte counts are per frame.
  public let writer: TerminalFrameWriter
  /// Input and resize events in batches (see `TerminalEventStream`), until the input ends or
  /// the session stops. Iterate it on the main actor.
  public let events: TerminalEventStream
  /// The descriptor read for keys.
  public let inputDescriptor: Int32
  /// The descriptor frames are written to.
  public let outputDescriptor: Int32
  /// Whether the session is running (`stop()` was not called yet).
  public private(set) var isActive = true

  private let originalAttributes: termios?
  /// The terminal whose attributes the session changed: the input's (raw) or the output's
  /// (echo off).
  private let attributesDescriptor: Int32
  private let reader: TerminalInputReader

  /// Takes the terminal.
  ///
  /// - Parameters:
  ///   - preferredMode: `.fullScreen` or `.inline`, used when the output is a terminal.
  ///   - input: the descriptor to read keys from, standard input by default.
  ///   - output: the descriptor to draw on, standard output by default.
  ///   - readsInput: whether to read keys at all; without, `events` has only resizes, and
  ///     typed keys wait, unechoed, for the next program (see above).
  ///   - enablesBracketedPaste: whether pastes arrive as one `.paste` event.
  /// - Throws: `StartError` when a session is already active or the terminal refuses raw mode.
  public init(
    preferredMode: TerminalOutputMode = .fullScreen, input: Int32 = STDIN_FILENO,
    output: Int32 = STDOUT_FILENO, readsInput: Bool = true, enablesBracketedPaste: Bool = true
  ) throws(StartError) {
    guard !Self.active else { throw .anotherSessionIsActive }
    let outputIsTerminal = TerminalDevice.isTerminal(output)
    mode = TerminalOutputMode.automatic(preferredMode, isTerminal: outputIsTerminal)
    inputDescriptor = input
    outputDescriptor = output
    writer = TerminalFrameWriter(
      mode: mode, output: FileDescriptorOutput(fileDescriptor: output),
      enablesBracketedPaste: enablesBracketedPaste && readsInput)

    guard
      let reader = TerminalInputReader(
        inputDescriptor: readsInput ? input : -1, sizeDescriptor: output)
    else { throw .inputReaderUnavailable(errno: errno) }
    self.reader = reader

    // Arm the restore before changing anything, so that no signal can find the terminal
    // changed and not restorable.
    // Keys are read raw whenever the input is a terminal, also when the output is not (a frame
    // written to a file): Control-C is then the app's key, which ends it with its final frame,
    // and keys arrive as they are typed, not after Return, as in Ink.
    // Otherwise (no keys read, or read from a pipe: `cat urls | tool`), echo alone is turned
    // off, on the terminal the frames are drawn on, so that typing does not land in them.
    let readsTerminal = readsInput ? TerminalDevice.attributes(of: input) : nil
    let silenced = readsTerminal == nil && mode != .plainText
    let attributed = readsTerminal != nil ? input : output
    let attributes = readsTerminal ?? (silenced ? TerminalDevice.attributes(of: output) : nil)
    originalAttributes = attributes
    attributesDescriptor = attributed
    if mode != .plainText || attributes != nil {
      TerminalDevice.arm(
        output: output, input: attributed, attributes: attributes,
        bytes: mode == .plainText ? [] : writer.restoreSequence)
    }
    if let attributes {
      let changed =
        readsTerminal != nil
        ? TerminalDevice.rawAttributes(from: attributes)
        : TerminalDevice.silentAttributes(from: attributes)
      guard TerminalDevice.setAttributes(changed, of: attributed) else {
        let error = errno
        TerminalDevice.disarm()
        reader.discard()
        throw .rawModeFailed(errno: error)
      }
    }

    // A trap (a missing environment object, say) prints its message after this: on the main
    // screen, where the user sees it, rather than on the alternate screen the signal's
    // restore would throw away.
    TrellisDiagnostics.beforeTrap = { TerminalDevice.restoreIfArmed() }
    Self.active = true
    events = TerminalEventStream()
    writer.start()
    reader.start(events)
  }

  /// The terminal window: columns wide, rows high (`TIOCGWINSZ`), or nil when the output is not
  /// a terminal.
  public var size: LayoutSize? {
    TerminalDevice.size(of: outputDescriptor) ?? TerminalDevice.size(of: inputDescriptor)
  }

  /// Draws a frame (only what changed since the last one).
  /// - Parameter frame: the frame, as `TerminalLayout.render` made it.
  /// - Returns: the bytes written.
  @discardableResult
  public func draw(_ frame: CellGrid) -> Int {
    guard isActive else { return 0 }
    return writer.write(frame)
  }

  /// Prints lines above an inline frame (see `TerminalFrameWriter.writeStatic(_:)`).
  /// - Parameter lines: the lines.
  /// - Returns: the bytes written now.
  @discardableResult
  public func writeStatic(_ lines: [String]) -> Int {
    guard isActive else { return 0 }
    return writer.writeStatic(lines)
  }

  /// Gives the terminal back: the writer's exit sequence (main screen, cursor shown, and for
  /// inline mode the cursor below the last frame), the original terminal attributes, and the
  /// end of `events`. Calling it again does nothing.
  public func stop() {
    guard isActive else { return }
    isActive = false
    writer.stop()
    if let originalAttributes {
      TerminalDevice.setAttributes(originalAttributes, of: attributesDescriptor)
    }
    // Disarmed last: a signal before this restores once more, which changes nothing.
    TerminalDevice.disarm()
    TrellisDiagnostics.beforeTrap = nil
    reader.stop()
    events.finish()
    Self.active = false
  }

  /// A session dropped without `stop()` still gives the terminal back.
  isolated deinit {
    stop()
  }
}
