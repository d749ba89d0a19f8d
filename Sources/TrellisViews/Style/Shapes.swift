import Foundation

/// A built-in shape, like SwiftUI's `Shape`: `Rectangle`, `RoundedRectangle`, `Capsule`,
/// `Circle` and `Ellipse`, drawn by the renderer.
///
/// A shape is a view that fills the space it is offered with the foreground style;
/// `.fill(_:)` and `.stroke(_:lineWidth:)` choose the style. Custom shapes (a `path(in:)` of
/// your own) are not supported: a headless runtime has no paths to hand a renderer.
public protocol Shape: _PrimitiveView {
  /// What renderers receive for the shape. Implemented by the built-in shapes.
  var _description: ShapeDescription { get }
}

/// A shape as renderers receive it: its element kind and its own attributes (a corner radius).
public struct ShapeDescription: Hashable, Sendable {
  let kind: ElementKind
  let attributes: [ElementAttribute]
}

extension Shape {
  /// Renders the shape, filled with the foreground style.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.renderShape(view._description, style: [])
  }

  /// The shape filled with `content`, like SwiftUI's `Shape.fill(_:style:)`.
  /// - Parameter content: the style (default: the foreground style).
  /// - Returns: the filled shape.
  public func fill<S: ShapeStyle>(_ content: S = ForegroundStyle()) -> _ShapeView<Self> {
    _ShapeView(shape: self, style: [.fill(AnyShapeStyle(content))])
  }

  /// The shape's outline in `content`, like SwiftUI's `Shape.stroke(_:lineWidth:)`.
  /// - Parameters:
  ///   - content: the style.
  ///   - lineWidth: the line's width (default 1).
  /// - Returns: the outlined shape.
  public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> _ShapeView<Self> {
    _ShapeView(shape: self, style: [.stroke(AnyShapeStyle(content), lineWidth: lineWidth)])
  }
}

/// A shape with a fill or a stroke, as `.fill(_:)` and `.stroke(_:lineWidth:)` make it.
public struct _ShapeView<Content: Shape>: View, _PrimitiveView {
  let shape: Content
  let style: [StyleAttribute]

  /// Renders the shape with its style.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.renderShape(view.shape._description, style: view.style)
  }

  /// The same shape, also filled with `content`.
  /// - Parameter content: the style.
  /// - Returns: the shape.
  public func fill<S: ShapeStyle>(_ content: S = ForegroundStyle()) -> _ShapeView<Content> {
    _ShapeView(shape: shape, style: style + [.fill(AnyShapeStyle(content))])
  }

  /// The same shape, also outlined in `content`.
  /// - Parameters:
  ///   - content: the style.
  ///   - lineWidth: the line's width (default 1).
  /// - Returns: the shape.
  public func stroke<S: ShapeStyle>(
    _ content: S, lineWidth: CGFloat = 1
  ) -> _ShapeView<Content> {
    _ShapeView(shape: shape, style: style + [.stroke(AnyShapeStyle(content), lineWidth: lineWidth)])
  }
}

extension ViewNode {
  func renderShape(_ shape: ShapeDescription, style: [StyleAttribute]) {
    setLeaf(kind: shape.kind, text: nil)
    setAttributes(ElementAttributes(shape.attributes + style.map { .style($0) }))
  }
}

/// A rectangle, like SwiftUI's `Rectangle`.
public struct Rectangle: Shape, Equatable {
  /// Creates a rectangle.
  public init() {}
  /// The shape for renderers.
  public var _description: ShapeDescription { ShapeDescription(kind: .rectangle, attributes: []) }
}

/// A rectangle with rounded corners, like SwiftUI's `RoundedRectangle`.
public struct RoundedRectangle: Shape, Equatable {
  /// The corner radius.
  public let cornerRadius: CGFloat

  /// Creates a rounded rectangle.
  /// - Parameter cornerRadius: the corner radius.
  public init(cornerRadius: CGFloat) { self.cornerRadius = cornerRadius }

  /// Creates a rounded rectangle (the corner style is not modelled).
  /// - Parameters:
  ///   - cornerRadius: the corner radius.
  ///   - style: ignored.
  public init(cornerRadius: CGFloat, style: RoundedCornerStyle) {
    self.cornerRadius = cornerRadius
  }

  /// The shape for renderers, with its corner radius.
  public var _description: ShapeDescription {
    ShapeDescription(kind: .roundedRectangle, attributes: [.style(.cornerRadius(cornerRadius))])
  }
}

/// How rounded corners are drawn, like SwiftUI's `RoundedCornerStyle`; renderers ignore it.
public enum RoundedCornerStyle: Hashable, Sendable {
  /// Quarter circles.
  case circular
  /// Continuous curvature.
  case continuous
}

/// A rectangle with fully rounded ends, like SwiftUI's `Capsule`.
public struct Capsule: Shape, Equatable {
  /// Creates a capsule.
  public init() {}
  /// The shape for renderers.
  public var _description: ShapeDescription { ShapeDescription(kind: .capsule, attributes: []) }
}

/// A circle, like SwiftUI's `Circle`: the largest that fits the space offered.
public struct Circle: Shape, Equatable {
  /// Creates a circle.
  public init() {}
  /// The shape for renderers.
  public var _description: ShapeDescription { ShapeDescription(kind: .circle, attributes: []) }
}

/// An ellipse, like SwiftUI's `Ellipse`: it fills the space offered.
public struct Ellipse: Shape, Equatable {
  /// Creates an ellipse.
  public init() {}
  /// The shape for renderers.
  public var _description: ShapeDescription { ShapeDescription(kind: .ellipse, attributes: []) }
}
