/// Transactions: writes grouped so that a value written and written back counts as no change.
///
/// Inside a transaction a `Cell` write keeps the value from before the transaction
/// (`Cell.committed`) and marks the cell unsettled; its readers are marked pending rather than
/// dirty, so that they check versions before re-running. A cell settles, comparing its value
/// with the one it had before, when a check reaches it or when the outermost transaction ends;
/// only a real change bumps its version. So a write reverted inside one transaction, with no
/// read in between, costs its readers a version comparison and nothing else. A tracked read
/// of an unsettled cell settles it first (`Cell.settleForTrackedRead()`): its reader saw the
/// new value, so a later write-back is a change.
extension NodeStore {
  /// Runs `body` as a transaction (see above); nested transactions join the outermost one.
  @inlinable
  func withTransaction<Result>(_ body: () throws -> Result) rethrows -> Result {
    // Wrapping, as `activeOperations` (see there): transactions nest with the stack.
    transactionDepth &+= 1
    defer {
      transactionDepth &-= 1
      if transactionDepth == 0 { settleTransaction() }
    }
    return try body()
  }

  /// Records that `slot`, a cell, was written for the first time in this transaction. Inlined
  /// into the cell's write: as a call, its entry and exit were a third of it (`@inlinable`
  /// alone left it a call from the cell's write, specialized in the writer's module). The
  /// record is accessed once for the flag and the generation.
  @inlinable
  @inline(__always)
  func noteUnsettled(_ slot: Int32) {
    let generation = withRecord(slot) { record in
      record.flags.insert(.unsettled)
      return record.generation
    }
    unsettledCells.append(NodeRef(slot: slot, generation: generation))
  }

  /// Settles every cell the transaction wrote.
  @usableFromInline
  func settleTransaction() {
    beginOperation()
    defer { endOperation() }
    // Settling a cell runs no user code, so the list does not change while it is walked.
    for index in 0..<unsettledCells.count {
      let cell = unsettledCells[index]
      // `isLive(cell)` and the flag asked of one load of the record: the slot is in range (a
      // written cell's once was, and the store never shrinks).
      let record = nodes[link: cell.slot]
      if record.generation == cell.generation
        && record.flags.intersection([.dead, .unsettled]) == .unsettled,
        let handle = handles[link: cell.slot]
      {
        // Called directly, not through `update(_:)`: a cell's settle compares two values and
        // nests nothing, so it needs no check of the stack left (and the cell is alive: the
        // slot is live, borrowed as `updateNode` borrows it).
        _ = withGuaranteedObject(handle) { node in node.update(node) }
      }
    }
    unsettledCells.truncate(to: 0)
  }
}
