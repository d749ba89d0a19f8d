import TrellisTracking

/// Why a node became stale: the source that changed.
///
/// Kept as references and described only on demand, so recording a reason costs an array
/// append and no string work; `description` gives `Type.property` for tracked properties and
/// the node's name for cells and derived values.
public enum InvalidationReason: CustomStringConvertible, Sendable {
  /// A graph node it read changed: a `Cell`, or a `Derived` value that recomputed to a new value.
  case node(GraphNode)
  /// A tracked property it read changed.
  case property(TrackingEvent)

  /// The changed source's name, such as `count` or `NotesStore.notes`.
  public var description: String {
    switch self {
    case .node(let node): MainActor.assumeIsolated { node.name }
    case .property(let event): event.description
    }
  }
}
