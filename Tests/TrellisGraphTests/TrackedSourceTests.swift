import Dispatch
import Foundation
import Testing
import TrellisTracking

@testable import TrellisGraph

final class Profile: Trackable, @unchecked Sendable {
  @Tracked var name = "Ada"
  @Tracked var age = 36
}

/// A model written out with `TrackingRegistrar`, as the `@Observable` macro expands one.
final class RegistrarScore: @unchecked Sendable {
  private let registrar = TrackingRegistrar()
  private var _points = 0
  var points: Int {
    get {
      registrar.access(self, keyPath: \.points)
      return _points
    }
    set { registrar.withMutation(of: self, keyPath: \.points) { _points = newValue } }
  }
}

/// An object-level model (`ObservableObject`'s shape).
final class ObjectScore: ObjectTrackable, @unchecked Sendable {
  let objectChanges = ObjectChangeNotifier()
  @ObjectTracked var points = 0
}

/// Runs `body` on a new thread and returns once it has finished, so that its writes happen
/// before whatever the caller does next (called inside an evaluation, after the evaluation's
/// reads and before it ends).
func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
  let finished = DispatchSemaphore(value: 0)
  let thread = Thread {
    body()
    finished.signal()
  }
  thread.start()
  finished.wait()
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

  // Found by a new user: every write added a reason, so a million writes before one flush
  // kept a million reasons (47 MB), and a cell written, another, then the first again was
  // named twice. Each source is named once, in the order it first changed.
  @Test func anEffectsReasonsNameEachSourceOnceHoweverOftenItWasWritten() {
    let graph = Graph(executor: .manual)
    let progress = Cell(0, name: "progress")
    let status = Cell("", name: "status")
    let profile = Profile()
    let effect = Effect(name: "render", in: graph) {
      _ = (progress.value, status.value, profile.name, profile.age)
    }
    progress.value = 1
    status.value = "a"
    progress.value = 2
    graph.flush()
    #expect(effect.lastRunReasons.map(\.description) == ["progress", "status"])
    for value in 1...1_000 {
      profile.age = value
      progress.value = value
      profile.name = "n\(value)"
    }
    graph.flush()
    #expect(
      effect.lastRunReasons.map(\.description) == ["Profile.age", "progress", "Profile.name"])
  }

  @Test func anEffectsReasonsNameEverySourceThatChangedInTheFlush() {
    let graph = Graph(executor: .manual)
    let counter = Cell(0, name: "counter")
    let double = Derived(name: "double") { counter.value * 2 }
    let profile = Profile()
    let effect = Effect(name: "explain", in: graph) {
      _ = double.value
      _ = profile.name
      _ = profile.age
    }
    counter.value = 1
    graph.flush()
    #expect(effect.lastRunReasons.map(\.description) == ["double"])
    // A tracked property and a derived value changed before one flush: both are named (the
    // property's change made the effect dirty; the derived one was still decided).
    profile.name = "Grace"
    counter.value = 2
    graph.flush()
    #expect(effect.lastRunReasons.map(\.description) == ["Profile.name", "double"])
    counter.value = 3
    profile.age = 40
    profile.name = "Ada"
    graph.flush()
    #expect(
      effect.lastRunReasons.map(\.description) == ["Profile.age", "Profile.name", "double"])
    // A derived value recomputed to an equal value is no reason.
    let parity = Derived(name: "parity") { counter.value % 2 }
    let watcher = Effect(name: "watcher", in: graph) {
      _ = parity.value
      _ = profile.age
    }
    profile.age = 41
    counter.value = 5
    graph.flush()
    #expect(watcher.lastRunReasons.map(\.description) == ["Profile.age"])
  }

  @Test func aRelayNamesItsNodeBySlotAndGenerationInAReusedSlot() {
    // The relay carries its node as one packed integer: a node in a reused slot (a non-zero
    // generation) must still be the one a write marks, and only it.
    let graph = Graph(executor: .manual)
    let profile = Profile()
    var released: [String] = []
    for round in 0..<3 {
      // Each round frees the slot the next effect takes, bumping its generation.
      var effect: Effect? = Effect(name: "Gone\(round)", in: graph) {
        released.append(profile.name)
      }
      _ = effect
      effect = nil
    }
    var seen: [Int] = []
    let effect = Effect(name: "AgeLabel", in: graph) { seen.append(profile.age) }
    profile.age = 40
    graph.flush()
    profile.name = "Grace"
    graph.flush()
    #expect(seen == [36, 40])
    #expect(released == ["Ada", "Ada", "Ada"])
    #expect(effect.lastRunReasons.map(\.description) == ["Profile.age"])
  }

  @Test func aTrackedWriteIsPendingWorkAtOnce() {
    // Whether the write is delivered directly or posted (a main-actor executor off the main
    // thread, as under swift-testing on Linux), the graph must see it as pending work before
    // any suspension, so that a host's flush loop does not stop early.
    let graph = Graph(executor: .manual)
    let profile = Profile()
    let effect = Effect(name: "NameLabel", in: graph) { _ = profile.name }
    profile.name = "Grace"
    #expect(graph.hasPendingWork)
    #expect(graph.pendingEffectNames == ["NameLabel"])
    withExtendedLifetime(effect) {}
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
    onAnotherThread {
      profile.name = "Linus"
    }
    #expect(seen == ["Ada"])
    graph.flush()
    #expect(seen == ["Ada", "Linus"])
    withExtendedLifetime(effect) {}
  }

  @Test func aReadAfterAWriteOnAnotherThreadSeesItWithoutAFlush() {
    let graph = Graph(executor: .manual)
    let profile = Profile()
    let greeting = Derived { "Hello, \(profile.name)" }
    let effect = Effect(in: graph, runImmediately: true) { _ = profile.age }
    #expect(greeting.value == "Hello, Ada")
    #expect(!effect.isStale)
    onAnotherThread {
      profile.name = "Linus"
      profile.age = 50
    }
    // The writes happened before these reads: the reads apply them first.
    #expect(greeting.value == "Hello, Linus")
    #expect(effect.isStale)
    #expect(effect.runIfStale())
  }

  @Test func anEffectRunAfterAWriteOnAnotherThreadReadsItThroughADerivedValue() {
    let graph = Graph(executor: .manual)
    let profile = Profile()
    let greeting = Derived { "Hello, \(profile.name)" }
    var seen: [String] = []
    let effect = Effect(in: graph, runImmediately: true) { seen.append(greeting.value) }
    onAnotherThread {
      profile.name = "Linus"
    }
    // Run directly, without a flush: the run applies the posted write before its reads.
    effect.run()
    #expect(seen == ["Hello, Ada", "Hello, Linus"])
    #expect(greeting.value == "Hello, Linus")
  }

  @Test func manyWritesFromAnotherThreadAreOneChangeWithTheLatestValue() {
    let graph = Graph(executor: .manual)
    let profile = Profile()
    var seen: [String] = []
    let effect = Effect(in: graph) { seen.append("\(profile.name) \(profile.age)") }
    effect.recordsReasons = true
    onAnotherThread {
      for age in 37...10_036 { profile.age = age }
      profile.name = "Grace"
    }
    // One entry per node and property, however often it was written.
    let node = NodeStore.shared.ref(effect.slot)
    #expect(TrackedChangeInbox.postedCount(for: node) == 2)
    graph.flush()
    #expect(seen == ["Ada 36", "Grace 10036"])
    #expect(TrackedChangeInbox.postedCount(for: node) == 0)
    withExtendedLifetime(effect) {}
  }

  /// While a change waits, further writes of the property post nothing (the relay's hand-off);
  /// applying the change ends the hand-off, so the writes after it are posted again.
  @Test func writesFromAnotherThreadAfterAnAppliedChangeArePostedAgain() {
    let graph = Graph(executor: .manual)
    let profile = Profile()
    var seen: [String] = []
    let effect = Effect(in: graph) { seen.append("\(profile.name) \(profile.age)") }
    let node = NodeStore.shared.ref(effect.slot)
    for round in 1...3 {
      onAnotherThread {
        for age in 1...100 { profile.age = round * 100 + age }
      }
      #expect(TrackedChangeInbox.postedCount(for: node) == 1)
      graph.flush()
    }
    onAnotherThread {
      profile.age = 1
      profile.name = "Grace"
      profile.age = 2
    }
    #expect(TrackedChangeInbox.postedCount(for: node) == 2)
    graph.flush()
    #expect(seen == ["Ada 36", "Ada 200", "Ada 300", "Ada 400", "Grace 2"])
    withExtendedLifetime(effect) {}
  }

  @Test func changesPostedWhileDrainsAreHeldWaitForTheNextDrain() {
    let graph = Graph(executor: .manual)
    let profile = Profile()
    var seen: [String] = []
    let effect = Effect(in: graph) { seen.append(profile.name) }
    TrackedChangeInbox.holdingDrains {
      onAnotherThread {
        profile.name = "Linus"
      }
      // A flush inside the hold (a host's later round) leaves the change posted.
      graph.flush()
      #expect(seen == ["Ada"])
      #expect(TrackedChangeInbox.postedCount(for: NodeStore.shared.ref(effect.slot)) == 1)
    }
    graph.flush()
    #expect(seen == ["Ada", "Linus"])
    withExtendedLifetime(effect) {}
  }

  // Found by a new user: `Graph.flush()` applied the changes posted from other threads before
  // every effect run, so a thread writing all the while gave each run new work, and an effect
  // that writes nothing it reads was reported as an update cycle. The flush takes them once,
  // at its start; those posted during it wait for the next flush.
  @Test func changesPostedDuringAFlushWaitForTheNextFlush() {
    let graph = Graph(executor: .manual)
    let profile = Profile()
    let runs = Cell(0)
    // A reference: the body captures it before it is switched on.
    final class Switch { var isOn = false }
    let writes = Switch()
    var seen: [String] = []
    let reader = Effect(name: "Reader", in: graph) {
      seen.append(profile.name)
      guard writes.isOn else { return }
      // Another thread writes what this run read (posted to the inbox), and the run writes a
      // cell it does not read, so that another effect runs after it in the same flush: the
      // start of that run is where the flush used to apply the posted change.
      let next = "Run \(seen.count)"
      onAnotherThread { profile.name = next }
      runs.value = seen.count
    }
    let counter = Effect(name: "Counter", in: graph, depth: 1) { _ = runs.value }
    writes.isOn = true
    reader.scheduleRun()
    let node = NodeStore.shared.ref(reader.slot)
    let firstFlush = TrellisDiagnostics.capture { graph.flush() }
    #expect(firstFlush == [])
    #expect(seen == ["Ada", "Ada"])
    #expect(graph.runCount == 2)
    #expect(TrackedChangeInbox.postedCount(for: node) == 1)
    // The next flush applies it (and the write its run makes waits in turn).
    let secondFlush = TrellisDiagnostics.capture { graph.flush() }
    #expect(secondFlush == [])
    #expect(seen == ["Ada", "Ada", "Run 2"])
    #expect(graph.runCount == 4)
    #expect(TrackedChangeInbox.postedCount(for: node) == 1)
    withExtendedLifetime(counter) {}
  }

  // Found by a new user: a view's first body run read a tracked property and then wrote it,
  // and the write was lost (the run observes what it read only when it ends).
  @Test func anEffectsFirstRunThatWritesWhatItReadRunsAgain() {
    let graph = Graph(executor: .manual)
    let profile = Profile()
    var seen: [Int] = []
    let effect = Effect(name: "Birthday", in: graph) {
      let age = profile.age
      seen.append(age)
      if age < 38 { profile.age = age + 1 }
    }
    #expect(seen == [36])
    graph.flush()
    // Once on its own write from the first run, once on the second run's (through the relay).
    #expect(seen == [36, 37, 38])
    #expect(effect.lastRunReasons.map(\.description) == ["Profile.age"])
    withExtendedLifetime(effect) {}
  }

  @Test func aFirstRunThatWritesAnEqualValueToWhatItReadsRunsOnce() {
    let graph = Graph(executor: .manual)
    let profile = Profile()
    var seen: [String] = []
    let effect = Effect(in: graph) {
      profile.age = 36
      seen.append("\(profile.age) \(profile.name)")
    }
    graph.flush()
    #expect(seen == ["36 Ada"])
    withExtendedLifetime(effect) {}
  }

  @Test func firstRunsThatWriteWhatTheyReadThroughARegistrarOrAnObjectRunAgain() {
    let graph = Graph(executor: .manual)
    let registrarScore = RegistrarScore()
    let objectScore = ObjectScore()
    var seen: [String] = []
    let effects = [
      Effect(in: graph) {
        let points = registrarScore.points
        seen.append("registrar \(points)")
        if points == 0 { registrarScore.points = 1 }
      },
      Effect(in: graph) {
        let points = objectScore.points
        seen.append("object \(points)")
        if points == 0 { objectScore.points = 1 }
      },
    ]
    graph.flush()
    #expect(seen == ["registrar 0", "object 0", "registrar 1", "object 1"])
    withExtendedLifetime(effects) {}
  }

  @Test func aDerivedValueThatWritesWhatItReadRecomputesAtItsNextRead() {
    let profile = Profile()
    let adult = Derived(name: "adult") { () -> Int in
      let age = profile.age
      if age < 40 { profile.age = 40 }
      return age
    }
    #expect(adult.value == 36)
    #expect(adult.value == 40)
    #expect(adult.value == 40)
  }

  @Test func aNestedEvaluationThatWritesWhatItsParentReadMakesTheParentRunAgain() {
    let graph = Graph(executor: .manual)
    let profile = Profile()
    let renamer = Derived(name: "renamer") { () -> Int in
      profile.name = "Grace"
      return 1
    }
    var seen: [String] = []
    let effect = Effect(in: graph) {
      let name = profile.name
      _ = renamer.value
      seen.append(name)
    }
    graph.flush()
    #expect(seen == ["Ada", "Grace"])
    withExtendedLifetime(effect) {}
  }

  // A nested evaluation between an effect's reads (its segment of reads opened and closed in
  // the middle of the effect's) must not lose what the effect read before it.
  @Test func aRerunThatReadsItsFirstPropertyThenANestedValueThenANewPropertyObservesAllThree() {
    let graph = Graph(executor: .manual)
    let profile = Profile()
    let other = Profile()
    // First evaluated inside the effect's second run, between its two property reads.
    let nested = Derived(name: "nested") { other.name.count }
    final class Switch { var isOn = false }
    let readsAge = Switch()
    var seen: [String] = []
    let effect = Effect(in: graph) {
      let name = profile.name
      let length = readsAge.isOn ? nested.value : 0
      let age = readsAge.isOn ? profile.age : 0
      seen.append("\(name) \(length) \(age)")
    }
    readsAge.isOn = true
    profile.name = "Grace"
    graph.flush()
    // Each of the three reaches the effect, the first property first: a later run would
    // observe it again even if this one had lost it.
    profile.name = "Ada"
    graph.flush()
    profile.age = 40
    graph.flush()
    other.name = "Linus"
    graph.flush()
    #expect(seen == ["Ada 0 0", "Grace 3 36", "Ada 3 36", "Ada 3 40", "Ada 5 40"])
    withExtendedLifetime(effect) {}
  }
}
