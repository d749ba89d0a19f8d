import TrellisTracking

/// What higher layers may ask about the evaluation in progress, and how they step outside it.
@MainActor
public enum GraphEvaluation {
  /// Whether a `Derived` computation or an `Effect` is running right now.
  public static var isEvaluating: Bool { Evaluation.current != nil }

  /// The name of the innermost running evaluation, for diagnostics.
  public static var currentName: String? { Evaluation.current?.name }

  /// Runs `body` without recording any dependency for the running evaluation: neither graph
  /// nodes nor tracked properties it reads become dependencies of anything.
  ///
  /// The view runtime uses this to reconcile a body's result: the body's reads are its
  /// dependencies, but the work of diffing children is not.
  /// - Parameter body: the work to run untracked.
  /// - Returns: what `body` returns.
  public static func untracked<Result>(_ body: () -> Result) -> Result {
    let saved = Evaluation.current
    Evaluation.current = nil
    defer { Evaluation.current = saved }
    var result: Result?
    _ = trackedReads(isolated: true) { result = body() }
    return result!
  }

  /// Runs `work` when the outermost running evaluation ends, or now when none is running.
  ///
  /// Used to defer writes made where writes are not allowed (a view's body), so that they
  /// never re-enter the evaluation that made them.
  /// - Parameter work: the deferred work.
  public static func afterEvaluation(_ work: @escaping @MainActor () -> Void) {
    if Evaluation.current == nil && Evaluation.depth == 0 {
      work()
    } else {
      Evaluation.deferredWrites.append(work)
    }
  }
}
