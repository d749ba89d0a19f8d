/// A colour or pattern to draw with, like SwiftUI's `ShapeStyle`: what `.foregroundStyle`,
/// `.background`, `.border`, `.tint` and a shape's `.fill` take.
///
/// Supported styles: `Color` (named, RGB, `.accentColor`), the hierarchical styles
/// (`.primary`, `.secondary`, `.tertiary`, `.quaternary`), `.tint` and `.foreground`.
/// Gradients, materials and images are not styles here: a character-cell renderer cannot draw
/// them, and no renderer asks for them yet.
public protocol ShapeStyle: Sendable {
  /// The style as the value renderers receive. Implemented by the built-in styles.
  var _erased: AnyShapeStyle { get }
}

/// A type-erased shape style, like SwiftUI's `AnyShapeStyle`, and the value renderers receive
/// in style attributes.
public struct AnyShapeStyle: ShapeStyle, Hashable, CustomStringConvertible {
  /// What the style is.
  public enum Storage: Hashable, Sendable {
    /// A colour.
    case color(Color)
    /// A level of the content hierarchy: 0 primary, 1 secondary, 2 tertiary, 3 quaternary.
    case hierarchical(Int)
    /// The tint in effect (`.tint(_:)`, else the accent colour).
    case tint
    /// The foreground style in effect.
    case foreground
  }

  /// What the style is.
  public let storage: Storage

  /// Erases `style`.
  /// - Parameter style: any shape style.
  public init<S: ShapeStyle>(_ style: S) { self = style._erased }

  init(storage: Storage) { self.storage = storage }

  /// Itself.
  public var _erased: AnyShapeStyle { self }

  /// The colour, for a colour style.
  public var color: Color? {
    if case .color(let color) = storage { return color }
    return nil
  }

  /// `red`, `primary`, `secondary`, `tint`, `foreground`.
  public var description: String {
    switch storage {
    case .color(let color): color.description
    case .hierarchical(let level): HierarchicalShapeStyle(level: level).description
    case .tint: "tint"
    case .foreground: "foreground"
    }
  }
}

extension Color: ShapeStyle {
  /// The colour as a style.
  public var _erased: AnyShapeStyle { AnyShapeStyle(storage: .color(self)) }
}

/// The levels of the content hierarchy as styles, like SwiftUI's `HierarchicalShapeStyle`:
/// `.foregroundStyle(.secondary)` dims content relative to the foreground in effect.
public struct HierarchicalShapeStyle: ShapeStyle, Hashable, CustomStringConvertible {
  let level: Int

  /// The first level: primary content.
  public static let primary = HierarchicalShapeStyle(level: 0)
  /// The second level: secondary content.
  public static let secondary = HierarchicalShapeStyle(level: 1)
  /// The third level.
  public static let tertiary = HierarchicalShapeStyle(level: 2)
  /// The fourth level.
  public static let quaternary = HierarchicalShapeStyle(level: 3)

  /// The level as a style.
  public var _erased: AnyShapeStyle { AnyShapeStyle(storage: .hierarchical(level)) }

  /// `primary`, `secondary`, `tertiary`, `quaternary`.
  public var description: String {
    ["primary", "secondary", "tertiary", "quaternary"][min(max(level, 0), 3)]
  }
}

/// The tint in effect as a style, like SwiftUI's `TintShapeStyle` (`.tint`).
public struct TintShapeStyle: ShapeStyle, Hashable {
  /// Creates the style.
  public init() {}
  /// The tint as a style.
  public var _erased: AnyShapeStyle { AnyShapeStyle(storage: .tint) }
}

/// The foreground style in effect, like SwiftUI's `ForegroundStyle` (`.foreground`).
public struct ForegroundStyle: ShapeStyle, Hashable {
  /// Creates the style.
  public init() {}
  /// The foreground style as a style.
  public var _erased: AnyShapeStyle { AnyShapeStyle(storage: .foreground) }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
  /// Primary content.
  public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 0) }
  /// Secondary content.
  public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 1) }
  /// Tertiary content.
  public static var tertiary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 2) }
  /// Quaternary content.
  public static var quaternary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 3) }
}

extension ShapeStyle where Self == TintShapeStyle {
  /// The tint in effect.
  public static var tint: TintShapeStyle { TintShapeStyle() }
}

extension ShapeStyle where Self == ForegroundStyle {
  /// The foreground style in effect.
  public static var foreground: ForegroundStyle { ForegroundStyle() }
}

extension ShapeStyle where Self == Color {
  /// Red.
  public static var red: Color { Color(.red) }
  /// Orange.
  public static var orange: Color { Color(.orange) }
  /// Yellow.
  public static var yellow: Color { Color(.yellow) }
  /// Green.
  public static var green: Color { Color(.green) }
  /// Mint.
  public static var mint: Color { Color(.mint) }
  /// Teal.
  public static var teal: Color { Color(.teal) }
  /// Cyan.
  public static var cyan: Color { Color(.cyan) }
  /// Blue.
  public static var blue: Color { Color(.blue) }
  /// Indigo.
  public static var indigo: Color { Color(.indigo) }
  /// Purple.
  public static var purple: Color { Color(.purple) }
  /// Pink.
  public static var pink: Color { Color(.pink) }
  /// Brown.
  public static var brown: Color { Color(.brown) }
  /// White.
  public static var white: Color { Color(.white) }
  /// Gray.
  public static var gray: Color { Color(.gray) }
  /// Black.
  public static var black: Color { Color(.black) }
  /// Fully transparent.
  public static var clear: Color { Color(.clear) }
  /// The app's accent colour.
  public static var accentColor: Color { Color(.accentColor) }
}
