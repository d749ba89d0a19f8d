/// A list of values of any `Hashable` types, the path of a `NavigationStack`, like SwiftUI's
/// `NavigationPath`.
///
/// Each value shows, above the stack's root, the destination that
/// `.navigationDestination(for:)` registered for its type; a path can mix types
/// (`path.append(note)`, then `path.append(tag)`). Two paths are equal when they hold equal
/// values in the same order.
///
/// Not provided: `codable` (SwiftUI's encodable representation).
public struct NavigationPath: Equatable {
  /// The values, bottom first.
  var elements: [AnyHashable]

  /// Creates an empty path.
  public init() { elements = [] }

  /// Creates a path holding `elements`, bottom first.
  /// - Parameter elements: the values.
  public init<S: Sequence>(_ elements: S) where S.Element: Hashable {
    self.elements = elements.map { AnyHashable($0) }
  }

  /// How many values the path holds. O(1).
  public var count: Int { elements.count }

  /// Whether the path is empty (the stack shows its root). O(1).
  public var isEmpty: Bool { elements.isEmpty }

  /// Pushes `value` on top. O(1) amortized.
  /// - Parameter value: the value.
  public mutating func append<V: Hashable>(_ value: V) { elements.append(AnyHashable(value)) }

  /// Removes the top `k` values. Like SwiftUI's (and `Array.removeLast(_:)`), it stops the
  /// program when `k` is negative or the path holds fewer than `k` values, with a message
  /// saying which.
  /// - Parameter k: how many; 1 by default.
  public mutating func removeLast(_ k: Int = 1) {
    precondition(
      k >= 0,
      "NavigationPath.removeLast(\(k)): the number of values to remove cannot be negative.")
    precondition(
      k <= elements.count,
      "NavigationPath.removeLast(\(k)): the path holds only \(elements.count) values.")
    elements.removeLast(k)
  }
}

/// A stack's path as the stack uses it, whatever holds it: a binding to a typed collection, to
/// a `NavigationPath`, or the stack's own state.
@MainActor
struct NavigationPathSource: BindingIdentity {
  /// The values, bottom first; read tracked.
  let values: @MainActor () -> [AnyHashable]
  /// Pushes a value; false when the path cannot hold a value of its type.
  let push: @MainActor (AnyHashable) -> Bool
  /// Whether the path can hold a value of this one's type.
  let canHold: @MainActor (AnyHashable) -> Bool
  /// Keeps the first `count` values.
  let truncate: @MainActor (Int) -> Void
  /// What the path holds, for diagnostics (`Int`, or `any Hashable` for a `NavigationPath`).
  let elementDescription: String
  /// The binding's source: as a view's input, two path sources are the same when they bind
  /// the same state (see `BindingIdentity`).
  let sourceIdentity: AnyHashable?

  init<Data>(_ path: Binding<Data>)
  where
    Data: MutableCollection & RandomAccessCollection & RangeReplaceableCollection,
    Data.Element: Hashable
  {
    values = { path.wrappedValue.map { AnyHashable($0) } }
    push = { value in
      guard let element = value.base as? Data.Element else { return false }
      path.wrappedValue.append(element)
      return true
    }
    canHold = { value in value.base is Data.Element }
    truncate = { count in
      let current = path.wrappedValue
      guard count < current.count else { return }
      path.wrappedValue.removeLast(current.count - count)
    }
    elementDescription = "\(Data.Element.self)"
    sourceIdentity = path.sourceIdentity
  }

  init(_ path: Binding<NavigationPath>) {
    values = { path.wrappedValue.elements }
    push = { value in
      path.wrappedValue.elements.append(value)
      return true
    }
    canHold = { _ in true }
    truncate = { count in
      let current = path.wrappedValue
      guard count < current.count else { return }
      path.wrappedValue.removeLast(current.count - count)
    }
    elementDescription = "any Hashable"
    sourceIdentity = path.sourceIdentity
  }
}
