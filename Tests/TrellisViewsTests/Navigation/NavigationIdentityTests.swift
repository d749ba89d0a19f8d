import Testing
import TrellisGraph
import TrellisTracking
import TrellisViews

// The identity of pushed levels: each is keyed by its position and its value; covered levels
// stay alive, hidden; popped ones are destroyed.

final class Trail: Trackable {
  @Tracked var path: [String] = []
}

struct TrailStack: View {
  @Bindable var trail: Trail
  let counter: InitCounter
  let gate: TaskGate

  var body: some View {
    NavigationStack(path: $trail.path) {
      Probed.named("root", counter: counter, gate: gate)
        .navigationDestination(for: String.self) { name in
          Probed.named(
            "\(name)@\(trail.path.firstIndex(of: name) ?? -1)", counter: counter, gate: gate)
        }
    }
  }
}

@MainActor
@Suite struct NavigationIdentityTests {
  let counter = InitCounter()
  let gate = TaskGate()
  let trail = Trail()

  @Test func theSameValueAtTwoPositionsIsTwoLevelsEachWithItsOwnState() {
    let host = ViewHost(TrailStack(trail: trail, counter: counter, gate: gate), executor: .manual)
    trail.path = ["a"]
    host.flush()
    host.tap("a@0 0")
    host.flush()
    trail.path = ["a", "a"]
    host.flush()
    // The second "a" is a new level, with fresh state; its destination closure saw the same
    // name, so it made the same view.
    #expect(host.tree.texts == ["a@0 0"])
    #expect(counter.counts == ["root": 1, "a@0": 2])
    trail.path = ["a"]
    host.flush()
    #expect(host.tree.texts == ["a@0 1"])
  }

  @Test func pushingCoversTheTopLevelWhichDisappearsAndKeepsItsState() async {
    let host = ViewHost(TrailStack(trail: trail, counter: counter, gate: gate), executor: .manual)
    await gate.waitUntil("root started")
    host.tap("root 0")
    host.flush()
    host.clearLogs()
    trail.path = ["a"]
    host.flush()
    #expect(
      host.eventLog == [
        "task cancel Probed #root", "disappear Probed #root", "appear Probed #a@0",
        "task start Probed #a@0",
      ])
    await gate.waitUntil("root ended, cancelled: true")
    host.clearLogs()
    trail.path = []
    host.flush()
    #expect(
      host.eventLog == [
        "task cancel Probed #a@0", "disappear Probed #a@0", "appear Probed #root",
        "task start Probed #root",
      ])
    #expect(host.tree.texts == ["root 1"])
    await gate.waitUntil("root#2 started")
    await gate.waitUntil("a@0 ended, cancelled: true")
    #expect(counter.counts == ["root": 1, "a@0": 1])
  }

  @Test func replacingTheTopValueIsAPopAndAPushWithFreshState() async {
    let recorder = RecordingRenderer()
    let host = ViewHost(
      TrailStack(trail: trail, counter: counter, gate: gate), executor: .manual,
      renderer: recorder)
    trail.path = ["a", "b"]
    host.flush()
    host.tap("b@1 0")
    host.flush()
    #expect(host.tree.texts == ["b@1 1"])
    host.clearLogs()
    recorder.clear()
    trail.path = ["a", "c"]
    host.flush()
    #expect(host.tree.texts == ["c@1 0"])
    #expect(
      host.eventLog == [
        "task cancel Probed #b@1", "disappear Probed #b@1", "appear Probed #c@1",
        "task start Probed #c@1",
      ])
    await gate.waitUntil("b@1 ended, cancelled: true")
    await gate.waitUntil("c@1 started")
    #expect(counter.counts == ["root": 1, "a@0": 1, "b@1": 1, "c@1": 1])
    // The old top's element goes, a new one comes; the covered level below is not touched.
    #expect(
      recorder.lastCommit.map(\.description) == [
        "create Destination@10", "create Probed@11 #c@1",
        "insert Probed@11 into Destination@10 at 0", "create Button@12",
        "insert Button@12 into Probed@11 at 0", "create Text@13 \"c@1 0\"",
        "insert Text@13 into Button@12 at 0", "remove Destination@6 from NavigationStack@2 at 0",
        "insert Destination@10 into NavigationStack@2 at 0",
      ])
  }

  @Test func aCoveredLevelKeepsItsStateAndAppearsAgainWhenUncovered() async {
    let host = ViewHost(TrailStack(trail: trail, counter: counter, gate: gate), executor: .manual)
    trail.path = ["a"]
    host.flush()
    host.tap("a@0 0")
    host.flush()
    trail.path = ["a", "b", "c"]
    host.flush()
    #expect(host.tree.texts == ["c@2 0"])
    trail.path = ["a"]
    host.flush()
    #expect(host.tree.texts == ["a@0 1"])
    #expect(counter.counts == ["root": 1, "a@0": 1, "b@1": 1, "c@2": 1])
    await gate.waitUntil("a@0 ended, cancelled: true")
    await gate.waitUntil("a@0#2 started")
    #expect(gate.log(of: "a@0") == ["a@0 started", "a@0 ended, cancelled: true"])
    #expect(gate.log(of: "a@0#2") == ["a@0#2 started"])
  }

  @Test func poppingDestroysTheLevelsStateAndCancelsItsTask() async {
    let host = ViewHost(TrailStack(trail: trail, counter: counter, gate: gate), executor: .manual)
    trail.path = ["a", "b"]
    host.flush()
    await gate.waitUntil("b@1 started")
    host.tap("b@1 0")
    host.flush()
    trail.path = ["a"]
    host.flush()
    await gate.waitUntil("b@1 ended, cancelled: true")
    trail.path = ["a", "b"]
    host.flush()
    #expect(host.tree.texts == ["b@1 0"])
    #expect(counter.counts == ["root": 1, "a@0": 1, "b@1": 2])
    await gate.waitUntil("b@1#2 started")
    #expect(gate.log(of: "b@1") == ["b@1 started", "b@1 ended, cancelled: true"])
  }

  @Test func poppingSeveralLevelsAtOnceDestroysEachAndShowsTheOneBelow() {
    let host = ViewHost(TrailStack(trail: trail, counter: counter, gate: gate), executor: .manual)
    trail.path = ["a", "b", "c"]
    host.flush()
    host.clearLogs()
    trail.path = []
    host.flush()
    #expect(host.tree.texts == ["root 0"])
    // Only the top level had appeared: the ones below disappeared when they were covered.
    #expect(
      host.eventLog == [
        "task cancel Probed #c@2", "disappear Probed #c@2", "appear Probed #root",
        "task start Probed #root",
      ])
  }
}
