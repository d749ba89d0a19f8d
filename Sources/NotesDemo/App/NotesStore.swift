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

  /// Gives a note a new title that later fetches keep (the interactive app's title editor):
  /// the source has no way to save it, so the store remembers it.
  func rename(_ id: NoteItem.ID, to title: String) {
    renamed[id] = title
    note(id: id)?.title = title
  }

  /// Titles given with `rename(_:to:)`, by note.
  private var renamed: [NoteItem.ID: String] = [:]

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
      var note = note
      if let title = renamed[note.id] { note.title = title }
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

/// The text of the list's filter field (the interactive app's).
@MainActor
final class NotesFilter: Trackable {
  @Tracked var text = ""
}
