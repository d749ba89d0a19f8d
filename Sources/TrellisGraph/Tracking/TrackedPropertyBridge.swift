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
///   the next flush or by a main-actor task the inbox schedules, whichever comes first.
/// Nothing is dropped, and a node released in the meantime is recognised by its generation.
@usableFromInline
enum TrackedPropertyBridge {
  /// A relay for the node at `ref`; it names the changed property only when the node keeps
  /// reasons.
  @usableFromInline
  static func makeRelay(for ref: NodeRef, deliversEvents: Bool) -> ChangeRelay {
    // The closure captures nothing (the node travels as the payload), so making the relay
    // allocates no closure context.
    ChangeRelay(deliversEvents: deliversEvents, payload: ref.packed) { payload, source, event in
      let ref = NodeRef(packed: payload)
      if MainActorCheck.isOnMainActor() {
        markOnMainActor(ref, event, source.serial)
      } else {
        TrackedChangeInbox.post(ref, event, source.serial)
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
    let ref: NodeRef
    var event: TrackingEvent?
    let source: UInt64
  }

  private struct Key: Hashable {
    let node: UInt64
    let source: UInt64
  }

  /// The changes in the order they were first posted, and where each is.
  private struct Changes: Sendable {
    var list: [Posted] = []
    var positions: [Key: Int] = [:]
  }

  private static let posted = Mutex(Changes())
  /// Names the `posted` lock for ThreadSanitizer (see `withAnnotatedLock`).
  private static let lockOwner = LockOwner()
  /// Whether `posted` may hold something: lets every flush skip the lock when it does not,
  /// and a read of a derived value apply them first (the store keeps a reference to it, which
  /// the read reaches with two loads and no global's accessor).
  static let hasPosted = PostedFlag()
  private static let drainScheduled = Atomic<Bool>(false)
  /// While positive, `drain()` does nothing (see `holdingDrains(_:)`).
  @MainActor private static var holds = 0

  /// Posts a change made on another thread; it is applied on the main actor.
  static func post(_ ref: NodeRef, _ event: TrackingEvent?, _ source: UInt64) {
    posted.withAnnotatedLock(owner: lockOwner) { changes in
      let key = Key(node: ref.packed, source: source)
      if let position = changes.positions[key] {
        changes.list[position].event = event
      } else {
        changes.positions[key] = changes.list.count
        changes.list.append(Posted(ref: ref, event: event, source: source))
      }
    }
    hasPosted.value.store(true, ordering: .releasing)
    if !drainScheduled.exchange(true, ordering: .acquiringAndReleasing) {
      Task { @MainActor in
        drainScheduled.store(false, ordering: .releasing)
        drain()
      }
    }
  }

  /// How many changes wait for the node at `ref` (for tests: other tests' threads post too).
  static func postedCount(for ref: NodeRef) -> Int {
    posted.withAnnotatedLock(owner: lockOwner) { changes in
      changes.list.count { $0.ref == ref }
    }
  }

  /// Applies every posted change, if the flag says there are any, unless drains are held.
  @MainActor
  @usableFromInline
  package static func drain() {
    // The common case, nothing posted, costs one relaxed load.
    guard hasPosted.value.load(ordering: .relaxed), holds == 0 else { return }
    drainScheduled.store(false, ordering: .releasing)
    guard hasPosted.value.exchange(false, ordering: .acquiringAndReleasing) else { return }
    let changes = posted.withAnnotatedLock(owner: lockOwner) { changes in
      defer { changes = Changes() }
      return changes.list
    }
    let store = NodeStore.shared
    for change in changes {
      store.markTrackedChange(change.ref, event: change.event, source: change.source)
    }
  }

  /// Runs `body` with drains held: changes posted meanwhile wait for the drain after it.
  ///
  /// A host's update cycle drains once, at its start, then holds: otherwise a thread writing
  /// all the while would give every round of the cycle new work, and the cycle would stop at
  /// its round limit, reporting an update cycle that no body caused.
  @MainActor
  package static func holdingDrains<Result>(_ body: () -> Result) -> Result {
    holds += 1
    defer {
      holds -= 1
      if holds == 0, hasPosted.value.load(ordering: .acquiring),
        !drainScheduled.exchange(true, ordering: .acquiringAndReleasing)
      {
        Task { @MainActor in
          drainScheduled.store(false, ordering: .releasing)
          drain()
        }
      }
    }
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
