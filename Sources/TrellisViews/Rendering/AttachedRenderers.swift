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
  private static var attached: Set<ObjectIdentifier> = []

  /// Attaches `renderer`, or reports that another host has it.
  /// - Returns: the renderer's identity, to hand to `detach(_:)`; nil if another mounted host
  ///   has the renderer (reported, naming its type).
  static func attach<R: Renderer>(_ renderer: R) -> ObjectIdentifier? {
    let id = ObjectIdentifier(renderer)
    guard attached.insert(id).inserted else {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: ["\(R.self)"],
          message: "ViewHost(_:renderer:) got a \(R.self) that another mounted host already "
            + "renders to; two hosts' commits would mix in it. This host renders to its own "
            + "tree only (`tree`, `dump()`). Make one renderer per host, or unmount the other "
            + "host first."))
      return nil
    }
    return id
  }

  /// Frees `id` for another host.
  static func detach(_ id: ObjectIdentifier) { attached.remove(id) }
}
