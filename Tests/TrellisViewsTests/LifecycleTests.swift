import Dispatch
import Foundation
import Testing
import TrellisGraph
import TrellisTracking
import TrellisViews

struct AppearingView: View {
  let probe: Probe
  @State private var taps = 0

  var body: some View {
    Button(mark("body \(taps)")) { taps += 1 }
      .onAppear { probe.log.append("appear") }
  }

  /// Logs that the body ran, and returns `text`.
  func mark(_ text: String) -> String {
    probe.log.append(text)
    return text
  }
}

struct NamedLeaf: View {
  let name: String
  var body: some View { Text(name) }
}

struct InnerGroup: View {
  let probe: Probe

  var body: some View {
    VStack {
      NamedLeaf(name: "b").onAppear { probe.log.append("appear b") }
        .onDisappear { probe.log.append("disappear b") }
      NamedLeaf(name: "c").onAppear { probe.log.append("appear c") }
        .onDisappear { probe.log.append("disappear c") }
    }
  }
}

struct OuterGroup: View {
  let probe: Probe

  var body: some View {
    VStack {
      NamedLeaf(name: "a").onAppear { probe.log.append("appear a") }
        .onDisappear { probe.log.append("disappear a") }
      InnerGroup(probe: probe).onAppear { probe.log.append("appear inner") }
        .onDisappear { probe.log.append("disappear inner") }
      NamedLeaf(name: "d").onAppear { probe.log.append("appear d") }
        .onDisappear { probe.log.append("disappear d") }
    }
  }
}

struct RemovableSubtree: View {
  let probe: Probe
  @State var show = true

  var body: some View {
    VStack {
      Button("toggle") { show.toggle() }
      if show {
        OuterGroup(probe: probe).onAppear { probe.log.append("appear outer") }
          .onDisappear { probe.log.append("disappear outer") }
      }
    }
  }
}

struct AppearWriter: View {
  let profile: Profile
  var body: some View { Text("writer").onAppear { profile.name = "appeared" } }
}

struct AppearWritingScreen: View {
  let profile: Profile

  var body: some View {
    VStack {
      NameView(profile: profile)
      AppearWriter(profile: profile)
    }
  }
}

/// A view whose `onChange(initial: true)` and `onAppear` surround a child that appears.
struct InitialChange: View {
  let probe: Probe
  @State private var value = 0

  var body: some View {
    VStack {
      NamedLeaf(name: "child").onAppear { probe.log.append("appear child") }
      Button("bump") { value += 1 }
    }
    .onChange(of: value, initial: true) { old, new in probe.log.append("change \(old) \(new)") }
    .onAppear { probe.log.append("appear parent") }
  }
}

/// SwiftUI's older and optional forms: `onChange(of:perform:)`, and `onAppear`/`onDisappear`
/// with no action or with an optional one.
struct OlderForms: View {
  let probe: Probe
  let optional: (@MainActor () -> Void)?
  @State private var value = 0

  var body: some View {
    Button("bump \(value)") { value += 1 }
      .onChange(of: value) { new in probe.log.append("new \(new)") }
      .onAppear()
      .onDisappear(perform: optional)
      .onAppear(perform: optional)
  }
}

/// A host for an action of its own views to reach, held weakly.
@MainActor
final class HostBox {
  weak var host: ViewHost?
}

final class ActionSwitch: Trackable {
  @Tracked var on = false
  @Tracked var tab = 0
}

/// Optional appear and disappear actions that come and go with `model.on`, on a tab that is
/// hidden and shown again.
struct SwitchedActions: View {
  @Bindable var model: ActionSwitch
  let probe: Probe

  var body: some View {
    TabView(selection: $model.tab) {
      Text("first")
        .onAppear(perform: action("appear"))
        .onDisappear(perform: action("disappear"))
        .tag(0)
      Text("second").tag(1)
    }
  }

