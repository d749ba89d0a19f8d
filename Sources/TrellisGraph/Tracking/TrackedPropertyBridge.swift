import Foundation
import Synchronization
import TrellisTracking

/// How a change of a tracked property reaches the graph nodes that read it.
///
/// A node's evaluation records the tracked properties it reads (`NestedReadScopes`); when it
/// ends, the node's `ChangeRelay` observes exactly those. A write then calls the relay on the
/// mutating thread, at `didSet`:
/// - on the main actor, the node is marked stale at once (and its effect queued);
/// - elsewhere, the change is posted to `TrackedChangeInbox` and applied on the main actor, by
///   the next flush or by a main-actor task the inbox schedules, whichever comes first. While
///   a change of a property waits there, further writes of it post nothing (the relay's
///   hand-off): applying the one change re-reads the property.
/// Nothing is dropped, and a node released in the meantime is recognised by its generation.
@usableFromInline
enum TrackedPropertyBridge {
  /// A relay for the node at `ref`; it names the changed property only when the node keeps
  /// reasons.
  @usableFromInline
  static func makeRelay(for ref: NodeRef, deliversEvents: Bool) -> ChangeRelay {
    // The closure captures nothing (the node travels as the payload), so making the relay
    // allocates no closure context.
    ChangeRelay(deliversEvents: deliversEvents, payload: ref.packed) { relay, source, event in
      if MainActorCheck.isOnMainActor() {
        markOnMainActor(NodeRef(packed: relay.payload), event, source.serial)
      } else if relay.beginHandOff(of: source.serial) {
        TrackedChangeInbox.post(relay, event, source.serial)
      }
    }
  }

  /// Marks the node, on the main actor, which the caller has just established.
  ///
  /// `MainActor.assumeIsolated` would check that again, and its check (the runtime's
  /// current-executor test) cost about 450 instructions, a third of the whole path from a
  /// tracked write to the re-run effect (measured with callgrind). So the main-actor function
  /// is called through a nonisolated type: the two have the same calling convention, and
  /// `MainActorCheck.isOnMainActor()` has just answered true, which is exactly the condition
  /// under which `assumeIsolated` would have succeeded (the main thread, or the main queue).
  /// This is the only place the isolation check is bypassed.
  private static func markOnMainActor(_ ref: NodeRef, _ event: TrackingEvent?, _ source: UInt64) {
    let mark: @MainActor (NodeRef, TrackingEvent?, UInt64) -> Void = { ref, event, source in
      NodeStore.shared.markTrackedChange(ref, event: event, source: source)
    }
    let unchecked = unsafeBitCast(mark, to: ((NodeRef, TrackingEvent?, UInt64) -> Void).self)
    unchecked(ref, event, source)
  }
}

