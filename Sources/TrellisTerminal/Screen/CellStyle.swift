/// How one cell is drawn: its colours and text attributes.
///
/// `nil` colours are the terminal's defaults (SwiftUI's `.primary` foreground and no
/// background). The default value is a plain cell.
public struct CellStyle: Hashable, Sendable {
  /// The text colour, or nil for the terminal's default.
  public var foreground: TerminalColor?
  /// The cell's background colour, or nil for the terminal's default.
  public var background: TerminalColor?
  /// Bold, dim, italic and the other SGR attributes.
  public var attributes: CellAttributes

  /// A style with the given colours and attributes.
  /// - Parameters:
  ///   - foreground: the text colour; nil is the terminal's default.
  ///   - background: the background colour; nil is the terminal's default.
  ///   - attributes: the text attributes.
  public init(
    foreground: TerminalColor? = nil, background: TerminalColor? = nil,
    attributes: CellAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's default style: default colours, no attributes.
  public static let plain = CellStyle()
}

/// The text attributes a terminal can draw, as SGR (Select Graphic Rendition) flags.
public struct CellAttributes: OptionSet, Hashable, Sendable {
  /// The raw flags.
  public let rawValue: UInt8

  /// Attributes from raw flags.
  /// - Parameter rawValue: the flags, as defined by the static members.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Bold or increased intensity (SGR 1), what SwiftUI's `.bold()` becomes.
  public static let bold = CellAttributes(rawValue: 1 << 0)
  /// Faint or decreased intensity (SGR 2), used for SwiftUI's `.secondary` style.
  public static let dim = CellAttributes(rawValue: 1 << 1)
  /// Italic (SGR 3).
  public static let italic = CellAttributes(rawValue: 1 << 2)
  /// Underlined (SGR 4).
  public static let underline = CellAttributes(rawValue: 1 << 3)
  /// Foreground and background swapped (SGR 7), the usual focus highlight.
  public static let inverse = CellAttributes(rawValue: 1 << 4)
  /// Crossed out (SGR 9).
  public static let strikethrough = CellAttributes(rawValue: 1 << 5)
}
