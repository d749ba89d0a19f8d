/// A source of the graph: a mutable value whose readers re-run when it changes.
///
/// The graph's counterpart of a signal, and what the view runtime's `@State` slots are made
/// of. Reading `value` inside a `Derived` computation or an `Effect` makes it a dependency of
/// that evaluation; writing it marks those dependents stale and queues the affected effects on
/// their graphs' next flush.
///
/// - Equal writes: with the `Equatable` initializer, assigning a value equal to the current one
///   changes nothing and notifies nobody; otherwise every assignment is a change.
/// - Writes take effect at once, also during an evaluation: a computation that writes a cell
///   and reads it back sees its own write, as in alien-signals. An evaluation that had already
///   read the cell becomes stale again (an effect is queued to run again in the same flush; a
///   derived value recomputes on its next read). The view runtime reports a state write during
///   a body separately, as SwiftUI does.
/// - Inside `Graph.withTransaction(_:)`, a value written and then written back counts as no
///   change (for `Equatable` values): its readers neither recompute nor re-run.
///
/// Complexity: a read costs O(1); a write costs O(s) in the nodes it marks stale, not in the
/// size of the graph.
@MainActor
public final class Cell<Value>: GraphNode {
  /// Opts out of exclusivity checks like the store's records: accessed only through the
  /// accessors below, each a single statement, never across a call.
  @exclusivity(unchecked) @usableFromInline var storage: Value
  @usableFromInline let isEqual: ((Value, Value) -> Bool)?
  /// The value before the current transaction's first write, while the cell is unsettled.
  @exclusivity(unchecked) @usableFromInline var committed: Value?

  /// Creates a cell in which every assignment is a change.
  /// - Parameters:
  ///   - value: the initial value.
  ///   - name: a name for diagnostics and explanations; defaults to the type.
  @inlinable
  public init(_ value: Value, name: String? = nil) {
    storage = value
    isEqual = nil
    super.init(kind: .cell, name: name, update: { Cell<Value>.settle($0) })
  }

  /// Creates a cell that ignores assignments of a value equal to the current one.
  /// - Parameters:
  ///   - value: the initial value.
  ///   - name: a name for diagnostics and explanations; defaults to the type.
  @inlinable
  public init(_ value: Value, name: String? = nil) where Value: Equatable {
    storage = value
    isEqual = { $0 == $1 }
    super.init(kind: .cell, name: name, update: { Cell<Value>.settle($0) })
  }

  /// The current value. Reading it inside an evaluation records a dependency; writing it
  /// invalidates the dependents.
  @inlinable
  public var value: Value {
    // Always inlined, as `Derived.value`: left to the optimizer, a read in a loop of the
    // caller's (kairo's mux reads 100 cells so) became a call to a specialized copy, whose
    // entry and exit cost a third of the read.
    @inline(__always) get {
      if store.transactionDepth > 0 { settleForTrackedRead() }
      store.recordRead(of: slot)
      return storage
    }
    set { write(newValue) }
  }

  /// Inside a transaction, a computation that reads a cell written in it sees the new value:
  /// the cell settles first, so that the reader's dependency records that change, and a later
  /// write-back in the same transaction is a change again (to that reader, it is). Without
  /// this, an effect that first ran inside the transaction kept the value written back.
  @usableFromInline
  @inline(never)
  func settleForTrackedRead() {
    guard store.currentSubscriber >= 0, flags.contains(.unsettled) else { return }
    _ = Cell.settle(self)
  }

  /// The current value, read without recording a dependency.
  @inlinable
  public var untrackedValue: Value { storage }

  override var reflectedValue: Any? { storage }

  /// The current value, read without recording a dependency (Preact's and alien-signals'
  /// `peek`).
  /// - Returns: the value.
  @inlinable
  public func peek() -> Value { storage }

  @inlinable
  func write(_ newValue: Value) {
    // Called through the optional, not bound first: a bound copy of the closure was retained
    // and released around the call, on every write and again on every settle.
    if isEqual?(storage, newValue) == true { return }
    if store.transactionDepth > 0 {
      if !flags.contains(.unsettled) {
        committed = storage
        store.noteUnsettled(slot)
      }
      storage = newValue
      store.propagate(from: slot, direct: .pending)
      return
    }
    storage = newValue
    store.nodes[link: slot].version &+= 1
    store.lastReadDep = -1
    store.propagate(from: slot, direct: .dirty)
  }

  /// Decides, after a transaction wrote the cell, whether its value changed since before the
  /// transaction; only a change bumps its version. Returns whether it changed.
  @inlinable
  static func settle(_ node: GraphNode) -> Bool {
    let cell = unsafeDowncast(node, to: Cell<Value>.self)
    cell.flags.remove(.unsettled)
    guard let committed = cell.committed else { return false }
    cell.committed = nil
    if cell.isEqual?(committed, cell.storage) == true { return false }
    cell.store.nodes[link: cell.slot].version &+= 1
    cell.store.lastReadDep = -1
    return true
  }

  override var defaultName: String { "Cell<\(Value.self)>" }
}
