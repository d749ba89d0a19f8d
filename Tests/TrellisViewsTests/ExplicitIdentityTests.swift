import Testing
import TrellisGraph
import TrellisViews

/// A view with state, lifecycle actions and a task, to watch what `.id(_:)` does to it.
struct IdentifiedChild: View {
  @State private var count = 0

  var body: some View {
    Button("child \(count)") { count += 1 }
  }
}

struct VersionedParent: View {
  let gate: TaskGate
  @State var version = 0
  @State var other = 0

  var body: some View {
    VStack {
      Button("bump") { version += 1 }
      Button("other \(other)") { other += 1 }
      IdentifiedChild()
        .onAppear {}
        .onDisappear {}
        .task { [gate, version] in await gate.run("task \(version)") }
        .id(version)
    }
  }
}

/// Lifecycle modifiers outside an `.id(_:)`: their parts stay while the view under them is
/// replaced.
struct ResettableParent: View {
  @State var generation = 0

  var body: some View {
    VStack {
      Button("reset") { generation += 1 }
      IdentifiedChild()
        .onAppear {}
        .onDisappear {}
        .id(generation)
        .task(id: generation) {}
        .onChange(of: generation) {}
        .onAppear {}
    }
  }
}

/// A child whose id is new on every evaluation of its parent.
struct FreshIDParent: View {
  let probe: Probe
  @State var tick = 0

  var body: some View {
    VStack {
      Button("tick \(tick)") { tick += 1 }
      Counter(label: "child").onAppear {}.onDisappear {}.id(probe.next())
    }
  }
}

/// Appears and, when armed, writes what its parent reads.
struct FeedbackChild: View {
  let armed: Bool
  @Binding var appearances: Int

  var body: some View {
    Text("armed \(armed)").onAppear { if armed { appearances += 1 } }
  }
}

struct FeedbackParent: View {
  let probe: Probe
  @State var armed = false
  @State var appearances = 0

  var body: some View {
    VStack {
      Button("arm") { armed = true }
      Button("disarm") { armed = false }
      Text("appearances \(appearances)")
      FeedbackChild(armed: armed, appearances: $appearances).id(probe.next())
    }
  }
}

