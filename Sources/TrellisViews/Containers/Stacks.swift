import Foundation

/// Arranges its content vertically, like SwiftUI's `VStack`. Headless: the renderer lays it
/// out from the `alignment` and `spacing` layout attributes, present when they differ from the
/// defaults (`.center`, the renderer's spacing).
public struct VStack<Content: View>: View, _PrimitiveView {
  let alignment: HorizontalAlignment
  let spacing: CGFloat?
  let content: Content

  /// Creates the stack.
  /// - Parameters:
  ///   - alignment: how the children line up horizontally (default `.center`).
  ///   - spacing: the distance between children, or nil for the renderer's default.
  ///   - content: the stacked views.
  public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  /// Renders `VStack` with the content as children.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.updateContainer(
      kind: .vStack,
      alignment: view.alignment.stackAttribute,
      spacing: view.spacing, content: view.content)
  }
}

/// Arranges its content horizontally, like SwiftUI's `HStack`, with the same attributes as
/// `VStack`.
public struct HStack<Content: View>: View, _PrimitiveView {
  let alignment: VerticalAlignment
  let spacing: CGFloat?
  let content: Content

  /// Creates the stack.
  /// - Parameters:
  ///   - alignment: how the children line up vertically (default `.center`).
  ///   - spacing: the distance between children, or nil for the renderer's default.
  ///   - content: the stacked views.
  public init(
    alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  /// Renders `HStack` with the content as children.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.updateContainer(
      kind: .hStack,
      alignment: view.alignment.stackAttribute,
      spacing: view.spacing, content: view.content)
  }
}

/// Overlays its content, like SwiftUI's `ZStack`: back to front, placed by `alignment` (an
/// attribute when not `.center`).
public struct ZStack<Content: View>: View, _PrimitiveView {
  let alignment: Alignment
  let content: Content

  /// Creates the stack.
  /// - Parameters:
  ///   - alignment: where the children sit (default `.center`).
  ///   - content: the overlaid views, back to front.
  public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
    self.alignment = alignment
    self.content = content()
  }

  /// Renders `ZStack` with the content as children.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.updateContainer(
      kind: .zStack, alignment: view.alignment.stackAttribute,
      spacing: nil, content: view.content)
  }
}

extension ViewNode {
  /// Renders a container of `kind` whose single child is `content`.
  func updateContainer<Content: View>(kind: ElementKind, content: Content) {
    setContainer(kind: kind)
    updateChild(.index(0), content)
  }

  /// Renders a stack of `kind` with its alignment and spacing attributes (when given).
  func updateContainer<Content: View>(
    kind: ElementKind, alignment: LayoutAttribute?, spacing: CGFloat?,
    content: Content
  ) {
    setContainer(kind: kind)
    if alignment != nil || spacing != nil || !attributes.isEmpty {
      setAttributes(
        ElementAttributes(Self.stackAttributes(alignment: alignment, spacing: spacing)))
    }
    updateChild(.index(0), content)
  }

  /// A stack's alignment and spacing attributes, each when given (eager and lazy stacks).
  static func stackAttributes(alignment: LayoutAttribute?, spacing: CGFloat?)
    -> [ElementAttribute]
  {
    var layout: [ElementAttribute] = []
    if let alignment { layout.append(.layout(alignment)) }
    if let spacing { layout.append(.layout(.spacing(spacing))) }
    return layout
  }
}

// A stack's alignment is an attribute only when it is not the default, `.center`, so that a
// plain stack has no attributes (the rule for every stack, eager and lazy).
extension HorizontalAlignment {
  var stackAttribute: LayoutAttribute? { self == .center ? nil : .horizontalAlignment(self) }
}

extension VerticalAlignment {
  var stackAttribute: LayoutAttribute? { self == .center ? nil : .verticalAlignment(self) }
}

extension Alignment {
  var stackAttribute: LayoutAttribute? { self == .center ? nil : .alignment(self) }
}
