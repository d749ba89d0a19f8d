/// A property of a view whose storage the runtime provides, like SwiftUI's
/// `DynamicProperty`: `State`, `Environment`, `StateObject`, `ObservedObject`.
///
/// Before each body evaluation the runtime links every such property of the view value to
/// its node, by declaration order. Where they are in the view is found once per view type
/// (see `ComparisonPlan`), so linking costs no reflection.
///
/// As in SwiftUI, an app can make its own: a struct conforming to `DynamicProperty` whose
/// stored properties include `@State`, `@Environment` and the like. The properties inside it
/// get storage as if the view declared them, and it needs no code of its own:
///
/// ```swift
/// struct Counter: DynamicProperty {
///   @State private var count = 0
///   var value: Int { count }
///   func increment() { count += 1 }
/// }
/// ```
///
/// Its `update()`, if it has one, runs before each evaluation of the body of the view (or
/// custom modifier) that stores it, after the properties inside it are linked and updated,
/// as SwiftUI calls it; what it sets in the property is seen by that body. Two differences
/// from SwiftUI, which writes into the view's memory: a property stored with `let` has its
/// `update()` run on a copy, so its changes are lost, and one stored after a `weak` or
/// `unowned` property of the same type is never updated (key paths stop there). Both are
/// reported; store such a property with `var`, before any weak or unowned property.
@MainActor
public protocol DynamicProperty {
  /// Runtime hook: binds the property to its storage in `node`. Not meant to be called.
  /// - Parameters:
  ///   - node: the view's node.
  ///   - ordinal: the property's position among the view's dynamic properties.
  ///   - label: the property's declared name (`_count` for `@State var count`).
  func _link(to node: ViewNode, ordinal: Int, label: String)

  /// Updates the property's own values before the body that uses it runs, like SwiftUI's
  /// `DynamicProperty.update()`: called before every evaluation of the body of the view or
  /// custom modifier that stores it, inner properties first. The default does nothing.
  ///
  /// It runs inside the body's evaluation, so what it reads from tracked models and
  /// `@Environment` re-runs that body when it changes, and it must not write state the body
  /// reads (that is a write during a view update, reported as one).
  mutating func update()
}

extension DynamicProperty {
  /// Does nothing.
  public mutating func update() {
    if DefaultUpdate.armed == ObjectIdentifier(Self.self) { DefaultUpdate.ran = true }
  }

  /// Does nothing: a dynamic property of the app's own needs no hook, since the dynamic
  /// properties stored in it are linked as the view's own.
  /// - Parameters:
  ///   - node: the view's node.
  ///   - ordinal: the property's position among the view's dynamic properties.
  ///   - label: the property's declared name.
  public func _link(to node: ViewNode, ordinal: Int, label: String) {}
}