  func action(_ name: String) -> (@MainActor () -> Void)? {
    guard model.on else { return nil }
    return { [probe] in probe.log.append(name) }
  }
}

@MainActor
@Suite struct LifecycleTests {
  // The article's order, which a new user checked: the first run of an initial onChange is part
  // of its view's first appearance; later ones run with the changes, before appearances.
  @Test func anInitialChangeRunsWithItsViewsFirstAppearanceAndLaterOnesWithTheChanges() {
    let probe = Probe()
    let host = ViewHost(InitialChange(probe: probe), executor: .manual)
    #expect(probe.log == ["appear child", "change 0 0", "appear parent"])
    probe.log = []
    host.tap("bump")
    host.flush()
    #expect(probe.log == ["change 0 1"])
  }
  /// Found by a new user: the one-value `onChange(of:perform:)` (deprecated in SwiftUI, but in
  /// most existing code) and `.onAppear()` without an action did not compile.
  @Test func theOlderOnChangeGetsTheNewValueAndAnAbsentActionDoesNothing() {
    let probe = Probe()
    let host = ViewHost(
      VStack {
        OlderForms(probe: probe, optional: nil)
        OlderForms(probe: probe, optional: { probe.log.append("optional") })
      }, executor: .manual)
    // Only the optional actions given run: at the appearance, then at the disappearance.
    #expect(probe.log == ["optional"])
    host.unmount()
    #expect(probe.log == ["optional", "optional"])
    let single = ViewHost(OlderForms(probe: probe, optional: nil), executor: .manual)
    probe.log = []
    #expect(single.tap("bump 0"))
    single.flush()
    #expect(single.tap("bump 1"))
    single.flush()
    #expect(probe.log == ["new 1", "new 2"])
  }

