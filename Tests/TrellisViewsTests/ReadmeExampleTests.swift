import Testing
import Trellis

// The README's view example, kept compiling and checked here.

final class CounterStore: Trackable {
  @Tracked var counters: [CounterModel] = [CounterModel(id: 1), CounterModel(id: 2)]
}

final class CounterModel: Trackable, Identifiable {
  let id: Int
  @Tracked var value = 0
  init(id: Int) { self.id = id }
}

struct CounterList: View {
  let store: CounterStore

  var body: some View {
    VStack {
      ForEach(store.counters) { counter in
        CounterRow(counter: counter)
      }
      Button("Add") {
        // A new id, even after removals: ForEach shows one row per id.
        let id = (store.counters.map(\.id).max() ?? 0) + 1
        store.counters.append(CounterModel(id: id))
      }
    }
  }
}

struct CounterRow: View {
  let counter: CounterModel
  @State private var loads = 0

  var body: some View {
    HStack {
      Text("#\(counter.id): \(counter.value)")
      Button("+1 on #\(counter.id)") { counter.value += 1 }
    }
    .task(id: counter.value) { loads += 1 }
  }
}

@MainActor
@Suite struct ReadmeExampleTests {
  @Test func counterListPrintsItsTreeAndWhyBodiesRan() async {
    let store = CounterStore()
    let host = ViewHost(CounterList(store: store), executor: .manual)
    host.clearLogs()
    host.tap("+1 on #2")
    host.flush()
    #expect(
      host.dump() == """
        CounterList
          VStack
            CounterRow #1
              HStack
                Text "#1: 0"
                Button
                  Text "+1 on #1"
            CounterRow #2
              HStack
                Text "#2: 1"
                Button
                  Text "+1 on #2"
            Button
              Text "Add"

        """)
    #expect(host.bodyRuns.map(\.description) == ["CounterRow #2: CounterModel.value"])
    #expect(
      host.events.map(\.description) == ["task cancel CounterRow #2", "task start CounterRow #2"])
  }

  // Found by a new user: the example's ids were `count + 1`, so an Add after a removal
  // repeated the last id, and ForEach showed only the first row with it.
  @Test func addAfterARemovalGivesTheNewCounterANewID() {
    let store = CounterStore()
    let host = ViewHost(CounterList(store: store), executor: .manual)
    store.counters.removeFirst()
    host.flush()
    let diagnostics = TrellisDiagnostics.capture {
      #expect(host.tap("Add"))
      host.flush()
    }
    #expect(diagnostics == [])
    #expect(host.tree.texts.filter { $0.hasPrefix("#") } == ["#2: 0", "#3: 0"])
  }

  @Test func aRecordingRendererSeesOneTextMutationForOneCounter() {
    let store = CounterStore()
    let recorder = RecordingRenderer()
    let host = ViewHost(CounterList(store: store), executor: .manual, renderer: recorder)
    recorder.clear()
    store.counters[1].value += 1
    host.flush()
    #expect(recorder.lastCommit.map(\.description) == ["setText Text@10 \"#2: 1\""])
  }
}
