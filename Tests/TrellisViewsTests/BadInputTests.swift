import Foundation
import Testing
import TrellisEnvironment
import TrellisGraph
import TrellisTracking
import TrellisViews

/// Writes its own state once while its body runs, logging where each body run begins and ends.
struct SelfWriter: View {
  let probe: Probe
  @State private var renders = 0

  var body: some View {
    let _ = probe.log.append("begin \(renders)")
    let _ = bump()
    let _ = probe.log.append("end \(renders)")
    Text("renders \(renders)")
  }

  func bump() {
    if renders < 1 { renders += 1 }
  }
}

/// A list whose ids repeat, shifted by `store.value`: each update reports the duplicates.
struct ShiftedDuplicates: View {
  let store: ShiftModel

  var body: some View {
    VStack {
      ForEach([1, 2, 2, 3].map { $0 + store.value }, id: \.self) { id in
        TappableRow(label: "row \(id)")
      }
      Text("after")
    }
  }
}

struct TappableRow: View {
  let label: String
  @State private var taps = 0

  var body: some View {
    HStack {
      Text("\(label) \(taps)")
      Button("tap") { taps += 1 }
    }
  }
}

/// A `Trackable` number.
final class ShiftModel: Trackable {
  @Tracked var value = 0
}

/// Writes its own state from inside its `ForEach`'s content closure (the count of rows, from
/// each row): as SwiftUI, "modifying state during view update".
/// With `isLazy`, the rows are a lazy `List`'s, built by its own pass.
struct RowCounter: View {
  @State private var rows = 0
  let names = ["a", "b", "c"]
  var isLazy = false

  var body: some View {
    VStack {
      Text("rows \(rows)")
      if isLazy {
        List(names, id: \.self) { name in
          let _ = count()
          Text(name)
        }
      } else {
        ForEach(names, id: \.self) { name in
          let _ = count()
          Text(name)
        }
      }
    }
  }

  func count() {
    if rows != names.count { rows = names.count }
  }
}

/// Writes its own state on every body run, from the first: its mount never settles.
struct CountingUp: View {
  @State private var count = 0

  var body: some View {
    let _ = increment()
    Text("count \(count)")
  }

  func increment() { count += 1 }
}

/// Once started, writes its own state on every body run.
struct Bouncer: View {
  @State private var bouncing = false
  @State private var count = 0

  var body: some View {
    let _ = bounce()
    VStack {
      Button("start") { bouncing = true }
      Button("stop") { bouncing = false }
    }
  }

  func bounce() {
    if bouncing { count += 1 }
  }
}

/// A preference whose reader raises what the writer sets: it never settles.
struct WidthKey: PreferenceKey {
  static let defaultValue = 0
  static func reduce(value: inout Int, nextValue: () -> Int) { value += nextValue() }
}

struct PreferenceFeedback: View {
  @State private var width = 0
  var body: some View {
    Text("width \(width)")
      .preference(key: WidthKey.self, value: width + 1)
      .onPreferenceChange(WidthKey.self) { width = $0 }
  }
}

/// An onChange that changes what it watches.
struct ChangeFeedback: View {
  @State private var count = 0
  var body: some View {
    Button("count \(count)") { count += 1 }
      .onChange(of: count) { _, new in count = new + 1 }
  }
}

/// An onChange that watches NaN, which never equals itself, and counts in its action.
struct NaNWatcher: View {
  @State private var level = Double.nan
  @State private var count = 0
  var body: some View {
    Button("count \(count)") { count += 1 }
      .onChange(of: level) { count += 1 }
  }
}

struct Unmounted: View {
  @State var value = 5
  var body: some View { Text("value \(value)") }
}

struct UnmountedFocus: View {
  @FocusState var isFocused: Bool
  var body: some View { TextField("name", text: .constant("")).focused($isFocused) }
}

struct LinkWithoutDestination: View {
  @State private var path: [Int] = []
  var body: some View {
    NavigationStack(path: $path) {
      VStack {
        NavigationLink("Go", value: 5)
        Text("depth \(path.count)")
      }
    }
  }
}

struct TwoAccents: View {
  static let firstLine = #line + 1
  @Environment(\.accent) var first
  @Environment(\.accent) var second
  var body: some View { Text(first + second) }
}

