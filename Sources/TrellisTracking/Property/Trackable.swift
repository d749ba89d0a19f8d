/// A class whose `@Tracked` properties record their reads and announce their writes.
///
/// Conforming is the macro-free counterpart of Apple's `@Observable`: declare the conformance,
/// mark each stored property `@Tracked`, and nothing else.
///
/// ```swift
/// final class Note: Trackable {
///   @Tracked var title = ""
///   @Tracked var isPinned = false
/// }
/// ```
///
/// The protocol has no requirements; it marks the opt-in and lets `Tracked` reach the enclosing
/// instance. Subclasses of a conforming class are tracked too.
public protocol Trackable: AnyObject {}
