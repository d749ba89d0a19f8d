import Foundation
import Testing
import TrellisGraph
import TrellisTracking

@testable import TrellisViews

/// A dynamic property of the app's own, made of state and an environment value.
struct TapCounter: DynamicProperty {
  @State private var count = 0
  @Environment(\.locale) private var locale

  var text: String { "\(count) \(locale.identifier)" }
  func increment() { count += 1 }
}

/// Two counters, each with its own state, in a view the parent re-creates.
struct TwoCounters: View {
  let title: String
  let first = TapCounter()
  let second = TapCounter()

  var body: some View {
    VStack {
      Button("\(title) first \(first.text)") { first.increment() }
      Button("\(title) second \(second.text)") { second.increment() }
    }
  }
}

final class CounterParent: Trackable {
  @Tracked var title = "a"
  @Tracked var unrelated = 0
}

struct CountersParent: View {
  let model: CounterParent

  var body: some View {
    VStack {
      Text("\(model.unrelated)")
      TwoCounters(title: model.title)
    }
    .environment(\.locale, Locale(identifier: "fr"))
  }
}

@MainActor
@Suite struct CustomDynamicPropertyTests {
  @Test func theStateInsideACustomPropertyIsTheViewsOwnAndEachHasItsSlot() {
    let model = CounterParent()
    let host = ViewHost(CountersParent(model: model), executor: .manual)
    #expect(host.tree.texts == ["0", "a first 0 fr", "a second 0 fr"])
    let diagnostics = TrellisDiagnostics.capture {
      #expect(host.tap("a first 0 fr"))
      host.flush()
      #expect(host.tap("a second 0 fr"))
      host.flush()
      #expect(host.tap("a second 1 fr"))
      host.flush()
    }
    #expect(diagnostics.isEmpty)
    #expect(host.tree.texts == ["0", "a first 1 fr", "a second 2 fr"])
    #expect(host.runLog.suffix(1) == ["TwoCounters: @State TwoCounters.second.count"])
    // The parent re-runs with equal inputs for the counters' view: it does not re-run, and
    // keeps its state; a new title re-runs it, still with its state.
    host.clearLogs()
    model.unrelated = 1
    host.flush()
    #expect(host.runLog == ["CountersParent: CounterParent.unrelated"])
    model.title = "b"
    host.flush()
    #expect(host.tree.texts == ["1", "b first 1 fr", "b second 2 fr"])
  }
}
