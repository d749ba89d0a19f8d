import Testing

@testable import TrellisGraph

/// `NodeFlags` implements the set operations itself, on the raw bits (see `Records.swift`);
/// they must give what `OptionSet`'s own would.
@Suite struct NodeFlagsTests {
  @Test func membershipAndDisjointness() {
    let flags = NodeFlags([.dirty, .checking])
    #expect(flags.rawValue == 0b1001)
    #expect(flags.contains(.dirty))
    #expect(!flags.contains(.stale))  // both stale bits, one of them missing
    #expect(flags.contains([]))
    #expect(!flags.isDisjoint(with: .onStack))
    #expect(flags.isDisjoint(with: [.pending, .queued]))
    #expect(NodeFlags().isEmpty && !flags.isEmpty)
    #expect(NodeFlags.onStack == [.evaluating, .checking])
    #expect(NodeFlags.stale == [.dirty, .pending])
  }

  @Test func insertAndRemoveReportWhatChanged() {
    var flags: NodeFlags = [.pending]
    let first = flags.insert(.queued)
    #expect(first.inserted && first.memberAfterInsert == .queued)
    let again = flags.insert(.queued)
    #expect(!again.inserted && again.memberAfterInsert == .queued)
    #expect(flags == [.pending, .queued])

    #expect(flags.remove([.pending, .dirty]) == .pending)  // only the bits that were set
    #expect(flags.remove(.dirty) == nil)
    #expect(flags == .queued)
  }

  @Test func algebra() {
    let a: NodeFlags = [.dirty, .pending, .queued]
    let b: NodeFlags = [.pending, .disposed]
    #expect(a.union(b) == [.dirty, .pending, .queued, .disposed])
    #expect(a.intersection(b) == .pending)
    #expect(a.subtracting(b) == [.dirty, .queued])
    var c = a
    c.formUnion(b)
    #expect(c == a.union(b))
    c.formIntersection(b)
    #expect(c == b)
    c.subtract(.pending)
    #expect(c == .disposed)
  }
}
