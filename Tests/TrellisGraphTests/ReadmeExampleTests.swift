import Testing
import TrellisGraph

// The graph example of README.md. The lines between the markers are the README's, so that the
// example keeps compiling; `print` is captured to check what it prints.

@MainActor
@Suite struct ReadmeExampleTests {
  @Test func graphExamplePrintsWhatTheReadmeSays() {
    var printed: [String] = []
    func print(_ line: String) { printed.append(line) }

    // README example begin
    let graph = Graph(executor: .manual)  // .mainActor (the default) flushes on its own
    let first = Cell("Ada", name: "first")
    let last = Cell("Lovelace", name: "last")
    let full = Derived(name: "full") { "\(first.value) \(last.value)" }  // lazy, memoized
    let label = Effect(name: "label", in: graph) {
      print(full.value)  // runs once now: "Ada Lovelace"
      onCleanup { print("cleanup") }  // before the next run, and on dispose
    }
    graph.withTransaction {
      first.value = "Grace"
      first.value = "Ada"  // written back: no change at all
    }
    graph.flush()  // runs nothing
    last.value = "Byron"
    last.value = "King"  // two writes, one run
    graph.flush()  // prints "cleanup", then "Ada King"
    label.dispose()  // prints "cleanup"; it never runs again
    // README example end

    #expect(printed == ["Ada Lovelace", "cleanup", "Ada King", "cleanup"])
    #expect(label.runCount == 2)
  }
}
