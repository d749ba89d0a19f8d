import Foundation
import Testing
import TrellisGraph
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

@MainActor
@Suite struct MainActorExecutorTests {
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
