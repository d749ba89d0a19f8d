import TrellisTracking

/// What a node stands for in the dependency-graph export. The graph itself treats every cell
/// alike; the layers above tell it which cells are `@State` slots or environment values and
/// which effects are view bodies.
package enum NodeRole: UInt8, Sendable {
  /// A node known only by its kind: cell, derived value or effect.
  case plain
  /// A view's `@State` (or `@StateObject`) slot.
  case state
  /// An environment value, or the presence of an override of one.
  case environment
  /// A view's body.
  case body
}

extension Graph {
  /// The live dependency graph of this graph's effects, as Graphviz DOT text.
  ///
  /// It shows every effect of this graph that is not disposed, and everything their latest
  /// runs read, transitively: cells, derived values, and tracked properties (by object and
  /// name). Edges point from what was read to who read it. Render it with
  /// `dot -Tsvg graph.dot -o graph.svg`.
  ///
  /// Nodes are numbered in the order a walk meets them (effects in creation order, then what
  /// each read, in read order), so the same graph always gives the same text.
  ///
  /// Tracked properties are named by reflecting the models that the exported cells hold and the
  /// values in `models`, and what those reach (see the property names section below). A
  /// tracked property the walk does not meet is labelled `tracked property (owner not found)`:
  /// pass its model in `models` to name it.
  ///
  /// - Parameters:
  ///   - roots: further nodes to include, with what they read, such as a `Derived` value that
  ///     only code outside any effect reads.
  ///   - models: values that hold models, for naming tracked properties.
  ///   - highlightingLastChange: whether to fill the sources that changed in the latest change
  ///     and the nodes that re-evaluated, and outline the nodes it marked stale. Needs
  ///     `recordsLastChange`, set before the change; without it the text says so in a comment
  ///     and nothing is highlighted.
  /// - Returns: a `digraph` in DOT.
  /// - Complexity: O(n + e) in the nodes and edges of the store, plus the reflection of the
  ///   models (`TrackedSourceDirectory`).
  ///
  /// SwiftUI has no counterpart; its attribute graph is private.
  public func exportDOT(
    including roots: [GraphNode] = [], naming models: [Any] = [],
    highlightingLastChange: Bool = false
  ) -> String {
    exportDOT(
      including: roots, naming: models, containment: [],
      highlightingLastChange: highlightingLastChange)
  }

  /// `exportDOT(including:naming:highlightingLastChange:)` with containment edges: each pair
  /// (container, contained), such as a view's body and the body of a view inside it, is drawn
  /// as a dotted line when both are exported. For hosts that know a tree the graph does not.
  package func exportDOT(
    including roots: [GraphNode], naming models: [Any],
    containment: [(GraphNode, GraphNode)], highlightingLastChange: Bool
  ) -> String {
    var export = DependencyGraphExport(store: store)
    export.collect(effectsOf: self, extraRoots: roots)
    // The log is shared by the graphs of one store; only a graph that asked for it may use it,
    // or whether a change is highlighted would depend on what another graph asked.
    let log = highlightingLastChange && recordsLastChange ? store.changeLog : nil
    return export.dot(
      naming: models, containment: containment.map { ($0.0.slot, $0.1.slot) }, lastChange: log,
      missingLog: highlightingLastChange && log == nil)
  }
}

/// One walk of the store for `Graph.exportDOT`.
@MainActor
struct DependencyGraphExport {
  private enum Vertex {
    case node(Int32)
    case property(TrackingSource)
  }

  private let store: NodeStore
  private var vertices: [Vertex] = []
  private var idOfSlot: [Int32: Int] = [:]
  private var idOfSource: [UInt64: Int] = [:]
  /// Edges as (read, reader) vertex ids, in discovery order.
  private var edges: [(Int, Int)] = []

  init(store: NodeStore) { self.store = store }

  /// Finds `graph`'s live effects and everything they read.
  mutating func collect(effectsOf graph: Graph, extraRoots: [GraphNode]) {
    var effects: [Effect] = []
    for slot in 0..<Int32(store.nodes.count) {
      let record = store.nodes[Int(slot)]
      guard record.kind == .effect, !record.flags.contains(.dead),
        !record.flags.contains(.disposed), let object = store.object(at: slot)
      else { continue }
      let effect = unsafeDowncast(object, to: Effect.self)
      if effect.graph === graph { effects.append(effect) }
    }
    effects.sort { $0.creationOrder < $1.creationOrder }
    var queue: [Int32] = []
    for root in effects.map(\.slot) + extraRoots.map(\.slot) where idOfSlot[root] == nil {
      queue.append(root)
      add(.node(root))
    }
    var cursor = 0
    while cursor < queue.count {
      let reader = queue[cursor]
      cursor += 1
      let readerID = idOfSlot[reader]!
      for edge in store.dependencies(of: reader) {
        let dep = store.edges[Int(edge)].dep
        if idOfSlot[dep] == nil {
          add(.node(dep))
          queue.append(dep)
        }
        edges.append((idOfSlot[dep]!, readerID))
      }
      for source in store.object(at: reader)?.relay?.observedSources ?? [] {
        if idOfSource[source.serial] == nil { add(.property(source)) }
        edges.append((idOfSource[source.serial]!, readerID))
      }
    }
  }

