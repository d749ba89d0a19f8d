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
      Button("Add") { store.counters.append(CounterModel(id: store.counters.count + 1)) }
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
