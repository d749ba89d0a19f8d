import Testing
import TrellisGraph
import TrellisTracking
import TrellisViews

// One rule per container: which containers retain what they hide (tabs, lazy rows, covered
// navigation levels) and which destroy it (`if`, `ForEach` removal, popping, dismissing), with
// the exact counts of appearances, disappearances, task starts and cancellations, and state
// initializations, and the renderer's mutations.

final class Switches: Trackable {
  @Tracked var show = true
  @Tracked var items: [Int] = [1, 2]
  @Tracked var tab = "a"
  @Tracked var path: [String] = []
  @Tracked var sheet: SheetItem?
}

struct SheetItem: Identifiable, Hashable {
  let id: String
}

struct IfRule: View {
  let switches: Switches
  let counter: InitCounter
  let gate: TaskGate

  var body: some View {
    VStack {
      if switches.show { Probed.named("a", counter: counter, gate: gate) }
    }
  }
}

struct ForEachRule: View {
  let switches: Switches
  let counter: InitCounter
  let gate: TaskGate

  var body: some View {
    VStack {
      ForEach(switches.items, id: \.self) { item in
        Probed("\(item)", counter: counter, gate: gate)
      }
    }
  }
}

struct LazyListRule: View {
  let counter: InitCounter
  let gate: TaskGate

  var body: some View {
    List(0..<50, id: \.self) { index in Probed("\(index)", counter: counter, gate: gate) }
  }
}

struct TabRule: View {
  @Bindable var switches: Switches
  let counter: InitCounter
  let gate: TaskGate

  var body: some View {
    TabView(selection: $switches.tab) {
      Probed.named("a", counter: counter, gate: gate).tag("a")
      Probed.named("b", counter: counter, gate: gate).tag("b")
    }
  }
}

struct SheetRule: View {
  @Bindable var switches: Switches
  let counter: InitCounter
  let gate: TaskGate
  let probe: Probe

  var body: some View {
    Text("presenter")
      .sheet(
        item: $switches.sheet, onDismiss: { probe.log.append("onDismiss") },
        content: { item in Probed.named(item.id, counter: counter, gate: gate) })
  }
}

struct StackRule: View {
  @Bindable var switches: Switches
  let counter: InitCounter
  let gate: TaskGate

  var body: some View {
    NavigationStack(path: $switches.path) {
      Probed.named("root", counter: counter, gate: gate)
        .navigationDestination(for: String.self) { name in
          Probed.named(name, counter: counter, gate: gate)
        }
    }
  }
}

@MainActor
@Suite struct ContainerRuleTests {
  let counter = InitCounter()
  let gate = TaskGate()
  let switches = Switches()