  private mutating func add(_ vertex: Vertex) {
    switch vertex {
    case .node(let slot): idOfSlot[slot] = vertices.count
    case .property(let source): idOfSource[source.serial] = vertices.count
    }
    vertices.append(vertex)
  }

  /// The DOT text of what `collect` found.
  func dot(
    naming models: [Any], containment: [(Int32, Int32)], lastChange: ChangeLog?,
    missingLog: Bool
  ) -> String {
    let contained = containment.compactMap { pair -> (Int, Int)? in
      guard let container = idOfSlot[pair.0], let child = idOfSlot[pair.1] else { return nil }
      return (container, child)
    }
    // The models the exported cells hold first, then the caller's: objects are numbered in
    // that order.
    var roots: [Any] = []
    for case .node(let slot) in vertices {
      if let value = store.object(at: slot)?.reflectedValue { roots.append(value) }
    }
    roots += models
    let directory = TrackedSourceDirectory(reachableFrom: roots)
    var lines = [
      "digraph Trellis {",
      "  // \(vertices.count) nodes, \(edges.count) edges; "
        + "an edge points from what was read to who read it.",
    ]
    if !contained.isEmpty {
      lines.append("  // Dotted: the view above contains the view below.")
    }
    if missingLog {
      lines.append(
        "  // The last change is not highlighted: it was not recorded. "
          + "Set Graph.recordsLastChange before the change.")
    } else if lastChange != nil {
      lines.append(
        "  // Filled: changed or re-evaluated in the last change. "
          + "Orange outline: marked stale by it.")
    }
    lines.append("  rankdir=LR;")
    lines.append("  node [fontname=\"Helvetica\", fontsize=11];")
    for (id, vertex) in vertices.enumerated() {
      var attributes: [String]
      var styles: [String] = []
      var changed = false
      var marked = false
      switch vertex {
      case .node(let slot):
        let object = store.object(at: slot)
        let kind = store.nodes[Int(slot)].kind
        let role = object?.role ?? .plain
        let (kindLabel, shape, style) = Self.appearance(kind: kind, role: role)
        if let style { styles.append(style) }
        attributes = [
          "label=\(Self.quoted("\(kindLabel)\n\(object?.name ?? "released node")"))",
          "shape=\(shape)",
        ]
        if let lastChange {
          let ref = store.ref(slot)
          changed = lastChange.changedCells.contains(ref) || lastChange.evaluated.contains(ref)
          marked = lastChange.marked.contains(ref)
        }
      case .property(let source):
        let name = directory.name(of: source) ?? "tracked property (owner not found)"
        attributes = ["label=\(Self.quoted("tracked\n\(name)"))", "shape=ellipse"]
        styles.append("dashed")
        changed = lastChange?.changedProperties.contains(source.serial) ?? false
      }
      if changed {
        styles.append("filled")
        attributes.append("fillcolor=\"#ffcc80\"")
      }
      if marked || changed { attributes.append("color=\"#e65100\"") }
      if !styles.isEmpty {
        attributes.append("style=\(Self.quoted(styles.joined(separator: ",")))")
      }
      lines.append("  n\(id) [\(attributes.joined(separator: ", "))];")
    }
    for (from, to) in edges { lines.append("  n\(from) -> n\(to);") }
    for (container, child) in contained {
      lines.append(
        "  n\(container) -> n\(child) [style=dotted, color=\"#9e9e9e\", arrowhead=none];")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The first line of a node's label, its shape and its style.
  private static func appearance(kind: NodeKind, role: NodeRole) -> (String, String, String?) {
    switch (kind, role) {
    case (.cell, .state): ("state", "ellipse", nil)
    case (.cell, .environment): ("environment", "hexagon", nil)
    case (.cell, _): ("cell", "ellipse", nil)
    case (.derived, _): ("derived", "box", "rounded")
    case (.effect, .body): ("body", "box", "bold")
    case (.effect, _): ("effect", "box", nil)
    case (.scope, _): ("scope", "box", "dotted")
    }
  }

  /// `text` as a DOT string: quoted, with quotes and backslashes escaped and line breaks as
  /// `\n`.
  static func quoted(_ text: String) -> String {
    var result = "\""
    // By scalar: "\r\n" is one `Character`, which matched neither line-break case.
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": continue
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
