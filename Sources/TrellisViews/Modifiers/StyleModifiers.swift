import Foundation

extension View {
  /// Sets the font of text in this view, like SwiftUI's `.font(_:)`.
  /// - Parameter font: the font, or nil to keep the inherited one.
  /// - Returns: the modified view.
  public func font(_ font: Font?) -> ModifiedContent<Self, _AttributeModifier> {
    modifier(_AttributeModifier(font.map { [.style(.font($0))] } ?? []))
  }

  /// Makes text in this view bold, like SwiftUI's `.bold(_:)`.
  /// - Parameter isActive: whether it is bold (default true).
  /// - Returns: the modified view.
  public func bold(_ isActive: Bool = true) -> ModifiedContent<Self, _AttributeModifier> {
    attributes(.style(.bold(isActive)))
  }

  /// Makes text in this view italic, like SwiftUI's `.italic(_:)`.
  /// - Parameter isActive: whether it is italic (default true).
  /// - Returns: the modified view.
  public func italic(_ isActive: Bool = true) -> ModifiedContent<Self, _AttributeModifier> {
    attributes(.style(.italic(isActive)))
  }

  /// Sets the weight of text in this view, like SwiftUI's `.fontWeight(_:)`.
  /// - Parameter weight: the weight, or nil to keep the inherited one.
  /// - Returns: the modified view.
  public func fontWeight(_ weight: Font.Weight?) -> ModifiedContent<Self, _AttributeModifier> {
    modifier(_AttributeModifier(weight.map { [.style(.fontWeight($0))] } ?? []))
  }

  /// Gives digits in this view a fixed width, like SwiftUI's `.monospacedDigit()`.
  /// - Returns: the modified view.
  public func monospacedDigit() -> ModifiedContent<Self, _AttributeModifier> {
    attributes(.style(.monospacedDigit))
  }

  /// Sets the foreground style of this view, like SwiftUI's `.foregroundStyle(_:)`.
  /// - Parameter style: the style: a colour, `.secondary`, `.tint`, …
  /// - Returns: the modified view.
  public func foregroundStyle<S: ShapeStyle>(
    _ style: S
  ) -> ModifiedContent<Self, _AttributeModifier> {
    attributes(.style(.foreground(AnyShapeStyle(style))))
  }

  /// Sets the foreground colour of this view, like SwiftUI's `.foregroundColor(_:)`.
  /// - Parameter color: the colour, or nil to keep the inherited one.
  /// - Returns: the modified view.
  public func foregroundColor(_ color: Color?) -> ModifiedContent<Self, _AttributeModifier> {
    modifier(_AttributeModifier(color.map { [.style(.foreground(AnyShapeStyle($0)))] } ?? []))
  }

  /// Fills the view's bounds with `style` behind it, like SwiftUI's
  /// `.background(_:ignoresSafeAreaEdges:)`.
  /// - Parameters:
  ///   - style: the style.
  ///   - edges: ignored (there is no safe area).
  /// - Returns: the modified view.
  public func background<S: ShapeStyle>(
    _ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all
  ) -> ModifiedContent<Self, _AttributeModifier> {
    attributes(.style(.background(AnyShapeStyle(style))))
  }

  /// Draws a line of `content` along the view's edges, like SwiftUI's `.border(_:width:)`.
  /// - Parameters:
  ///   - content: the style.
  ///   - width: the line's width (default 1).
  /// - Returns: the modified view.
  public func border<S: ShapeStyle>(
    _ content: S, width: CGFloat = 1
  ) -> ModifiedContent<Self, _AttributeModifier> {
    attributes(.style(.border(AnyShapeStyle(content), width: width)))
  }

  /// Sets the tint of controls and `.tint` styles in this view, like SwiftUI's `.tint(_:)`.
  /// - Parameter tint: the colour, or nil to keep the inherited one.
  /// - Returns: the modified view.
  public func tint(_ tint: Color?) -> ModifiedContent<Self, _AttributeModifier> {
    modifier(_AttributeModifier(tint.map { [.style(.tint(AnyShapeStyle($0)))] } ?? []))
  }

  /// Sets the tint of controls in this view to a style, like SwiftUI's `.tint(_:)`.
  /// - Parameter tint: the style, or nil to keep the inherited one.
  /// - Returns: the modified view.
  public func tint<S: ShapeStyle>(_ tint: S?) -> ModifiedContent<Self, _AttributeModifier> {
    modifier(_AttributeModifier(tint.map { [.style(.tint(AnyShapeStyle($0)))] } ?? []))
  }

  /// Sets the view's opacity, like SwiftUI's `.opacity(_:)`.
  /// - Parameter opacity: 0 (invisible) … 1; a value outside is clamped, and NaN is reported,
  ///   naming the view (renderers read it as 1).
  /// - Returns: the modified view.
  public func opacity(_ opacity: Double) -> ModifiedContent<Self, _AttributeModifier> {
    attributes(.style(.opacity(min(max(opacity, 0), 1))))
  }

  /// Clips the view to a rounded rectangle, like SwiftUI's `.cornerRadius(_:antialiased:)`.
  /// - Parameters:
  ///   - radius: the corner radius; a negative or non-finite one is reported, naming the view
  ///     (renderers read it as 0).
  ///   - antialiased: ignored.
  /// - Returns: the modified view.
  public func cornerRadius(
    _ radius: CGFloat, antialiased: Bool = true
  ) -> ModifiedContent<Self, _AttributeModifier> {
    attributes(.style(.cornerRadius(radius)))
  }

  /// Shows a count on the view (a list row, a tab), like SwiftUI's `.badge(_:)`; 0 shows
  /// nothing, as in SwiftUI.
  /// - Parameter count: the count.
  /// - Returns: the modified view.
  public func badge(_ count: Int) -> ModifiedContent<Self, _AttributeModifier> {
    modifier(_AttributeModifier(count == 0 ? [] : [.content(.badge(String(count)))]))
  }

  /// Shows a label on the view, like SwiftUI's `.badge(_:)`; nil shows nothing.
  /// - Parameter label: the label.
  /// - Returns: the modified view.
  public func badge(_ label: Text?) -> ModifiedContent<Self, _AttributeModifier> {
    modifier(_AttributeModifier(label.map { [.content(.badge($0.content))] } ?? []))
  }

  /// Shows a label on the view; nil shows nothing.
  /// - Parameter label: the label.
  /// - Returns: the modified view.
  @_disfavoredOverload
  public func badge<S: StringProtocol>(_ label: S?) -> ModifiedContent<Self, _AttributeModifier> {
    modifier(_AttributeModifier(label.map { [.content(.badge(String($0)))] } ?? []))
  }
}
