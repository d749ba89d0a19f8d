import Observation
import Testing
import TrellisGraph
import TrellisTracking

@testable import TrellisViews

// Models made with Apple's Observation, as a SwiftUI app being ported has them: Trellis does
// not observe them, and says so where a view holds one.

@Observable final class PortedCounter {
  var count = 0
}

@Observable final class PortedItem: Identifiable {
  let id: Int
  var title: String
  init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}

/// A Trellis model next to them, which is not reported.
final class TrackedCounter: Trackable {
  @Tracked var count = 0
}

struct PortedStateScreen: View {
  @State var model = PortedCounter()
  let tracked: TrackedCounter
  var body: some View { Text("\(model.count) \(tracked.count)") }
}

/// Models in the other standard collections, and optional ones in an array.
struct PortedCollections: View {
  let byName: [String: PortedCounter]
  let maybe: [PortedCounter?]
  let tracked: [TrackedCounter]
  var body: some View { Text("\(byName.count) \(maybe.count) \(tracked.count)") }
}

struct PortedInputRow: View {
  let model: PortedCounter?
  var body: some View { Text("\(model?.count ?? 0)") }
}

struct PortedEnvironmentReader: View {
  @Environment(PortedCounter.self) var model
  var body: some View { Text("\(model.count)") }
}

struct PortedBindableRow: View {
  @Bindable var item: PortedItem
  var body: some View { Text(item.title) }
}

struct PortedList: View {
  let items: [PortedItem]
  let counter: PortedCounter
  var body: some View {
    VStack {
      PortedInputRow(model: counter)
      PortedEnvironmentReader()
      ForEach(items) { item in PortedBindableRow(item: item) }
    }
    .environment(counter)
  }
}

@MainActor
@Suite struct ObservableModelCheckTests {
  @Test func everyViewPropertyHoldingAnObservableModelIsReportedOnce() {
    let counter = PortedCounter()
    let items = [PortedItem(id: 1, title: "One"), PortedItem(id: 2, title: "Two")]
    var hosts: [ViewHost] = []
    let diagnostics = TrellisDiagnostics.capture {
      _ = ViewHost(PortedStateScreen(tracked: TrackedCounter()), executor: .manual)
      // Twice: the types were checked the first time.
      hosts.append(ViewHost(PortedList(items: items, counter: counter), executor: .manual))
      hosts.append(ViewHost(PortedList(items: items, counter: counter), executor: .manual))
    }
    #expect(
      diagnostics.map(\.nodes) == [
        ["PortedStateScreen.model", "PortedCounter"],
        // An array of models, the usual list form (found by a SwiftUI developer porting an
        // app: it was not reported).
        ["PortedList.items", "PortedItem"],
        // Held only to pass it on, but held.
        ["PortedList.counter", "PortedCounter"],
        ["PortedInputRow.model", "PortedCounter"],
        ["PortedEnvironmentReader.model", "PortedCounter"],
        ["a ForEach's elements", "PortedItem"],
        ["PortedBindableRow.item", "PortedItem"],
      ])
    #expect(diagnostics.allSatisfy { $0.kind == .invalidInput })
    #expect(
      diagnostics.first?.message
        == "PortedStateScreen.model holds PortedCounter, an @Observable class (Apple's "
        + "Observation), which Trellis does not observe: PortedStateScreen's body will not "
        + "re-run when it changes. Make PortedCounter conform to Trackable and mark its "
        + "properties @Tracked (or use ObjectTrackable with @ObjectTracked).")
    let collections = TrellisDiagnostics.capture {
      _ = ViewHost(
        PortedCollections(byName: [:], maybe: [], tracked: [TrackedCounter()]),
        executor: .manual)
    }
    #expect(
      collections.map(\.nodes) == [
        ["PortedCollections.byName", "PortedCounter"],
        ["PortedCollections.maybe", "PortedCounter"],
      ])
    // What the report is about: the change is not seen.
    counter.count = 1
    hosts[0].flush()
    #expect(hosts[0].tree.texts == ["0", "0", "One", "Two"])
  }
}
