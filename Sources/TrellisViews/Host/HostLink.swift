/// A host's link for whatever may outlive it (state and focus bindings, app storage, tasks,
/// renderer connections): `core` is the host until the host goes, nil afterwards.
///
/// These references are not `weak`. One weak reference gives an object a side table, and from
/// then on every retain and release of it takes the runtime's slow path. The host is retained
/// on every `node.host` a body or a reconciliation makes, so that slow path was about a twentieth
/// of updating one row (measured with callgrind: 6,424 → 6,152 instructions per update). The
/// link holds the host `unowned` (safe: a load after the host went would trap rather than read
/// freed memory), and never loads it once the host's deinit has cleared `isAlive`.
@MainActor
final class HostLink {
  private unowned let target: HostCore
  private var isAlive = true

  init(_ core: HostCore) { target = core }

  /// The host, or nil once it is gone.
  var core: HostCore? { isAlive ? target : nil }

  /// The host is going (its deinit calls this).
  func hostWillGo() { isAlive = false }
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
