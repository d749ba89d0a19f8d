import Testing
import TrellisGraph
import TrellisTracking

@testable import TrellisViews

/// A search box's query, restarting its view's `.task(id:)` on each change.
private final class SearchQuery: Trackable {
  @Tracked var text = 0
}

private struct SearchResults: View {
  let query: SearchQuery
  let gate: TaskGate
  var body: some View {
    Text("query \(query.text)").task(id: query.text) { await gate.run("search") }
  }
}

private struct SearchScreen: View {
  let query: SearchQuery
  let gate: TaskGate
  var body: some View {
    VStack {
      Text("status").task { await gate.run("status") }
      SearchResults(query: query, gate: gate)
    }
  }
}

/// The host keeps the tasks its views started only while they may run.
@MainActor
@Suite struct StartedTasksTests {
  @Test func finishedTasksAreDroppedAsNewOnesStartAndTheRunningOnesStayCancellable() async {
    let gate = TaskGate()
    let query = SearchQuery()
    var host: ViewHost? = ViewHost(
      SearchScreen(query: query, gate: gate), executor: .manual,
      options: ViewHostOptions(logsUpdates: false))
    for restart in 1...200 {
      query.text = restart
      host?.flush()
      // The task the change cancelled has ended.
      await gate.waitUntil(
        "\(restart == 1 ? "search" : "search#\(restart)") ended, cancelled: true")
    }
    // 202 tasks started; the list is bounded by twice the running ones (at least 32), not by
    // every task started (it held all 202).
    let kept = host?.core.tasks.tasks ?? []
    #expect(kept.count <= 32)
    let running = kept.filter { !$0.isFinished }
    #expect(running.count == 2)
    #expect(gate.log(of: "status") == ["status started"])
    #expect(gate.log(of: "search#201") == ["search#201 started"])

    // The host going cancels both, the first-started one included.
    let handles = running.compactMap(\.handle)
    #expect(handles.count == 2 && !handles.contains { $0.isCancelled })
    host = nil
    #expect(handles.allSatisfy { $0.isCancelled })
  }

  @Test func waitForTasksStillWaitsForEveryRunningTaskAfterDrops() async {
    let gate = TaskGate()
    let query = SearchQuery()
    let host = ViewHost(SearchScreen(query: query, gate: gate), executor: .manual)
    for restart in 1...100 {
      query.text = restart
      host.flush()
      await gate.waitUntil(
        "\(restart == 1 ? "search" : "search#\(restart)") ended, cancelled: true")
    }
    gate.finish("status")
    gate.finish("search#101")
    await host.waitForTasks()
    #expect(gate.log(of: "status") == ["status started", "status ended, cancelled: false"])
    #expect(
      gate.log(of: "search#101") == ["search#101 started", "search#101 ended, cancelled: false"])
    #expect(host.core.tasks.isEmpty)
  }
}

/// Something a task's closure captures, counted while alive.
@MainActor
private final class TaskPayload {
  static var alive: Set<Int> = []
  let number: Int
  init(_ number: Int) {
    self.number = number
    Self.alive.insert(number)
  }
  isolated deinit { Self.alive.remove(number) }
}

private struct PayloadLoader: View {
  let query: SearchQuery
  var body: some View {
    let payload = TaskPayload(query.text)
    Text("query \(query.text)").task(id: query.text) { _ = payload.number }
  }
}

/// A view keeps only its latest task closure, not the first one.
@MainActor
@Suite struct TaskClosureLifetimeTests {
  @Test func whatTheFirstTaskCapturedGoesOnceALaterBodyReplacesIt() async {
    TaskPayload.alive = []
    let query = SearchQuery()
    let host = ViewHost(PayloadLoader(query: query), executor: .manual)
    await host.waitForTasks()
    #expect(TaskPayload.alive == [0])
    for text in 1...3 {
      query.text = text
      host.flush()
      await host.waitForTasks()
    }
    // The latest body's closure is kept for the next start; the first one was kept for good.
    #expect(TaskPayload.alive == [3])
    #expect(host.eventLog.filter { $0.hasPrefix("task start") }.count == 4)
  }
}

/// Holds the host for a view's task to call, without keeping it alive.
@MainActor
private final class HostSlot {
  weak var host: ViewHost?
}

private struct SelfWaiter: View {
  let slot: HostSlot
  let probe: Probe
  var body: some View {
    Text("waiter").task {
      // The diagnostics are collected around the call alone: it reports and returns without
      // suspending, so no other test's report (nor sink) can come between. A sink installed
      // for the whole test lost this report to a test that swapped the sink across an await.
      var reported: [String] = []
      let previous = TrellisDiagnostics.sink
      TrellisDiagnostics.sink = { reported.append($0.message) }
      await slot.host?.waitForTasks()
      TrellisDiagnostics.sink = previous
      probe.log += reported + ["returned"]
    }
  }
}

/// Found by a user breaking the runtime: a view's task that awaited `waitForTasks()` waited
/// for itself, and stayed suspended for good, even after the host was released.
@MainActor
@Suite struct SelfWaitTests {
  @Test func aTaskThatWaitsForTheHostsTasksIsToldAndReturns() async {
    let (slot, probe) = (HostSlot(), Probe())
    let host = ViewHost(SelfWaiter(slot: slot, probe: probe), executor: .manual)
    slot.host = host
    await host.waitForTasks()
    #expect(
      probe.log == [
        "waitForTasks() was called from the task of SelfWaiter, which it would wait for: a task "
          + "cannot wait for itself, so the call returns at once, after a flush. Await the work "
          + "itself there, and call waitForTasks() from the test.",
        "returned",
      ])
    #expect(host.core.tasks.isEmpty)
  }
}
