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
  @Test(.timeLimit(.minutes(1)))
  func aRefreshAskedForWhileOneRunsWaitsForItAndRunsNoOther() async throws {
    let gate = TaskGate()
    let host = ViewHost(GatedRefreshList(gate: gate), executor: .manual)
    async let first = host.refresh()
    await gate.waitUntil("reload started")
    async let second = host.refresh()
    // The second call starts on its own task: once it waits, the first is let end.
    let part = try #require(
      host.nodes { $0.parts.contains(RefreshPart.self) }.first?.parts[RefreshPart.self])
    while part.waitingCount == 0 { await Task.yield() }
    gate.finish("reload")
    #expect(await first)
    #expect(await second)
    #expect(gate.log == ["reload started", "reload ended, cancelled: false"])
    // Once it has ended, the next pull runs the action again.
    async let third = host.refresh()
    await gate.waitUntil("reload#2 started")
    gate.finish("reload#2")
    #expect(await third)
    #expect(gate.log.count == 4)
  }
}
