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
public protocol ObjectTrackable: AnyObject {
  /// The single source that stands for every `@ObjectTracked` property of this object.
  var objectChanges: ObjectChangeNotifier { get }
}
