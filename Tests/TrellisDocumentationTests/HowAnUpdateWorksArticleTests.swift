import Testing
import Trellis

// The code of the article "How an update works" (Trellis.docc/HowAnUpdateWorks.md).

struct EagerBadge: View {
  @State private var isSeen = false

  var body: some View { Text(markSeen()) }

  private func markSeen() -> String {
    if !isSeen { isSeen = true }
    return isSeen ? "seen" : "new"
  }
}

@MainActor
@Suite struct HowAnUpdateWorksArticleTests {
  @Test func oneWriteReRunsOneBodyAndSendsOneMutation() {
    let list = GroceryList()
    let recorder = RecordingRenderer()
    let host = ViewHost(GroceriesView(list: list), executor: .manual, renderer: recorder)
    host.clearLogs()
    recorder.clear()
    list.items[0].name = "Oat milk"
    host.flush()
    #expect(host.bodyRuns.map(\.description) == ["GroceryRow #1: Grocery.name"])
    #expect(recorder.lastCommit.map(\.description) == [#"setText Text@4 "Oat milk""#])
    #expect(host.events.isEmpty)
  }

  @Test func stateWrittenByABodyIsReportedAndAppliedBeforeTheCommit() {
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(EagerBadge(), executor: .manual)
    }
    #expect(diagnostics.map(\.kind) == [.modifiedDuringUpdate])
    #expect(host?.tree.texts == ["seen"])
    #expect(
      diagnostics.map(\.message) == [
        """
        EagerBadge wrote @State EagerBadge.isSeen while its body was being evaluated; the write \
        is applied after the update. Move it to an action, onAppear, onChange or a task.
        """
      ])
    #expect(
      host?.bodyRuns.map(\.description) == [
        "EagerBadge: inserted", "EagerBadge: @State EagerBadge.isSeen",
      ])
  }
}
