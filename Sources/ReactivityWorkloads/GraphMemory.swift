import HeapStatistics
import TrellisGraph

/// What the memory measurement found: the record sizes, and the heap bytes each kind of node
/// and each edge costs, objects and closures included.
public struct GraphMemoryReport: Sendable {
  /// Bytes of a node's record in the store.
  public var nodeRecordBytes: Int
  /// Bytes of a node's entry in the slot-to-object table.
  public var handleBytes: Int
  /// Bytes of an edge's record in the store.
  public var edgeRecordBytes: Int
  /// Heap bytes per `Cell<Int>`: the object, plus its record and handle.
  public var cellBytes: Double?
  /// Heap bytes per `Derived<Int>` reading one cell: the object and its computation's closure,
  /// plus its record and handle (its edge not included).
  public var derivedBytes: Double?
  /// Heap bytes per `Effect` that reads nothing: the object, plus its record and handle.
  public var effectBytes: Double?
  /// Heap bytes per edge: what reading each derived value once added, plus the edge record.
  public var edgeBytes: Double?
  /// Nodes and edges each step created, by step.
  public var created: [String: (nodes: Int, edges: Int)]
  /// The checks that did not hold: each step created what it should, and releasing everything
  /// returned the live counts to where they started.
  public var failures: [CheckFailure]
}

/// Measures what graph nodes and edges cost in memory.
///
/// Heap bytes come from glibc's `mallinfo2()` (bytes in use, mapped regions included) before
/// and after each step: `count` cells, `count` derived values over one cell (built, then each
/// read once, which adds one edge each), and `count` effects. The store's record buffers grow
/// by doubling, so a step that happens to grow them allocates up to twice what it needs, and
/// one that fits in room left by earlier work allocates nothing: the measured figures therefore
/// leave the buffers out (their reserved bytes are subtracted) and add the record sizes back,
/// one record per node or edge.
///
/// `mallinfo2()` sees the main thread's arena only: run this on the main thread (the benchmark
/// executable's main actor). Elsewhere, and on platforms without it, the heap figures are nil
/// and only the record sizes and counts are reported.
@MainActor
public enum GraphMemory {
  /// Runs the measurement with `count` nodes of each kind.
  public static func measure(count: Int = 100_000) -> GraphMemoryReport {
    precondition(count > 0, "measure at least one node")
    let nodeRecord = GraphStorageStatistics.nodeRecordBytes
    let handle = GraphStorageStatistics.handleBytes
    let edgeRecord = GraphStorageStatistics.edgeRecordBytes
    var checks = CheckList()
    var created: [String: (nodes: Int, edges: Int)] = [:]
    let baseline = GraphStorageStatistics.liveCounts
    let graph = Graph(executor: .manual)
    let source = Cell(0)
    var cells: [Cell<Int>] = []
    var derived: [Derived<Int>] = []
    var effects: [Effect] = []
    // Reserved first, so that the arrays' own buffers fall outside the measured steps.
    cells.reserveCapacity(count)
    derived.reserveCapacity(count)
    effects.reserveCapacity(count)

    func step(
      _ name: String, nodes: Int, edges: Int, _ body: () -> Void
    ) -> Double? {
      let before = Sample()
      body()
      let after = Sample()
      let made = (
        nodes: after.counts.nodes - before.counts.nodes,
        edges: after.counts.edges - before.counts.edges
      )
      created[name] = made
      checks.expect(made.nodes, nodes, "\(name): nodes created")
      checks.expect(made.edges, edges, "\(name): edges created")
      guard let heapBefore = before.heap, let heapAfter = after.heap else { return nil }
      let outsideRecords = heapAfter - heapBefore - (after.reserved - before.reserved)
      return Double(outsideRecords) / Double(count)
    }

    let cellHeap = step("cells", nodes: count, edges: 0) {
      for i in 0..<count { cells.append(Cell(i)) }
    }
    let derivedHeap = step("derived values", nodes: count, edges: 0) {
      for i in 0..<count { derived.append(Derived { source.value &+ i }) }
    }
    var total = 0
    let edgeHeap = step("reads", nodes: 0, edges: count) {
      for value in derived { total &+= value.value }
    }
    checks.expect(total, count * (count - 1) / 2, "derived values read")
    let effectHeap = step("effects", nodes: count, edges: 0) {
      for _ in 0..<count { effects.append(Effect(in: graph) {}) }
    }
    cells = []
    derived = []
    effects = []
    let after = GraphStorageStatistics.liveCounts
    // The source cell is still alive.
    checks.expect(after.nodes, baseline.nodes + 1, "live nodes after releasing everything")
    checks.expect(after.edges, baseline.edges, "live edges after releasing everything")
    withExtendedLifetime(source) {}

    let perNode = Double(nodeRecord + handle)
    return GraphMemoryReport(
      nodeRecordBytes: nodeRecord, handleBytes: handle, edgeRecordBytes: edgeRecord,
      cellBytes: cellHeap.map { $0 + perNode }, derivedBytes: derivedHeap.map { $0 + perNode },
      effectBytes: effectHeap.map { $0 + perNode },
      edgeBytes: edgeHeap.map { $0 + Double(edgeRecord) }, created: created,
      failures: checks.failures)
  }

  /// The heap in use, the store's reserved record bytes and its live counts, at one moment.
  @MainActor
  private struct Sample {
    let heap: Int?
    let reserved: Int
    let counts: (nodes: Int, edges: Int)

    init() {
      heap = GraphMemory.heapBytesInUse()
      reserved = GraphStorageStatistics.reservedBytes
      counts = GraphStorageStatistics.liveCounts
    }
  }

  /// Bytes allocated with malloc and still in use, including mapped regions; nil where glibc's
  /// `mallinfo2()` is unavailable or does not see this thread's allocations.
  static func heapBytesInUse() -> Int? {
    let bytes = heap_statistics_bytes_in_use()
    return bytes < 0 ? nil : Int(bytes)
  }
}
