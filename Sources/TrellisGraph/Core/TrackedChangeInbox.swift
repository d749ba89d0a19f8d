import Foundation
import Synchronization
import TrellisTracking

/// Delivers tracked-property changes to graph nodes on the main actor.
///
/// A tracked property may be written on any thread, but graph nodes live on the main actor. A
/// change made on the main thread marks its readers at once; one made elsewhere is posted
/// here and applied on the main actor: by the next `Graph.flush()`, or by a main-actor task
/// that this inbox schedules, whichever comes first. Nothing is dropped.
enum TrackedChangeInbox {
  private struct Posted: @unchecked Sendable {
    weak var node: GraphNode?
    let event: TrackingEvent
  }

  private static let posted = Mutex<[Posted]>([])
  private static let drainScheduled = Atomic<Bool>(false)

  /// Hands `event` to `node`, now if on the main thread, otherwise through the inbox.
  static func deliver(_ event: TrackingEvent, to node: GraphNode?) {
    guard let node else { return }
    if Thread.isMainThread {
      MainActor.assumeIsolated {
        Propagation.trackedPropertyChanged(node, event: event)
      }
      return
    }
    posted.withLock { $0.append(Posted(node: node, event: event)) }
    if !drainScheduled.exchange(true, ordering: .acquiringAndReleasing) {
      Task { @MainActor in drain() }
    }
  }

  /// Applies every change posted from other threads.
  @MainActor
  static func drain() {
    drainScheduled.store(false, ordering: .releasing)
    let changes = posted.withLock { list in
      defer { list = [] }
      return list
    }
    for change in changes {
      if let node = change.node {
        Propagation.trackedPropertyChanged(node, event: change.event)
      }
    }
  }
}