  /// Found by a reviewer: an action that changed between nil and a closure kept the old one
  /// (a disappear action), or was never registered (an appear action nil at first).
  @Test func theLatestOptionalActionRunsOrNoneWhenItIsNil() {
    let model = ActionSwitch()
    let probe = Probe()
    let host = ViewHost(SwitchedActions(model: model, probe: probe), executor: .manual)
    func show(_ tab: Int) {
      model.tab = tab
      host.flush()
    }
    show(1)
    show(0)
    #expect(probe.log == [])
    model.on = true
    host.flush()
    show(1)
    show(0)
    #expect(probe.log == ["disappear", "appear"])
    model.on = false
    host.flush()
    show(1)
    show(0)
    #expect(probe.log == ["disappear", "appear"])
    #expect(
      host.events.map(\.description).filter { $0.contains("SwitchedActions") } == [
        "disappear SwitchedActions", "appear SwitchedActions",
      ])
  }

  @Test func onAppearRunsAfterTheCommitThatInsertsTheIdentityAndOnlyOnce() {
    let probe = Probe()
    let host = ViewHost(AppearingView(probe: probe), executor: .manual)
    #expect(probe.log == ["body 0", "appear"])
    #expect(host.eventLog == ["appear AppearingView"])
    host.tap("body 0")
    host.flush()
    host.tap("body 1")
    host.flush()
    #expect(probe.log == ["body 0", "appear", "body 1", "body 2"])
    #expect(host.eventLog == ["appear AppearingView"])
  }

  @Test func everyViewOfARemovedSubtreeDisappearsOnceParentsFirstInTreeOrder() {
    let probe = Probe()
    let host = ViewHost(RemovableSubtree(probe: probe), executor: .manual)
    #expect(
      probe.log == ["appear a", "appear b", "appear c", "appear inner", "appear d", "appear outer"]
    )
    probe.log = []
    host.clearLogs()
    host.tap("toggle")
    host.flush()
    #expect(
      probe.log == [
        "disappear outer", "disappear a", "disappear inner", "disappear b", "disappear c",
        "disappear d",
      ])
    #expect(
      host.eventLog == [
        "disappear OuterGroup", "disappear NamedLeaf", "disappear InnerGroup",
        "disappear NamedLeaf",
        "disappear NamedLeaf", "disappear NamedLeaf",
      ])
    host.flush()
    #expect(probe.log.count == 6)
    #expect(host.tree.texts == ["toggle"])
  }

  @Test func unmountingTheHostDisappearsEverything() {
    let probe = Probe()
    let host = ViewHost(RemovableSubtree(probe: probe), executor: .manual)
    probe.log = []
    host.unmount()
    #expect(
      probe.log == [
        "disappear outer", "disappear a", "disappear inner", "disappear b", "disappear c",
        "disappear d",
      ])
  }

  /// Found by a SwiftUI developer: an `onAppear` that unmounted the host left its own view
  /// appeared for good: the `onDisappear` outside it never ran.
  @Test func aViewWhoseOnAppearUnmountsTheHostDisappearsWithTheRest() {
    struct SelfUnmounting: View {
      let model: ActionSwitch
      let probe: Probe
      let unmount: @MainActor () -> Void
      var body: some View {
        VStack {
          if model.on {
            Text("u")
              .onAppear {
                probe.log.append("first appear")
                unmount()
              }
              .onAppear { probe.log.append("second appear") }
              .onDisappear { probe.log.append("u disappear") }
          }
          Text("sibling").onDisappear { probe.log.append("sibling disappear") }
        }
        .onDisappear { probe.log.append("stack disappear") }
      }
    }
    let model = ActionSwitch()
    let probe = Probe()
    let box = HostBox()
    let host = ViewHost(
      SelfUnmounting(model: model, probe: probe) { box.host?.unmount() }, executor: .manual)
    box.host = host
    model.on = true
    host.flush()
    #expect(
      probe.log == [
        "first appear", "stack disappear", "u disappear", "sibling disappear",
      ])
    #expect(host.tree.texts == [])
  }

  @Test func aTrackedWriteInOnAppearIsAppliedByTheSameFlush() {
    let profile = Profile()
    let host = ViewHost(AppearWritingScreen(profile: profile), executor: .manual)
    #expect(host.tree.texts == ["name appeared", "writer"])
    #expect(
      host.runLog == [
        "AppearWritingScreen: inserted", "NameView: inserted", "AppearWriter: inserted",
        "NameView: Profile.name",
      ])
  }
}

struct Worker: View {
  let label: String
  var body: some View { Text("worker \(label)") }
}

struct WorkerParent: View {
  let gate: TaskGate
  @State var label = "a"
  @State var show = true

  var body: some View {
    VStack {
      Button("relabel") { label = "b" }
      Button("hide") { show = false }
      if show {
        Worker(label: label).task { [gate, label] in await gate.run("task \(label)") }
      }
    }
  }
}

struct Loader: View {
  let query: String
  let probe: Probe

  var body: some View { Text(mark("body \(query)")) }

  /// Logs that the body ran, and returns `text`.
  func mark(_ text: String) -> String {
    probe.log.append(text)
    return text
  }
}

struct LoaderParent: View {
  let gate: TaskGate
  let probe: Probe
  @State var query = "a"
  @State var other = 0
  @State var show = true

  var body: some View {
    VStack {
      Button("query a") { query = "a" }
      Button("query b") { query = "b" }
      Button("other \(other)") { other += 1 }
      Button("toggle") { show.toggle() }
      if show {
        Loader(query: query, probe: probe)
          .task(id: query) { [gate, query] in await gate.run(query) }
          .onChange(of: query) { old, new in probe.log.append("change \(old) → \(new)") }
      }
    }
  }
}

/// Moves its query from `a` to `b` while its body first runs: the id changes before the task
/// has appeared.
struct EagerParent: View {
  let gate: TaskGate
  @State var query = "a"

  var body: some View {
    let current = query
    let _ = settle(current)
    Text("query \(current)").task(id: current) { [gate] in await gate.run(current) }
  }

  func settle(_ current: String) {
    if current == "a" { query = "b" }
  }
}

