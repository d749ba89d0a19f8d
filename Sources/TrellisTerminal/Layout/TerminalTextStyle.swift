/// The text style a node sets for itself and its descendants: SwiftUI's `.foregroundStyle`,
/// `.bold`, `.italic` and friends, which flow down the tree like environment values.
///
/// Each property is optional: nil inherits the parent's value, a value overrides it for this
/// subtree. A background set here colours only the cells that text, dividers and borders draw;
/// to fill a view's whole bounds use the `.background` layout modifier.
public struct TerminalTextStyle: Hashable, Sendable {
  /// The text colour, or nil to inherit.
  public var foreground: TerminalColor?
  /// The background behind drawn characters, or nil to inherit.
  public var background: TerminalColor?
  /// Bold, or nil to inherit.
  public var bold: Bool?
  /// Dim (SwiftUI's `.secondary`), or nil to inherit.
  public var dim: Bool?
  /// Italic, or nil to inherit.
  public var italic: Bool?
  /// Underlined, or nil to inherit.
  public var underline: Bool?
  /// Foreground and background swapped (focus highlight), or nil to inherit.
  public var inverse: Bool?
  /// Crossed out, or nil to inherit.
  public var strikethrough: Bool?

  /// A style; every property left nil inherits.
  /// - Parameters:
  ///   - foreground: the text colour.
  ///   - background: the background behind drawn characters.
  ///   - bold: bold.
  ///   - dim: dim.
  ///   - italic: italic.
  ///   - underline: underlined.
  ///   - inverse: colours swapped.
  ///   - strikethrough: crossed out.
  public init(
    foreground: TerminalColor? = nil, background: TerminalColor? = nil, bold: Bool? = nil,
    dim: Bool? = nil, italic: Bool? = nil, underline: Bool? = nil, inverse: Bool? = nil,
    strikethrough: Bool? = nil
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.italic = italic
    self.underline = underline
    self.inverse = inverse
    self.strikethrough = strikethrough
  }

  /// Inherits everything.
  public static let inherited = TerminalTextStyle()

  /// The cell style for this node: its own values over `inherited`.
  func resolved(over inherited: CellStyle) -> CellStyle {
    var style = inherited
    if let foreground { style.foreground = foreground }
    if let background { style.background = background }
    func apply(_ value: Bool?, _ attribute: CellAttributes) {
      guard let value else { return }
      if value { style.attributes.insert(attribute) } else { style.attributes.remove(attribute) }
    }
    apply(bold, .bold)
    apply(dim, .dim)
    apply(italic, .italic)
    apply(underline, .underline)
    apply(inverse, .inverse)
    apply(strikethrough, .strikethrough)
    return style
  }
}
