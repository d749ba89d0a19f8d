import Testing
import TrellisGraph
import TrellisViews

/// State whose initial value comes from an init argument.
struct Seeded: View {
  let seed: Int
  @State private var value: Int

  init(seed: Int, factory: Factory) {
    self.seed = seed
    _value = State(wrappedValue: factory.initial(seed))
  }

  var body: some View {
    Button("seed \(seed) value \(value)") { value += 1 }
  }
}

struct SeedingParent: View {
  let factory: Factory
  @State var seed = 1
  @State var version = 0

  var body: some View {
    VStack {
      Button("reseed") { seed += 10 }
      Button("recreate") { version += 1 }
      Seeded(seed: seed, factory: factory).id(version)
    }
  }
}

/// A stack whose link pushes one destination value, built once, every time it is tapped.
struct PushesTheSameValue: View {
  let factory: Factory

  var body: some View {
    NavigationStack {
      NavigationLink("open") {
        VStack {
          Seeded(seed: 1, factory: factory)
          OwnsModel(label: "a", factory: factory)
        }
      }
    }
  }
}

/// Owns an object-level model.
struct OwnsModel: View {
  let label: String
  @StateObject private var model: ObjectModel

  init(label: String, factory: Factory) {
    self.label = label
    _model = StateObject(wrappedValue: factory.model())
  }

  var body: some View {
    Button("\(label) \(model.title)") { model.title += "!" }
  }
}

struct OwningParent: View {
  let factory: Factory
  @State var label = "a"
  @State var version = 0

  var body: some View {
    VStack {
      Button("relabel") { label += "a" }
      Button("recreate") { version += 1 }
      OwnsModel(label: label, factory: factory).id(version)
    }
  }
}

/// Observes a model it is given.
struct ObservesModel: View {
  @ObservedObject var model: ObjectModel

  var body: some View {
    Text("observed \(model.title)")
  }
}

struct InlineObservingParent: View {
  let factory: Factory
  @State var tick = 0

  var body: some View {
    VStack {
      Button("tick \(tick)") { tick += 1 }
      ObservesModel(model: factory.model())
    }
  }
}

@MainActor
@Suite struct StateLifetimeTests {
  @Test func aDestinationPushedASecondTimeStartsWithFreshStateAndANewObject() {
    let factory = Factory()
    let host = ViewHost(PushesTheSameValue(factory: factory), executor: .manual)
    host.tap("open")
    host.flush()
    #expect(host.tap("seed 1 value 1"))
    #expect(host.tap("a v1"))
    host.flush()
    #expect(host.tree.texts == ["seed 1 value 2", "a v1!"])
    #expect(host.dismiss())
    host.flush()
    // The same destination value, pushed again, is a new identity: its state starts from its
    // initial value and its object is made again, as in SwiftUI.
    host.tap("open")
    host.flush()
    #expect(host.tree.texts == ["seed 1 value 1", "a v2"])
    #expect(factory.log == ["initial 1", "model v1", "model v2"])
  }

  @Test func initialValueIsEvaluatedOnceAndLazilyPerIdentity() {
    let factory = Factory()
    _ = Seeded(seed: 1, factory: factory)
    #expect(factory.log == [])

    let host = ViewHost(SeedingParent(factory: factory), executor: .manual)
    #expect(factory.log == ["initial 1"])
    host.tap("seed 1 value 1")
    host.flush()
    host.clearLogs()

    host.tap("reseed")
    host.flush()
    #expect(host.tree.texts == ["reseed", "recreate", "seed 11 value 2"])
    #expect(factory.log == ["initial 1"])
    #expect(
      host.runLog == ["SeedingParent: @State SeedingParent.seed", "Seeded #0: input seed"])

    host.tap("recreate")
    host.flush()
    #expect(host.tree.texts == ["reseed", "recreate", "seed 11 value 11"])
    #expect(factory.log == ["initial 1", "initial 11"])
  }

  @Test func stateObjectFactoryRunsOncePerIdentity() {
    let factory = Factory()
    _ = OwnsModel(label: "x", factory: factory)
    #expect(factory.log == [])

    let host = ViewHost(OwningParent(factory: factory), executor: .manual)
    #expect(factory.log == ["model v1"])
    host.tap("a v1")
    host.flush()
    host.tap("relabel")
    host.flush()
    #expect(host.tree.texts == ["relabel", "recreate", "aa v1!"])
    #expect(factory.log == ["model v1"])
    #expect(host.bodyCount(of: "OwnsModel #0") == 3)

    host.tap("recreate")
    host.flush()
    #expect(host.tree.texts == ["relabel", "recreate", "aa v2"])
    #expect(factory.log == ["model v1", "model v2"])
    #expect(factory.liveModels == 1)
    #expect(factory.models.last?.object != nil)
  }

  @Test func inlineObservedObjectIsRecreatedByEveryParentUpdateAndTheOldOnesReleased() {
    let factory = Factory()
    let host = ViewHost(InlineObservingParent(factory: factory), executor: .manual)
    host.clearLogs()
    for tick in 0..<3 {
      host.tap("tick \(tick)")
      host.flush()
    }
    #expect(host.tree.texts == ["tick 3", "observed v4"])
    #expect(factory.log == ["model v1", "model v2", "model v3", "model v4"])
    #expect(factory.liveModels == 1)
    #expect(factory.models.last?.object != nil)
    #expect(host.bodyCount(of: "ObservesModel") == 3)
    #expect(
      Array(host.runLog.suffix(2)) == [
        "InlineObservingParent: @State InlineObservingParent.tick", "ObservesModel: input model",
      ])

    // Only the current instance is observed.
    host.clearLogs()
    factory.models.last?.object?.title = "changed"
    host.flush()
    #expect(host.runLog == ["ObservesModel: ObjectModel.*"])
    #expect(host.tree.texts == ["tick 3", "observed changed"])
  }

  @Test func twoHostsOfTheSameRootTypeNeverShareState() {
    let first = ViewHost(BranchingParent(), executor: .manual)
    let second = ViewHost(BranchingParent(), executor: .manual)
    first.tap("yes: 0")
    first.tap("outer 0")
    first.flush()
    second.flush()
    #expect(first.tree.texts == ["flip", "outer 1", "yes: 1"])
    #expect(second.tree.texts == ["flip", "outer 0", "yes: 0"])
    #expect(second.bodyRuns.count == 2)
    second.tap("flip")
    second.flush()
    first.flush()
    #expect(first.tree.texts == ["flip", "outer 1", "yes: 1"])
    #expect(second.tree.texts == ["flip", "outer 0", "no: 0"])
  }
}
