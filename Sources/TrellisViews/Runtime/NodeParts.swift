/// The state one feature keeps on a node (a task's id and handle, an `onChange`'s last value,
/// a navigation stack's destinations), as a class of its own declared in that feature's file.
@MainActor
protocol NodePart: AnyObject {
  /// The node left the tree: stop computations, drop references to other nodes.
  func nodeDidUnmount()
}

extension NodePart {
  func nodeDidUnmount() {}
}

/// A node's feature parts, at most one per part type, found by type.
///
/// Most nodes have none; a modifier node has the one part of its modifier. Lookup is a linear
/// scan of a few entries, which is cheaper than hashing for the one or two parts a node has.
@MainActor
struct NodeParts {
  private var parts: [any NodePart] = []

  /// The part of type `Part`, if the node has one.
  subscript<Part: NodePart>(_ type: Part.Type) -> Part? {
    for part in parts {
      if let part = part as? Part { return part }
    }
    return nil
  }

  /// The part of type `Part`, made with `make` the first time.
  mutating func part<Part: NodePart>(_ type: Part.Type, orMake make: () -> Part) -> Part {
    if let part = self[type] { return part }
    let part = make()
    parts.append(part)
    return part
  }

  /// Tells every part that the node left the tree.
  func unmount() {
    for part in parts { part.nodeDidUnmount() }
  }

  /// Whether the node has a part of type `Part`.
  func contains<Part: NodePart>(_ type: Part.Type) -> Bool { self[type] != nil }
}
