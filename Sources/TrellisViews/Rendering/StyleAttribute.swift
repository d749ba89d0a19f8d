import Foundation

/// How an element and its content are drawn: the attributes of `.font`, `.bold`, `.italic`,
/// `.foregroundStyle`, `.background`, `.border`, `.tint`, `.opacity`, `.cornerRadius` and a
/// shape's `.fill` and `.stroke`.
///
/// Text styles (`font`, `bold`, `italic`, `fontWeight`, `monospacedDigit`, `foreground`,
/// `tint`) flow down, as SwiftUI's environment carries them: they apply to the element's
/// subtree unless an element below sets its own. The others (`background`, `border`, `fill`,
/// `stroke`, `opacity`, `cornerRadius`) apply to the element that carries them.
public enum StyleAttribute: Hashable, Sendable, CustomStringConvertible {
  /// `.font(_:)`.
  case font(Font)
  /// `.bold(_:)`.
  case bold(Bool)
  /// `.italic(_:)`.
  case italic(Bool)
  /// `.fontWeight(_:)`.
  case fontWeight(Font.Weight)
  /// `.monospacedDigit()`.
  case monospacedDigit
  /// `.strikethrough(_:)` on text.
  case strikethrough(Bool)
  /// `.underline(_:)` on text.
  case underline(Bool)
  /// `.foregroundStyle(_:)` and `.foregroundColor(_:)`.
  case foreground(AnyShapeStyle)
  /// `.background(_:)` with a style: the element's bounds filled behind its content.
  case background(AnyShapeStyle)
  /// `.border(_:width:)`: a line along the element's edge.
  case border(AnyShapeStyle, width: CGFloat)
  /// `.tint(_:)`: the colour of controls and `.tint` styles below.
  case tint(AnyShapeStyle)
  /// A shape's or colour's fill.
  case fill(AnyShapeStyle)
  /// A shape's outline.
  case stroke(AnyShapeStyle, lineWidth: CGFloat)
  /// A rounded rectangle's corner radius, or `.cornerRadius(_:)`'s clip.
  case cornerRadius(CGFloat)
  /// `.opacity(_:)`: 0 (invisible) … 1.
  case opacity(Double)

  /// The attribute's name: `font`, `bold`, `italic`, `fontWeight`, `monospacedDigit`,
  /// `strikethrough`, `underline`, `foreground`, `background`, `border`, `tint`, `fill`,
  /// `stroke`, `cornerRadius`, `opacity`.
  public var name: String {
    switch self {
    case .font: "font"
    case .bold: "bold"
    case .italic: "italic"
    case .fontWeight: "fontWeight"
    case .monospacedDigit: "monospacedDigit"
    case .strikethrough: "strikethrough"
    case .underline: "underline"
    case .foreground: "foreground"
    case .background: "background"
    case .border: "border"
    case .tint: "tint"
    case .fill: "fill"
    case .stroke: "stroke"
    case .cornerRadius: "cornerRadius"
    case .opacity: "opacity"
    }
  }

  /// `font=title`, `bold`, `bold=false`, `foreground=red`, `border=red/1`, …
  public var description: String {
    func flag(_ value: Bool) -> String { value ? name : "\(name)=false" }
    switch self {
    case .font(let font): return "font=\(font)"
    case .bold(let value), .italic(let value), .strikethrough(let value),
      .underline(let value):
      return flag(value)
    case .fontWeight(let weight): return "fontWeight=\(weight.rawValue)"
    case .monospacedDigit: return "monospacedDigit"
    case .foreground(let style), .background(let style), .tint(let style), .fill(let style):
      return "\(name)=\(style)"
    case .border(let style, let width): return "border=\(style)/\(Length.describe(width))"
    case .stroke(let style, let width): return "stroke=\(style)/\(Length.describe(width))"
    case .cornerRadius(let radius): return "cornerRadius=\(Length.describe(radius))"
    case .opacity(let opacity): return "opacity=\(Length.describe(CGFloat(opacity)))"
    }
  }
}

