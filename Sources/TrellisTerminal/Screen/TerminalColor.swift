/// A colour a terminal can draw: one of the 16 ANSI colours, an entry of the 256-colour
/// palette, or a 24-bit colour.
///
/// The named colours (`.red`, `.brightBlue`, …) are the ones every terminal has; how they look
/// depends on the user's theme, which is usually what a terminal app wants. SwiftUI's named
/// colours map to them. SwiftUI's `.primary` is no colour at all (`nil` in a `CellStyle`): the
/// terminal's own default.
public enum TerminalColor: Hashable, Sendable {
  /// One of the 16 ANSI colours: 0–7 the base colours (black, red, green, yellow, blue,
  /// magenta, cyan, white), 8–15 their bright variants. Values above 15 are drawn as
  /// `palette`, which agrees with the ANSI colours on 0–15.
  case ansi(UInt8)
  /// An entry of the xterm 256-colour palette (0–15 are the ANSI colours, 16–231 a 6×6×6 cube,
  /// 232–255 greys).
  case palette(UInt8)
  /// A 24-bit colour, for terminals with true-colour support.
  case rgb(red: UInt8, green: UInt8, blue: UInt8)

  /// ANSI colour 0.
  public static let black = TerminalColor.ansi(0)
  /// ANSI colour 1.
  public static let red = TerminalColor.ansi(1)
  /// ANSI colour 2.
  public static let green = TerminalColor.ansi(2)
  /// ANSI colour 3.
  public static let yellow = TerminalColor.ansi(3)
  /// ANSI colour 4.
  public static let blue = TerminalColor.ansi(4)
  /// ANSI colour 5.
  public static let magenta = TerminalColor.ansi(5)
  /// ANSI colour 6.
  public static let cyan = TerminalColor.ansi(6)
  /// ANSI colour 7, usually light grey.
  public static let white = TerminalColor.ansi(7)
  /// ANSI colour 8, usually dark grey: what SwiftUI's `.gray` becomes.
  public static let brightBlack = TerminalColor.ansi(8)
  /// ANSI colour 9.
  public static let brightRed = TerminalColor.ansi(9)
  /// ANSI colour 10.
  public static let brightGreen = TerminalColor.ansi(10)
  /// ANSI colour 11.
  public static let brightYellow = TerminalColor.ansi(11)
  /// ANSI colour 12.
  public static let brightBlue = TerminalColor.ansi(12)
  /// ANSI colour 13.
  public static let brightMagenta = TerminalColor.ansi(13)
  /// ANSI colour 14.
  public static let brightCyan = TerminalColor.ansi(14)
  /// ANSI colour 15.
  public static let brightWhite = TerminalColor.ansi(15)
}
