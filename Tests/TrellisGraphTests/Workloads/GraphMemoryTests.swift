import ReactivityWorkloads
import Testing
import TrellisGraph

/// The memory measurement: record sizes, counts of what each step created, and the release of
/// everything. (Heap figures need the main thread, which Swift Testing's main actor is not on
/// Linux; the benchmark executable measures them.)
@Suite("Graph memory measurement")
@MainActor
struct GraphMemoryTests {
  @Test("records are small, each step creates its nodes and edges, and release frees them")
  func measurement() {
    let report = GraphMemory.measure(count: 1000)
    #expect(report.nodeRecordBytes == 36)
    #expect(report.edgeRecordBytes == 28)
    #expect(report.handleBytes == 8)
    #expect(report.created["cells"]! == (1000, 0))
    #expect(report.created["derived values"]! == (1000, 0))
    #expect(report.created["reads"]! == (0, 1000))
    #expect(report.created["effects"]! == (1000, 0))
    #expect(report.failures.isEmpty, "\(report.failures)")
    if let edge = report.edgeBytes {
      #expect(edge >= Double(report.edgeRecordBytes))
    }
  }
}
