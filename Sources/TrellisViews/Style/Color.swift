import Foundation

/// A colour, like SwiftUI's `Color`: a named system colour, an RGB value, or one of the
/// semantic colours (`.primary`, `.secondary`, `.accentColor`) whose look the renderer decides.
///
/// A colour is a value a renderer reads (a terminal maps the named colours to its ANSI colours
/// and RGB values to the nearest it can show), a `ShapeStyle` (`.foregroundStyle(.red)`,
/// `.background(.blue)`), and a view that fills the space it is given (`Color.red` in a
/// `ZStack`).
public struct Color: Hashable, Sendable, CustomStringConvertible {
  /// SwiftUI's named colours, and the semantic ones.
  public enum Name: String, Hashable, Sendable, CaseIterable {
    /// Red.
    case red
    /// Orange.
    case orange
    /// Yellow.
    case yellow
    /// Green.
    case green
    /// Mint.
    case mint
    /// Teal.
    case teal
    /// Cyan.
    case cyan
    /// Blue.
    case blue
    /// Indigo.
    case indigo
    /// Purple.
    case purple
    /// Pink.
    case pink
    /// Brown.
    case brown
    /// White.
    case white
    /// Gray.
    case gray
    /// Black.
    case black
    /// Fully transparent.
    case clear
    /// The colour of primary content (the renderer's default text colour).
    case primary
    /// The colour of secondary content (dimmer than primary).
    case secondary
    /// The app's accent colour.
    case accentColor
  }

  /// What the colour is.
  public enum Kind: Hashable, Sendable {
    /// A named or semantic colour.
    case named(Name)
    /// An sRGB colour, each component in 0…1.
    case rgb(red: Double, green: Double, blue: Double)
  }

  /// What the colour is.
  public let kind: Kind
  /// Its opacity, 0 (transparent) … 1 (opaque).
  public let opacity: Double

  private init(kind: Kind, opacity: Double) {
    self.kind = kind
    self.opacity = min(max(opacity, 0), 1)
  }

  /// A named colour.
  /// - Parameter name: the name.
  public init(_ name: Name) { self.init(kind: .named(name), opacity: 1) }

  /// An sRGB colour, like SwiftUI's `Color(red:green:blue:opacity:)`. Components outside 0…1
  /// are clamped.
  /// - Parameters:
  ///   - red: the red component.
  ///   - green: the green component.
  ///   - blue: the blue component.
  ///   - opacity: the opacity (default 1).
  public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
    func clamp(_ value: Double) -> Double { min(max(value, 0), 1) }
    self.init(kind: .rgb(red: clamp(red), green: clamp(green), blue: clamp(blue)), opacity: opacity)
  }

  /// A grey, like SwiftUI's `Color(white:opacity:)`.
  /// - Parameters:
  ///   - white: 0 (black) … 1 (white).
  ///   - opacity: the opacity (default 1).
  public init(white: Double, opacity: Double = 1) {
    self.init(red: white, green: white, blue: white, opacity: opacity)
  }

  /// A colour from hue, saturation and brightness, each 0…1, like SwiftUI's
  /// `Color(hue:saturation:brightness:opacity:)`; stored as its sRGB value.
  /// - Parameters:
  ///   - hue: the hue, 0…1 around the colour wheel.
  ///   - saturation: the saturation.
  ///   - brightness: the brightness.
  ///   - opacity: the opacity (default 1).
  public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
    let h = (hue - hue.rounded(.down)) * 6
    let s = min(max(saturation, 0), 1)
    let v = min(max(brightness, 0), 1)
    let sector = Int(h) % 6
    let f = h - Double(Int(h))
    let p = v * (1 - s)
    let q = v * (1 - s * f)
    let t = v * (1 - s * (1 - f))
    let (r, g, b): (Double, Double, Double) =
      switch sector {
      case 0: (v, t, p)
      case 1: (q, v, p)
      case 2: (p, v, t)
      case 3: (p, q, v)
      case 4: (t, p, v)
      default: (v, p, q)
      }
    self.init(red: r, green: g, blue: b, opacity: opacity)
  }

  /// The same colour with its opacity multiplied by `opacity`, like SwiftUI's
  /// `Color.opacity(_:)`.
  /// - Parameter opacity: 0…1.
  /// - Returns: the colour.
  public func opacity(_ opacity: Double) -> Color {
    Color(kind: kind, opacity: self.opacity * opacity)
  }

  /// `red`, `rgb(1, 0.5, 0)`, with `@0.5` for a colour that is not opaque.
  public var description: String {
    let base: String
    switch kind {
    case .named(let name): base = name.rawValue
    case .rgb(let red, let green, let blue):
      base =
        "rgb(\([red, green, blue].map { Length.describe(CGFloat($0)) }.joined(separator: ", ")))"
    }
    return opacity == 1 ? base : "\(base)@\(Length.describe(CGFloat(opacity)))"
  }

  /// Red.
  public static let red = Color(.red)
  /// Orange.
  public static let orange = Color(.orange)
  /// Yellow.
  public static let yellow = Color(.yellow)
  /// Green.
  public static let green = Color(.green)
  /// Mint.
  public static let mint = Color(.mint)
  /// Teal.
  public static let teal = Color(.teal)
  /// Cyan.
  public static let cyan = Color(.cyan)
  /// Blue.
  public static let blue = Color(.blue)
  /// Indigo.
  public static let indigo = Color(.indigo)
  /// Purple.
  public static let purple = Color(.purple)
  /// Pink.
  public static let pink = Color(.pink)
  /// Brown.
  public static let brown = Color(.brown)
  /// White.
  public static let white = Color(.white)
  /// Gray.
  public static let gray = Color(.gray)
  /// Black.
  public static let black = Color(.black)
  /// Fully transparent.
  public static let clear = Color(.clear)
  /// The colour of primary content.
  public static let primary = Color(.primary)
  /// The colour of secondary content.
  public static let secondary = Color(.secondary)
  // swift-format-ignore: DontRepeatTypeInStaticProperties
  /// The app's accent colour (SwiftUI's name, which repeats the type's).
  public static let accentColor = Color(.accentColor)
}

extension Color: _PrimitiveView {
  /// Renders `Color` as a leaf filled with the colour: it takes the space it is offered.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setLeaf(kind: .color, text: nil)
    node.setAttributes([.style(.fill(AnyShapeStyle(view)))])
  }
}
