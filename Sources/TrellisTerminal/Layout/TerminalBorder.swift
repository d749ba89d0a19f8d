/// A box drawn around a view with box-drawing characters.
///
/// SwiftUI's `.border` strokes over the view's edge without taking space. A terminal cell is
/// too coarse for that: the line would cover the first and last column of the content. So a
/// terminal border takes one cell on each side, as Ink's `borderStyle` does, and the content is
/// laid out inside it.
public struct TerminalBorder: Hashable, Sendable {
  /// The characters of a border.
  public enum Style: Hashable, Sendable {
    /// `┌─┐ │ └─┘`
    case single
    /// `╭─╮ │ ╰─╯`
    case rounded
    /// `╔═╗ ║ ╚═╝`
    case double
    /// `┏━┓ ┃ ┗━┛`
    case heavy
    /// `+-+ | +-+`, for terminals without box-drawing glyphs.
    case ascii

    /// Top-left, top-right, bottom-left, bottom-right, horizontal, vertical.
    var characters:
      (
        topLeading: Character, topTrailing: Character, bottomLeading: Character,
        bottomTrailing: Character, horizontal: Character, vertical: Character
      )
    {
      switch self {
      case .single: ("┌", "┐", "└", "┘", "─", "│")
      case .rounded: ("╭", "╮", "╰", "╯", "─", "│")
      case .double: ("╔", "╗", "╚", "╝", "═", "║")
      case .heavy: ("┏", "┓", "┗", "┛", "━", "┃")
      case .ascii: ("+", "+", "+", "+", "-", "|")
      }
    }
  }

  /// The line characters.
  public var style: Style
  /// The line colour, or nil for the inherited foreground colour.
  public var color: TerminalColor?

  /// A border.
  /// - Parameters:
  ///   - style: the line characters.
  ///   - color: the line colour; nil inherits the foreground colour.
  public init(_ style: Style = .single, color: TerminalColor? = nil) {
    self.style = style
    self.color = color
  }
}
