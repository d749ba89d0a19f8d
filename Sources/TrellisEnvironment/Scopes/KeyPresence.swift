import TrellisGraph

/// One counter per key (or injected object type) that changes whenever an override of that key
/// appears in, or disappears from, a scope that a lookup has already passed through.
///
/// A reader that found its value in an ancestor (or the default) must re-run when a scope
/// between it and that ancestor gains an override of the same key, and a reader of an override
/// must re-run when it is removed. Rather than subscribing every reader to every scope on its
/// path, each read also depends on this per-key counter. Overrides appear in read-through
/// scopes rarely (new scopes are built with their overrides before anyone reads through them,
/// and such scopes do not bump the counter), so the extra re-runs are rare, and they stay per
/// key: readers of other keys are never touched. Counters belong to one tree (its root
/// scope), so trees never disturb each other.
@MainActor
final class KeyPresence {
  private var counters: [ObjectIdentifier: Cell<Int>] = [:]

  /// Records, in the running evaluation, a dependency on the presence of overrides of `key`.
  /// The counter is created on the first read, so that a reader never misses the first
  /// override of a key.
  /// - Parameter key: the key type, or the type of an injected object.
  func recordRead(of key: Any.Type) {
    let id = ObjectIdentifier(key)
    if let counter = counters[id] {
      _ = counter.value
    } else {
      let counter = Cell(0, name: "overrides of \(key)")
      counter.role = .environment
      counters[id] = counter
      _ = counter.value
    }
  }

  /// Re-runs every reader of `key`: an override of it appeared in, or disappeared from, a
  /// scope that readers may have looked through. Without a counter nobody has read the key.
  /// - Parameter key: the key type, or the type of an injected object.
  func overridesChanged(for key: Any.Type) {
    counters[ObjectIdentifier(key)]?.value += 1
  }
}
