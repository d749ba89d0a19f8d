import Foundation

/// One edge of a rectangle, like SwiftUI's `Edge`.
public enum Edge: Int8, Hashable, Sendable, CaseIterable {
  /// The top edge.
  case top
  /// The leading edge (left in left-to-right layouts).
  case leading
  /// The bottom edge.
  case bottom
  /// The trailing edge (right in left-to-right layouts).
  case trailing

  /// A set of edges, like SwiftUI's `Edge.Set`: `.all`, `.horizontal`, `[.top, .leading]`.
  public struct Set: OptionSet, Hashable, Sendable {
    /// The bits, one per edge.
    public let rawValue: Int8

    /// Creates a set from its bits.
    /// - Parameter rawValue: one bit per edge, in `Edge`'s order.
    public init(rawValue: Int8) { self.rawValue = rawValue }

    /// The set holding one edge.
    /// - Parameter edge: the edge.
    public init(_ edge: Edge) { rawValue = 1 << edge.rawValue }

    /// The top edge.
    public static let top = Set(.top)
    /// The leading edge.
    public static let leading = Set(.leading)
    /// The bottom edge.
    public static let bottom = Set(.bottom)
    /// The trailing edge.
    public static let trailing = Set(.trailing)
    /// Every edge.
    public static let all: Set = [.top, .leading, .bottom, .trailing]
    /// The leading and trailing edges.
    public static let horizontal: Set = [.leading, .trailing]
    /// The top and bottom edges.
    public static let vertical: Set = [.top, .bottom]
  }
}

/// Insets on each edge of a rectangle, like SwiftUI's `EdgeInsets`. Lengths are in the
/// renderer's units (points; a terminal reads them as cells).
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
  /// The inset of the top edge.
  public var top: CGFloat
  /// The inset of the leading edge.
  public var leading: CGFloat
  /// The inset of the bottom edge.
  public var bottom: CGFloat
  /// The inset of the trailing edge.
  public var trailing: CGFloat

  /// Creates insets; each edge is 0 unless given.
  /// - Parameters:
  ///   - top: the top inset.
  ///   - leading: the leading inset.
  ///   - bottom: the bottom inset.
  ///   - trailing: the trailing inset.
  public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// `length` on the edges in `edges`, 0 on the others.
  /// - Parameters:
  ///   - edges: the edges to inset.
  ///   - length: the inset.
  public init(_ edges: Edge.Set, _ length: CGFloat) {
    self.init(
      top: edges.contains(.top) ? length : 0, leading: edges.contains(.leading) ? length : 0,
      bottom: edges.contains(.bottom) ? length : 0,
      trailing: edges.contains(.trailing) ? length : 0)
  }

  /// `8` when every edge is 8, otherwise `(top, leading, bottom, trailing)`.
  public var description: String {
    if top == leading, top == bottom, top == trailing { return Length.describe(top) }
    return "(\([top, leading, bottom, trailing].map(Length.describe).joined(separator: ", ")))"
  }
}

/// An alignment along the horizontal axis, like SwiftUI's `HorizontalAlignment`: how a
/// `VStack` lines up its children, and the horizontal half of an `Alignment`.
public enum HorizontalAlignment: Hashable, Sendable, CustomStringConvertible {
  /// Against the leading edge.
  case leading
  /// Centred.
  case center
  /// Against the trailing edge.
  case trailing

  /// `leading`, `center` or `trailing`.
  public var description: String {
    switch self {
    case .leading: "leading"
    case .center: "center"
    case .trailing: "trailing"
    }
  }
}

/// An alignment along the vertical axis, like SwiftUI's `VerticalAlignment`: how an `HStack`
/// lines up its children, and the vertical half of an `Alignment`. Text baselines are
/// alignments of their own; a renderer without baselines treats them as top and bottom.
public enum VerticalAlignment: Hashable, Sendable, CustomStringConvertible {
  /// Against the top edge.
  case top
  /// Centred.
  case center
  /// Against the bottom edge.
  case bottom
  /// The first line's text baseline.
  case firstTextBaseline
  /// The last line's text baseline.
  case lastTextBaseline

  /// `top`, `center`, `bottom`, `firstTextBaseline` or `lastTextBaseline`.
  public var description: String {
    switch self {
    case .top: "top"
    case .center: "center"
    case .bottom: "bottom"
    case .firstTextBaseline: "firstTextBaseline"
    case .lastTextBaseline: "lastTextBaseline"
    }
  }
}

/// A position on both axes, like SwiftUI's `Alignment`: where a `ZStack`, a frame, an overlay
/// or a background places its content.
public struct Alignment: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal half.
  public var horizontal: HorizontalAlignment
  /// The vertical half.
  public var vertical: VerticalAlignment

  /// Creates an alignment from its halves.
  /// - Parameters:
  ///   - horizontal: the horizontal half.
  ///   - vertical: the vertical half.
  public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// Top leading.
  public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
  /// Top centre.
  public static let top = Alignment(horizontal: .center, vertical: .top)
  /// Top trailing.
  public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
  /// Centre leading.
  public static let leading = Alignment(horizontal: .leading, vertical: .center)
  /// The centre: the default of frames, overlays, backgrounds and `ZStack`.
  public static let center = Alignment(horizontal: .center, vertical: .center)
  /// Centre trailing.
  public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
  /// Bottom leading.
  public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
  /// Bottom centre.
  public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
  /// Bottom trailing.
  public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

  /// `center`, `topLeading`, …; other combinations as `horizontal/vertical`.
  public var description: String {
    switch (horizontal, vertical) {
    case (.center, .center): return "center"
    case (.leading, .center): return "leading"
    case (.trailing, .center): return "trailing"
    case (.center, .top): return "top"
    case (.center, .bottom): return "bottom"
    case (.leading, .top): return "topLeading"
    case (.trailing, .top): return "topTrailing"
    case (.leading, .bottom): return "bottomLeading"
    case (.trailing, .bottom): return "bottomTrailing"
    default: return "\(horizontal)/\(vertical)"
    }
  }
}

/// How the lines of multi-line text line up, like SwiftUI's `TextAlignment`.
public enum TextAlignment: Hashable, Sendable, CaseIterable {
  /// Against the leading edge.
  case leading
  /// Centred.
  case center
  /// Against the trailing edge.
  case trailing
}

/// Lengths as the rendered tree shows them.
enum Length {
  /// `8` for whole numbers, `2.5` otherwise, `inf` for infinity.
  static func describe(_ value: CGFloat) -> String {
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return "\(Double(value))"
  }

  /// `describe(value)` or `nil` as `-`.
  static func describe(_ value: CGFloat?) -> String { value.map(describe) ?? "-" }
}
