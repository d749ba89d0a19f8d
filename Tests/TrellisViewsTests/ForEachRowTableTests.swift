import Testing
import TrellisGraph
import TrellisViews

/// An id whose hash value is its parity: 1, 3 and 5 share one, 2 and 4 another.
struct ParityHashedKey: Hashable, CustomStringConvertible {
  let value: Int
  func hash(into hasher: inout Hasher) { hasher.combine(value % 2) }
  var description: String { "key\(value)" }
}

/// A row with state: its name and how often it was tapped.
struct TappedRow: View {
  let name: String
  @State private var taps = 0
  var body: some View { Button("\(name) \(taps)") { taps += 1 } }
}

/// Rows keyed by `ParityHashedKey`, or by plain integers.
struct HashedKeyList: View {
  let keys: [Int]
  let parityHashed: Bool
  var body: some View {
    VStack {
      if parityHashed {
        ForEach(keys.map(ParityHashedKey.init), id: \.self) { key in
          TappedRow(name: "r\(key.value)")
        }
      } else {
        ForEach(keys, id: \.self) { key in TappedRow(name: "r\(key)") }
      }
    }
  }
}

/// `ForEach` finds its rows by id without a table of them until a pass needs one (a mount
/// leaves only the ids' hash values): every identity rule holds before, while and after the
/// table is built, and with ids whose hash values are equal.
@MainActor
@Suite struct ForEachRowTableTests {
  /// Mounts `keys`, taps the rows named in `tapped` once each, and clears the logs.
  private func mount(_ keys: [Int], parityHashed: Bool, tapping tapped: [Int]) -> ViewHost {
    let host = ViewHost(HashedKeyList(keys: keys, parityHashed: parityHashed), executor: .manual)
    for key in tapped { host.tap("r\(key) 0") }
    host.flush()
    host.clearLogs()
    return host
  }

  /// Shows `keys` after clearing the logs, so that they hold this update alone.
  private func show(_ keys: [Int], parityHashed: Bool, in host: ViewHost) {
    host.clearLogs()
    host.update(root: HashedKeyList(keys: keys, parityHashed: parityHashed))
    host.flush()
  }

  @Test(arguments: [false, true])
  func rowsKeepTheirStateThroughEveryKindOfEditAfterAMount(parityHashed: Bool) {
    let host = mount([1, 2, 3, 4, 5], parityHashed: parityHashed, tapping: [3])
    let root = "HashedKeyList: input keys"
    func inserted(_ key: Int) -> String {
      "TappedRow #\(parityHashed ? "key" : "")\(key): inserted"
    }
    #expect(host.tree.texts == ["r1 0", "r2 0", "r3 1", "r4 0", "r5 0"])

    // A new id at the end, then one removed: nothing is looked up or re-created but them.
    show([1, 2, 3, 4, 5, 6], parityHashed: parityHashed, in: host)
    #expect(host.runLog == [root, inserted(6)])
    show([1, 2, 3, 5, 6], parityHashed: parityHashed, in: host)
    #expect(host.tree.texts == ["r1 0", "r2 0", "r3 1", "r5 0", "r6 0"])
    #expect(host.runLog == [root])

    // A move: row 3 is found by its id and keeps its state.
    show([3, 1, 2, 5, 6], parityHashed: parityHashed, in: host)
    #expect(host.tree.texts == ["r3 1", "r1 0", "r2 0", "r5 0", "r6 0"])
    #expect(host.runLog == [root])

    // The removed id comes back as a new row, with new state.
    show([3, 1, 2, 4, 5, 6], parityHashed: parityHashed, in: host)
    #expect(host.tree.texts == ["r3 1", "r1 0", "r2 0", "r4 0", "r5 0", "r6 0"])
    #expect(host.runLog == [root, inserted(4)])

    // Every row replaced, one id kept: that row keeps its state.
    show([7, 3, 8], parityHashed: parityHashed, in: host)
    #expect(host.tree.texts == ["r7 0", "r3 1", "r8 0"])
    #expect(host.runLog == [root, inserted(7), inserted(8)])
  }

  @Test(arguments: [false, true])
  func anIDRepeatedAfterAMountIsReportedAndTheFirstRowWins(parityHashed: Bool) {
    let host = mount([1, 2, 3], parityHashed: parityHashed, tapping: [2])
    let name = parityHashed ? "key2" : "2"
    // An element with the id of a row kept in place.
    let appended = TrellisDiagnostics.capture {
      show([1, 2, 3, 2], parityHashed: parityHashed, in: host)
    }
    #expect(
      appended.map(\.message) == [
        "ForEach in HashedKeyList has duplicate ids (\(name)); only the first element with "
          + "each id is shown. Give every element a unique id."
      ])
    #expect(host.tree.texts == ["r1 0", "r2 1", "r3 0"])
    // Two new elements with one new id, in a list mounted anew.
    let host2 = mount([], parityHashed: parityHashed, tapping: [])
    let twice = TrellisDiagnostics.capture {
      show([5, 6, 5], parityHashed: parityHashed, in: host2)
    }
    #expect(twice.count == 1)
    #expect(host2.tree.texts == ["r5 0", "r6 0"])
  }

  @Test func distinctIDsSharingAHashValueAreDistinctRows() {
    // 1, 3 and 5 share a hash value: three rows, no duplicate reported.
    var host: ViewHost?
    let reports = TrellisDiagnostics.capture {
      host = mount([1, 3, 5], parityHashed: true, tapping: [3])
    }
    #expect(reports == [])
    guard let host else { return }
    #expect(host.tree.texts == ["r1 0", "r3 1", "r5 0"])
    show([5, 3, 1], parityHashed: true, in: host)
    #expect(host.tree.texts == ["r5 0", "r3 1", "r1 0"])
  }
}