struct UnmountedReader: View {
  @Environment(\.accent) var accent
  @Environment(Store.self) var store: Store?
  var body: some View { Text(accent) }
}

final class Store: Trackable {
  @Tracked var name: String
  init(name: String) { _name = Tracked(wrappedValue: name) }
}

struct OptionalStoreReader: View {
  @Environment(Store.self) private var store: Store?
  var body: some View { Text(store.map { "store \($0.name)" } ?? "no store") }
}

struct StoreScreen: View {
  let store: Store

  var body: some View {
    VStack {
      OptionalStoreReader()
      OptionalStoreReader().environment(store)
    }
  }
}

@MainActor
@Suite struct BadInputTests {
  @Test func writingStateDuringBodyIsReportedAndDeferredWithoutReentry() {
    let probe = Probe()
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(SelfWriter(probe: probe), executor: .manual)
    }
    #expect(
      diagnostics == [
        TrellisDiagnostic(
          kind: .modifiedDuringUpdate, nodes: ["SelfWriter", "@State SelfWriter.renders"],
          message:
            "SelfWriter wrote @State SelfWriter.renders while its body was being evaluated; the "
            + "write is applied after the update. Move it to an action, onAppear, onChange or a "
            + "task.")
      ])
    #expect(probe.log == ["begin 0", "end 0", "begin 1", "end 1"])
    #expect(host?.bodyCount(of: "SelfWriter") == 2)
    #expect(host?.tree.texts == ["renders 1"])
  }

  /// Found by reading the write rule against the code: a content closure ran outside any
  /// body, so its write applied at once, unreported.
  @Test(arguments: [false, true])
  func writingStateFromAContentClosureIsReportedAndDeferred(isLazy: Bool) {
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(RowCounter(isLazy: isLazy), executor: .manual)
    }
    let container = isLazy ? "List" : "ForEach"
    #expect(
      diagnostics == [
        TrellisDiagnostic(
          kind: .modifiedDuringUpdate, nodes: ["RowCounter", "@State RowCounter.rows"],
          message:
            "The content closure of \(container) in RowCounter wrote @State RowCounter.rows "
            + "while it was being evaluated; the write is applied after the update. Move it to "
            + "an action, onAppear, onChange or a task.")
      ])
    #expect(host?.tree.texts == ["rows 3", "a", "b", "c"])
    #expect(host?.bodyCount(of: "RowCounter") == 2)
  }

  @Test func writesThatBounceForeverStopAsAReportedUpdateCycle() {
    let host = ViewHost(Bouncer(), executor: .manual)
    host.clearLogs()
    let diagnostics = TrellisDiagnostics.capture {
      host.tap("start")
      host.flush()
    }
    #expect(diagnostics.count == 2)
    #expect(diagnostics.dropLast().allSatisfy { $0.kind == .modifiedDuringUpdate })
    #expect(diagnostics.last?.kind == .updateCycle)
    #expect(diagnostics.last?.nodes == ["Bouncer"])
    #expect(host.bodyCount(of: "Bouncer") == 100)

    host.clearLogs()
    let later = TrellisDiagnostics.capture {
      host.tap("stop")
      host.flush()
    }
    #expect(later == [])
    #expect(host.bodyCount(of: "Bouncer") == 1)
  }

  /// A cycle fed by a preference reader's or an onChange's action names the action, as
  /// SwiftUI's "tried to update multiple times per frame" does (found by a new user: the
  /// report named only the view).
  @Test func aCycleFedByAnActionNamesIt() {
    let feedback =
      "an action that writes state which changes what it watches again feeds "
      + "back, as SwiftUI's \"tried to update multiple times per frame\" (a watched value that "
      + "never equals itself, such as NaN, counts as changed every time)."
    var host: ViewHost?
    let preference = TrellisDiagnostics.capture {
      host = ViewHost(PreferenceFeedback(), executor: .manual)
    }
    #expect(
      preference.map(\.message) == [
        "PreferenceFeedback kept scheduling updates for 100 rounds; the host stopped, and what it "
          + "did not update shows its previous values until a new change updates it. Its last "
          + "rounds ran onPreferenceChange(WidthKey) in PreferenceFeedback: \(feedback)"
      ])
    host = ViewHost(ChangeFeedback(), executor: .manual)
    let change = TrellisDiagnostics.capture {
      host?.tap("count 0")
      host?.flush()
    }
    #expect(
      change.map(\.message) == [
        "ChangeFeedback kept scheduling updates for 100 rounds; the host stopped, and what it "
          + "did not update shows its previous values until a new change updates it. Its last "
          + "rounds ran onChange(of: Int) in ChangeFeedback: \(feedback)"
      ])
    // Found by a new user: NaN is a change at every update (as with SwiftUI's ==), so an
    // action that writes anything the view reads feeds back; the hint says so.
    host = ViewHost(NaNWatcher(), executor: .manual)
    let nan = TrellisDiagnostics.capture {
      host?.tap("count 0")
      host?.flush()
    }
    #expect(
      nan.map(\.message) == [
        "NaNWatcher kept scheduling updates for 100 rounds; the host stopped, and what it "
          + "did not update shows its previous values until a new change updates it. Its last "
          + "rounds ran onChange(of: Double) in NaNWatcher: \(feedback)"
      ])
  }

  /// Found by a new user whose diagnostic sink wrote state: each report of duplicate ids
  /// shifted the ids, so the list's body looped in one flush, and every loop made new rows.
  /// The stop dropped the last rows' first body runs, and they showed nothing.
  @Test func aCycleStoppedInOneFlushStillGivesTheRowsItMadeTheirContent() {
    let store = ShiftModel()
    var host: ViewHost?
    _ = TrellisDiagnostics.capture {
      host = ViewHost(ShiftedDuplicates(store: store), executor: .manual)
    }
    var kinds: [TrellisDiagnostic.Kind] = []
    let previous = TrellisDiagnostics.sink
    TrellisDiagnostics.sink = { diagnostic in
      kinds.append(diagnostic.kind)
      store.value += 1
    }
    store.value = 1
    host?.flush()
    TrellisDiagnostics.sink = previous
    #expect(kinds == Array(repeating: .invalidInput, count: 100) + [.updateCycle])
    // The list's last run (value 100) and the rows it made, complete. The sink's writes
    // during that run and on the cycle's report (102) wait for a new change.
    #expect(store.value == 102)
    #expect(
      host?.dump() == """
        ShiftedDuplicates
          VStack
            TappableRow #101
              HStack
                Text "row 101 0"
                Button
                  Text "tap"
            TappableRow #102
              HStack
                Text "row 102 0"
                Button
                  Text "tap"
            TappableRow #103
              HStack
                Text "row 103 0"
                Button
                  Text "tap"
            Text "after"

        """)
  }

  @Test func aMountStoppedAsAnUpdateCycleStillRendersItsLastRound() {
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(CountingUp(), executor: .manual)
    }
    #expect(diagnostics.map(\.kind) == [.modifiedDuringUpdate, .updateCycle])
    #expect(host?.bodyCount(of: "CountingUp") == 100)
    // The 100th body run read 99 (its own write is dropped with the cycle).
    #expect(host?.tree.texts == ["count 99"])
  }

  @Test func stateOutsideAMountedViewIsReportedReadsTheInitialValueAndIgnoresWrites() {
    let view = Unmounted()
    var values: [Int] = []
    let diagnostics = TrellisDiagnostics.capture {
      values.append(view.value)
      view.value = 9
      values.append(view.value)
    }
    #expect(values == [5, 5])
    #expect(diagnostics.map(\.kind) == [.invalidInput, .invalidInput, .invalidInput])
    #expect(diagnostics.map(\.nodes) == Array(repeating: ["@State Unmounted.value"], count: 3))
    #expect(
      diagnostics.first?.message
        == "@State Unmounted.value (State<Int>) was read outside of a mounted view, so it has no "
        + "storage; reads give the initial value and writes are ignored. Use state only from "
        + "the body, actions and lifecycle callbacks of a mounted view.")
    #expect(
      diagnostics.dropFirst().first?.message.hasPrefix(
        "@State Unmounted.value (State<Int>) was written outside") == true)
  }

  // Found by a new user: `@FocusState` outside a mounted view gave false with no report.
  @Test func focusStateOutsideAMountedViewIsReportedAsStateIs() {
    let view = UnmountedFocus()
    var values: [Bool] = []
    let diagnostics = TrellisDiagnostics.capture {
      values.append(view.isFocused)
      view.isFocused = true
      values.append(view.$isFocused.wrappedValue)
    }
    #expect(values == [false, false])
    #expect(
      diagnostics.map(\.nodes)
        == Array(repeating: ["@FocusState UnmountedFocus.isFocused"], count: 3))
    #expect(
      diagnostics.map(\.message)
        == ["read", "written", "read"].map { verb in
          "@FocusState UnmountedFocus.isFocused (FocusState<Bool>) was \(verb) outside of a "
            + "mounted view, so it has no focus to follow; reads give false and writes move "
            + "nothing. Use focus state only from the body, actions and lifecycle callbacks of a "
            + "mounted view."
        })
    // Mounted, the same view's state follows the focus without a report.
    let mounted = TrellisDiagnostics.capture {
      let host = ViewHost(UnmountedFocus(), executor: .manual)
      host.focusNext()
      host.flush()
    }
    #expect(mounted.isEmpty)
  }

  // Found by a new user: through the binding, only the write was reported.
  @Test func stateReadThroughItsBindingOutsideAMountedViewIsReportedAsWell() {
    let binding = Unmounted().$value
    var values: [Int] = []
    let diagnostics = TrellisDiagnostics.capture {
      values.append(binding.wrappedValue)
      binding.wrappedValue = 9
      values.append(binding.wrappedValue)
    }
    #expect(values == [5, 5])
    #expect(
      diagnostics.map { String($0.message.prefix(54)) } == [
        "@State Unmounted.value (State<Int>) was read outside o",
        "@State Unmounted.value (State<Int>) was written outsid",
        "@State Unmounted.value (State<Int>) was read outside o",
      ])
  }

  @Test func aLinkWhoseValueHasNoDestinationCannotBeActivated() {
    let host = ViewHost(LinkWithoutDestination(), executor: .manual)
    let diagnostics = TrellisDiagnostics.capture {
      // Not a tap that did something (found by a new user: it returned true).
      #expect(!host.tap("Go"))
      host.flush()
    }
    #expect(host.tree.texts == ["Go", "depth 0"])
    #expect(
      diagnostics.map(\.message) == [
        "A NavigationLink presents a value of type Int, but the NavigationStack in "
          + "LinkWithoutDestination has no navigationDestination(for: Int.self); the link cannot "
          + "be activated and the path is unchanged."
      ])
  }

  @Test func environmentOutsideAMountedViewIsReportedOnceAndReadsTheDefault() {
    let view = UnmountedReader()
    var accents: [String] = []
    var stores: [Store?] = []
    let diagnostics = TrellisDiagnostics.capture {
      accents.append(view.accent)
      accents.append(view.accent)
      stores.append(view.store)
    }
    #expect(accents == ["blue", "blue"])
    #expect(stores.count == 1 && stores[0] == nil)
    #expect(
      diagnostics.map(\.nodes) == [
        ["@Environment UnmountedReader.accent"], ["@Environment UnmountedReader.store"],
      ])
    #expect(
      diagnostics.map(\.message) == [
        "@Environment UnmountedReader.accent (String) was read outside of a mounted view's "
          + "body, so it has no environment; the key's default value is returned. Read it in "
          + "`body`, or pass the value in.",
        "@Environment UnmountedReader.store (Store?) was read outside of a mounted view's body, "
          + "so it has no environment; nil is returned. Read it in `body`, or pass the value in.",
      ])
    // Two of one type in one view: the declaration's place names it.
    let twins = TwoAccents()
    let twinDiagnostics = TrellisDiagnostics.capture { _ = twins.first }
    #expect(
      twinDiagnostics.map(\.nodes) == [
        ["@Environment in TwoAccents (declared at BadInputTests.swift:\(TwoAccents.firstLine))"]
      ])
  }

  @Test func aMissingEnvironmentObjectIsAnErrorNamingTheTypeAndTheReader() {
    let scope = EnvironmentScope(name: "root").child(named: "Settings")
    #expect(throws: EnvironmentError.missingObject(type: "Store", reader: "StoreView")) {
      try scope.requiredObject(Store.self, readBy: "StoreView")
    }
    do {
      _ = try scope.requiredObject(Store.self)
      Issue.record("expected an error")
    } catch {
      #expect(
        error.description
          == "No object of type Store found in the environment of Settings. Inject one on an "
          + "ancestor with .environment(_:) (an instance of Store).")
    }
  }

  @Test func theOptionalEnvironmentObjectFormReadsNilWhenMissing() {
    let store = Store(name: "Main")
    let host = ViewHost(StoreScreen(store: store), executor: .manual)
    #expect(host.tree.texts == ["no store", "store Main"])
    host.clearLogs()
    store.name = "Side"
    host.flush()
    #expect(host.runLog == ["OptionalStoreReader: Store.name"])
    #expect(host.tree.texts == ["no store", "store Side"])

    host.clearLogs()
    host.environment.setObject(Store(name: "Root"))
    host.flush()
    #expect(host.tree.texts == ["store Root", "store Side"])
    // An override appearing in an existing scope re-runs every reader of that key once, the
    // shielded one included (KeyPresence's documented trade-off); its value does not change.
    #expect(
      host.runLog == [
        "OptionalStoreReader: overrides of Store",
        "OptionalStoreReader: overrides of Store",
      ])
  }
}