  @Test func anIfDestroysWhatItHidesShowHideShowIsTwoIdentities() {
    let recorder = RecordingRenderer()
    let host = ViewHost(
      IfRule(switches: switches, counter: counter, gate: gate), executor: .manual,
      renderer: recorder)
    recorder.clear()
    switches.show = false
    host.flush()
    #expect(recorder.lastCommit.map(\.description) == ["remove Probed@3 from VStack@2 at 0"])
    switches.show = true
    host.flush()
    #expect(
      recorder.lastCommit.map(\.description) == [
        "create Probed@6 #a", "create Button@7", "insert Button@7 into Probed@6 at 0",
        "create Text@8 \"a 0\"", "insert Text@8 into Button@7 at 0",
        "insert Probed@6 into VStack@2 at 0",
      ])
    #expect(host.eventCounts("Probed #a") == (2, 1, 2, 1))
    #expect(counter.counts == ["a": 2])
  }

  @Test func aForEachDestroysARemovedElementsRowAndARestoredOneStartsFresh() {
    let host = ViewHost(
      ForEachRule(switches: switches, counter: counter, gate: gate), executor: .manual)
    switches.items = [2]
    host.flush()
    switches.items = [1, 2]
    host.flush()
    #expect(host.eventCounts("Probed #1") == (2, 1, 2, 1))
    #expect(host.eventCounts("Probed #2") == (1, 0, 1, 0))
    #expect(counter.counts == ["1": 2, "2": 1])
  }

  @Test func aLazyListHidesARowScrolledOutAndShowsItAgainWithItsState() {
    let recorder = RecordingRenderer()
    let host = ViewHost(
      LazyListRule(counter: counter, gate: gate), executor: .manual,
      options: ViewHostOptions(defaultViewportRows: 3, lazyOverscan: 1), renderer: recorder)
    #expect(host.tree.texts == ["0 0", "1 0", "2 0", "3 0"])
    host.tap("0 0")
    host.flush()
    recorder.clear()
    host.clearLogs()
    host.scroll(toRow: 10)
    host.flush()
    #expect(host.tree.texts == ["9 0", "10 0", "11 0", "12 0", "13 0"])
    // The rows that left are removed from the renderer's tree, the new ones created.
    #expect(
      recorder.lastCommit.filter { $0.description.hasPrefix("remove") }.map(\.description) == [
        "remove Probed@12 from List@2 at 3", "remove Probed@9 from List@2 at 2",
        "remove Probed@6 from List@2 at 1", "remove Probed@3 from List@2 at 0",
      ])
    #expect(recorder.lastCommit.last?.description == "setAttributes List@2 rows=9..<14/50")
    host.scroll(toRow: 0)
    host.flush()
    #expect(host.tree.texts == ["0 1", "1 0", "2 0", "3 0"])
    // Scrolled back: the same elements come back, none is created.
    #expect(
      recorder.lastCommit.map(\.description) == [
        "remove Probed@27 from List@2 at 4", "remove Probed@24 from List@2 at 3",
        "remove Probed@21 from List@2 at 2", "remove Probed@18 from List@2 at 1",
        "remove Probed@15 from List@2 at 0", "insert Probed@3 into List@2 at 0",
        "insert Probed@6 into List@2 at 1", "insert Probed@9 into List@2 at 2",
        "insert Probed@12 into List@2 at 3", "setAttributes List@2 rows=0..<4/50",
      ])
    #expect(host.eventCounts("Probed #0") == (1, 1, 1, 1))
    #expect(host.eventCounts("Probed #10") == (1, 1, 1, 1))
    #expect(counter.counts["0"] == 1)
    #expect(counter.counts["10"] == 1)
    #expect(counter.counts.count == 9)
  }

  @Test func aTabViewHidesTheTabSwitchedAwayAndShowsItAgainWithItsState() {
    let recorder = RecordingRenderer()
    let host = ViewHost(
      TabRule(switches: switches, counter: counter, gate: gate), executor: .manual,
      renderer: recorder)
    #expect(counter.counts == ["a": 1])
    host.tap("a 0")
    host.flush()
    recorder.clear()
    switches.tab = "b"
    host.flush()
    #expect(host.tree.texts == ["b 0"])
    // One TabView element: the view's own content adds none of its own.
    #expect(host.tree.findAll(kind: "TabView").count == 1)
    #expect(
      recorder.lastCommit.map(\.description) == [
        "create Probed@6 #b tag=b", "create Button@7", "insert Button@7 into Probed@6 at 0",
        "create Text@8 \"b 0\"", "insert Text@8 into Button@7 at 0",
        "remove Probed@3 from TabView@2 at 0", "insert Probed@6 into TabView@2 at 0",
      ])
    switches.tab = "a"
    host.flush()
    #expect(host.tree.texts == ["a 1"])
    #expect(
      recorder.lastCommit.map(\.description) == [
        "remove Probed@6 from TabView@2 at 0", "insert Probed@3 into TabView@2 at 0",
      ])
    #expect(host.eventCounts("Probed #a") == (2, 1, 2, 1))
    #expect(host.eventCounts("Probed #b") == (1, 1, 1, 1))
    #expect(counter.counts == ["a": 1, "b": 1])
  }

  @Test func aSelectionNoTabHasIsReportedOnceNamingTheViewThatHoldsTheTabView() {
    let host = ViewHost(
      TabRule(switches: switches, counter: counter, gate: gate), executor: .manual)
    let diagnostics = TrellisDiagnostics.capture {
      switches.tab = "z"
      host.flush()
      host.tap("a 0")
      host.flush()
    }
    #expect(
      diagnostics.map(\.message) == [
        "TabView in TabRule has the selection z (String), but no tab is tagged with it; no tab "
          + "is shown. Tag each tab with .tag(_:) of the selection's type.",
        "No button titled \"a 0\" is in the tree.",
      ])
    #expect(diagnostics.first?.nodes == ["TabRule"])
    #expect(host.tree.texts == [])
  }

  @Test func aSheetForAnItemReplacesItsContentForAnotherItemAndDestroysItOnDismiss() {
    let probe = Probe()
    let recorder = RecordingRenderer()
    let host = ViewHost(
      SheetRule(switches: switches, counter: counter, gate: gate, probe: probe),
      executor: .manual, renderer: recorder)
    #expect(counter.counts == [:])
    recorder.clear()
    switches.sheet = SheetItem(id: "a")
    host.flush()
    #expect(
      recorder.lastCommit.map(\.description) == [
        "create Sheet@3 #a", "create Probed@4 #a", "insert Probed@4 into Sheet@3 at 0",
        "create Button@5", "insert Button@5 into Probed@4 at 0", "create Text@6 \"a 0\"",
        "insert Text@6 into Button@5 at 0", "insert Sheet@3 into SheetRule@1 at 1",
      ])
    switches.sheet = SheetItem(id: "b")
    host.flush()
    #expect(probe.log == ["onDismiss"])
    switches.sheet = nil
    host.flush()
    #expect(recorder.lastCommit.map(\.description) == ["remove Sheet@7 from SheetRule@1 at 1"])
    #expect(probe.log == ["onDismiss", "onDismiss"])
    #expect(host.eventCounts("Probed #a") == (1, 1, 1, 1))
    #expect(host.eventCounts("Probed #b") == (1, 1, 1, 1))
    #expect(counter.counts == ["a": 1, "b": 1])
    #expect(host.tree.texts == ["presenter"])
  }

  @Test func aStackKeysLevelsByValueKeepsTheCoveredRootAndDestroysWhatItPops() {
    let recorder = RecordingRenderer()
    let host = ViewHost(
      StackRule(switches: switches, counter: counter, gate: gate), executor: .manual,
      renderer: recorder)
    host.tap("root 0")
    host.flush()
    switches.path = ["one"]
    host.flush()
    #expect(host.tree.texts == ["one 0"])
    host.tap("one 0")
    host.flush()
    recorder.clear()
    // Replacing the top value is a pop and a push: a fresh destination.
    switches.path = ["two"]
    host.flush()
    #expect(host.tree.texts == ["two 0"])
    #expect(
      recorder.lastCommit.map(\.description) == [
        "create Destination@10", "create Probed@11 #two",
        "insert Probed@11 into Destination@10 at 0", "create Button@12",
        "insert Button@12 into Probed@11 at 0", "create Text@13 \"two 0\"",
        "insert Text@13 into Button@12 at 0", "remove Destination@6 from NavigationStack@2 at 0",
        "insert Destination@10 into NavigationStack@2 at 0",
      ])
    switches.path = []
    host.flush()
    #expect(host.tree.texts == ["root 1"])
    #expect(
      recorder.lastCommit.map(\.description) == [
        "remove Destination@10 from NavigationStack@2 at 0",
        "insert Probed@3 into NavigationStack@2 at 0",
      ])
    #expect(host.eventCounts("Probed #root") == (2, 1, 2, 1))
    #expect(host.eventCounts("Probed #one") == (1, 1, 1, 1))
    #expect(host.eventCounts("Probed #two") == (1, 1, 1, 1))
    #expect(counter.counts == ["root": 1, "one": 1, "two": 1])
  }

  @Test func aStackKeepsEveryCoveredLevelAliveUntilItIsPopped() {
    let host = ViewHost(
      StackRule(switches: switches, counter: counter, gate: gate), executor: .manual)
    switches.path = ["one"]
    host.flush()
    host.tap("one 0")
    host.flush()
    switches.path = ["one", "two"]
    host.flush()
    #expect(host.tree.texts == ["two 0"])
    switches.path = ["one"]
    host.flush()
    #expect(host.tree.texts == ["one 1"])
    #expect(host.eventCounts("Probed #one") == (2, 1, 2, 1))
    #expect(counter.counts == ["root": 1, "one": 1, "two": 1])
  }
}
