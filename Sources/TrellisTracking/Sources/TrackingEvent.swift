/// One change to one tracked property, as a continuous observer sees it.
///
/// Events come in pairs for each write: `.willSet` before the new value is stored and
/// `.didSet` after it, both on the mutating thread. This is the information that
/// `Self._printChanges()`-style explanations need: which object and which property changed.
public struct TrackingEvent: @unchecked Sendable, CustomStringConvertible {
  // `@unchecked` only because `AnyKeyPath` is not marked `Sendable`; key paths are immutable.
  /// When the event is delivered relative to the store.
  public enum Phase: Sendable, Equatable {
    /// Before the new value is stored; reading the property still gives the old value.
    case willSet
    /// After the new value is stored.
    case didSet
  }

  /// Whether the new value is stored yet.
  public let phase: Phase
  /// The identity of the object whose property changed.
  public let object: ObjectIdentifier
  /// The dynamic type of that object.
  public let objectType: any Any.Type
  /// The key path of the changed property, for properties written through a
  /// `TrackingRegistrar`; nil for `@Tracked` properties and whole-object changes.
  ///
  /// `@Tracked` writes carry no key path on purpose: building the two key path objects the
  /// compiler hands to a property wrapper's accessor costs about 15 ns per assignment, ten
  /// times the rest of an unobserved write. Their events name the property instead.
  public let keyPath: AnyKeyPath?

  /// The property's name for `@Tracked` properties (found once per property, then cached).
  var propertyName: String?

  /// The property's name, such as `title`, or `*` when the whole object is the source.
  ///
  /// A key path to a computed property names no property on Linux (`<computed Double>`); a
  /// property declared through `TrackingRegistrar` is then named by the accessor that first
  /// read it, when that was the property's own getter or setter.
  public var property: String {
    if let propertyName { return propertyName }
    return keyPath.map(keyPathPropertyName) ?? "*"
  }

  /// Creates an event; the runtime makes these, tests may too.
  /// - Parameters:
  ///   - phase: before or after the store.
  ///   - object: the identity of the changed object.
  ///   - objectType: the changed object's type, used for descriptions.
  ///   - keyPath: the changed property, or `nil` for a whole-object change.
  public init(
    phase: Phase, object: ObjectIdentifier, objectType: any Any.Type, keyPath: AnyKeyPath?
  ) {
    self.phase = phase
    self.object = object
    self.objectType = objectType
    self.keyPath = keyPath
  }

  /// Whether `other` is a change of the same property of the same object (either phase),
  /// without building either name.
  package func isSameProperty(as other: TrackingEvent) -> Bool {
    object == other.object && propertyName == other.propertyName && keyPath == other.keyPath
  }

  /// `Type.property`, for example `NotesStore.notes`.
  public var description: String { "\(objectType).\(property)" }
}

/// The name of the property a key path names: the text after the root type in `\Root.name`.
///
/// A key path to a computed property has no name at run time: the standard library describes it
/// as `<computed 0x… (Int)>`. The address changes from run to run, so it is dropped:
/// `<computed Int>`.
func keyPathPropertyName(_ keyPath: AnyKeyPath) -> String {
  let text = String(describing: keyPath)
  guard let dot = text.firstIndex(of: ".") else { return text }
  let name = text[text.index(after: dot)...]
  guard name.hasPrefix("<computed "), let open = name.firstIndex(of: "("),
    let close = name.lastIndex(of: ")"), open < close
  else { return String(name) }
  return "<computed \(name[name.index(after: open)..<close])>"
}
