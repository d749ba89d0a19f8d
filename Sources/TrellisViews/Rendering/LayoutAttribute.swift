import Foundation

/// How an element is sized and placed: the attributes of `.padding`, `.frame`, `.offset`, the
/// stacks' `alignment:` and `spacing:`, `Spacer(minLength:)` and the text layout modifiers.
///
/// A layout attribute applies to the element that carries it. Several apply in order, first
/// innermost, as SwiftUI's modifier chain does: `Text("a").padding(4).frame(width: 20)` gives
/// `Text` the attributes `[padding=4, frame=20x-]`, the frame around the padded text.
public enum LayoutAttribute: Hashable, Sendable, CustomStringConvertible {
  /// `.padding`: insets around the content (see `Padding`).
  case padding(Padding)
  /// `.frame(width:height:alignment:)`: a given dimension is the frame's own; nil keeps the
  /// content's.
  case frame(width: CGFloat?, height: CGFloat?, alignment: Alignment)
  /// `.frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
  case flexibleFrame(FlexibleFrame)
  /// `.offset(x:y:)`: drawn displaced, without changing the layout.
  case offset(x: CGFloat, y: CGFloat)
  /// A `VStack`'s alignment of its children; absent means `.center`.
  case horizontalAlignment(HorizontalAlignment)
  /// An `HStack`'s alignment of its children; absent means `.center`.
  case verticalAlignment(VerticalAlignment)
  /// A `ZStack`'s, an overlay's or a background's alignment; absent means `.center`.
  case alignment(Alignment)
  /// A stack's spacing between children; absent means the renderer's default spacing.
  case spacing(CGFloat)
  /// A `Spacer`'s minimum length along its stack's axis.
  case minLength(CGFloat)
  /// `.lineLimit(_:)`: the most lines text may take (nil: no limit).
  case lineLimit(Int?)
  /// `.multilineTextAlignment(_:)`: how the lines of multi-line text line up.
  case multilineTextAlignment(TextAlignment)

  /// The attribute's name: `padding`, `frame`, `flexibleFrame`, `offset`, `alignment`,
  /// `spacing`, `minLength`, `lineLimit`, `multilineTextAlignment`.
  public var name: String {
    switch self {
    case .padding: "padding"
    case .frame: "frame"
    case .flexibleFrame: "flexibleFrame"
    case .offset: "offset"
    case .horizontalAlignment, .verticalAlignment, .alignment: "alignment"
    case .spacing: "spacing"
    case .minLength: "minLength"
    case .lineLimit: "lineLimit"
    case .multilineTextAlignment: "multilineTextAlignment"
    }
  }

  /// `padding=8`, `frame=100x-`, `frame=100x-@leading`, `alignment=leading`, `spacing=4`, …
  public var description: String {
    switch self {
    case .padding(let padding): return "padding=\(padding)"
    case .frame(let width, let height, let alignment):
      let size = "\(Length.describe(width))x\(Length.describe(height))"
      return alignment == .center ? "frame=\(size)" : "frame=\(size)@\(alignment)"
    case .flexibleFrame(let frame): return "frame=\(frame)"
    case .offset(let x, let y): return "offset=(\(Length.describe(x)), \(Length.describe(y)))"
    case .horizontalAlignment(let alignment): return "alignment=\(alignment)"
    case .verticalAlignment(let alignment): return "alignment=\(alignment)"
    case .alignment(let alignment): return "alignment=\(alignment)"
    case .spacing(let spacing): return "spacing=\(Length.describe(spacing))"
    case .minLength(let length): return "minLength=\(Length.describe(length))"
    case .lineLimit(let limit): return "lineLimit=\(limit.map(String.init) ?? "none")"
    case .multilineTextAlignment(let alignment): return "multilineTextAlignment=\(alignment)"
    }
  }
}

/// The insets of a `.padding` modifier.
///
/// SwiftUI's `.padding()` and `.padding(.horizontal)` use a default length that depends on the
/// platform (about 16 points on iOS); the attribute keeps it unresolved (`length == nil`), so
/// each renderer chooses its own (a terminal uses one cell).
public enum Padding: Hashable, Sendable, CustomStringConvertible {
  /// `length` on `edges`; nil is the renderer's default length.
  case edges(Edge.Set, length: CGFloat?)
  /// Explicit insets, as `.padding(EdgeInsets(…))`.
  case insets(EdgeInsets)

  /// The insets, with `defaultLength` where the length was left to the renderer.
  /// - Parameter defaultLength: the renderer's default padding.
  /// - Returns: the insets.
  public func insets(defaultLength: CGFloat) -> EdgeInsets {
    switch self {
    case .edges(let edges, let length): EdgeInsets(edges, length ?? defaultLength)
    case .insets(let insets): insets
    }
  }

  /// `default`, `8`, `horizontal:8`, `top:default`, or the insets.
  public var description: String {
    switch self {
    case .insets(let insets): return insets.description
    case .edges(let edges, let length):
      let value = length.map { Length.describe($0) } ?? "default"
      if edges == .all { return value }
      let names: [(Edge.Set, String)] = [
        (.horizontal, "horizontal"), (.vertical, "vertical"), (.top, "top"),
        (.leading, "leading"), (.bottom, "bottom"), (.trailing, "trailing"),
      ]
      var remaining = edges
      var parts: [String] = []
      for (set, name) in names where remaining.isSuperset(of: set) {
        parts.append(name)
        remaining.subtract(set)
      }
      return "\(parts.joined(separator: "+")):\(value)"
    }
  }
}

/// The bounds of a flexible frame, like the arguments of SwiftUI's
/// `.frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`. Nil
/// bounds are not applied; `.infinity` is a maximum that takes all the space offered.
public struct FlexibleFrame: Hashable, Sendable, CustomStringConvertible {
  /// The least width.
  public var minWidth: CGFloat?
  /// The width used when none is offered.
  public var idealWidth: CGFloat?
  /// The most width.
  public var maxWidth: CGFloat?
  /// The least height.
  public var minHeight: CGFloat?
  /// The height used when none is offered.
  public var idealHeight: CGFloat?
  /// The most height.
  public var maxHeight: CGFloat?
  /// Where the content sits in the frame.
  public var alignment: Alignment

  /// Creates frame bounds.
  /// - Parameters:
  ///   - minWidth: the least width.
  ///   - idealWidth: the width used when none is offered.
  ///   - maxWidth: the most width.
  ///   - minHeight: the least height.
  ///   - idealHeight: the height used when none is offered.
  ///   - maxHeight: the most height.
  ///   - alignment: where the content sits.
  public init(
    minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
    minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
    alignment: Alignment = .center
  ) {
    self.minWidth = minWidth
    self.idealWidth = idealWidth
    self.maxWidth = maxWidth
    self.minHeight = minHeight
    self.idealHeight = idealHeight
    self.maxHeight = maxHeight
    self.alignment = alignment
  }

  /// `(minWidth: 10, maxWidth: inf)`, the bounds that are set, then `@alignment` unless centred.
  public var description: String {
    let bounds: [(String, CGFloat?)] = [
      ("minWidth", minWidth), ("idealWidth", idealWidth), ("maxWidth", maxWidth),
      ("minHeight", minHeight), ("idealHeight", idealHeight), ("maxHeight", maxHeight),
    ]
    let set = bounds.compactMap { name, value in value.map { "\(name): \(Length.describe($0))" } }
    let text = "(\(set.joined(separator: ", ")))"
    return alignment == .center ? text : "\(text)@\(alignment)"
  }
}