/// A tracked model that another thread may write.
final class SharedProfile: Trackable, @unchecked Sendable {
  @Tracked var name = "Ann"
}

struct SharedNameView: View {
  let profile: SharedProfile
  var body: some View { Text("name \(profile.name)") }
}

/// Reads the name, then, the first time only, has another thread rename the profile before the
/// body returns: the write lands between the first read and the end of the run that observes it.
struct NameRenamedWhileRead: View {
  let profile: SharedProfile
  var body: some View {
    let name = profile.name
    if name == "Ann" {
      let finished = DispatchSemaphore(value: 0)
      let profile = profile
      Thread {
        profile.name = "Bo"
        finished.signal()
      }.start()
      finished.wait()
    }
    return Text("name \(name)")
  }
}

/// A view whose body chains `.task` and `.onDisappear` on one `Text`, in either order.
struct TaskThenDisappear: View {
  let disappearOutside: Bool
  var body: some View {
    if disappearOutside {
      Text("c").task { try? await Task.sleep(for: .seconds(3600)) }.onDisappear {}
    } else {
      Text("c").onDisappear {}.task { try? await Task.sleep(for: .seconds(3600)) }
    }
  }
}

struct ShowsTaskThenDisappear: View {
  let disappearOutside: Bool
  @State private var isShown = true
  var body: some View {
    VStack {
      Button("hide") { isShown = false }
      if isShown { TaskThenDisappear(disappearOutside: disappearOutside) }
    }
  }
}

/// The same view in a tab that is switched away: hidden, not removed.
struct TabbedTaskThenDisappear: View {
  @State private var selection = 1
  var body: some View {
    VStack {
      Button("switch") { selection = 2 }
      TabView(selection: $selection) {
        TaskThenDisappear(disappearOutside: true).tabItem { Text("One") }.tag(1)
        Text("two").tabItem { Text("Two") }.tag(2)
      }
    }
  }
}

@MainActor
@Suite struct LifecycleTaskConcurrencyTests {
  /// Found by a new user: with `.onDisappear` outside `.task`, the disappear action ran before
  /// the task's cancellation, against the rule that a view's tasks are cancelled first; the
  /// order followed how the modifiers were chained.
  @Test(arguments: [true, false])
  func aViewsTasksAreCancelledBeforeItsDisappearActionsInEitherModifierOrder(
    disappearOutside: Bool
  ) async {
    let host = ViewHost(
      ShowsTaskThenDisappear(disappearOutside: disappearOutside), executor: .manual)
    #expect(host.eventLog == ["task start TaskThenDisappear"])
    host.clearLogs()
    host.tap("hide")
    host.flush()
    #expect(host.eventLog == ["task cancel TaskThenDisappear", "disappear TaskThenDisappear"])
    await host.waitForTasks()
  }

  /// The same rule when a retaining container hides the view (a tab switched away).
  @Test func aHiddenViewsTasksAreCancelledBeforeItsDisappearActions() async {
    let host = ViewHost(TabbedTaskThenDisappear(), executor: .manual)
    #expect(host.eventLog == ["task start TaskThenDisappear"])
    host.clearLogs()
    host.tap("switch")
    host.flush()
    #expect(host.eventLog == ["task cancel TaskThenDisappear", "disappear TaskThenDisappear"])
    await host.waitForTasks()
  }

  @Test func taskStartsOnAppearIsCancelledOnDisappearAndIgnoresNewCaptures() async {
    let gate = TaskGate()
    let host = ViewHost(WorkerParent(gate: gate), executor: .manual)
    #expect(host.eventLog == ["task start Worker"])
    await gate.waitUntil("task a started")
    host.clearLogs()

    host.tap("relabel")
    host.flush()
    #expect(host.runLog == ["WorkerParent: @State WorkerParent.label", "Worker: input label"])
    #expect(host.eventLog == [])
    gate.send(1, to: "task a")
    await gate.waitUntil("task a got 1")

    host.tap("hide")
    host.flush()
    #expect(host.eventLog == ["task cancel Worker"])
    await host.waitForTasks()
    #expect(gate.log == ["task a started", "task a got 1", "task a ended, cancelled: true"])
  }

