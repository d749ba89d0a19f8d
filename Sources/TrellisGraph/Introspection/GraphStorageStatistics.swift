/// The sizes and counts of the graph's storage, for the memory benchmark and its tests.
///
/// Read-only: nothing here changes the store.
package enum GraphStorageStatistics {
  /// Bytes of one node's record in the store (its stride in the record buffer).
  package static var nodeRecordBytes: Int { MemoryLayout<NodeRecord>.stride }

  /// Bytes of one edge's record in the store.
  package static var edgeRecordBytes: Int { MemoryLayout<EdgeRecord>.stride }

  /// Bytes per node of the table from a node's slot to its object.
  package static var handleBytes: Int { MemoryLayout<Unmanaged<GraphNode>?>.stride }

  /// The nodes and edges alive now.
  @MainActor
  package static var liveCounts: (nodes: Int, edges: Int) { NodeStore.shared.counts }

  /// Bytes the store has reserved for records and handles: each buffer's capacity times its
  /// stride. The buffers grow by doubling and never shrink, so this only increases.
  @MainActor
  package static var reservedBytes: Int {
    let store = NodeStore.shared
    return store.nodes.capacity * nodeRecordBytes + store.edges.capacity * edgeRecordBytes
      + store.handles.capacity * handleBytes
  }
}
