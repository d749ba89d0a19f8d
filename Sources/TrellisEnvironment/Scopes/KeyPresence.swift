import TrellisGraph

/// One counter per key that changes whenever an override of that key appears in, or
/// disappears from, a scope that already existed.
///
/// A reader that found its value in an ancestor (or the default) must re-run when a scope
/// between it and that ancestor gains an override of the same key. Rather than subscribing
/// every reader to every scope on its path, each read also depends on this per-key counter.
/// Overrides appear in existing scopes rarely (new scopes are built with their overrides before
/// anyone reads through them), so the extra re-runs are rare, and they stay per key: readers
/// of other keys are never touched.
@MainActor
enum KeyPresence {
  private static var counters: [ObjectIdentifier: Cell<Int>] = [:]

  /// Records, in the running evaluation, a dependency on the presence of overrides of `key`.
  /// The counter is created on the first read, so that a reader never misses the first
  /// override of a key.
  static func recordRead(of key: ObjectIdentifier) {
    if let counter = counters[key] {
      _ = counter.value
    } else {
      let counter = Cell(0, name: "environment key presence")
      counters[key] = counter
      _ = counter.value
    }
  }

  /// Re-runs every reader of `key`: an override of it appeared in, or disappeared from, a
  /// scope that readers may have looked through. Without a counter nobody has read the key.
  static func overridesChanged(for key: ObjectIdentifier) {
    counters[key]?.value += 1
  }
}