  @Test func taskIDRestartsOnlyForANonEqualIDAfterBodyAndOnChange() async {
    let gate = TaskGate()
    let probe = Probe()
    let host = ViewHost(LoaderParent(gate: gate, probe: probe), executor: .manual)
    #expect(host.eventLog == ["task start Loader"])
    #expect(probe.log == ["body a"])
    await gate.waitUntil("a started")
    host.clearLogs()
    probe.log = []

    host.tap("query b")
    host.flush()
    #expect(probe.log == ["body b", "change a → b"])
    #expect(host.eventLog == ["change Loader a → b", "task cancel Loader", "task start Loader"])
    await gate.waitUntil("a ended, cancelled: true")
    await gate.waitUntil("b started")
    host.clearLogs()
    probe.log = []

    host.tap("other 0")
    host.tap("query b")
    host.flush()
    #expect(host.runLog == ["LoaderParent: @State LoaderParent.other"])
    #expect(host.eventLog == [])
    #expect(probe.log == [])
    host.clearLogs()

    host.tap("query a")
    host.tap("query b")
    host.flush()
    #expect(host.runLog == ["LoaderParent: @State LoaderParent.query"])
    #expect(host.eventLog == [])
    #expect(probe.log == [])

    host.tap("toggle")
    host.flush()
    #expect(host.eventLog == ["task cancel Loader"])
    host.tap("toggle")
    host.flush()
    #expect(host.eventLog == ["task cancel Loader", "task start Loader"])
    await gate.waitUntil("b#2 started")
    gate.finish("b#2")
    await host.waitForTasks()
    #expect(gate.log(of: "a") == ["a started", "a ended, cancelled: true"])
    #expect(gate.log(of: "b") == ["b started", "b ended, cancelled: true"])
    #expect(gate.log(of: "b#2") == ["b#2 started", "b#2 ended, cancelled: false"])
  }

  @Test func idChangesBeforeAppearingStartOneTaskWithTheLatestID() async {
    let gate = TaskGate()
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(EagerParent(gate: gate), executor: .manual)
    }
    #expect(diagnostics.map(\.kind) == [.modifiedDuringUpdate])
    guard let host else { return }
    #expect(host.eventLog == ["task start EagerParent"])
    #expect(host.tree.texts == ["query b"])
    gate.finish("b")
    await host.waitForTasks()
    #expect(gate.log == ["b started", "b ended, cancelled: false"])
  }

  @Test func aTrackedWriteFromAnotherThreadReachesItsReaderAtTheNextFlush() async {
    let profile = SharedProfile()
    let host = ViewHost(SharedNameView(profile: profile), executor: .manual)
    host.clearLogs()
    await Task.detached { profile.name = "Bo" }.value
    host.flush()
    #expect(host.runLog == ["SharedNameView: SharedProfile.name"])
    #expect(host.tree.texts == ["name Bo"])
  }

  // Found by a user comparing with Observation: the writer found nobody to tell (the body
  // observes what it read only when it ends), and the text stayed "name Ann" until the next
  // write.
  @Test func aWriteFromAnotherThreadDuringTheFirstBodyRunReachesItAtTheNextFlush() {
    let profile = SharedProfile()
    let host = ViewHost(NameRenamedWhileRead(profile: profile), executor: .manual)
    #expect(host.tree.texts == ["name Ann"])
    host.clearLogs()
    host.flush()
    #expect(host.runLog == ["NameRenamedWhileRead: a property written on another thread"])
    #expect(host.tree.texts == ["name Bo"])
    host.flush()
    #expect(host.runLog == ["NameRenamedWhileRead: a property written on another thread"])
  }
}