/// Three buttons titled "Save": two in this view, one in a row view inside it.
struct SaveButtonsInTwoViews: View {
  let probe: Probe

  var body: some View {
    VStack {
      Button("Save") { probe.log.append("first") }
      SaveRow(probe: probe)
      Button("Save") { probe.log.append("third") }
    }
  }
}

struct SaveRow: View {
  let probe: Probe
  var body: some View { Button("Save") { probe.log.append("row") } }
}

struct TwoSaveButtons: View {
  let probe: Probe

  var body: some View {
    VStack {
      Button("Save") { probe.log.append("first") }
      Button("Save") { probe.log.append("second") }
    }
  }
}

final class Pages: Trackable {
  @Tracked var path: [Int] = [1]
}

struct PagesScreen: View {
  @Bindable var pages: Pages

  var body: some View {
    NavigationStack(path: $pages.path) {
      Text("root")
    }
  }
}

@MainActor
@Suite struct DriverDiagnosticsTests {
  @Test func tappingATitleThatSeveralButtonsShareReportsItAndTapsNothing() {
    let probe = Probe()
    let host = ViewHost(TwoSaveButtons(probe: probe), executor: .manual)
    var tapped = true
    let diagnostics = TrellisDiagnostics.capture { tapped = host.tap("Save") }
    #expect(!tapped)
    #expect(probe.log == [])
    #expect(diagnostics.map(\.kind) == [.invalidInput])
    #expect(diagnostics.map(\.nodes) == [["Save"]])
    #expect(
      diagnostics.first?.message
        == "2 buttons are titled \"Save\" (both in TwoSaveButtons); nothing was tapped. Give "
        + "them distinct titles.")
    let missing = TrellisDiagnostics.capture { tapped = host.tap("Load") }
    #expect(!tapped)
    #expect(missing.map(\.message) == ["No button titled \"Load\" is in the tree."])
  }

  // Found by a new user: the ambiguity named the view that holds the buttons once per button
  // ("in Buttons, Buttons"), which did not tell them apart. It now counts them per view.
  @Test func anAmbiguousTapCountsTheMatchesInEachViewThatHoldsThem() {
    let probe = Probe()
    let host = ViewHost(SaveButtonsInTwoViews(probe: probe), executor: .manual)
    let diagnostics = TrellisDiagnostics.capture { #expect(!host.tap("Save")) }
    #expect(probe.log == [])
    #expect(
      diagnostics.map(\.message) == [
        "3 buttons are titled \"Save\" (2 in SaveButtonsInTwoViews, 1 in SaveRow); nothing was "
          + "tapped. Give them distinct titles."
      ])
  }

  @Test func aTapCountBelowOneIsReportedAsSuchAndTapsNothing() {
    let probe = Probe()
    let host = ViewHost(TwoSaveButtons(probe: probe), executor: .manual)
    var tapped = [Bool]()
    let diagnostics = TrellisDiagnostics.capture {
      tapped = [host.tap("Save", count: 0), host.tap("Save", count: -1)]
    }
    #expect(tapped == [false, false])
    #expect(probe.log == [])
    #expect(diagnostics.map(\.kind) == [.invalidInput, .invalidInput])
    #expect(
      diagnostics.map(\.message) == [
        "tap(\"Save\", count: 0): a tap needs a count of at least 1; nothing was tapped.",
        "tap(\"Save\", count: -1): a tap needs a count of at least 1; nothing was tapped.",
      ])
  }

  @Test func theRootEnvironmentCanBeSetThroughItsKeyPath() {
    let host = ViewHost(AccentReader(), executor: .manual)
    host.clearLogs()
    host.environment[\.accent] = "teal"
    host.flush()
    #expect(host.environment[\.accent] == "teal")
    #expect(host.tree.texts == ["accent teal"])
    // The first override in a scope that has been read through is announced as such.
    #expect(host.runLog == ["AccentReader: overrides of AccentKey"])
  }

  @Test func aValueWithNoDestinationNamesTheViewThatHoldsTheStack() {
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(PagesScreen(pages: Pages()), executor: .manual)
    }
    // An empty level covers the root, and going back pops it.
    #expect(host?.tree.texts == [])
    #expect(diagnostics.map(\.nodes) == [["PagesScreen", "Int"]])
    #expect(
      diagnostics.first?.message
        == "NavigationStack in PagesScreen has the value 1 on its path but no "
        + ".navigationDestination(for: Int.self) inside it; an empty level is shown for it, "
        + "which going back pops.")
    #expect(host?.dismiss() == true)
    host?.flush()
    #expect(host?.tree.texts == ["root"])
  }

  // Found by a new user: the message did not say why the tree was empty.
  @Test func tappingInAnUnmountedHostSaysItWasUnmounted() {
    let host = ViewHost(Unmounted(), executor: .manual)
    host.unmount()
    var tapped = true
    let diagnostics = TrellisDiagnostics.capture { tapped = host.tap("value 5") }
    #expect(!tapped)
    #expect(
      diagnostics.map(\.message) == [
        "No button titled \"value 5\" is in the tree: the host was unmounted, and has no tree. "
          + "Create a new ViewHost to show a view again."
      ])
    // The drivers that work on the focused control or the tree as a whole say so too.
    let others = TrellisDiagnostics.capture {
      #expect(!host.increment())
      #expect(!host.focusNext())
      #expect(!host.scroll(toRow: 3))
    }
    let unmounted = " The host was unmounted, and has no tree. Create a new ViewHost to show a "
    #expect(
      others.map(\.message) == [
        "No stepper has the focus (nothing has the focus); it was not incremented." + unmounted
          + "view again.",
        "focusNext(): no enabled control in the tree can take the focus." + unmounted
          + "view again.",
        "scroll(toRow:): no lazy container (List, LazyVStack, LazyHStack) is shown." + unmounted
          + "view again.",
      ])
  }

  // Found by a new user: a renderer's input into an unmounted host did not say why nothing
  // had the focus.
  @Test func aRenderersInputIntoAnUnmountedHostSaysItWasUnmounted() throws {
    let recorder = RecordingRenderer()
    let host = ViewHost(Unmounted(), executor: .manual, renderer: recorder)
    let text = try #require(recorder.element(withText: "value 5")).id
    host.unmount()
    let connection = try #require(recorder.connection)
    let diagnostics = TrellisDiagnostics.capture {
      #expect(!connection.insertText("x"))
      #expect(!connection.activate(text))
    }
    let unmounted =
      " The host was unmounted, and has no tree. Create a new ViewHost to show a view again."
    #expect(
      diagnostics.map(\.message) == [
        "No enabled text field has the focus; nothing was typed." + unmounted,
        "activate(_:): element \(text) is gone or has no action." + unmounted,
      ])
  }

  @Test func updatingTheRootOfAnUnmountedHostSaysItWasUnmounted() {
    let host = ViewHost(Unmounted(), executor: .manual)
    host.unmount()
    let diagnostics = TrellisDiagnostics.capture { host.update(root: Unmounted()) }
    #expect(
      diagnostics.map(\.message) == [
        "update(root:) got a Unmounted, but the host was unmounted: it has no root to update. "
          + "Create a new ViewHost to show a view again."
      ])
    let other = ViewHost(Unmounted(), executor: .manual)
    let wrongType = TrellisDiagnostics.capture { other.update(root: Text("x")) }
    #expect(
      wrongType.map(\.message) == [
        "update(root:) got a Text, but the mounted root is a Unmounted; a host keeps its "
          + "root's type. Create a new ViewHost to show a Text."
      ])
    #expect(other.tree.texts == ["value 5"])
  }

  @Test func invalidLayoutLengthsAreReportedOncePerChangeNamingTheView() {
    final class Sizes: Trackable {
      @Tracked var width: CGFloat = -5
    }
    struct Framed: View {
      let sizes: Sizes
      var body: some View {
        VStack {
          Text("fixed").frame(width: sizes.width)
          Text("flexible").frame(minWidth: 10, maxWidth: 5)
          Text("padded").padding(.nan)
          Text("far").padding(.infinity)
          Text("wide").frame(maxWidth: .infinity)
        }
      }
    }
    let sizes = Sizes()
    var host: ViewHost?
    let mount = TrellisDiagnostics.capture {
      host = ViewHost(Framed(sizes: sizes), executor: .manual)
    }
    #expect(
      mount.map(\.message) == [
        "Invalid frame dimension (negative or non-finite) in Framed (frame=-5x-); renderers "
          + "read non-finite and negative lengths as 0.",
        "Contradictory frame constraints specified in Framed (frame=(minWidth: 10, maxWidth: "
          + "5)); the layout is undefined; give bounds with min <= ideal <= max.",
        "Invalid padding (non-finite) in Framed (padding=nan); renderers read NaN as 0 and an "
          + "infinite length as the largest they draw.",
        "Invalid padding (non-finite) in Framed (padding=inf); renderers read NaN as 0 and an "
          + "infinite length as the largest they draw.",
      ])
    #expect(mount.map(\.kind) == [.invalidInput, .invalidInput, .invalidInput, .invalidInput])
    #expect(mount.map(\.nodes) == [["Framed"], ["Framed"], ["Framed"], ["Framed"]])
    // The same values again report nothing; a new invalid one is reported, a valid one is not.
    let unchanged = TrellisDiagnostics.capture { host?.flush() }
    #expect(unchanged == [])
    let changed = TrellisDiagnostics.capture {
      sizes.width = .infinity
      host?.flush()
      sizes.width = 3
      host?.flush()
    }
    #expect(
      changed.map(\.message) == [
        "Invalid frame dimension (negative or non-finite) in Framed (frame=infx-); renderers "
          + "read non-finite and negative lengths as 0."
      ])
    #expect(host?.tree.texts == ["fixed", "flexible", "padded", "far", "wide"])
  }

  @Test func aNaNOpacityAndAnInvalidCornerRadiusAreReportedOnce() {
    struct Styled: View {
      let opacity: Double
      var body: some View {
        VStack {
          Text("faded").opacity(opacity)
          Text("round").cornerRadius(-2)
          Text("fine").opacity(0.5).cornerRadius(4)
        }
      }
    }
    var host: ViewHost?
    let mount = TrellisDiagnostics.capture {
      host = ViewHost(Styled(opacity: .nan), executor: .manual)
      host?.update(root: Styled(opacity: .nan))
    }
    #expect(
      mount.map(\.message) == [
        "Invalid opacity (NaN) in Styled (opacity=nan); renderers read it as 1 (opaque).",
        "Invalid corner radius (negative or non-finite) in Styled (cornerRadius=-2); renderers "
          + "read it as 0 (square corners).",
      ])
    #expect(mount.map(\.nodes) == [["Styled"], ["Styled"]])
    let fixed = TrellisDiagnostics.capture { host?.update(root: Styled(opacity: 1)) }
    #expect(fixed == [])
  }

  @Test func hostOptionsAHostCannotUseAreReportedByNameAndReplaced() {
    let model = ListModel(names: "a", "b")
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(
        KeyedList(model: model), executor: .manual,
        options: ViewHostOptions(maximumRounds: 0, lazyOverscan: -1, maximumDepth: -3))
    }
    #expect(
      diagnostics.map(\.message) == [
        "ViewHostOptions.maximumRounds is 0; an update needs at least one round, so 1 is used "
          + "instead.",
        "ViewHostOptions.maximumDepth is -3; no tree fits in it, so the default, 250,000, is "
          + "used instead.",
        "ViewHostOptions.lazyOverscan is -1; a count of rows cannot be negative, so 0 is used "
          + "instead.",
      ])
    #expect(diagnostics.allSatisfy { $0.kind == .invalidInput })
    // The host still mounts and updates (one round is enough for a plain update).
    model.items[1].name = "B"
    let later = TrellisDiagnostics.capture { host?.flush() }
    #expect(later.isEmpty)
    #expect(host?.tree.texts == ["a 0", "B 0"])
  }

  @Test func aHostThatLogsNothingStillCountsBodiesByTypeAndRendersTheSame() {
    let model = ListModel(names: "a", "b", "c")
    let quiet = ViewHost(
      KeyedList(model: model), executor: .manual, options: ViewHostOptions(logsUpdates: false))
    let logged = ViewHost(KeyedList(model: model), executor: .manual)
    #expect(quiet.dump() == logged.dump())
    #expect(quiet.bodyRuns == [])
    #expect(quiet.events == [])
    #expect(quiet.bodyCount(of: "Row") == 3)
    #expect(quiet.bodyCount(of: "Row #1") == 0)
    #expect(quiet.bodyRunCount == 4)
    quiet.clearLogs()
    model.items[1].name = "B"
    quiet.flush()
    logged.flush()
    #expect(quiet.bodyCountsByType == ["KeyedList": 1, "Row": 1])
    #expect(quiet.dump() == logged.dump())
  }
}

