/// A source of the graph: a mutable value whose readers re-run when it changes.
///
/// The graph's counterpart of a signal, and what the view runtime's `@State` slots are made
/// of. Reading `value` inside a `Derived` computation or an `Effect` makes it a dependency of
/// that evaluation; writing it marks those dependents stale and schedules the affected effects
/// on their graph's next flush.
///
/// - Equal writes: with the `Equatable` initializer, assigning a value equal to the current one
///   changes nothing and notifies nobody; otherwise every assignment is a change.
/// - Writing during an evaluation that already read this cell reports a
///   `GraphDiagnostic.Kind.modifiedDuringUpdate` naming the evaluation and the cell, and
///   applies the write after the evaluation ends (never re-entrantly). A write before the
///   first read in the same evaluation is an ordinary write and creates no self-dependency.
///
/// Complexity: a read costs O(1); a write costs O(s) in the nodes it marks stale, not in the
/// size of the graph.
@MainActor
public final class Cell<Value>: GraphNode {
  @exclusivity(unchecked)
  private var storage: Value
  private let isEqual: ((Value, Value) -> Bool)?

  /// Creates a cell in which every assignment is a change.
  /// - Parameters:
  ///   - value: the initial value.
  ///   - name: a name for diagnostics and explanations; defaults to the type.
  public init(_ value: Value, name: String? = nil) {
    storage = value
    isEqual = nil
    super.init(kind: .cell, name: name)
  }

  /// Creates a cell that ignores assignments of a value equal to the current one.
  /// - Parameters:
  ///   - value: the initial value.
  ///   - name: a name for diagnostics and explanations; defaults to the type.
  public init(_ value: Value, name: String? = nil) where Value: Equatable {
    storage = value
    isEqual = { $0 == $1 }
    super.init(kind: .cell, name: name)
  }

  /// The current value. Reading it inside an evaluation records a dependency; writing it
  /// invalidates the dependents.
  public var value: Value {
    get {
      Evaluation.recordRead(of: self)
      return storage
    }
    set { write(newValue) }
  }

  /// The current value, read without recording a dependency.
  public var untrackedValue: Value { storage }

  private func write(_ newValue: Value) {
    if let isEqual, isEqual(storage, newValue) { return }
    if let writer = Evaluation.current, let reader = readerInCurrentEvaluation(from: writer) {
      GraphDiagnostics.report(
        GraphDiagnostic(
          kind: .modifiedDuringUpdate, nodes: [reader.name, name],
          message:
            "'\(reader.name)' wrote '\(name)', which it had already read in the same update; "
            + "the write is applied after the update. Move the write to an action, an effect "
            + "or a task."))
      Evaluation.deferredWrites.append { [self] in self.write(newValue) }
      return
    }
    storage = newValue
    version &+= 1
    Propagation.sourceChanged(self)
  }

  /// The evaluating node (the writer or one of the evaluations enclosing it) that already
  /// read this cell in its current run.
  private func readerInCurrentEvaluation(from writer: GraphNode) -> GraphNode? {
    var cursor: GraphNode? = writer
    while let node = cursor {
      if isReadInCurrentRun(by: node) { return node }
      cursor = node.evaluatingParent
    }
    return nil
  }

  override var defaultName: String { "Cell<\(Value.self)>" }
}
