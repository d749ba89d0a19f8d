import TrellisTracking

/// Why an effect became stale: a source that changed since its previous run.
///
/// Recorded only by effects that keep reasons (`Effect.recordsReasons`, on by default), and
/// described as the changed source's name: `Type.property` for a tracked property, the node's
/// name for a cell or derived value.
public struct InvalidationReason: CustomStringConvertible, Sendable, Equatable {
  private enum Source: Sendable {
    case node(String)
    /// Kept as the event and described only when asked: recording costs no string work.
    case property(TrackingEvent)
  }

  private let source: Source

  @MainActor
  init(node slot: Int32, in store: NodeStore) {
    source = .node(store.name(of: slot))
  }

  /// The reason for `ref`, a node that may have been released since (its slot reused).
  @MainActor
  init(node ref: NodeRef, in store: NodeStore) {
    source = .node(store.isLive(ref) ? store.name(of: ref.slot) : "a released node")
  }

  init(_ event: TrackingEvent) {
    source = .property(event)
  }

  /// Whether a tracked property (rather than a graph node) changed.
  public var isTrackedProperty: Bool {
    if case .property = source { return true }
    return false
  }

  /// The changed source's name, such as `count` or `NotesStore.notes`.
  public var description: String {
    switch source {
    case .node(let name): name
    case .property(let event): event.description
    }
  }

  /// Two reasons are equal when they name the same source.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.description == rhs.description }

  /// Whether this reason is a change of the property `event` changed.
  func names(_ event: TrackingEvent) -> Bool {
    guard case .property(let named) = source else { return false }
    return named.isSameProperty(as: event)
  }
}