/// Tracked-property changes made off the main actor, waiting to be applied on it.
///
/// One entry per node and property: a thread that writes a property a million times before the
/// main actor drains leaves one change (with the latest event), not a million, so the inbox is
/// bounded by what is observed, not by how often it is written.
@usableFromInline
package enum TrackedChangeInbox {
  private struct Posted: Sendable {
    let relay: ChangeRelay
    var event: TrackingEvent?
    let source: UInt64
  }

  private struct Key: Hashable {
    let node: UInt64
    let source: UInt64
  }

  /// The changes in the order they were first posted, where each is, and whether a main-actor
  /// task will drain them.
  ///
  /// The flag lives under the lock with the changes it is about, so a post and a drain can
  /// never both conclude that the other will schedule the task: set apart as two atomics, a
  /// drain clearing it and a post setting the other could each read the other's old value,
  /// leaving a change with no task to apply it.
  private struct Changes: Sendable {
    var list: [Posted] = []
    var positions: [Key: Int] = [:]
    var drainScheduled = false
  }

  private static let posted = Mutex(Changes())
  /// Names the `posted` lock for ThreadSanitizer (see `withAnnotatedLock`).
  private static let lockOwner = LockOwner()
  /// Whether `posted` may hold something: lets every flush skip the lock when it does not,
  /// and a read of a derived value apply them first (the store keeps a reference to it, which
  /// the read reaches with two loads and no global's accessor). Written under the lock.
  static let hasPosted = PostedFlag()
  /// While positive, `drain()` does nothing (see `holdingDrains(_:)`). `Graph.flush()` raises
  /// it directly around its runs, without the closure.
  @MainActor static var holds = 0

  /// Posts a change made on another thread; it is applied on the main actor.
  /// - Parameters:
  ///   - relay: the changed node's relay, whose hand-off `drain()` ends.
  ///   - event: the change, when the node keeps reasons.
  ///   - source: the changed property's serial.
  static func post(_ relay: ChangeRelay, _ event: TrackingEvent?, _ source: UInt64) {
    let schedule = posted.withAnnotatedLock(owner: lockOwner) { changes -> Bool in
      let key = Key(node: relay.payload, source: source)
      if let position = changes.positions[key] {
        changes.list[position].event = event
      } else {
        changes.positions[key] = changes.list.count
        changes.list.append(Posted(relay: relay, event: event, source: source))
      }
      hasPosted.value.store(true, ordering: .relaxed)
      defer { changes.drainScheduled = true }
      return !changes.drainScheduled
    }
    if schedule { Task { @MainActor in drain() } }
  }

  /// Whether a drain task must be started, noting that one will be.

  /// How many changes wait for the node at `ref` (for tests: other tests' threads post too).
  static func postedCount(for ref: NodeRef) -> Int {
    posted.withAnnotatedLock(owner: lockOwner) { changes in
      changes.list.count { $0.relay.payload == ref.packed }
    }
  }

  /// Applies every posted change, if the flag says there are any, unless drains are held.
  @MainActor
  @usableFromInline
  package static func drain() {
    // The common case, nothing posted, costs one relaxed load.
    guard hasPosted.value.load(ordering: .relaxed), holds == 0 else { return }
    let changes = posted.withAnnotatedLock(owner: lockOwner) { changes in
      defer { changes = Changes() }
      hasPosted.value.store(false, ordering: .relaxed)
      return changes.list
    }
    // Every hand-off ends before any change is applied, so a write made after a re-run's read
    // is posted again.
    for change in changes { change.relay.endHandOff() }
    let store = NodeStore.shared
    for change in changes {
      store.markTrackedChange(
        NodeRef(packed: change.relay.payload), event: change.event, source: change.source)
    }
  }

  /// Runs `body` with drains held: changes posted meanwhile wait for the drain after it.
  ///
  /// A host's update cycle drains once, at its start, then holds: otherwise a thread writing
  /// all the while would give every round of the cycle new work, and the cycle would stop at
  /// its round limit, reporting an update cycle that no body caused.
  ///
  /// Nothing needs scheduling when the hold ends: a posted change always has a drain task
  /// queued (`drainScheduled` is cleared only by the drain that takes the changes, and a drain
  /// refused by the hold takes nothing), and that task cannot run before this synchronous
  /// hold returns.
  @MainActor
  package static func holdingDrains<Result>(_ body: () -> Result) -> Result {
    holds += 1
    defer { holds -= 1 }
    return body()
  }
}

/// Whether code runs on the main actor's executor, without trapping when it does not.
enum MainActorCheck {
  /// Marks the main queue so that code running on it can be recognised on any thread: on
  /// Linux, once `dispatch_main()` runs, the main queue (and with it the main actor) is served
  /// by pool threads, where `Thread.isMainThread` is false.
  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the caller runs on the main thread or the main queue.
  static func isOnMainActor() -> Bool {
    isMainThread() || DispatchQueue.getSpecific(key: mainQueueKey) == true
  }
}

/// An object whose only purpose is to have an address that names a lock.
final class LockOwner: Sendable {}

/// Whether changes made on other threads wait in `TrackedChangeInbox`: set by a post, cleared
/// by the drain that takes them.
@usableFromInline
final class PostedFlag: Sendable {
  @usableFromInline let value = Atomic<Bool>(false)

  /// Whether changes may wait: one relaxed load, in a call.
  ///
  /// Not inlined, and declared read-only: the optimizer treats an atomic operation as a point
  /// where any object may be released, so inlined into `Derived.value` it made every read of a
  /// derived value held in an array or an enum retain and release it, and pushed
  /// `NodeStore.recordRead` out of line (measured: the dynamic case `4-1000x12 - dyn5%` took
  /// 1.7 times as long). A read-only call is one the optimizer moves retains across. (A C
  /// atomic read through an inline function was measured too: it is treated like the atomic.)
  /// The promise holds, as the load writes nothing; its one consequence, that two checks with
  /// no write between them may be merged, suits a flag that is a hint.
  @usableFromInline
  var isSet: Bool {
    @inline(never) @_effects(readonly) get { value.load(ordering: .relaxed) }
  }
}
