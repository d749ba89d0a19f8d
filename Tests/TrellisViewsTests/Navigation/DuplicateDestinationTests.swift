import Testing
import TrellisGraph
import TrellisViews

/// A stack whose root and one of its rows both declare a destination for `Int`.
private struct TwoIntDestinations: View {
  @State private var path: [Int] = []

  var body: some View {
    NavigationStack(path: $path) {
      VStack {
        Text("root")
        InnerRow()
      }
      .navigationDestination(for: Int.self) { Text("outer \($0)") }
    }
  }
}

private struct InnerRow: View {
  var body: some View {
    NavigationLink("Open 7", value: 7)
      .navigationDestination(for: Int.self) { Text("inner \($0)") }
  }
}

/// A destination declared in each row of a list, and a stack of its own in one of the rows.
private struct DestinationsInRows: View {
  var body: some View {
    NavigationStack {
      List(0..<3, id: \.self) { row in
        if row == 2 {
          NavigationStack {
            NavigationLink("Inner 9", value: 9)
              .navigationDestination(for: Int.self) { Text("in row stack \($0)") }
          }
        } else {
          NavigationLink("Row \(row)", value: row)
            .navigationDestination(for: Int.self) { Text("detail \($0)") }
        }
      }
    }
  }
}

// Found by a new user: SwiftUI warns about this, Trellis said nothing (and which declaration
// was used depended on which body had run last).
@MainActor
@Suite struct DuplicateDestinationTests {
  @Test func aSecondDestinationForOneTypeIsReportedAndTheOneClosestToTheRootIsUsed() {
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(TwoIntDestinations(), executor: .manual)
      host?.tap("Open 7")
      host?.flush()
    }
    #expect(diagnostics.map(\.nodes) == [["InnerRow", "TwoIntDestinations"]])
    #expect(
      diagnostics.map(\.message) == [
        ".navigationDestination(for: Int.self) in InnerRow is declared again in the navigation "
          + "stack of TwoIntDestinations; only the one closest to the stack's root is used. "
          + "Declare one destination for each type in a stack."
      ])
    // As in SwiftUI, the declaration closest to the root is used.
    #expect(host?.tree.texts.last == "outer 7")
  }

  /// SwiftUI warns about a destination inside a lazy container's rows; each realized row was
  /// reported as declaring it again instead (found by a new user). A stack inside a row is
  /// its own: its destination is not the outer stack's.
  @Test func aDestinationInTheRowsOfAListIsReportedOnceAsSuch() {
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(DestinationsInRows(), executor: .manual)
    }
    #expect(
      diagnostics.map(\.message) == [
        ".navigationDestination(for: Int.self) in DestinationsInRows is inside the rows of a "
          + "List (in DestinationsInRows), which builds its rows only when they are shown: the "
          + "navigation stack of DestinationsInRows sees it only while such a row exists. "
          + "Declare it outside the List, as SwiftUI asks."
      ])
    #expect(host?.tap("Row 1") == true)
    host?.flush()
    #expect(host?.tree.texts == ["detail 1"])
  }
}
