/// Insets in cells on each edge, as SwiftUI's `EdgeInsets`.
///
/// SwiftUI's default padding is about 16 points; in a terminal `.padding()` is one cell on
/// each side (`TerminalEdgeInsets(1)`), which keeps a bordered box readable.
public struct TerminalEdgeInsets: Hashable, Sendable {
  /// Rows above.
  public var top: Int
  /// Columns on the left.
  public var leading: Int
  /// Rows below.
  public var bottom: Int
  /// Columns on the right.
  public var trailing: Int

  /// Insets per edge; negative values count as 0.
  /// - Parameters:
  ///   - top: rows above.
  ///   - leading: columns on the left.
  ///   - bottom: rows below.
  ///   - trailing: columns on the right.
  public init(top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0) {
    self.top = max(0, top)
    self.leading = max(0, leading)
    self.bottom = max(0, bottom)
    self.trailing = max(0, trailing)
  }

  /// The same inset on every edge.
  /// - Parameter all: cells on each side; negative values count as 0.
  public init(_ all: Int) {
    self.init(top: all, leading: all, bottom: all, trailing: all)
  }

  /// No insets.
  public static let zero = TerminalEdgeInsets()

  /// `leading + trailing`, `Int.max` if that is larger (an unbounded padding).
  public var horizontal: Int { leading.saturatingAdd(trailing) }
  /// `top + bottom`, `Int.max` if that is larger (an unbounded padding).
  public var vertical: Int { top.saturatingAdd(bottom) }
}
