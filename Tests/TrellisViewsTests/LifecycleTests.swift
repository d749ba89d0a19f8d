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

@MainActor
@Suite struct LifecycleTests {
  @Test func onAppearRunsAfterTheCommitThatInsertsTheIdentityAndOnlyOnce() {
    let probe = Probe()
    let host = ViewHost(AppearingView(probe: probe), executor: .manual)
    #expect(probe.log == ["body 0", "appear"])
    #expect(host.eventLog == ["appear Button"])
    host.tap("body 0")
    host.flush()
    host.tap("body 1")
    host.flush()
    #expect(probe.log == ["body 0", "appear", "body 1", "body 2"])
    #expect(host.eventLog == ["appear Button"])
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
