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
  /// The key path of the changed property, or `nil` when the source is not a single property.
  public let keyPath: AnyKeyPath?

  /// The key path of the backing storage (`\Note._title`), when the property is a wrapper.
  ///
  /// Linux describes a key path to a computed property (which a wrapped property is) by
  /// address only, while a stored one is described by name; names come from this one.
  var storageKeyPath: AnyKeyPath?

  /// The property's name, such as `title`, or `*` when the whole object is the source.
  ///
  /// Computed on demand from the key path (a string conversion of a few hundred nanoseconds),
  /// so delivering an event never pays for a name nobody asks for.
  public var property: String {
    if let storageKeyPath {
      let name = propertyName(of: storageKeyPath)
      return name.hasPrefix("_") ? String(name.dropFirst()) : name
    }
    return keyPath.map(propertyName(of:)) ?? "*"
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

  /// `Type.property`, for example `NotesStore.notes`.
  public var description: String { "\(objectType).\(property)" }
}

/// The name of the property a key path names: the text after the root type in `\Root.name`.
func propertyName(of keyPath: AnyKeyPath) -> String {
  let text = String(describing: keyPath)
  guard let dot = text.firstIndex(of: ".") else { return text }
  return String(text[text.index(after: dot)...])
}
