/// A property of a view whose storage the runtime provides, like SwiftUI's
/// `DynamicProperty`: `State`, `Environment`, `StateObject`, `ObservedObject`.
///
/// Before each body evaluation the runtime links every such property of the view value to
/// its node, by declaration order.
@MainActor
public protocol DynamicProperty {
  /// Runtime hook: binds the property to its storage in `node`. Not meant to be called.
  /// - Parameters:
  ///   - node: the view's node.
  ///   - ordinal: the property's position among the view's dynamic properties.
  ///   - label: the property's declared name (`_count` for `@State var count`).
  func _link(to node: ViewNode, ordinal: Int, label: String)
}

/// Links a view value's dynamic properties to its node before its body runs.
///
/// Reflection is used only for view types that have dynamic properties; whether a type has
/// any is computed once per type and cached, so views with plain inputs pay nothing.
@MainActor
enum DynamicProperties {
  private static var typesWithoutProperties: Set<ObjectIdentifier> = []

  static func link<Content: View>(_ view: Content, to node: ViewNode) {
    let typeID = ObjectIdentifier(Content.self)
    if typesWithoutProperties.contains(typeID) { return }
    // A custom modifier's body is evaluated as a view; its properties are the modifier's.
    let owner: Any = (view as? any ModifierBodyView)?.modifierValue ?? view
    var ordinal = 0
    for child in Mirror(reflecting: owner).children {
      guard let property = child.value as? any DynamicProperty else { continue }
      property._link(to: node, ordinal: ordinal, label: child.label ?? "property\(ordinal)")
      ordinal += 1
    }
    if ordinal == 0 { typesWithoutProperties.insert(typeID) }
  }
}
