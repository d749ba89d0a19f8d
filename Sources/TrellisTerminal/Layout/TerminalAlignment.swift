/// Where a child sits in a larger space, as SwiftUI's `Alignment`: a horizontal and a vertical
/// guide.
///
/// A child is placed by rounding down: centring 3 columns in 8 puts 2 to the left and 3 to the
/// right. Text baselines are not modelled (a terminal line is one cell high), so SwiftUI's
/// `.firstTextBaseline` and `.lastTextBaseline` map to `.top` and `.bottom`.
public struct TerminalAlignment: Hashable, Sendable {
  /// Horizontal alignment, as SwiftUI's `HorizontalAlignment`.
  public enum Horizontal: Hashable, Sendable {
    /// Against the left edge.
    case leading
    /// In the middle, rounding left.
    case center
    /// Against the right edge.
    case trailing

    /// The offset of a child `child` columns wide inside `container` columns.
    func offset(child: Int, in container: Int) -> Int {
      switch self {
      case .leading: 0
      case .center: container.saturatingSubtract(child) / 2
      case .trailing: container.saturatingSubtract(child)
      }
    }
  }

  /// Vertical alignment, as SwiftUI's `VerticalAlignment`.
  public enum Vertical: Hashable, Sendable {
    /// Against the top edge.
    case top
    /// In the middle, rounding up.
    case center
    /// Against the bottom edge.
    case bottom

    /// The offset of a child `child` rows high inside `container` rows.
    func offset(child: Int, in container: Int) -> Int {
      switch self {
      case .top: 0
      case .center: container.saturatingSubtract(child) / 2
      case .bottom: container.saturatingSubtract(child)
      }
    }
  }

  /// The horizontal guide.
  public var horizontal: Horizontal
  /// The vertical guide.
  public var vertical: Vertical

  /// An alignment from its two guides.
  /// - Parameters:
  ///   - horizontal: the horizontal guide.
  ///   - vertical: the vertical guide.
  public init(horizontal: Horizontal, vertical: Vertical) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// Top left.
  public static let topLeading = TerminalAlignment(horizontal: .leading, vertical: .top)
  /// Top centre.
  public static let top = TerminalAlignment(horizontal: .center, vertical: .top)
  /// Top right.
  public static let topTrailing = TerminalAlignment(horizontal: .trailing, vertical: .top)
  /// Middle left.
  public static let leading = TerminalAlignment(horizontal: .leading, vertical: .center)
  /// The centre: SwiftUI's default for frames and `ZStack`.
  public static let center = TerminalAlignment(horizontal: .center, vertical: .center)
  /// Middle right.
  public static let trailing = TerminalAlignment(horizontal: .trailing, vertical: .center)
  /// Bottom left.
  public static let bottomLeading = TerminalAlignment(horizontal: .leading, vertical: .bottom)
  /// Bottom centre.
  public static let bottom = TerminalAlignment(horizontal: .center, vertical: .bottom)
  /// Bottom right.
  public static let bottomTrailing = TerminalAlignment(horizontal: .trailing, vertical: .bottom)

  /// The offset of `child` inside `container`.
  func offset(child: LayoutSize, in container: LayoutSize) -> (x: Int, y: Int) {
    (
      horizontal.offset(child: child.width, in: container.width),
      vertical.offset(child: child.height, in: container.height)
    )
  }
}
