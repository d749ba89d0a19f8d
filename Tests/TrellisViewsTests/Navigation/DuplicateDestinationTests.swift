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
}
