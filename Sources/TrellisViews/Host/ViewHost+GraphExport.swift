import TrellisGraph

extension ViewHost {
  /// The host's live dependency graph, as Graphviz DOT text: each view body, and what it read
  /// (`@State` slots, environment values, tracked properties of models, derived values), with
  /// edges from what was read to the body that read it.
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
    var stack = core.root.map { [$0] } ?? []
    while let node = stack.popLast() {
      if let composite = node.composite { views.append(composite.viewValue) }
      stack += node.children.reversed()
    }
    return graph.exportDOT(naming: views, highlightingLastChange: highlightingLastChange)
  }
}
