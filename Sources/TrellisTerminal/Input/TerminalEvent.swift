/// Something the terminal reported: a key, a paste, a new window size, or bytes that meant
/// nothing known.
public enum TerminalEvent: Hashable, Sendable {
  /// A key press.
  case key(TerminalKeyPress)
  /// Text pasted while bracketed paste was on, in one piece, with line breaks as `\n`. A
  /// paste is text for a text field, never a sequence of key presses.
  case paste(String)
  /// The terminal window has a new size (SIGWINCH): columns wide, rows high.
  case resize(LayoutSize)
  /// Bytes that form no key: an unknown escape sequence, invalid UTF-8, a stray control. They
  /// are reported rather than dropped so that a diagnostic can name them; they type nothing.
  case unrecognized([UInt8])
}
