import Foundation
import Testing
import TrellisGraph
import TrellisTracking
import TrellisViews

/// A child whose appearance writes the state its parent reads, under an id that changes on
/// every update: each flush schedules the next one.
struct AppearFeedbackLoop: View {
  @State private var count = 0

  var body: some View {
    Text("n \(count)")
      .onAppear { count += 1 }
      .id(UUID())
  }
}

final class SharedTally: Trackable, @unchecked Sendable {
  // `@unchecked`: written once from another thread, read after the write is joined.
  @Tracked var count = 0
}

struct TallyText: View {
  let tally: SharedTally
  var body: some View { Text("count \(tally.count)") }
}

/// A view whose task runs until it is cancelled, as a `for await` over a stream does (a
/// minute, so that a `waitForTasks()` that ignores cancellation fails the test, late, rather
/// than hanging it).
struct Listening: View {
  let tally: SharedTally
  var body: some View {
    Text("listening \(tally.count)")
      .task { try? await Task.sleep(for: .seconds(60)) }
  }
}

@MainActor
@Suite struct MainActorExecutorTests {
  // Found by a new user: a view's task that never ends kept `waitForTasks()` waiting for good,
  // and cancelling the waiting task did nothing, so a test hung instead of failing. Cancelled,
  // it returns flushed; the next wait waits for the task still running.
  @Test func waitingForTasksReturnsWhenTheWaiterIsCancelled() async {
    let tally = SharedTally()
    let host = ViewHost(Listening(tally: tally), executor: .manual)
    tally.count = 1
    let waiter = Task { @MainActor in await host.waitForTasks() }
    waiter.cancel()
    await waiter.value
    #expect(host.tree.texts == ["listening 1"])
    #expect(host.events.map(\.description) == ["task start Listening"])
    host.unmount()
    await host.waitForTasks()
    #expect(host.events.map(\.description) == ["task start Listening", "task cancel Listening"])
  }

  // Found by a new user: with no task started, `waitForTasks()` returned without flushing, so
  // a test awaiting it after a change saw the old tree.
  @Test func waitingForTasksAppliesChangesEvenWithNoTask() async {
    let tally = SharedTally()
    let host = ViewHost(TallyText(tally: tally), executor: .manual)
    tally.count = 1
    await host.waitForTasks()
    #expect(host.tree.texts == ["count 1"])
    // A write made on another thread is applied too.
    await Task.detached { tally.count = 2 }.value
    await host.waitForTasks()
    #expect(host.tree.texts == ["count 2"])
  }

  @Test func aFeedbackLoopAcrossFlushesIsReportedAndStops() async {
    var diagnostics: [TrellisDiagnostic] = []
    let previous = TrellisDiagnostics.sink
    TrellisDiagnostics.sink = { diagnostics.append($0) }
    defer { TrellisDiagnostics.sink = previous }
    let host = ViewHost(AppearFeedbackLoop())
    for _ in 0..<2_000 where diagnostics.isEmpty { await Task.yield() }
    #expect(diagnostics.map(\.kind) == [.updateCycle])
    let runs = host.bodyCount(of: "AppearFeedbackLoop")
    for _ in 0..<100 { await Task.yield() }
    #expect(host.bodyCount(of: "AppearFeedbackLoop") == runs)
    #expect(!host.graph.hasPendingWork)
  }
}