final class TallyModel: Trackable {
  @Tracked var count = 0
  @Tracked var cache: String?
}

/// Reads a tracked property and then writes it, in its body.
struct ReadThenWrite: View {
  let tally: TallyModel

  var body: some View {
    let text = Text("count \(tally.count)")
    tally.count += 1
    return text
  }
}

/// Fills a tracked cache in its body the first time it finds it empty.
struct CacheFiller: View {
  let tally: TallyModel

  var body: some View {
    if tally.cache == nil { tally.cache = "filled" }
    return Text(tally.cache ?? "empty")
  }
}

@MainActor
@Suite struct TrackedWritesDuringBodiesTests {
  // Found by a new user: on the body's first run the write was lost, and the tree stayed at
  // "count 0" with no report, while later runs were stopped as an update cycle.
  @Test func aFirstBodyRunThatWritesWhatItReadIsStoppedAsAnUpdateCycle() {
    let tally = TallyModel()
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(ReadThenWrite(tally: tally), executor: .manual)
    }
    #expect(diagnostics.map(\.kind) == [.updateCycle])
    #expect(diagnostics.first?.nodes == ["ReadThenWrite"])
    #expect(host?.bodyCount(of: "ReadThenWrite") == 100)
    #expect(host?.tree.texts == ["count 99"])
    #expect(tally.count == 100)
  }

  @Test func aBodyThatFillsATrackedCacheRunsOnceMoreAndShowsIt() {
    let tally = TallyModel()
    let host = ViewHost(CacheFiller(tally: tally), executor: .manual)
    #expect(host.bodyCount(of: "CacheFiller") == 2)
    #expect(host.tree.texts == ["filled"])
  }
}

