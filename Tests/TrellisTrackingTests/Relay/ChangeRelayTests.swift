import Testing

@testable import TrellisTracking

@Suite struct ChangeRelayTests {
  /// A change of one source is sent once until the owner ends the hand-off; another source's
  /// change is sent, and takes the slot.
  @Test func handsOffOneChangePerSourceUntilTheOwnerAppliesIt() {
    let relay = ChangeRelay(deliversEvents: false, payload: 7) { _, _, _ in }
    #expect(relay.payload == 7)
    var sent: [Bool] = []
    for serial: UInt64 in [5, 5, 5] { sent.append(relay.beginHandOff(of: serial)) }
    #expect(sent == [true, false, false])
    relay.endHandOff()
    sent = [5, 5, 9, 9, 5].map { relay.beginHandOff(of: $0) }
    #expect(sent == [true, false, true, false, true])
  }
}
