import Foundation
import TrellisViews

/// The views' values in a terminal's terms: lengths in cells, alignments, colours.
///
/// - **Lengths** are cells: a column across, a row down. A length rounds to the nearest cell,
///   `maxWidth: .infinity` is unbounded, other lengths are at most a million cells, NaN and
///   negative lengths are 0 (and so is any other non-finite frame dimension), and a padding without a length is one cell (SwiftUI's default
///   padding is a platform's; a cell is a terminal's).
/// - **Colours**: the named colours map to the terminal's 16 (or, for those it lacks, the
///   256-colour palette), RGB colours to true colour. `.primary` and `.foreground` are the
///   terminal's own foreground; `.secondary` and the lower levels are dimmed; `.gray` is bright
///   black; `.clear` paints nothing; `.tint` and `.accentColor` are blue.
enum TerminalValues {
  /// The most cells a length can take: far more than any terminal has, and small enough that
  /// layout can add a few of them without overflowing.
  static let maximumCells = 1 << 20

  /// A length in cells: rounded to the nearest cell; NaN and negative lengths are 0, and
  /// anything beyond `maximumCells`, `.infinity` included, is `maximumCells` (a padding, a
  /// spacing or a fixed frame cannot be unbounded).
  static func cells(_ length: CGFloat) -> Int {
    guard length.isFinite else { return length > 0 ? maximumCells : 0 }
    return Int(min(max(0, length.rounded()), CGFloat(maximumCells)))
  }

  /// A frame's width or height, or its least or ideal one, in cells: as `cells(_:)`, except
  /// that a non-finite length is 0, as for every invalid dimension (SwiftUI's "Invalid frame
  /// dimension"): `minWidth: .infinity` would otherwise be a million cells, pushing everything
  /// beside the view out of the window.
  static func dimension(_ length: CGFloat) -> Int {
    length.isFinite ? cells(length) : 0
  }

  /// A frame's largest length in cells: as `cells(_:)`, except that `.infinity` stays
  /// unbounded (`Int.max`): `maxWidth: .infinity` takes all the width offered.
  static func maximumLength(_ length: CGFloat) -> Int {
    length == .infinity ? .max : cells(length)
  }

  /// A padding in cells.
  static func insets(_ padding: Padding) -> TerminalEdgeInsets {
    switch padding {
    case .edges(let edges, let length):
      let cells = length.map(cells) ?? 1
      return TerminalEdgeInsets(
        top: edges.contains(.top) ? cells : 0, leading: edges.contains(.leading) ? cells : 0,
        bottom: edges.contains(.bottom) ? cells : 0,
        trailing: edges.contains(.trailing) ? cells : 0)
    case .insets(let insets):
      return TerminalEdgeInsets(
        top: cells(insets.top), leading: cells(insets.leading), bottom: cells(insets.bottom),
        trailing: cells(insets.trailing))
    }
  }

  /// A flexible frame in cells.
  static func frame(_ frame: TrellisViews.FlexibleFrame) -> LayoutModifier {
    LayoutModifier.frame(
      minWidth: frame.minWidth.map(dimension), idealWidth: frame.idealWidth.map(dimension),
      maxWidth: frame.maxWidth.map(maximumLength), minHeight: frame.minHeight.map(dimension),
      idealHeight: frame.idealHeight.map(dimension),
      maxHeight: frame.maxHeight.map(maximumLength),
      alignment: alignment(frame.alignment))
  }

  static func alignment(_ alignment: Alignment) -> TerminalAlignment {
    TerminalAlignment(
      horizontal: horizontal(alignment.horizontal), vertical: vertical(alignment.vertical))
  }

  static func horizontal(_ alignment: HorizontalAlignment) -> TerminalAlignment.Horizontal {
    switch alignment {
    case .leading: .leading
    case .trailing: .trailing
    default: .center
    }
  }

  static func horizontal(_ alignment: TextAlignment) -> TerminalAlignment.Horizontal {
    switch alignment {
    case .leading: .leading
    case .center: .center
    case .trailing: .trailing
    }
  }

  /// Baselines are the first and last rows: a line of text is one row.
  static func vertical(_ alignment: VerticalAlignment) -> TerminalAlignment.Vertical {
    switch alignment {
    case .top, .firstTextBaseline: .top
    case .center: .center
    case .bottom, .lastTextBaseline: .bottom
    }
  }

  /// Whether text in `font` is drawn bold: a weight of semibold or more, or a title or
  /// headline style (a terminal has one size).
  static func isBold(_ font: Font) -> Bool {
    if let weight = font.weight { return weight >= .semibold }
    switch font.style {
    case .largeTitle, .title, .title2, .title3, .headline: return true
    default: return false
    }
  }

  /// What a shape style paints with in a terminal.
  enum Paint: Equatable {
    /// A colour.
    case color(TerminalColor)
    /// The foreground, dimmed (`.secondary` and below).
    case dim
    /// Whatever is in effect (`.primary`, `.foreground`, `.clear`).
    case inherited
  }

  static func paint(_ style: AnyShapeStyle) -> Paint {
    switch style.storage {
    case .color(let color): paint(color)
    case .hierarchical(let level): level == 0 ? .inherited : .dim
    case .tint: .color(.blue)
    case .foreground: .inherited
    }
  }

  static func paint(_ color: Color) -> Paint {
    switch color.kind {
    case .rgb(let red, let green, let blue):
      return .color(.rgb(red: byte(red), green: byte(green), blue: byte(blue)))
    case .named(let name):
      switch name {
      case .red: return .color(.red)
      case .orange: return .color(.palette(208))
      case .yellow: return .color(.yellow)
      case .green: return .color(.green)
      case .mint: return .color(.palette(121))
      case .teal: return .color(.palette(37))
      case .cyan: return .color(.cyan)
      case .blue, .accentColor: return .color(.blue)
      case .indigo: return .color(.palette(61))
      case .purple: return .color(.magenta)
      case .pink: return .color(.palette(211))
      case .brown: return .color(.palette(130))
      case .white: return .color(.white)
      case .gray: return .color(.brightBlack)
      case .black: return .color(.black)
      case .primary, .clear: return .inherited
      case .secondary: return .dim
      }
    }
  }

  private static func byte(_ component: Double) -> UInt8 {
    UInt8(max(0, min(255, (component * 255).rounded())))
  }

  /// A number as a control shows it: whole numbers without a fraction, others to 12
  /// significant digits, so that the noise of binary fractions added up does not show (a
  /// slider moved from 0.5 by 0.05 six times showed 0.8000000000000003; found by a user).
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return String(value) }
    if value.rounded() == value && abs(value) < 1e15 { return String(Int(value)) }
    let rounded = Double(String(format: "%.12g", value)) ?? value
    if rounded.rounded() == rounded && abs(rounded) < 1e15 { return String(Int(rounded)) }
    return String(rounded)
  }
}