/// What an element shows besides its text: images, badges, progress, and the styled runs of
/// concatenated text.
public enum ContentAttribute: Hashable, Sendable, CustomStringConvertible {
  /// `Image(systemName:)`: a named symbol.
  case systemImage(String)
  /// `Image(_:)`: a named image resource.
  case imageName(String)
  /// `Image.resizable()`: the image scales to the space offered.
  case resizable
  /// `.badge(_:)`: a count or label shown on the element (a list row, a tab).
  case badge(String)
  /// `ProgressView(value:total:)`: how much is done.
  case progress(value: Double, total: Double)
  /// The runs of text with different styles, as `Text + Text` builds them: the element's text
  /// is their concatenation, the first run's `length` characters styled with its style, and
  /// so on. Present only when the runs differ in style; uniform text carries plain style
  /// attributes instead.
  case textRuns([TextRun])

  /// The attribute's name: `systemImage`, `image`, `resizable`, `badge`, `progress`, `runs`.
  public var name: String {
    switch self {
    case .systemImage: "systemImage"
    case .imageName: "image"
    case .resizable: "resizable"
    case .badge: "badge"
    case .progress: "progress"
    case .textRuns: "runs"
    }
  }

  /// `systemImage=plus`, `badge="3"`, `progress=0.5/1`, `runs=[3 bold, 4]`.
  public var description: String {
    switch self {
    case .systemImage(let name): "systemImage=\(name)"
    case .imageName(let name): "image=\(name)"
    case .resizable: "resizable"
    case .badge(let badge): "badge=\"\(badge)\""
    case .progress(let value, let total):
      "progress=\(Length.describe(CGFloat(value)))/\(Length.describe(CGFloat(total)))"
    case .textRuns(let runs): "runs=[\(runs.map(\.description).joined(separator: ", "))]"
    }
  }
}

/// One run of styled text in a `textRuns` attribute.
public struct TextRun: Hashable, Sendable, CustomStringConvertible {
  /// How many characters (grapheme clusters) of the element's text the run covers.
  public var length: Int
  /// The run's style.
  public var style: TextStyleAttributes

  /// Creates a run.
  /// - Parameters:
  ///   - length: characters covered.
  ///   - style: the run's style.
  public init(length: Int, style: TextStyleAttributes) {
    self.length = length
    self.style = style
  }

  /// `3`, or `3 bold foreground=red`.
  public var description: String {
    let style = style.attributes.map(\.description)
    return ([String(length)] + style).joined(separator: " ")
  }
}

/// The style of a piece of text, as `Text`'s own modifiers set it (`Text("a").bold()`); nil
/// fields inherit.
public struct TextStyleAttributes: Hashable, Sendable {
  /// `Text.font(_:)`.
  public var font: Font?
  /// `Text.fontWeight(_:)`.
  public var weight: Font.Weight?
  /// `Text.bold(_:)`.
  public var isBold: Bool?
  /// `Text.italic(_:)`.
  public var isItalic: Bool?
  /// `Text.foregroundStyle(_:)`, `Text.foregroundColor(_:)`.
  public var foreground: AnyShapeStyle?
  /// `Text.strikethrough(_:)`.
  public var isStrikethrough: Bool?
  /// `Text.underline(_:)`.
  public var isUnderlined: Bool?
  /// `Text.monospacedDigit()`.
  public var hasMonospacedDigits: Bool?

  /// A style that sets nothing.
  public init() {}

  /// Whether nothing is set (exactly when `attributes` is empty, without building it).
  public var isEmpty: Bool {
    font == nil && weight == nil && isBold == nil && isItalic == nil && foreground == nil
      && isStrikethrough == nil && isUnderlined == nil && hasMonospacedDigits != true
  }

  /// The style as style attributes, in a fixed order.
  public var attributes: [StyleAttribute] {
    var result: [StyleAttribute] = []
    if let font { result.append(.font(font)) }
    if let weight { result.append(.fontWeight(weight)) }
    if let isBold { result.append(.bold(isBold)) }
    if let isItalic { result.append(.italic(isItalic)) }
    if let foreground { result.append(.foreground(foreground)) }
    if let isStrikethrough { result.append(.strikethrough(isStrikethrough)) }
    if let isUnderlined { result.append(.underline(isUnderlined)) }
    if hasMonospacedDigits == true { result.append(.monospacedDigit) }
    return result
  }
}
