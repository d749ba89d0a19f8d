/// An image, like SwiftUI's `Image`: a named symbol (`Image(systemName: "plus")`) or a named
/// image resource. Headless: a leaf whose attribute names the image; a renderer shows it as it
/// can (a terminal, as a glyph or nothing).
///
/// An image has no text, so a button labelled only by an image is found by `tap(_:)` through
/// the image's name: `tap("trash")` taps `Button { Image(systemName: "trash") }`.
public struct Image: View, _PrimitiveView, Equatable {
  enum Source: Equatable {
    case system(String)
    case resource(String)
  }

  let source: Source
  let isResizable: Bool

  /// A symbol, like SwiftUI's `Image(systemName:)`.
  /// - Parameter systemName: the symbol's name, such as `"plus"`.
  public init(systemName: String) {
    source = .system(systemName)
    isResizable = false
  }

  /// A named image resource.
  /// - Parameter name: the image's name.
  public init(_ name: String) {
    source = .resource(name)
    isResizable = false
  }

  private init(source: Source, isResizable: Bool) {
    self.source = source
    self.isResizable = isResizable
  }

  /// The same image, scaled to the space offered.
  /// - Returns: the image.
  public func resizable() -> Image { Image(source: source, isResizable: true) }

  /// The name `tap(_:)` finds an image-only label by.
  var name: String {
    switch source {
    case .system(let name), .resource(let name): name
    }
  }

  /// Renders `Image` with its `systemImage` or `image` attribute.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setLeaf(kind: .image, text: nil)
    var attributes: [ElementAttribute] = []
    switch view.source {
    case .system(let name): attributes.append(.content(.systemImage(name)))
    case .resource(let name): attributes.append(.content(.imageName(name)))
    }
    if view.isResizable { attributes.append(.content(.resizable)) }
    node.setAttributes(ElementAttributes(attributes))
    node.parts.part(ImageNamePart.self) { ImageNamePart(view.name) }.name = view.name
  }
}

/// An image's name, for finding a control labelled only by images.
@MainActor
final class ImageNamePart: NodePart {
  var name: String
  init(_ name: String) { self.name = name }
}

/// A title with an icon, like SwiftUI's `Label`: rendered as `Label` around the icon, then the
/// title.
public struct Label<Title: View, Icon: View>: View, _PrimitiveView {
  let title: Title
  let icon: Icon

  /// Creates a label from views.
  /// - Parameters:
  ///   - title: the title.
  ///   - icon: the icon.
  public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
    self.title = title()
    self.icon = icon()
  }

  /// Renders `Label` with the icon, then the title.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setContainer(kind: .label)
    node.updateChildren { children in
      children.update(.index(0), view.icon)
      children.update(.index(1), view.title)
    }
  }
}

extension Label where Title == Text, Icon == Image {
  /// A label with a title and a symbol, like SwiftUI's `Label(_:systemImage:)`.
  /// - Parameters:
  ///   - title: the title.
  ///   - systemImage: the symbol's name.
  public init(_ title: LocalizedStringKey, systemImage: String) {
    self.init(title: { Text(title) }, icon: { Image(systemName: systemImage) })
  }

  /// A label with a title shown as is and a symbol.
  /// - Parameters:
  ///   - title: the title.
  ///   - systemImage: the symbol's name.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, systemImage: String) {
    self.init(title: { Text(title) }, icon: { Image(systemName: systemImage) })
  }

  /// A label with a title and an image resource.
  /// - Parameters:
  ///   - title: the title.
  ///   - image: the image's name.
  public init(_ title: LocalizedStringKey, image: String) {
    self.init(title: { Text(title) }, icon: { Image(image) })
  }
}

/// A container of grouped controls, like SwiftUI's `Form`: rendered as `Form` around its rows.
public struct Form<Content: View>: View, _PrimitiveView {
  let content: Content

  /// Creates a form.
  /// - Parameter content: the rows.
  public init(@ViewBuilder content: () -> Content) { self.content = content() }

  /// Renders `Form` with the rows as children.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.updateContainer(kind: .form, content: view.content)
  }
}
