@_spi(Reflection) import Swift
import TrellisGraph

/// One of the library's wrappers whose copies share one box, which linking points at one
/// view position's storage (`@State`, `@StateObject`, `@FocusState`) or environment
/// (`@Environment`). A view value shown in two places at once (a container that shows its
/// `content` twice, or one value mounted by two hosts) would otherwise have both places link
/// the same box, and the actions of the first place would write the state of the one linked
/// last. SwiftUI keeps each place's storage in that place's copy of the view; so does the
/// runtime, by giving the copy a box of its own (see `SharedPropertyUnlinking`).
@MainActor
protocol PositionBoundProperty: DynamicProperty, RuntimeOwnedProperty {
  /// Whether this value's box is linked to another place than `node`, where the property is
  /// the dynamic property at `ordinal` (its storage is `node.composite?.slot(ordinal)`, nil
  /// before the first body run): it was linked by another place, or by an identity that is
  /// gone. Asked before every link, so it reads only what it needs.
  func isLinked(elsewhereThan node: ViewNode, ordinal: Int) -> Bool

  /// A copy with a box of its own, not linked, that starts as this value would: from the same
  /// initial value (for state, the one its storage started with), factory or key.
  func unlinkedCopy() -> Self
}

/// Gives the `PositionBoundProperty` fields of a view value of type `Root` boxes of their own,
/// found by their offset in the value (the offset `ComparisonPlan` links them at).
///
/// Built once per type, and only for a type whose value was found shown in two places: each
/// field is reached through a writable key path into the caller's copy of the view, so no raw
/// memory is written. A field the key paths cannot reach (stored after a `weak` or `unowned`
/// property, where the walk stops) keeps its shared box; the caller reports it.
@MainActor
final class SharedPropertyUnlinking<Root> {
  /// By the field's offset in `Root`: replaces the field with its unlinked copy.
  private var unlinkers: [Int: (inout Root) -> Void] = [:]

  init() {
    collect(Root.self, through: \Root.self)
  }

  /// Gives the fields at `offsets` of `view` boxes of their own.
  /// - Returns: the offsets of the fields it could not reach.
  func unlink(_ offsets: [Int], in view: inout Root) -> [Int] {
    var unreached: [Int] = []
    for offset in offsets {
      guard let unlink = unlinkers[offset] else {
        unreached.append(offset)
        continue
      }
      unlink(&view)
    }
    return unreached
  }

  /// Reports the properties (by their labels) that could not be given boxes of their own.
  static func reportUnreached(_ labels: [String]) {
    let names = labels.map { "`\($0)`" }.joined(separator: ", ")
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: ["\(Root.self)"],
        message:
          "\(names) in \(Root.self): a value of this view is shown in more than one place (or "
          + "by more than one host), and this property cannot be given storage of its own in "
          + "each, because it is stored after a weak or unowned property, which a key path "
          + "cannot pass; the places share it. Declare it before the weak or unowned "
          + "properties."))
  }

  /// Adds the unlinkers of the fields of `type`, reached from `Root` through `prefix`, and of
  /// the fields inside the app's own dynamic properties (linked as the view's own).
  private func collect<Value>(_ type: Value.Type, through prefix: AnyKeyPath) {
    _ = _forEachFieldWithKeyPath(of: type) { _, path in
      guard let composed = prefix.appending(path: path) else { return true }
      let fieldType = Swift.type(of: path).valueType
      if let property = fieldType as? any PositionBoundProperty.Type {
        add(property, at: composed)
      } else if fieldType is any DynamicProperty.Type,
        !(fieldType is any RuntimeOwnedProperty.Type), !(fieldType is any ObjectIdentityInput.Type)
      {
        collect(fieldType, through: composed)
      }
      return true
    }
  }

  private func add<Property: PositionBoundProperty>(_: Property.Type, at path: AnyKeyPath) {
    guard let writable = path as? WritableKeyPath<Root, Property>,
      let offset = MemoryLayout<Root>.offset(of: writable)
    else { return }
    unlinkers[offset] = { view in view[keyPath: writable] = view[keyPath: writable].unlinkedCopy() }
  }
}
