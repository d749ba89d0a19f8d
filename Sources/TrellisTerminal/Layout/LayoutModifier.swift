/// A modifier that changes how a node is sized, placed or drawn: SwiftUI's `.padding`,
/// `.frame`, `.border` and `.background`, and the terminal's focus highlight.
///
/// A node's modifiers apply in order, first innermost, as SwiftUI's modifier chain does:
/// `[.padding(1), .border(…)]` is `view.padding(1).border(…)`, the border around the padded
/// view, and `[.border(…), .padding(1)]` puts the padding outside the border.
public enum LayoutModifier: Hashable, Sendable {
  /// Insets the view: it is offered the proposal less the insets, and takes its size plus the
  /// insets.
  case padding(TerminalEdgeInsets)
  /// SwiftUI's `.frame(width:height:alignment:)`: each given dimension is offered to the view
  /// and becomes the frame's own; a nil dimension passes the proposal through and takes the
  /// view's size. The view is placed inside by `alignment`.
  case fixedFrame(width: Int?, height: Int?, alignment: TerminalAlignment)
  /// SwiftUI's `.frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
  /// `Int.max` is `.infinity`: `maxWidth: .max` takes all the width offered.
  case flexibleFrame(FlexibleFrame)
  /// A box around the view, one cell on each side (see `TerminalBorder`).
  case border(TerminalBorder)
  /// Fills the view's bounds with a colour behind its content, as SwiftUI's `.background(_:)`
  /// with a colour.
  case background(TerminalColor)
  /// Adds `attributes` to every cell in the view's bounds before its content is drawn, blanks
  /// included: with `.inverse`, and an inverse text style for the content, a list's selected
  /// row shows in reverse video from edge to edge.
  case highlight(CellAttributes)

  /// A fixed frame.
  /// - Parameters:
  ///   - width: columns, or nil to keep the view's width.
  ///   - height: rows, or nil to keep the view's height.
  ///   - alignment: where the view sits in the frame.
  /// - Returns: the modifier.
  public static func frame(
    width: Int? = nil, height: Int? = nil, alignment: TerminalAlignment = .center
  ) -> LayoutModifier {
    .fixedFrame(
      width: width.map { max(0, $0) }, height: height.map { max(0, $0) }, alignment: alignment)
  }

  /// A flexible frame; `Int.max` is SwiftUI's `.infinity`.
  /// - Parameters:
  ///   - minWidth: the least width the frame takes.
  ///   - idealWidth: the width it takes when offered none.
  ///   - maxWidth: the most width it takes.
  ///   - minHeight: the least height.
  ///   - idealHeight: the height when offered none.
  ///   - maxHeight: the most height.
  ///   - alignment: where the view sits in the frame.
  /// - Returns: the modifier.
  public static func frame(
    minWidth: Int? = nil, idealWidth: Int? = nil, maxWidth: Int? = nil,
    minHeight: Int? = nil, idealHeight: Int? = nil, maxHeight: Int? = nil,
    alignment: TerminalAlignment = .center
  ) -> LayoutModifier {
    .flexibleFrame(
      FlexibleFrame(
        minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth, minHeight: minHeight,
        idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment))
  }

  /// The same padding on every edge.
  /// - Parameter all: cells on each side.
  /// - Returns: the modifier.
  public static func padding(_ all: Int = 1) -> LayoutModifier {
    .padding(TerminalEdgeInsets(all))
  }
}

/// The bounds of a flexible frame, per axis; nil bounds are not applied.
public struct FlexibleFrame: Hashable, Sendable {
  /// The least width, or nil.
  public var minWidth: Int?
  /// The width to use when the proposal has none, or nil.
  public var idealWidth: Int?
  /// The most width (`Int.max` for unbounded), or nil.
  public var maxWidth: Int?
  /// The least height, or nil.
  public var minHeight: Int?
  /// The height to use when the proposal has none, or nil.
  public var idealHeight: Int?
  /// The most height (`Int.max` for unbounded), or nil.
  public var maxHeight: Int?
  /// Where the view sits in the frame.
  public var alignment: TerminalAlignment

  /// Frame bounds. Negative values count as 0; a maximum below its minimum is raised to it
  /// (SwiftUI logs "contradictory frame constraints" and does the same).
  /// - Parameters:
  ///   - minWidth: the least width.
  ///   - idealWidth: the width used for an unspecified proposal.
  ///   - maxWidth: the most width.
  ///   - minHeight: the least height.
  ///   - idealHeight: the height used for an unspecified proposal.
  ///   - maxHeight: the most height.
  ///   - alignment: where the view sits.
  public init(
    minWidth: Int? = nil, idealWidth: Int? = nil, maxWidth: Int? = nil,
    minHeight: Int? = nil, idealHeight: Int? = nil, maxHeight: Int? = nil,
    alignment: TerminalAlignment = .center
  ) {
    let minWidth = minWidth.map { max(0, $0) }
    let minHeight = minHeight.map { max(0, $0) }
    self.minWidth = minWidth
    self.idealWidth = idealWidth.map { max(0, $0) }
    self.maxWidth = maxWidth.map { max(minWidth ?? 0, $0) }
    self.minHeight = minHeight
    self.idealHeight = idealHeight.map { max(0, $0) }
    self.maxHeight = maxHeight.map { max(minHeight ?? 0, $0) }
    self.alignment = alignment
  }
}
