import Testing
import TrellisGraph
import TrellisViews

/// Counts the live instances: a row's view holds one, so a row kept alive after it went keeps
/// one too.
@MainActor
final class LiveCount {
  var live = 0
}

@MainActor
final class RowToken {
  let count: LiveCount
  init(_ count: LiveCount) {
    self.count = count
    count.live += 1
  }
  isolated deinit { count.live -= 1 }
}

struct TokenRow: View {
  let value: Double
  let token: RowToken
  @State private var taps = 0
  var body: some View { Button("\(value) \(taps)") { taps += 1 } }
}

/// Rows keyed by `Double` values, one of them NaN, eager or lazy; "Reverse" moves every row.
struct NaNRows: View {
  let lazy: Bool
  let count: LiveCount
  @State private var values = [1.0, .nan, 2.0]

  var body: some View {
    VStack {
      Button("Reverse") { values.reverse() }
      if lazy {
        List(values, id: \.self) { TokenRow(value: $0, token: RowToken(count)) }
      } else {
        ForEach(values, id: \.self) { TokenRow(value: $0, token: RowToken(count)) }
      }
    }
  }
}

// Found by a new user: a NaN id made its row again, with new state, on every update, and
// nothing said so; each such update also left the old row in the container's table for good.
@MainActor
@Suite struct UnequalRowIDTests {
  @Test(arguments: [false, true])
  func aRowIDNotEqualToItselfIsReportedOnceAndItsOldRowsAreReleased(lazy: Bool) {
    let count = LiveCount()
    var host: ViewHost?
    let mount = TrellisDiagnostics.capture {
      host = ViewHost(
        NaNRows(lazy: lazy, count: count), executor: .manual,
        options: ViewHostOptions(lazyRowRetention: 0))
    }
    guard let host else { return }
    #expect(host.tap("nan 0"))
    #expect(host.tap("1.0 0"))
    host.flush()
    // Moved: an id in the same place with the same bits is the same row, NaN too.
    let update = TrellisDiagnostics.capture {
      #expect(host.tap("Reverse"))
      host.flush()
    }
    // The row with the NaN id was made again; the others kept their state.
    #expect(host.tree.texts == ["Reverse", "2.0 0", "nan 0", "1.0 1"])
    let name = lazy ? "List" : "ForEach"
    let message =
      "\(name) in NaNRows has a row id that is not equal to itself (nan): no row can be found "
      + "by it, so its row is made again, with new state, by every update. Give every row an id "
      + "equal to itself (a Double id must not be NaN)."
    // A lazy list checks every row it makes, the mount's too; a `ForEach` the rows an update
    // makes.
    #expect((mount + update).map(\.message) == [message], "\(name)")
    for _ in 0..<20 {
      let again = TrellisDiagnostics.capture {
        #expect(host.tap("Reverse"))
        host.flush()
      }
      #expect(again == [])
    }
    // The rows gone were released: the three shown, each view value held twice at most (the
    // row's and the one its parent's body made last).
    #expect(count.live <= 6)
    host.unmount()
  }
}
