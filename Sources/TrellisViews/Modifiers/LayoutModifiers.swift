import Foundation

extension View {
  /// Adds space around the view on `edges`, like SwiftUI's `.padding(_:_:)`.
  /// - Parameters:
  ///   - edges: the edges to pad (default all).
  ///   - length: the padding, or nil for the renderer's default (SwiftUI's depends on the
  ///     platform; a terminal uses one cell).
  /// - Returns: the padded view.
  public func padding(
    _ edges: Edge.Set = .all, _ length: CGFloat? = nil
  ) -> ModifiedContent<Self, _AttributeModifier> {
    attributes(.layout(.padding(.edges(edges, length: length))))
  }

  /// Adds `length` on every edge, like SwiftUI's `.padding(_:)`.
  /// - Parameter length: the padding.
  /// - Returns: the padded view.
  public func padding(_ length: CGFloat) -> ModifiedContent<Self, _AttributeModifier> {
    attributes(.layout(.padding(.edges(.all, length: length))))
  }

  /// Adds `insets` around the view, like SwiftUI's `.padding(_: EdgeInsets)`.
  /// - Parameter insets: the insets.
  /// - Returns: the padded view.
  public func padding(_ insets: EdgeInsets) -> ModifiedContent<Self, _AttributeModifier> {
    attributes(.layout(.padding(.insets(insets))))
  }

  /// Places the view in a frame of a fixed size, like SwiftUI's `.frame(width:height:alignment:)`:
  /// a given dimension is the frame's own, nil keeps the view's.
  /// - Parameters:
  ///   - width: the width, or nil.
  ///   - height: the height, or nil.
  ///   - alignment: where the view sits in the frame (default `.center`).
  /// - Returns: the framed view.
  public func frame(
    width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center
  ) -> ModifiedContent<Self, _AttributeModifier> {
    attributes(.layout(.frame(width: width, height: height, alignment: alignment)))
  }

  /// Places the view in a flexible frame, like SwiftUI's
  /// `.frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`;
  /// `maxWidth: .infinity` takes all the width offered.
  /// - Parameters:
  ///   - minWidth: the least width.
  ///   - idealWidth: the width used when none is offered.
  ///   - maxWidth: the most width.
  ///   - minHeight: the least height.
  ///   - idealHeight: the height used when none is offered.
  ///   - maxHeight: the most height.
  ///   - alignment: where the view sits in the frame (default `.center`).
  /// - Returns: the framed view.
  public func frame(
    minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
    minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
    alignment: Alignment = .center
  ) -> ModifiedContent<Self, _AttributeModifier> {
    attributes(
      .layout(
        .flexibleFrame(
          FlexibleFrame(
            minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth,
            minHeight: minHeight, idealHeight: idealHeight, maxHeight: maxHeight,
            alignment: alignment))))
  }

  /// Draws the view displaced by `offset` without changing its layout, like SwiftUI's
  /// `.offset(_:)`.
  /// - Parameter offset: the displacement.
  /// - Returns: the displaced view.
  public func offset(_ offset: CGSize) -> ModifiedContent<Self, _AttributeModifier> {
    self.offset(x: offset.width, y: offset.height)
  }

  /// Draws the view displaced by `x` and `y`, like SwiftUI's `.offset(x:y:)`.
  /// - Parameters:
  ///   - x: the horizontal displacement.
  ///   - y: the vertical displacement.
  /// - Returns: the displaced view.
  public func offset(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self, _AttributeModifier> {
    attributes(.layout(.offset(x: x, y: y)))
  }

  /// Limits text in this view to `number` lines, like SwiftUI's `.lineLimit(_:)`.
  /// - Parameter number: the most lines, or nil for no limit.
  /// - Returns: the modified view.
  public func lineLimit(_ number: Int?) -> ModifiedContent<Self, _AttributeModifier> {
    attributes(.layout(.lineLimit(number)))
  }

  /// Aligns the lines of multi-line text in this view, like SwiftUI's
  /// `.multilineTextAlignment(_:)`.
  /// - Parameter alignment: the alignment.
  /// - Returns: the modified view.
  public func multilineTextAlignment(
    _ alignment: TextAlignment
  ) -> ModifiedContent<Self, _AttributeModifier> {
    attributes(.layout(.multilineTextAlignment(alignment)))
  }
}
