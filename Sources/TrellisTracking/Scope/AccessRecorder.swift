/// Collects the sources read while one tracking scope is open on one thread.
///
/// A recorder is confined to the thread that opened it, so it needs no lock. Consecutive reads
/// of the same source are folded on the spot (the common "read it again" case costs one pointer
/// comparison); other duplicates are removed once, when the scope closes.
@usableFromInline
final class AccessRecorder {
  /// Every source read, in first-read order, possibly with non-adjacent duplicates.
  private(set) var sources: [TrackingSource] = []
  /// The last source appended; compared by identity only, never retained through this field.
  private unowned(unsafe) var last: TrackingSource?

  /// When true, the reads are not handed to the enclosing scope (see `run`).
  private let isolatesReads: Bool

  init(isolatesReads: Bool = false) { self.isolatesReads = isolatesReads }

  @usableFromInline
  func record(_ source: TrackingSource) {
    if last === source { return }
    last = source
    sources.append(source)
  }

  /// Runs `body` with this recorder as the innermost scope of the current thread.
  ///
  /// When the body returns, the reads it made are also handed to the enclosing scope, if any,
  /// so that an outer `withTracking` subscribes to what a nested one read, as Apple's
  /// `withObservationTracking` does — unless the recorder isolates its reads, which a dependency
  /// graph needs: an effect that reads a derived value depends on the derived value, not on the
  /// properties the derived value read.
  func run<Result>(_ body: () throws -> Result) rethrows -> Result {
    let previous = pushRecorder(self)
    defer {
      popRecorder(restoring: previous)
      if let previous, !sources.isEmpty, !isolatesReads {
        Unmanaged<AccessRecorder>.fromOpaque(previous).takeUnretainedValue().absorb(self)
      }
    }
    return try body()
  }

  private func absorb(_ inner: AccessRecorder) {
    sources.append(contentsOf: inner.sources)
    last = nil
  }

  /// The recorded sources without duplicates, in first-read order.
  ///
  /// Complexity: O(n²) comparisons for up to 16 sources (cheaper than hashing at that size),
  /// O(n) expected with a set above that.
  func uniqueSources() -> [TrackingSource] {
    if sources.count < 2 { return sources }
    var unique: [TrackingSource] = []
    unique.reserveCapacity(sources.count)
    if sources.count <= 16 {
      for source in sources where !unique.contains(where: { $0 === source }) {
        unique.append(source)
      }
    } else {
      var seen = Set<ObjectIdentifier>(minimumCapacity: sources.count)
      for source in sources where seen.insert(ObjectIdentifier(source)).inserted {
        unique.append(source)
      }
    }
    return unique
  }
}
