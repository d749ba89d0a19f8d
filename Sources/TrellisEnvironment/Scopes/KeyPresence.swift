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

  static func recordRead(of key: ObjectIdentifier) {
    guard let counter = counters[key] else { return }
    _ = counter.value
  }

  static func overrideAdded(for key: ObjectIdentifier) {
    if let counter = counters[key] {
      counter.value += 1
    } else {
      counters[key] = Cell(0, name: "environment key presence")
    }
  }
}
