import Dispatch
import Foundation
import Testing
import TrellisGraph
import TrellisTracking

final class Profile: Trackable, @unchecked Sendable {
  @Tracked var name = "Ada"
  @Tracked var age = 36
}

@MainActor
@Suite struct TrackedSourceTests {
  @Test func effectRerunsOnlyForThePropertyItRead() {
    let graph = Graph(executor: .manual)
    let profile = Profile()
    var seen: [String] = []
    let effect = Effect(name: "NameLabel", in: graph) { seen.append(profile.name) }
    profile.age = 37
    graph.flush()
    profile.name = "Grace"
    graph.flush()
    #expect(seen == ["Ada", "Grace"])
    #expect(effect.lastRunReasons.map(\.description) == ["Profile.name"])
  }

  @Test func derivedOverTrackedPropertyCutsOff() {
    let graph = Graph(executor: .manual)
    let profile = Profile()
    let isAdult = Derived { profile.age >= 18 }
    var runs = 0
    let effect = Effect(in: graph) {
      _ = isAdult.value
      runs += 1
    }
    profile.age = 40
    graph.flush()
    #expect(runs == 1)
    profile.age = 10
    graph.flush()
    #expect(runs == 2)
    withExtendedLifetime(effect) {}
  }

  @Test func writeFromAnotherThreadIsAppliedByTheNextFlush() {
    let graph = Graph(executor: .manual)
    let profile = Profile()
    var seen: [String] = []
    let effect = Effect(in: graph) { seen.append(profile.name) }
    let written = DispatchSemaphore(value: 0)
    let writer = Thread {
      profile.name = "Linus"
      written.signal()
    }
    writer.start()
    written.wait()
    #expect(seen == ["Ada"])
    graph.flush()
    #expect(seen == ["Ada", "Linus"])
    withExtendedLifetime(effect) {}
  }
}
