// Combine's names for the object-level model, declared unavailable where Combine does not
// exist (Linux, Windows), so that code ported from SwiftUI gets an error that names the
// replacement instead of "cannot find type 'ObservableObject' in scope". Where Combine exists
// they are not declared: a file importing both would find each name twice (see
// `ObjectTrackable`).
#if !canImport(Combine)
  /// Unavailable: Combine's `ObservableObject`. Trellis has no Combine; the compiler error
  /// names the replacements.
  ///
  /// A class written `final class Store: ObservableObject` ports as
  /// `final class Store: ObjectTrackable` with `let objectChanges = ObjectChangeNotifier()`
  /// and `@ObjectTracked` properties (the same whole-object tracking), or, better, as a
  /// `Trackable` class with `@Tracked` properties (the `@Observable` model: a body depends
  /// only on the properties it reads).
  @available(
    *, unavailable,
    message:
      "Trellis has no Combine: adopt ObjectTrackable (with `let objectChanges = ObjectChangeNotifier()` and @ObjectTracked properties), or Trackable with @Tracked properties, the @Observable model"
  )
  public protocol ObservableObject: AnyObject {}

  /// Unavailable: Combine's `@Published`. Trellis has no Combine; the compiler error names the
  /// replacements.
  ///
  /// A `@Published` property ports as `@ObjectTracked` in an `ObjectTrackable` class, or as
  /// `@Tracked` in a `Trackable` class.
  @available(
    *, unavailable,
    message:
      "Trellis has no Combine: mark the property @ObjectTracked in an ObjectTrackable class, or @Tracked in a Trackable class"
  )
  @propertyWrapper
  public struct Published<Value> {
    /// Unavailable, as the type is.
    public var wrappedValue: Value

    /// Unavailable, as the type is.
    /// - Parameter wrappedValue: the initial value.
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
  }
#endif
