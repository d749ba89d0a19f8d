/// How frames reach the terminal.
public enum TerminalOutputMode: Hashable, Sendable {
  /// The alternate screen, cleared, with absolute cursor positioning: the app owns the whole
  /// window, and the user's scrollback comes back untouched when it stops.
  case fullScreen
  /// Below the prompt, updated in place with relative cursor moves; when the writer stops, the
  /// last frame stays on screen and the cursor goes below it, as Ink's `render` and `unmount`.
  case inline
  /// No escape codes: each frame written that differs from the previous one is written as
  /// plain lines. For output that is not a terminal (a pipe, a file, CI logs), where
  /// `TerminalApp` writes only its final frame, at its full height.
  case plainText

  /// `preferred` when the output is a terminal, `.plainText` otherwise.
  /// - Parameters:
  ///   - preferred: the mode to use on a terminal.
  ///   - isTerminal: whether the output is a terminal (`isatty`).
  /// - Returns: the mode to use.
  public static func automatic(_ preferred: TerminalOutputMode, isTerminal: Bool)
    -> TerminalOutputMode
  {
    isTerminal ? preferred : .plainText
  }

  /// What `start()` writes: for full-screen, the alternate screen, cleared; for both terminal
  /// modes, a hidden cursor, no autowrap (so a grapheme drawn wider than expected cannot
  /// scroll the screen), and bracketed paste when asked for.
  func enterSequence(bracketedPaste: Bool) -> [UInt8] {
    var buffer = EscapeSequenceBuffer()
    switch self {
    case .plainText: return []
    case .fullScreen:
      buffer.append("\u{1B}[?1049h")
      buffer.append("\u{1B}[0m\u{1B}[H\u{1B}[2J")
    case .inline:
      buffer.append("\u{1B}[0m\r")
    }
    buffer.append("\u{1B}[?25l\u{1B}[?7l")
    if bracketedPaste { buffer.append("\u{1B}[?2004h") }
    return buffer.bytes
  }

  /// What undoes `enterSequence`: default colours, autowrap and bracketed paste off as they
  /// usually are, the cursor shown, and for full-screen the main screen back. It is also what
  /// the terminal's signal handlers write, so it must not depend on the frame.
  func exitSequence(bracketedPaste: Bool) -> [UInt8] {
    var buffer = EscapeSequenceBuffer()
    switch self {
    case .plainText: return []
    case .fullScreen, .inline:
      buffer.append("\u{1B}[0m")
      if bracketedPaste { buffer.append("\u{1B}[?2004l") }
      buffer.append("\u{1B}[?7h\u{1B}[?25h")
      if self == .fullScreen { buffer.append("\u{1B}[?1049l") }
    }
    return buffer.bytes
  }
}