@MainActor
@Suite struct ExplicitIdentityTests {
  @Test func newIDDestroysTheOldSubtreeAndBuildsAFreshOne() async {
    let gate = TaskGate()
    let host = ViewHost(VersionedParent(gate: gate), executor: .manual)
    #expect(host.eventLog == ["appear IdentifiedChild #0", "task start IdentifiedChild #0"])
    host.tap("child 0")
    host.flush()
    #expect(host.tree.texts == ["bump", "other 0", "child 1"])
    host.clearLogs()

    host.tap("bump")
    host.flush()
    #expect(host.tree.texts == ["bump", "other 0", "child 0"])
    #expect(
      host.runLog == [
        "VersionedParent: @State VersionedParent.version", "IdentifiedChild #1: inserted",
      ])
    #expect(
      host.eventLog == [
        "task cancel IdentifiedChild #0", "disappear IdentifiedChild #0",
        "appear IdentifiedChild #1", "task start IdentifiedChild #1",
      ])
    #expect(
      host.dump() == """
        VersionedParent
          VStack
            Button
              Text "bump"
            Button
              Text "other 0"
            IdentifiedChild #1
              Button
                Text "child 0"

        """)

    gate.finish("task 1")
    await host.waitForTasks()
    #expect(gate.log(of: "task 0") == ["task 0 started", "task 0 ended, cancelled: true"])
    #expect(gate.log(of: "task 1") == ["task 1 started", "task 1 ended, cancelled: false"])
  }

  @Test func sameIDKeepsTheSubtree() async {
    let gate = TaskGate()
    let recorder = RecordingRenderer()
    let host = ViewHost(VersionedParent(gate: gate), executor: .manual, renderer: recorder)
    host.tap("child 0")
    host.flush()
    host.clearLogs()
    recorder.clear()
    host.tap("other 0")
    host.flush()
    #expect(recorder.lastCommit.map(\.description) == ["setText Text@6 \"other 1\""])
    #expect(host.tree.texts == ["bump", "other 1", "child 1"])
    #expect(host.runLog == ["VersionedParent: @State VersionedParent.other"])
    #expect(host.eventLog == [])
    gate.finish("task 0")
    await host.waitForTasks()
    #expect(gate.log == ["task 0 started", "task 0 ended, cancelled: false"])
  }

  @Test func modifiersOutsideAnIDNameTheViewNowUnderThem() async {
    let host = ViewHost(ResettableParent(), executor: .manual)
    #expect(
      host.eventLog == [
        "appear IdentifiedChild #0", "task start IdentifiedChild #0",
        "appear IdentifiedChild #0",
      ])
    host.clearLogs()
    host.tap("reset")
    host.flush()
    // The task and the change belong to the modifiers outside the `.id`, which stay; they name
    // the view under them now, not the identity that has just gone.
    #expect(
      host.eventLog == [
        "disappear IdentifiedChild #0", "change IdentifiedChild #1 0 → 1",
        "task cancel IdentifiedChild #1", "task start IdentifiedChild #1",
        "appear IdentifiedChild #1",
      ])
    host.unmount()
    await host.waitForTasks()
  }

  @Test func anIDThatChangesOnEveryUpdateRecreatesTheChildEveryTimeWithoutACycle() {
    let probe = Probe()
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      let mounted = ViewHost(FreshIDParent(probe: probe), executor: .manual)
      host = mounted
      for _ in 0..<3 {
        mounted.tap("child: 0")
        mounted.flush()
        mounted.tap("tick \(probe.count - 1)")
        mounted.flush()
      }
    }
    #expect(diagnostics == [])
    guard let host else { return }
    #expect(host.tree.texts == ["tick 3", "child: 0"])
    #expect(probe.count == 4)
    #expect(host.bodyCount(of: "FreshIDParent") == 4)
    #expect(host.bodyCount(of: "Counter") == 7)
    host.clearLogs()
    host.tap("tick 3")
    host.flush()
    #expect(host.runLog == ["FreshIDParent: @State FreshIDParent.tick", "Counter #5: inserted"])
    #expect(host.eventLog == ["disappear Counter #4", "appear Counter #5"])
  }

  @Test func aRecreatedChildWritingWhatItsParentReadsIsAReportedUpdateCycle() {
    let probe = Probe()
    let host = ViewHost(FeedbackParent(probe: probe), executor: .manual)
    host.clearLogs()
    let diagnostics = TrellisDiagnostics.capture {
      host.tap("arm")
      host.flush()
    }
    #expect(diagnostics.map(\.kind) == [.updateCycle])
    #expect(diagnostics.first?.nodes == ["FeedbackParent"])
    // One round limit for every cause: 100 rounds (flush, commit, lifecycle) per update.
    #expect(host.bodyCount(of: "FeedbackParent") == 100)
    #expect(host.bodyCount(of: "FeedbackChild") == 100)
    #expect(host.tree.texts == ["arm", "disarm", "appearances 99", "armed true"])

    // The host is not stuck: once the feedback stops, updates work again.
    host.clearLogs()
    let later = TrellisDiagnostics.capture {
      host.tap("disarm")
      host.flush()
    }
    #expect(later == [])
    #expect(host.tree.texts == ["arm", "disarm", "appearances 100", "armed false"])
    #expect(host.bodyCount(of: "FeedbackParent") == 1)
    #expect(host.bodyCount(of: "FeedbackChild") == 1)
  }

  /// Found by a new user: ids past 12 characters were cut to 8, so `conversation-1` and
  /// `conversation-2` had one name in logs, and every object's default id read `ObjectId…`.
  @Test func idsAreShownInFullUpTo32CharactersAndObjectsByTheirAddresses() {
    final class Tag: Identifiable {}
    struct Threads: View {
      let tags: [Tag]
      var body: some View {
        VStack {
          ForEach(["conversation-1", "conversation-2"], id: \.self) { Text($0) }
          ForEach(tags) { _ in Text("tag") }
          Text("long").id("a-thirty-three-character-long-id!")
        }
      }
    }
    let tags = [Tag(), Tag()]
    let host = ViewHost(Threads(tags: tags), executor: .manual)
    let addresses = tags.map { "0x" + String(UInt(bitPattern: ObjectIdentifier($0)), radix: 16) }
    #expect(
      host.tree.allNodes.compactMap(\.id) == [
        "conversation-1", "conversation-2", addresses[0], addresses[1], "a-thirty…",
      ])
    #expect(addresses[0] != addresses[1])
  }
}
