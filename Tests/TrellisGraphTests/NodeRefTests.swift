import Testing

@testable import TrellisGraph

/// `NodeRef`'s packed form, which a tracked property's relay hands back to name its node.
@Suite struct NodeRefTests {
  @Test func packingKeepsSlotAndGenerationApart() {
    let refs = [
      NodeRef(slot: 0, generation: 0),
      NodeRef(slot: 0, generation: 1),
      NodeRef(slot: 1, generation: 0),
      NodeRef(slot: 5, generation: 7),
      NodeRef(slot: .max, generation: .max),
      NodeRef(slot: .max, generation: 0),
      NodeRef(slot: 0, generation: .max),
    ]
    #expect(refs.map { NodeRef(packed: $0.packed) } == refs)
    #expect(Set(refs.map(\.packed)).count == refs.count)
  }
}
