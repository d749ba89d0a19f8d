import Foundation

/// Loads the demo's notes, standing in for a network API.
///
/// `loadNotes()` is the list fetch (the list view calls it from `.task` and `.refreshable`);
/// `loadBody(for:)` is the detail fetch (the detail view calls it from `.task(id: note.id)`).
/// Both wait for a simulated ``Latency`` first, and both honour cancellation: a cancelled
/// caller gets `CancellationError` instead of a result, whether it was cancelled before the
/// call, during the simulated latency, or while the file was being decoded.
///
/// Every `loadNotes()` re-reads the source, so a refresh picks up edits to a `--notes` file.
/// The last successful load is kept for `loadBody(for:)`.
actor NotesLoader {
  /// Simulated network delays.
  struct Latency: Sendable, Hashable {
    /// Delay before `loadNotes()` reads the file.
    var list: Duration
    /// Delay before `loadBody(for:)` answers.
    var detail: Duration

    /// What the demo uses: long enough to see a loading state, short enough not to annoy.
    static let demo = Latency(list: .milliseconds(50), detail: .milliseconds(30))
    /// No delay at all (tests).
    static let none = Latency(list: .zero, detail: .zero)
  }

  /// Where the notes come from.
  let source: NotesSource
  /// The simulated delays.
  let latency: Latency

  private var notesByID: [Note.ID: Note]?

  /// Creates a loader for `source` (the bundled `notes.json` by default).
  init(source: NotesSource = .bundled, latency: Latency = .demo) {
    self.source = source
    self.latency = latency
  }

  /// Fetches every note, in file order (newest first in the bundled file).
  ///
  /// - Throws: `CancellationError` if the calling task is cancelled, otherwise a
  ///   ``NotesDataError`` describing the missing or malformed file.
  func loadNotes() async throws -> [Note] {
    try await simulateLatency(latency.list)
    return try readNotes()
  }

  /// Fetches the full body of the note with `id`.
  ///
  /// Reads the source first if `loadNotes()` has not succeeded yet.
  ///
  /// - Throws: `CancellationError` if the calling task is cancelled,
  ///   ``NotesDataError/noteNotFound(id:)`` for an unknown id, or a ``NotesDataError`` about
  ///   the file.
  func loadBody(for id: Note.ID) async throws -> String {
    try await simulateLatency(latency.detail)
    let notes = try notesByID ?? index(readNotes())
    guard let note = notes[id] else { throw NotesDataError.noteNotFound(id: id) }
    return note.body
  }

  private func readNotes() throws -> [Note] {
    let notes = try NotesDocument.decode(source.readData(), file: source.displayName)
    // Decoding 2,000 notes takes a moment; don't hand a cancelled caller a result.
    try Task.checkCancellation()
    notesByID = index(notes)
    return notes
  }

  private func index(_ notes: [Note]) -> [Note.ID: Note] {
    Dictionary(notes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  private func simulateLatency(_ delay: Duration) async throws {
    try Task.checkCancellation()
    if delay > .zero {
      try await Task.sleep(for: delay)
    }
  }
}
