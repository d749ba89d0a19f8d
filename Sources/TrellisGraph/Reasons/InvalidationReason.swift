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
    /// A property the evaluation read for the first time, written on another thread before
    /// the evaluation observed it (see `NodeStore.evaluationMissedRacingWrite`). Its writer
    /// found nobody to tell, so no event names it; the source keeps no reference to its object.
    case racingWrite
  }

  /// The text of a racing write's reason.
  static let racingWriteDescription = "a property written on another thread"

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

  /// The reason for a change posted by `NodeStore.evaluationMissedRacingWrite`.
  static let racingWrite = InvalidationReason(source: .racingWrite)

  private init(source: Source) { self.source = source }

  /// Whether a tracked property (rather than a graph node) changed.
  public var isTrackedProperty: Bool {
    switch source {
    case .node: false
    case .property, .racingWrite: true
    }
  }

  /// The changed source's name, such as `count` or `NotesStore.notes`; for a property read for
  /// the first time and written on another thread before the evaluation observed it, `a
  /// property written on another thread` (no event names it).
  public var description: String {
    switch source {
    case .node(let name): name
    case .property(let event): event.description
    case .racingWrite: Self.racingWriteDescription
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
