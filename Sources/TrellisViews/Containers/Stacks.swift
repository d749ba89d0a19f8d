/// Arranges its content vertically, like SwiftUI's `VStack`. Headless: order only, no layout.
public struct VStack<Content: View>: View {
  let content: Content

  /// Creates the stack.
  /// - Parameter content: the stacked views.
  public init(@ViewBuilder content: () -> Content) { self.content = content() }

  /// Renders `VStack` with the content as children.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.updateContainer(kind: .vStack, content: view.content)
  }
}

/// Arranges its content horizontally, like SwiftUI's `HStack`. Headless: order only.
public struct HStack<Content: View>: View {
  let content: Content

  /// Creates the stack.
  /// - Parameter content: the stacked views.
  public init(@ViewBuilder content: () -> Content) { self.content = content() }

  /// Renders `HStack` with the content as children.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.updateContainer(kind: .hStack, content: view.content)
  }
}

/// Overlays its content, like SwiftUI's `ZStack`. Headless: order only (back to front).
public struct ZStack<Content: View>: View {
  let content: Content

  /// Creates the stack.
  /// - Parameter content: the overlaid views, back to front.
  public init(@ViewBuilder content: () -> Content) { self.content = content() }

  /// Renders `ZStack` with the content as children.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.updateContainer(kind: .zStack, content: view.content)
  }
}

extension ViewNode {
  /// Renders a container of `kind` whose single child is `content`.
  func updateContainer<Content: View>(kind: ElementKind, content: Content) {
    setContainer(kind: kind)
    updateChild(.index(0), content)
  }
}
