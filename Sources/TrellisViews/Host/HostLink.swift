import Synchronization

/// A host's link for whatever may outlive it (state and focus bindings, app storage, tasks,
/// renderer connections): `core` is the host until the host goes, nil afterwards.
///
/// These references are not `weak`. One weak reference gives an object a side table, and from
/// then on every retain and release of it takes the runtime's slow path. The host is retained
/// on every `node.host` a body or a reconciliation makes, so that slow path was about a twentieth
/// of updating one row (measured with callgrind: 6,424 → 6,152 instructions per update). The
/// link holds the host `unowned` (safe: a load after the host went would trap rather than read
/// freed memory), and never loads it once the host is going.
///
/// "Going" starts when the `ViewHost` that owns the host is released, synchronously, on any
/// thread: the host's own deinit is isolated to the main actor and may run later, as a job,
/// and until then the host's graph can still schedule work (a tracked change posted from
/// another thread, drained by another host's update) that would load the link of a host
/// whose reference count is already zero, which traps.
@MainActor
final class HostLink {
  private unowned let target: HostCore
  private nonisolated let isAlive = Atomic<Bool>(true)

  init(_ core: HostCore) { target = core }

  /// The host, or nil once it is going.
  var core: HostCore? { isAlive.load(ordering: .relaxed) ? target : nil }

  /// The host is going: its `ViewHost` was released, or its deinit runs.
  nonisolated func hostWillGo() { isAlive.store(false, ordering: .relaxed) }
}

/// A stored reference to a host that may outlive it, used as `weak` would be; see `HostLink`.
@MainActor
@propertyWrapper
struct HostReference {
  private var link: HostLink?

  init(wrappedValue: HostCore?) { link = wrappedValue?.link }

  var wrappedValue: HostCore? {
    get { link?.core }
    set { link = newValue?.link }
  }
}