@MainActor
@Suite struct BodyCountNameTests {
  // Found by a new user: a misspelled name read as "did not run", so an assertion of 0 could
  // not fail; and with updates not logged a display name silently read 0.
  @Test func aNameNoViewHasIsReportedAndADisplayNameWithoutLoggingToo() {
    let host = ViewHost(Unmounted().id(7), executor: .manual)
    var count = -1
    let typo = TrellisDiagnostics.capture { count = host.bodyCount(of: "Unmountd") }
    #expect(count == 0)
    #expect(
      typo.map(\.message) == [
        "bodyCount(of: \"Unmountd\"): no view of this host has that display name or type name; "
          + "0 is returned. Display names read like `NoteRow #3`, type names like `NoteRow` "
          + "(see bodyCountsByType and dump())."
      ])
    host.clearLogs()
    // A view that is there (or ran before) and did not run since is simply 0.
    let known = TrellisDiagnostics.capture {
      count = host.bodyCount(of: "Unmounted #7") + host.bodyCount(of: "Unmounted")
    }
    #expect(count == 0)
    #expect(known == [])
    let quiet = ViewHost(
      Unmounted().id(7), executor: .manual, options: ViewHostOptions(logsUpdates: false))
    #expect(quiet.bodyCount(of: "Unmounted") == 1)
    let named = TrellisDiagnostics.capture { count = quiet.bodyCount(of: "Unmounted #7") }
    #expect(count == 0)
    #expect(
      named.map(\.message) == [
        "bodyCount(of: \"Unmounted #7\"): updates are not logged (ViewHostOptions.logsUpdates "
          + "is false), so body runs are counted by type name only; 0 is returned. Ask for the "
          + "type name, or log updates."
      ])
  }
}
