import TrellisGraph

/// The context of one update, like SwiftUI's `Transaction`: chiefly the animation its changes
/// should use.
///
/// A transaction is data: it rides with the commit that its changes produce, and a renderer
/// reads it per element with `CommitInfo.transaction(for:)`. Where it comes from, most
/// specific last:
/// 1. `withTransaction(_:_:)` and `withAnimation(_:_:)` around the writes (state, tracked
///    properties) that cause an update;
/// 2. `.animation(_:value:)` above a changed element, when its value changed in that update;
/// 3. `.transaction(_:)` above a changed element, which may change anything, and
///    `.transaction(value:_:)`, which does so when its value changed in that update.
///
/// Each change carries the transaction of the writes that made it: a body (or a control's
/// computation) re-run by a write made inside `withTransaction(_:_:)` carries that transaction
/// to every change it makes and to the children it updates or inserts, while a body re-run by
/// a plain write flushed in the same update carries none. One run carries one transaction,
/// though: a body re-run by both an animated and a plain write animates all its changes (the
/// later transaction wins), where SwiftUI applies each transaction's writes in a pass of its
/// own and animates only what the animated write changed. A renderer reads each change's
/// transaction with `CommitInfo.transaction(for:)`.
///
/// Custom transaction keys are not supported.
public struct Transaction: Hashable, Sendable, CustomStringConvertible {
  /// The animation of the changes, or nil for none.
  public var animation: Animation?
  /// Whether animations set by `.animation(_:value:)` below are suppressed (the transaction's
  /// own animation still applies).
  public var disablesAnimations: Bool
  /// Whether the change is part of a continuous interaction (a drag).
  public var isContinuous: Bool

  /// An empty transaction: no animation.
  public init() {
    animation = nil
    disablesAnimations = false
    isContinuous = false
  }

  /// A transaction with an animation.
  /// - Parameter animation: the animation, or nil.
  public init(animation: Animation?) {
    self.init()
    self.animation = animation
  }

  /// Whether the transaction carries nothing.
  var isEmpty: Bool { self == Transaction() }

  /// `animation=spring(0.5)`, or `none`.
  public var description: String {
    var parts: [String] = []
    if let animation { parts.append("animation=\(animation)") }
    if disablesAnimations { parts.append("disablesAnimations") }
    if isContinuous { parts.append("continuous") }
    return parts.isEmpty ? "none" : parts.joined(separator: " ")
  }

  /// The transaction in effect while `withTransaction(_:_:)` runs, shared by every host on the
  /// main actor, as SwiftUI's is: a write made inside it tells the host it schedules work on.
  @MainActor static var current: Transaction?
}

/// Runs `body` with `transaction` as the transaction of the changes it makes, like SwiftUI's
/// `withTransaction(_:_:)`: the commits those changes produce carry it (see `Transaction`).
///
/// Nested calls: the innermost transaction is in effect inside it.
/// - Parameters:
///   - transaction: the transaction.
///   - body: the changes.
/// - Returns: what `body` returns.
@MainActor
public func withTransaction<Result>(
  _ transaction: Transaction, _ body: () throws -> Result
) rethrows -> Result {
  let previous = Transaction.current
  let previousContext = ChangeContext.current
  Transaction.current = transaction
  // The graph carries it to what the writes re-run (see `TransactionContexts`).
  ChangeContext.current = TransactionContexts.context(for: transaction)
  defer {
    Transaction.current = previous
    ChangeContext.current = previousContext
  }
  return try body()
}

/// Runs `body` so that the changes it makes are animated with `animation`, like SwiftUI's
/// `withAnimation(_:_:)`: `withTransaction(Transaction(animation: animation), body)`.
/// - Parameters:
///   - animation: the animation (default `.default`); nil makes the changes explicitly
///     unanimated.
///   - body: the changes.
/// - Returns: what `body` returns.
@MainActor
public func withAnimation<Result>(
  _ animation: Animation? = .default, _ body: () throws -> Result
) rethrows -> Result {
  try withTransaction(Transaction(animation: animation), body)
}
