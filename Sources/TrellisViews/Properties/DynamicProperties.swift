/// A property of a view whose storage the runtime provides, like SwiftUI's
/// `DynamicProperty`: `State`, `Environment`, `StateObject`, `ObservedObject`.
///
/// Before each body evaluation the runtime links every such property of the view value to
/// its node, by declaration order. Where they are in the view is found once per view type
/// (see `ComparisonPlan`), so linking costs no reflection.
@MainActor
public protocol DynamicProperty {
  /// Runtime hook: binds the property to its storage in `node`. Not meant to be called.
  /// - Parameters:
  ///   - node: the view's node.
  ///   - ordinal: the property's position among the view's dynamic properties.
  ///   - label: the property's declared name (`_count` for `@State var count`).
  func _link(to node: ViewNode, ordinal: Int, label: String)
}
