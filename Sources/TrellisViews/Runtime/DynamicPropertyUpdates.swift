@_spi(Reflection) import Swift
import TrellisGraph

/// The `update()` calls a view type's dynamic properties of the app's own need before each
/// body, as SwiftUI makes them: in declaration order, the properties inside one (a struct of
/// `@State`, `@Environment` and other values) before the one that holds them. The library's own
/// wrappers (`@State`, `@ObservedObject`, …) are linked by the runtime and have no `update()` to
/// run.
///
/// Found once per type, by reflection, as key paths: each call reaches its property through a
/// writable key path into the caller's copy of the view, so it needs no raw memory (an earlier
/// version wrote through a pointer at the field's offset, which no benchmark showed to pay for
/// a call made once per body of the few views that have such a property).
///
/// A property stored with `let` has only a read-only key path: its `update()` runs on a copy,
/// so what it changes in the property's own stored values does not reach the body (what it
/// changes in `@State` and other storage the property holds does). SwiftUI, which writes into
/// the view's memory, keeps such changes. So the first time the `update()` of such a property
/// runs, if it is the property's own (not the default, which does nothing), it is reported,
/// naming the view and the property, with the fix: declare it `var`.
///
/// A key path cannot pass a `weak` or `unowned` stored property, so a property of the app's
/// own stored after one in the same type is never updated; it is reported, naming the view and
/// the property, with the fix (declare it before them).
@MainActor
final class DynamicPropertyUpdates<Root> {
  /// The calls, in the order they run.
  private let updates: [(inout Root) -> Void]

  /// Finds the app's own dynamic properties of `Root`; nil when it has none.
  static func make() -> DynamicPropertyUpdates? {
    let updates = calls(for: Root.self, labelled: "")
    return updates.isEmpty ? nil : DynamicPropertyUpdates(updates)
  }

  private init(_ updates: [(inout Root) -> Void]) { self.updates = updates }

  /// Calls every `update()` on `view`, in order.
  func run(on view: inout Root) {
    for update in updates { update(&view) }
  }

  /// The `update()` calls for the dynamic properties of the app's own stored in `type`, and in
  /// those, as functions of a value of `type`. None for a type that is not a struct.
  private static func calls<Value>(
    for type: Value.Type, labelled prefix: String
  ) -> [(inout Value) -> Void] {
    var result: [(inout Value) -> Void] = []
    var reached: Set<String> = []
    let complete = _forEachFieldWithKeyPath(of: type) { name, path in
      let own = String(cString: name)
      reached.insert(own)
      let fieldType = Swift.type(of: path).valueType
      guard let property = fieldType as? any DynamicProperty.Type, isAppOwn(fieldType) else {
        return true
      }
      let label = prefix.isEmpty ? own : prefix + "." + own
      result += calls(for: property, at: path, labelled: label)
      return true
    }
    if !complete { reportUnreached(in: type, labelled: prefix, reached: reached) }
    return result
  }

  /// Whether a dynamic property's type is the app's own, not one of the library's wrappers
  /// (`@State`, `@ObservedObject`, …), which have no `update()` to run.
  private static func isAppOwn(_ type: any Any.Type) -> Bool {
    !(type is any RuntimeOwnedProperty.Type) && !(type is any ObjectIdentityInput.Type)
  }

  /// Key paths stop at a `weak` or `unowned` stored property: the walk of `type` ended there.
  /// The app's own dynamic properties stored after it are reported, once per type that holds
  /// them, as their `update()` is never called. (A class or an enum has no fields to walk.)
  private static func reportUnreached(
    in type: Any.Type, labelled prefix: String, reached: Set<String>
  ) {
    var missed: [String] = []
    _ = _forEachField(of: type, options: []) { name, _, fieldType, _ in
      let own = String(cString: name)
      if !reached.contains(own), fieldType is any DynamicProperty.Type, isAppOwn(fieldType) {
        missed.append(prefix.isEmpty ? own : prefix + "." + own)
      }
      return true
    }
    guard !missed.isEmpty else { return }
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: ["\(Root.self)"],
        message:
          "\(missed.map { "`\($0)`" }.joined(separator: ", ")) in \(Root.self): its update() is "
          + "never called, because it is stored after a weak or unowned property, which a key "
          + "path cannot pass. Declare it before the weak or unowned properties."))
  }

  /// The calls for one property of type `Property`, reached through `path`: those of the
  /// properties inside it, then its own.
  private static func calls<Value, Property: DynamicProperty>(
    for type: Property.Type, at path: PartialKeyPath<Value>, labelled label: String
  ) -> [(inout Value) -> Void] {
    let inner = calls(for: type, labelled: label)
    if let writable = path as? WritableKeyPath<Value, Property> {
      return inner.map { update in { value in update(&value[keyPath: writable]) } } + [
        { value in value[keyPath: writable].update() }
      ]
    }
    guard let readable = path as? KeyPath<Value, Property> else { return [] }
    var checked = false
    return [
      { value in
        var copy = value[keyPath: readable]
        for update in inner { update(&copy) }
        guard !checked else { return copy.update() }
        checked = true
        DefaultUpdate.ran = false
        DefaultUpdate.armed = ObjectIdentifier(Property.self)
        copy.update()
        DefaultUpdate.armed = nil
        if !DefaultUpdate.ran { reportReadOnly(label) }
      }
    ]
  }

  private static func reportReadOnly(_ label: String) {
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: ["\(Root.self)"],
        message:
          "`\(label)` in \(Root.self) is a dynamic property stored with `let`: its update() "
          + "runs on a copy, so what update() changes in its own stored values does not reach "
          + "the body (SwiftUI keeps it). Declare it `var`."))
  }
}

/// Set by the default `update()` of the armed type, which does nothing: how a property stored
/// with `let` is told to have an `update()` of its own (see `DynamicPropertyUpdates`). Main-actor state, as every
/// `update()` runs there.
@MainActor
enum DefaultUpdate {
  /// The type whose `update()` is being asked about: a default `update()` of another type,
  /// called from its own (a property forwarding to one inside it), does not answer.
  static var armed: ObjectIdentifier?
  static var ran = false
}
