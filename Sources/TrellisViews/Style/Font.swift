import Foundation

/// A font, like SwiftUI's `Font`: a text style of the system font (`.title`, `.body`, …) or a
/// system font of a given size, with a weight, a design and variants.
///
/// Renderers read it from the `font` style attribute. A character-cell renderer has one size
/// and one face, so it reads what it can show: bold for heavy weights (and headings), italic,
/// and ignores the rest.
public struct Font: Hashable, Sendable, CustomStringConvertible {
  /// The text styles of the system font, largest first.
  public enum TextStyle: String, Hashable, Sendable, CaseIterable {
    /// The largest title.
    case largeTitle
    /// A first-level heading.
    case title
    /// A second-level heading.
    case title2
    /// A third-level heading.
    case title3
    /// Headings within content.
    case headline
    /// Subheadings.
    case subheadline
    /// Body text: the default.
    case body
    /// Callouts.
    case callout
    /// Footnotes.
    case footnote
    /// Captions.
    case caption
    /// Alternate captions.
    case caption2
  }

  /// Font weights, lightest to heaviest, like SwiftUI's `Font.Weight`.
  public enum Weight: String, Hashable, Sendable, CaseIterable, Comparable {
    /// Ultra light.
    case ultraLight
    /// Thin.
    case thin
    /// Light.
    case light
    /// Regular: the default.
    case regular
    /// Medium.
    case medium
    /// Semibold.
    case semibold
    /// Bold.
    case bold
    /// Heavy.
    case heavy
    /// Black.
    case black

    /// Lighter weights come first.
    public static func < (lhs: Weight, rhs: Weight) -> Bool {
      allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
  }

  /// Font designs, like SwiftUI's `Font.Design`.
  public enum Design: String, Hashable, Sendable, CaseIterable {
    /// The default.
    case `default`
    /// A serif design.
    case serif
    /// Rounded.
    case rounded
    /// Fixed-width.
    case monospaced
  }

  /// The text style, or nil for a font of a fixed size.
  public var style: TextStyle?
  /// The size in points, for a fixed-size font.
  public var size: CGFloat?
  /// The weight, when set.
  public var weight: Weight?
  /// The design.
  public var design: Design
  /// Whether the font is italic.
  public var isItalic: Bool
  /// Whether digits have a fixed width (`monospacedDigit()`).
  public var hasMonospacedDigits: Bool

  init(
    style: TextStyle?, size: CGFloat?, weight: Weight? = nil, design: Design = .default,
    isItalic: Bool = false, hasMonospacedDigits: Bool = false
  ) {
    self.style = style
    self.size = size
    self.weight = weight
    self.design = design
    self.isItalic = isItalic
    self.hasMonospacedDigits = hasMonospacedDigits
  }

  /// The system font in a text style, like SwiftUI's `Font.system(_:design:weight:)`.
  /// - Parameters:
  ///   - style: the text style.
  ///   - design: the design.
  ///   - weight: the weight, or nil for the style's own.
  /// - Returns: the font.
  public static func system(
    _ style: TextStyle, design: Design? = nil, weight: Weight? = nil
  ) -> Font {
    Font(style: style, size: nil, weight: weight, design: design ?? .default)
  }

  /// The system font of a size, like SwiftUI's `Font.system(size:weight:design:)`.
  /// - Parameters:
  ///   - size: the size in points.
  ///   - weight: the weight.
  ///   - design: the design.
  /// - Returns: the font.
  public static func system(
    size: CGFloat, weight: Weight? = nil, design: Design? = nil
  ) -> Font {
    Font(style: nil, size: size, weight: weight, design: design ?? .default)
  }

  /// The largest title.
  public static let largeTitle = Font(style: .largeTitle, size: nil)
  /// A first-level heading.
  public static let title = Font(style: .title, size: nil)
  /// A second-level heading.
  public static let title2 = Font(style: .title2, size: nil)
  /// A third-level heading.
  public static let title3 = Font(style: .title3, size: nil)
  /// Headings within content.
  public static let headline = Font(style: .headline, size: nil)
  /// Subheadings.
  public static let subheadline = Font(style: .subheadline, size: nil)
  /// Body text.
  public static let body = Font(style: .body, size: nil)
  /// Callouts.
  public static let callout = Font(style: .callout, size: nil)
  /// Footnotes.
  public static let footnote = Font(style: .footnote, size: nil)
  /// Captions.
  public static let caption = Font(style: .caption, size: nil)
  /// Alternate captions.
  public static let caption2 = Font(style: .caption2, size: nil)

  /// The same font, bold.
  /// - Returns: the font.
  public func bold() -> Font { weight(.bold) }

  /// The same font in `weight`.
  /// - Parameter weight: the weight.
  /// - Returns: the font.
  public func weight(_ weight: Weight) -> Font {
    var font = self
    font.weight = weight
    return font
  }

  /// The same font, italic.
  /// - Returns: the font.
  public func italic() -> Font {
    var font = self
    font.isItalic = true
    return font
  }

  /// The same font, fixed-width.
  /// - Returns: the font.
  public func monospaced() -> Font {
    var font = self
    font.design = .monospaced
    return font
  }

  /// The same font with fixed-width digits.
  /// - Returns: the font.
  public func monospacedDigit() -> Font {
    var font = self
    font.hasMonospacedDigits = true
    return font
  }

  /// `title`, `system(14)`, with ` bold`, ` italic`, ` monospaced`, ` monospacedDigit` as set.
  public var description: String {
    var parts = [style?.rawValue ?? "system(\(Length.describe(size ?? 0)))"]
    if let weight { parts.append(weight.rawValue) }
    if design != .default { parts.append(design.rawValue) }
    if isItalic { parts.append("italic") }
    if hasMonospacedDigits { parts.append("monospacedDigit") }
    return parts.joined(separator: " ")
  }
}
