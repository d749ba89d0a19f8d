import Dispatch
import Foundation
import Testing
import TrellisTracking

@testable import TrellisGraph

/// A write on another thread that lands while the evaluation that first reads the property
/// runs, after the read: that evaluation observes the property only when it ends, so the
/// writer finds nobody to tell. Before, the value stayed stale until the next write. Each
/// evaluation below writes through `onAnotherThread`, which waits for the thread, so the write
/// lands exactly there, with no tracking scope open on its thread.
@MainActor
@Suite struct RacingWriteConcurrencyTests {
  @Test func anEffectWhoseFirstRunMissedAWriteOnAnotherThreadRunsAgain() {
    let graph = Graph(executor: .manual)
    let profile = Profile()
    var seen: [String] = []
    let effect = Effect(in: graph) {
      let name = profile.name
      seen.append(name)
      if name == "Ada" { onAnotherThread { profile.name = "Linus" } }
    }
    // The first run, at creation, missed the write.
    #expect(seen == ["Ada"])
    // Posted as the writer would have posted it: the next flush applies it.
    graph.flush()
    #expect(seen == ["Ada", "Linus"])
    graph.flush()
    #expect(seen == ["Ada", "Linus"])
    withExtendedLifetime(effect) {}
  }

  @Test func aDerivedValueWhoseFirstComputationMissedAWriteOnAnotherThreadRecomputes() {
    let profile = Profile()
    var computations = 0
    let greeting = Derived { () -> String in
      computations += 1
      let name = profile.name
      if name == "Ada" { onAnotherThread { profile.name = "Linus" } }
      return "Hello, \(name)"
    }
    #expect(greeting.value == "Hello, Ada")
    // A read applies changes posted from other threads first.
    #expect(greeting.value == "Hello, Linus")
    #expect(greeting.value == "Hello, Linus")
    #expect(computations == 2)
  }

  @Test func inPlaceMutationsRegistrarAndObjectLevelModelsAreCountedToo() {
    let graph = Graph(executor: .manual)
    let profile = Profile()
    let registrarScore = RegistrarScore()
    let objectScore = ObjectScore()
    var seen: [String] = []
    let effects = [
      Effect(in: graph) {
        let name = profile.name
        seen.append("tracked \(name)")
        if name == "Ada" { onAnotherThread { profile.name += "!" } }
      },
      Effect(in: graph) {
        let points = registrarScore.points
        seen.append("registrar \(points)")
        if points == 0 { onAnotherThread { registrarScore.points = 1 } }
      },
      Effect(in: graph) {
        let points = objectScore.points
        seen.append("object \(points)")
        if points == 0 { onAnotherThread { objectScore.points = 1 } }
      },
    ]
    graph.flush()
    graph.flush()
    #expect(
      seen == ["tracked Ada", "registrar 0", "object 0", "tracked Ada!", "registrar 1", "object 1"])
    withExtendedLifetime(effects) {}
  }

  /// State an object keeps outside `@ObjectTracked`, announced with `withChange` (found by a
  /// user trying to break this: that path did not count its racing writes).
  @Test func aChangeAnnouncedByHandOnAnotherThreadIsCountedToo() {
    final class Thermostat: ObjectTrackable, @unchecked Sendable {
      let objectChanges = ObjectChangeNotifier()
      private var storedTarget = 20
      var target: Int {
        get {
          objectChanges.recordRead()
          return storedTarget
        }
        set { objectChanges.withChange(of: self) { storedTarget = newValue } }
      }
    }
    let graph = Graph(executor: .manual)
    let thermostat = Thermostat()
    var seen: [Int] = []
    let effect = Effect(in: graph) {
      let target = thermostat.target
      seen.append(target)
      if target == 20 { onAnotherThread { thermostat.target = 21 } }
    }
    graph.flush()
    #expect(seen == [20, 21])
    withExtendedLifetime(effect) {}
  }

  @Test func aRunThatStartsToReadAPropertyAlsoSeesAWriteThatRacedWithIt() {
    let graph = Graph(executor: .manual)
    let profile = Profile()
    let showsAge = Cell(false)
    var seen: [String] = []
    let effect = Effect(in: graph) {
      guard showsAge.value else {
        seen.append("hidden")
        return
      }
      let age = profile.age
      seen.append("age \(age)")
      if age == 36 { onAnotherThread { profile.age = 37 } }
    }
    graph.flush()
    showsAge.value = true
    graph.flush()
    graph.flush()
    #expect(seen == ["hidden", "age 36", "age 37"])
    withExtendedLifetime(effect) {}
  }

  @Test func aWriteOnAnotherThreadBeforeTheRunBeganCostsNoExtraRun() {
    let graph = Graph(executor: .manual)
    let profile = Profile()
    var seen: [String] = []
    onAnotherThread { profile.name = "Linus" }
    let effect = Effect(in: graph) { seen.append(profile.name) }
    graph.flush()
    graph.flush()
    #expect(seen == ["Linus"])
    withExtendedLifetime(effect) {}
  }

  @Test func aRunThatMissedAWriteSaysSoInItsReasons() {
    let graph = Graph(executor: .manual)
    let profile = Profile()
    var seen: [String] = []
    let effect = Effect(name: "NameLabel", in: graph) {
      let name = profile.name
      seen.append(name)
      if name == "Ada" { onAnotherThread { profile.name = "Linus" } }
    }
    effect.recordsReasons = true
    graph.flush()
    graph.flush()
    #expect(seen == ["Ada", "Linus"])
    // The writer found nobody to tell, so no event names the property.
    #expect(effect.lastRunReasons.map(\.description) == ["a property written on another thread"])
  }
}
