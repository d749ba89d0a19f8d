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

/// A dynamic property whose `update()` derives a value from its state and a tracked model,
/// and logs when it runs.
struct Summary: DynamicProperty {
  @State private var taps = 0
  let model: CounterParent
  let probe: Probe
  let name: String
  private(set) var text = "not updated"

  func tap() { taps += 1 }

  mutating func update() {
    text = "\(name) \(taps) \(model.title)"
    probe.log.append("update \(name)")
  }
}

/// A dynamic property holding another: the inner one updates first.
struct NestedSummary: DynamicProperty {
  var inner: Summary
  let probe: Probe
  private(set) var text = "not updated"

  mutating func update() {
    text = "outer sees [\(inner.text)]"
    probe.log.append("update outer")
  }
}

struct SummaryView: View {
  var summary: NestedSummary
  let probe: Probe

  var body: some View {
    let _ = probe.log.append("body")
    Button(summary.text) { summary.inner.tap() }
  }
}

/// A custom modifier that stores a dynamic property with an `update()`.
struct SummaryModifier: ViewModifier {
  var summary: Summary
  let probe: Probe

  func body(content: Content) -> some View {
    let _ = probe.log.append("modifier body")
    VStack {
      content
      Text(summary.text)
    }
  }
}

/// A view that stores a property with an `update()` of its own with `let`.
struct LetSummaryView: View {
  let summary: Summary

  var body: some View {
    Button(summary.text) { summary.tap() }
  }
}

/// A property whose own `update()` forwards to one inside it that has only the default.
struct Forwarding: DynamicProperty {
  var inner = TapCounter()
  private(set) var text = "not updated"

  mutating func update() {
    inner.update()
    text = "updated"
  }
}

/// A view that stores a forwarding property with `let`.
struct LetForwardingView: View {
  let forwarding = Forwarding()

  var body: some View {
    Text(forwarding.text)
  }
}

/// A view whose property with an `update()` is stored after a weak one.
struct AfterAWeakReference: View {
  weak var owner: CounterParent?
  var summary: Summary

  var body: some View {
    Text(summary.text)
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

  /// Found by a new user: `update()` was never called, silently.
  @Test func updateRunsBeforeEachBodyInnerPropertiesFirstAndTracksWhatItReads() {
    let model = CounterParent()
    let probe = Probe()
    let summary = NestedSummary(
      inner: Summary(model: model, probe: probe, name: "inner"), probe: probe)
    let host = ViewHost(SummaryView(summary: summary, probe: probe), executor: .manual)
    #expect(probe.log == ["update inner", "update outer", "body"])
    #expect(host.tree.texts == ["outer sees [inner 0 a]"])
    // Its state, linked before it updates.
    probe.log = []
    #expect(host.tap("outer sees [inner 0 a]"))
    host.flush()
    #expect(probe.log == ["update inner", "update outer", "body"])
    #expect(host.tree.texts == ["outer sees [inner 1 a]"])
    // A tracked property read only by `update()` re-runs the body.
    probe.log = []
    host.clearLogs()
    model.title = "b"
    host.flush()
    #expect(host.runLog == ["SummaryView: CounterParent.title"])
    #expect(host.tree.texts == ["outer sees [inner 1 b]"])
  }

  @Test func aCustomModifiersPropertyUpdatesBeforeTheModifiersBody() {
    let model = CounterParent()
    let probe = Probe()
    let host = ViewHost(
      Text("content").modifier(
        SummaryModifier(summary: Summary(model: model, probe: probe, name: "m"), probe: probe)),
      executor: .manual)
    #expect(probe.log == ["update m", "modifier body"])
    #expect(host.tree.texts == ["content", "m 0 a"])
    probe.log = []
    model.title = "c"
    host.flush()
    #expect(probe.log == ["update m", "modifier body"])
    #expect(host.tree.texts == ["content", "m 0 c"])
  }

  /// `update()` reaches a property through a key path; one stored with `let` has only a
  /// read-only one, so its update runs on a copy. Reported once, naming the view and the
  /// property; the state inside it still works.
  @Test func aLetPropertyWithAnUpdateOfItsOwnIsReportedOnce() {
    let model = CounterParent()
    let probe = Probe()
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(
        LetSummaryView(summary: Summary(model: model, probe: probe, name: "s")),
        executor: .manual)
      #expect(host!.tap("not updated"))
      host!.flush()
    }
    #expect(probe.log == ["update s", "update s"])
    #expect(host!.tree.texts == ["not updated"])
    #expect(diagnostics.map(\.kind) == [.invalidInput])
    #expect(diagnostics.map(\.nodes) == [["LetSummaryView"]])
    #expect(
      diagnostics.map(\.message) == [
        "`summary` in LetSummaryView is a dynamic property stored with `let`: its update() runs "
          + "on a copy, so what update() changes in its own stored values does not reach the "
          + "body (SwiftUI keeps it). Declare it `var`."
      ])
  }

  /// A property stored with `let` whose `update()` is the default one loses nothing: no report.
  @Test func aLetPropertyWithTheDefaultUpdateIsNotReported() {
    let diagnostics = TrellisDiagnostics.capture {
      let host = ViewHost(
        TwoCounters(title: "t").environment(\.locale, Locale(identifier: "fr")),
        executor: .manual)
      #expect(host.tree.texts == ["t first 0 fr", "t second 0 fr"])
    }
    #expect(diagnostics.isEmpty)
  }

  /// Key paths stop at a weak stored property: a property after one cannot be updated, and
  /// says so rather than staying silently stale.
  @Test func aPropertyStoredAfterAWeakOneIsReportedAsNeverUpdated() {
    let model = CounterParent()
    let probe = Probe()
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(
        AfterAWeakReference(
          owner: model, summary: Summary(model: model, probe: probe, name: "late")),
        executor: .manual)
    }
    #expect(probe.log == [])
    #expect(host?.tree.texts == ["not updated"])
    #expect(
      diagnostics.map(\.message) == [
        "`summary` in AfterAWeakReference: its update() is never called, because it is stored "
          + "after a weak or unowned property, which a key path cannot pass. Declare it before "
          + "the weak or unowned properties."
      ])
  }

  /// Found by a new user: an `update()` of its own that calls the default one of a property
  /// inside it read as the default, so its lost change went unreported.
  @Test func aLetPropertyWhoseUpdateForwardsToADefaultOneIsStillReported() {
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(LetForwardingView(), executor: .manual)
    }
    #expect(host?.tree.texts == ["not updated"])
    #expect(
      diagnostics.map(\.message) == [
        "`forwarding` in LetForwardingView is a dynamic property stored with `let`: its "
          + "update() runs on a copy, so what update() changes in its own stored values does not "
          + "reach the body (SwiftUI keeps it). Declare it `var`."
      ])
  }
}
