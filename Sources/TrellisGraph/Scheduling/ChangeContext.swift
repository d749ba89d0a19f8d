/// A tag that the changes made now carry to the effects they mark, for a layer above the graph
/// that needs to know which changes made which runs happen (the view runtime's transactions:
/// the animation of the writes that re-ran a body). 0 means none.
///
/// The rules, in the graph:
/// - While it is set, each effect a change marks (directly or through derived values, or
///   scheduled with `Effect.scheduleRun()`) keeps it for its next run, a later context
///   replacing an earlier one. A mark made with none leaves the effect's context as it is.
/// - While an effect that keeps a context runs, that context is the current one, so that what
///   the run changes, and the effects it marks in turn, carry it too. An effect that keeps
///   none runs under the context around it.
/// - A check that finds the effect need not run drops its context.
///
/// Costs nothing while unused: one load and a branch per effect marked.
package enum ChangeContext {
  /// The context of the changes made now; 0 for none.
  @MainActor package static var current: UInt32 {
    get { NodeStore.shared.changeContext }
    set { NodeStore.shared.changeContext = newValue }
  }
}
