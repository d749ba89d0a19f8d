import Trellis

/// The app's model: the notes and whether they are loading, fetched through a `NotesLoader`.
///
/// A `@MainActor` tracked model, as the SwiftUI lesson writes its `@Observable` store. A
/// refresh keeps the `NoteItem` of every note that is still there (only changed fields are
/// written), so an unchanged refresh invalidates nothing.
@MainActor
final class NotesStore: Trackable {
  /// The notes, newest first.
  @Tracked var notes: [NoteItem] = []
  /// True until the first fetch completes (the list shows its loading state meanwhile).
  @Tracked var isLoading = true
  /// The last fetch's failure, if it failed.
  @Tracked var loadError: String?

  let loader: NotesLoader

  init(loader: NotesLoader) { self.loader = loader }

  /// The note with `id`, if loaded.
  func note(id: NoteItem.ID) -> NoteItem? { notes.first { $0.id == id } }

  /// Fetches the notes (the list's `.task`).
  func load() async {
    isLoading = true
    defer { isLoading = false }
    await fetch()
  }

  /// Fetches the notes again (pull to refresh).
  func refresh() async { await fetch() }

  /// Fetches one note's full body (the detail's `.task(id:)`).
  func loadBody(for id: NoteItem.ID) async throws -> String {
    try await loader.loadBody(for: id)
  }

  private func fetch() async {
    do {
      merge(try await loader.loadNotes())
      loadError = nil
    } catch is CancellationError {
      return
    } catch {
      loadError = "\(error)"
    }
  }

  private func merge(_ fetched: [Note]) {
    var existing: [NoteItem.ID: NoteItem] = [:]
    for item in notes { existing[item.id] = item }
    let merged = fetched.map { note -> NoteItem in
      guard let item = existing[note.id] else { return NoteItem(note) }
      item.update(from: note)
      return item
    }
    if merged.map(\.id) != notes.map(\.id) { notes = merged }
  }
}

/// The app's navigation state: the ids of the notes pushed on the stack.
@MainActor
final class Router: Trackable {
  /// Pushed note ids, bottom first.
  @Tracked var path: [NoteItem.ID] = []
}
