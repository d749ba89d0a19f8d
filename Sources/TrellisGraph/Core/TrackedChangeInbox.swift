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
  /// Names the `posted` lock for ThreadSanitizer (see `withAnnotatedLock`).
  private static let lockOwner = LockOwner()
  private static let drainScheduled = Atomic<Bool>(false)

  /// Hands `event` to `node`, now if on the main thread, otherwise through the inbox.
  static func deliver(_ event: TrackingEvent, to node: GraphNode?) {
    guard let node else { return }
    if isOnMainActor() {
      MainActor.assumeIsolated {
        Propagation.trackedPropertyChanged(node, event: event)
      }
      return
    }
    posted.withAnnotatedLock(owner: lockOwner) { $0.append(Posted(node: node, event: event)) }
    if !drainScheduled.exchange(true, ordering: .acquiringAndReleasing) {
      Task { @MainActor in drain() }
    }
  }

  /// Marks the main queue so that code running on it can be recognised on any thread: on
  /// Linux, once `dispatch_main()` runs, the main queue (and with it the main actor) is served
  /// by pool threads, where `Thread.isMainThread` is false.
  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the caller runs on the main actor's executor (the main thread or the main queue).
  static func isOnMainActor() -> Bool {
    Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
  }

  /// Applies every change posted from other threads.
  @MainActor
  static func drain() {
    drainScheduled.store(false, ordering: .releasing)
    let changes = posted.withAnnotatedLock(owner: lockOwner) { list in
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

/// An object whose only purpose is to have an address that names a lock.
final class LockOwner: Sendable {}
