import TrellisGraph

/// The renderers attached to a live, mounted host, so that one renderer is never given to a
/// second host: two hosts' commits would merge in it (the elements of both trees under one
/// root, with the handles of one host's table applied to the other's elements).
///
/// Holds identities only. An identity stays valid while it is here: the host that added it
/// holds its renderer until it removes it (at unmount or when the host goes), so no other
/// object can take the identity meanwhile.
@MainActor
enum AttachedRenderers {
  /// Each attached renderer, with the link of the host that has it (nil until that host is
  /// made).
  private static var attached: [ObjectIdentifier: HostLink?] = [:]

  /// Attaches `renderer`, or reports that another host has it.
  /// - Returns: the renderer's identity, to hand to `noteHost(_:of:)` and `detach(_:)`; nil if
  ///   another host has the renderer (reported, naming its type).
  static func attach<R: Renderer>(_ renderer: R) -> ObjectIdentifier? {
    let id = ObjectIdentifier(renderer)
    if let owner = attached[id] {
      // A host whose `ViewHost` was released off the main actor keeps the renderer until its
      // teardown, which runs on the main actor, has sent the last commit (found by a user
      // who released a host on a background queue and reused its renderer at once).
      let isGoing = owner.map { $0.core == nil } ?? false
      let reason =
        isGoing
        ? "a released host still renders to: a ViewHost whose last reference goes off the "
          + "main actor gives its renderer back once its teardown has run on the main actor, "
          + "after the work queued there. Release the other host on the main actor, or call "
          + "its unmount() first, to hand the renderer on at once"
        : "another mounted host already renders to; two hosts' commits would mix in it. Make "
          + "one renderer per host, or unmount the other host first"
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: ["\(R.self)"],
          message: "ViewHost(_:renderer:) got a \(R.self) that \(reason). This host renders "
            + "to its own tree only (`tree`, `dump()`)."))
      return nil
    }
    attached[id] = .some(nil)
    return id
  }

  /// Records which host has the renderer `id` (for the diagnostic of a refused attach).
  static func noteHost(_ link: HostLink, of id: ObjectIdentifier) { attached[id] = link }

  /// Frees `id` for another host.
  static func detach(_ id: ObjectIdentifier) { attached[id] = nil }
}
