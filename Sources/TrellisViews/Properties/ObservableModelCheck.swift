@_spi(Reflection) import Swift
import TrellisGraph
import TrellisTracking

/// Finds models made with Apple's Observation (`@Observable`) where a view holds them, and
/// says why the view will not update.
///
/// Porting a SwiftUI app, the natural first step is to keep its `@Observable` models. They
/// compile (`@State`, `@Bindable`, `@Environment(Model.self)` and plain inputs accept any
/// class), but Trellis tracks `Trackable` and `ObjectTrackable` models only, so a body that
/// reads one never re-runs when it changes, and nothing would say so. The macro gives every
/// such class a stored `_$observationRegistrar`; a class that has one and is neither
/// `Trackable` nor `ObjectTrackable` is reported, once per view type and property (the check
/// runs when the view type's comparison plan is built, once per process), and once per element
/// type of a `ForEach`.
@MainActor
enum ObservableModelCheck {
  /// Whether each class seen so far is an untracked `@Observable` model.
  private static var verdicts: [ObjectIdentifier: Bool] = [:]

  /// Reports every stored property of the view type `view` that holds an `@Observable` model
  /// (directly, optionally, in an array, set or dictionary, or through `@State`, `@Bindable`
  /// or `@Environment`).
  static func checkInputs<V>(of view: V.Type) {
    guard !(view is AnyClass) else { return }
    _forEachField(of: view, options: []) { name, _, fieldType, _ in
      if let model = modelType(in: fieldType), isUntrackedObservable(model) {
        let own = String(cString: name)
        let property = own.hasPrefix("_") ? String(own.dropFirst()) : own
        report(model, heldBy: "\(view).\(property)", reader: "\(view)'s body")
      }
      return true
    }
  }

  /// Reports the element type of a `ForEach` when it is an `@Observable` model.
  static func checkElements<Element>(of element: Element.Type) {
    guard let model = element as? AnyClass, isUntrackedObservable(model) else { return }
    report(model, heldBy: "a ForEach's elements", reader: "the rows' bodies")
  }

  /// The class a property of type `type` holds, seen through the library's wrappers,
  /// `Optional`, and the standard collections (an array of models is the usual list form);
  /// nil for any other type.
  private static func modelType(in type: any Any.Type) -> AnyClass? {
    var held = type
    if let holder = held as? any ModelHolder.Type { held = holder.heldType }
    if let optional = held as? any OptionalProtocol.Type { held = optional.wrappedType }
    if let collection = held as? any ModelCollection.Type { held = collection.modelType }
    if let optional = held as? any OptionalProtocol.Type { held = optional.wrappedType }
    return held as? AnyClass
  }

  private static func isUntrackedObservable(_ model: AnyClass) -> Bool {
    let key = ObjectIdentifier(model)
    if let verdict = verdicts[key] { return verdict }
    var found = false
    if !(model is any Trackable.Type) && !(model is any ObjectTrackable.Type) {
      // `.classType` (bit 0), spelled out: the standard library's constant is not `Sendable`.
      _forEachField(of: model, options: _EachFieldOptions(rawValue: 1 << 0)) { name, _, _, _ in
        found = String(cString: name) == "_$observationRegistrar"
        return !found
      }
    }
    verdicts[key] = found
    return found
  }

  private static func report(_ model: AnyClass, heldBy holder: String, reader: String) {
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: [holder, "\(model)"],
        message:
          "\(holder) holds \(model), an @Observable class (Apple's Observation), which Trellis "
          + "does not observe: \(reader) will not re-run when it changes. Make \(model) conform "
          + "to Trackable and mark its properties @Tracked (or use ObjectTrackable with "
          + "@ObjectTracked)."))
  }
}

/// A property wrapper of the library that holds a value of another type (`@State`,
/// `@Bindable`, `@Environment`): what `ObservableModelCheck` looks through.
protocol ModelHolder {
  /// The type of the value held.
  static var heldType: any Any.Type { get }
}

extension State: ModelHolder {
  nonisolated static var heldType: any Any.Type { Value.self }
}

extension Bindable: ModelHolder {
  nonisolated static var heldType: any Any.Type { Value.self }
}

extension Environment: ModelHolder {
  nonisolated static var heldType: any Any.Type { Value.self }
}

/// A standard collection, seen through by `ObservableModelCheck`: the type of what it holds.
protocol ModelCollection {
  /// The type of the elements (of the values, for a dictionary).
  static var modelType: any Any.Type { get }
}

extension Array: ModelCollection {
  static var modelType: any Any.Type { Element.self }
}

extension ContiguousArray: ModelCollection {
  static var modelType: any Any.Type { Element.self }
}

extension Set: ModelCollection {
  static var modelType: any Any.Type { Element.self }
}

extension Dictionary: ModelCollection {
  static var modelType: any Any.Type { Value.self }
}
