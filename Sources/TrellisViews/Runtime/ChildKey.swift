/// The identity of a child relative to its parent: structural (its position, its branch,
/// its erased type) or explicit (an `.id(_:)` value). `ForEach` rows are matched by their
/// typed ids in the `ForEach`'s own part, and carry `.row`.
enum ChildKey: Equatable {
  /// The n-th element of a `TupleView`, or the single child of a container.
  case index(Int)
  /// The branch of a condition: `true` for `if`/first, `false` for `else`/second.
  case branch(Bool)
  /// The erased type inside an `AnyView`.
  case type(ObjectIdentifier)
  /// An explicit identity (boxed: it is rare, and keeps the key one word).
  indirect case id(AnyHashable)
  /// The result of a composite view's `body`.
  case body
  /// A `ForEach` row (matched by its id in the `ForEach`).
  case row
}
