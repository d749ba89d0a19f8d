import Testing

@testable import TrellisViews

/// A list that reloads through a gate the test opens.
struct GatedRefreshList: View {
  let gate: TaskGate

  var body: some View {
    List { Text("rows") }
      .refreshable { [gate] in await gate.run("reload") }
  }
}

@MainActor
@Suite struct RefreshableTests {
  /// Found by a new user: two overlapping `refresh()` calls ran the action twice at once; a
  /// pull during a refresh starts none.
  ///
  /// The time limit is generous: under AddressSanitizer, with the whole suite in parallel,
  /// this test's tasks waited for the main actor for over a minute (the CI run of 20b0e5b).
  @Test(.timeLimit(.minutes(5)))
  func aRefreshAskedForWhileOneRunsWaitsForItAndRunsNoOther() async throws {
    let gate = TaskGate()
    let host = ViewHost(GatedRefreshList(gate: gate), executor: .manual)
    let part = try #require(
      host.nodes { $0.parts.contains(RefreshPart.self) }.first?.parts[RefreshPart.self])
    // Unstructured tasks on the main actor, not `async let` children: they start in the order
    // they are made, and a cancelled test (its time limit) does not cancel them half way, so
    // the gate still ends them and nothing is left waiting for good.
    let first = Task { await host.refresh() }
    await gate.waitUntil("reload started")
    let second = Task { await host.refresh() }
    // Once the second call waits, the first is let end.
    while part.waitingCount == 0, !Task.isCancelled { await Task.yield() }
    guard part.waitingCount == 1 else {
      // Cancelled before the second call waited: end whatever runs, and fail.
      Issue.record("the second refresh never waited for the first")
      gate.finish("reload")
      gate.finish("reload#2")
      return
    }
    gate.finish("reload")
    #expect(await first.value)
    #expect(await second.value)
    #expect(gate.log == ["reload started", "reload ended, cancelled: false"])
    // Once it has ended, the next pull runs the action again.
    let third = Task { await host.refresh() }
    await gate.waitUntil("reload#2 started")
    gate.finish("reload#2")
    #expect(await third.value)
    #expect(gate.log.count == 4)
  }
}
