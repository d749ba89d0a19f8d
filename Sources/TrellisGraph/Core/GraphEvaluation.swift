/// Stepping outside the evaluation in progress.
@MainActor
@usableFromInline
package enum GraphEvaluation {
  /// Runs `body` without recording any dependency for the running evaluation: neither graph
  /// nodes nor tracked properties it reads become dependencies of anything, and effects it
  /// creates have no owner. Like alien-signals' and Preact's `untracked`.
  ///
  /// The view runtime uses this to reconcile a body's result: the body's reads are its
  /// dependencies, but the work of diffing children (and the children's own computations) is
  /// not.
  /// - Parameter body: the work to run untracked.
  /// - Returns: what `body` returns.
  @usableFromInline
  package static func untracked<Result>(_ body: () throws -> Result) rethrows -> Result {
    try NodeStore.shared.withoutEvaluation(body)
  }
}

/// Runs `body` without recording what it reads as dependencies of the running evaluation, like
/// alien-signals' and Preact's `untracked`: neither graph nodes nor tracked properties it reads
/// become dependencies of the effect or derived value running now, and effects it creates have
/// no owner (whoever holds them keeps them alive). Outside any evaluation it just runs `body`.
/// `Derived.peek()` and `Cell.peek()` are the one-value form.
/// - Parameter body: the work to run untracked.
/// - Returns: what `body` returns.
/// - Throws: what `body` throws.
@MainActor
@inlinable
public func untracked<Result>(_ body: () throws -> Result) rethrows -> Result {
  try GraphEvaluation.untracked(body)
}
