import TrellisGraph

extension ViewHost {
  /// The host's live dependency graph, as Graphviz DOT text: each view body, and what it read
  /// (`@State` slots, environment values, tracked properties of models, derived values), with
  /// edges from what was read to the body that read it.
  ///
  /// Dotted lines show containment: from a view's body to the bodies of the views nearest
  /// inside it.
  ///
  /// Tracked properties are named by object and property (`NotesStore.notes`,
  /// `Note#2.title`): the export reflects the models held by state, the environment, and the
  /// mounted view values. Bodies are named like `bodyRuns` names them: by display name when
  /// the host logs updates, by type otherwise.
  ///
  /// - Parameter highlightingLastChange: fill what the latest change changed or re-ran and
  ///   outline what it marked stale. Set `graph.recordsLastChange` before that change; without
  ///   it, the text says so in a comment and highlights nothing.
  /// - Returns: a `digraph` in DOT; see `Graph.exportDOT(including:naming:highlightingLastChange:)`.
  /// - Complexity: O(n) in the mounted views, plus the graph export.
  ///
  /// SwiftUI has no counterpart; its attribute graph is private.
  public func exportDOT(highlightingLastChange: Bool = false) -> String {
    var views: [Any] = []
    var containment: [(GraphNode, GraphNode)] = []
    // Each node with the nearest composite above it.
    var stack: [(ViewNode, Effect?)] = core.root.map { [($0, nil)] } ?? []
    while let (node, container) = stack.popLast() {
      var nearest = container
      if let composite = node.composite {
        views.append(composite.viewValue)
        if let container { containment.append((container, composite.effect)) }
        nearest = composite.effect
      }
      stack += node.children.reversed().map { ($0, nearest) }
    }
    return graph.exportDOT(
      including: [], naming: views, containment: containment,
      highlightingLastChange: highlightingLastChange)
  }
}
