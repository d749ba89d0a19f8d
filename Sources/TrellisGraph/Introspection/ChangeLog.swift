/// What the latest change did, kept while some graph asks for it (`Graph.recordsLastChange`),
/// for the dependency-graph export.
///
/// A change is everything from the first write after a flush up to the end of the next flush:
/// the cells and tracked properties that changed, the nodes they marked stale, and the nodes
/// that re-evaluated. When a flush ends, the log is sealed; the next write starts a new one.
/// A cell written inside a transaction counts as changed even if the transaction writes it
/// back.
@usableFromInline
final class ChangeLog {
  /// Cells whose value changed.
  var changedCells: Set<NodeRef> = []
  /// Tracked properties that changed, by source serial.
  var changedProperties: Set<UInt64> = []
  /// Nodes marked stale (dirty or pending).
  var marked: Set<NodeRef> = []
  /// Nodes that evaluated: derived values that recomputed, effects that ran.
  var evaluated: Set<NodeRef> = []
  private var isSealed = false

  /// A source changed: starts a new change if the previous one is sealed.
  func noteChange(ofCell cell: NodeRef) {
    startIfSealed()
    changedCells.insert(cell)
  }

  /// A tracked property changed: starts a new change if the previous one is sealed.
  func noteChange(ofProperty serial: UInt64?) {
    startIfSealed()
    if let serial { changedProperties.insert(serial) }
  }

  func noteMark(_ node: NodeRef) { marked.insert(node) }

  @usableFromInline
  func noteEvaluation(_ node: NodeRef) { evaluated.insert(node) }

  /// A flush ended: the change is complete.
  func seal() { isSealed = true }

  private func startIfSealed() {
    guard isSealed else { return }
    isSealed = false
    changedCells = []
    changedProperties = []
    marked = []
    evaluated = []
  }
}
