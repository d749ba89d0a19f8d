import ReactivityWorkloads

/// What graph nodes and edges cost in memory (`GraphMemory` in `ReactivityWorkloads`): the
/// store's record sizes, and the heap bytes per node and per edge measured with glibc's
/// `mallinfo2()` over 100,000 cells, 100,000 derived values (built, then each read once, which
/// adds one edge each) and 100,000 effects, objects and closures included.
///
/// The record buffers grow by doubling, so the measured figures leave them out and add one
/// record per node or edge back (see `GraphMemory`). Checks: each step created exactly its
/// nodes and edges, and releasing everything brought the live counts back.
struct MemorySuite: BenchmarkSuite {
  let name = "memory"
  let summary =
    "Bytes per graph node and edge: record sizes in the store, and heap bytes measured over "
    + "100,000 of each (objects, closures and malloc overhead included; records at their size)."

  func run(in context: SuiteContext) {
    let report = MainActor.assumeIsolated { GraphMemory.measure(count: 100_000) }
    context.record(
      "node-record", .trellis, metric: "bytes", samples: [Double(report.nodeRecordBytes)])
    context.record("node-handle", .trellis, metric: "bytes", samples: [Double(report.handleBytes)])
    context.record(
      "edge-record", .trellis, metric: "bytes", samples: [Double(report.edgeRecordBytes)])
    let measured: [(String, Double?)] = [
      ("cell", report.cellBytes), ("derived", report.derivedBytes),
      ("effect", report.effectBytes), ("edge", report.edgeBytes),
    ]
    for (caseName, bytes) in measured {
      guard let bytes else { continue }
      context.record(caseName, .trellis, metric: "heap_bytes", samples: [bytes])
    }
    if measured.contains(where: { $0.1 == nil }) {
      print("memory: mallinfo2() is unavailable here; only the record sizes were measured.")
    }
    context.check(
      report.failures.isEmpty, "counts", .trellis,
      report.failures.map(\.description).joined(separator: "; "))
  }
}
