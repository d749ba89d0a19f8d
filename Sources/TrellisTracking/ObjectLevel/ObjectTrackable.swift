/// A class tracked at object level, the `ObservableObject` way: reading any `@ObjectTracked`
/// property depends on the whole object, and writing any of them notifies every reader.
///
/// This is Trellis's baseline for comparison with property-level `Trackable` models. Declare
/// one notifier and mark properties `@ObjectTracked`:
///
/// ```swift
/// final class LegacyStore: ObjectTrackable {
///   let objectChanges = ObjectChangeNotifier()
///   @ObjectTracked var notes: [Note] = []
/// }
/// ```
///
/// The names differ from Combine's (`ObservableObject`, `objectWillChange`, `@Published`) so
/// that a type can adopt both on Apple platforms without ambiguity.
///
/// Forgetting the notifier does not compile, and the error says what to add ("add `let
/// objectChanges = ObjectChangeNotifier()` to the class"). Unlike Combine, the notifier is not
/// made for you: a stored property keeps every `@ObjectTracked` read one field load, where a
/// notifier looked up per object would cost a lock and a table lookup per read.
public protocol ObjectTrackable: AnyObject {
  /// The single source that stands for every `@ObjectTracked` property of this object.
  var objectChanges: ObjectChangeNotifier { get }
}

extension ObjectTrackable {
  /// Not a notifier: it turns a missing `objectChanges` into a compiler error that says what
  /// to add.
  @available(
    *, unavailable,
    message: "add `let objectChanges = ObjectChangeNotifier()` to the class"
  )
  public var objectChanges: ObjectChangeNotifier { fatalError("unavailable") }
}
