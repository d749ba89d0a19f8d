import Trellis

/// The root: a navigation stack over the notes list, with the detail registered for note ids.
struct NotesApp: View {
  @State private var store: NotesStore
  @Bindable private var router: Router
  private let filter: NotesFilter?

  /// - Parameters:
  ///   - store: the notes.
  ///   - router: the pushed notes.
  ///   - filter: a filter field's text, shown above the list (the interactive app's); nil for
  ///     none.
  init(
    store: @autoclosure @escaping () -> NotesStore, router: Router,
    filter: NotesFilter? = nil
  ) {
    _store = State(wrappedValue: store())
    self.router = router
    self.filter = filter
  }

  var body: some View {
    NavigationStack(path: $router.path) {
      if let filter {
        NotesList(store: store, query: filter.text)
          .searchable(
            text: Binding(get: { filter.text }, set: { filter.text = $0 }), prompt: "Filter"
          )
          .navigationDestination(for: NoteItem.ID.self) { id in
            NoteDetail(store: store, noteID: id)
          }
      } else {
        NotesList(store: store)
          .navigationDestination(for: NoteItem.ID.self) { id in
            NoteDetail(store: store, noteID: id)
          }
      }
    }
  }
}

/// The list: a loading state while empty, then one row per note (those whose title contains
/// `query`, when there is one); refreshable.
struct NotesList: View {
  let store: NotesStore
  var query = ""

  var body: some View {
    Group {
      if store.isLoading && store.notes.isEmpty {
        ProgressView("Loading notes…")
      } else {
        let notes =
          query.isEmpty
          ? store.notes : store.notes.filter { $0.title.localizedCaseInsensitiveContains(query) }
        List(notes) { note in
          NavigationLink(value: note.id) { NoteRow(note: note) }
        }
      }
    }
    .navigationTitle("Notes")
    .task { await store.load() }
    .refreshable { await store.refresh() }
  }
}

/// One row: the title, and for travel notes a badge styled by the environment.
struct NoteRow: View {
  let note: NoteItem
  @Environment(\.travelBadge) private var travelBadge

  var body: some View {
    HStack {
      Text(note.title)
      if note.tags.contains("travel") {
        Text(travelBadge)
      }
    }
  }
}

/// The detail: the title at once, the body loaded with `.task(id:)`, which restarts (and
/// cancels the previous load) when the note changes.
struct NoteDetail: View {
  let store: NotesStore
  let noteID: NoteItem.ID
  @State private var loadedBody: String?

  var body: some View {
    VStack {
      Text(store.note(id: noteID)?.title ?? "Note not found")
      if let loadedBody {
        Text(loadedBody)
      } else {
        ProgressView("Loading body…")
      }
    }
    .navigationTitle("Note")
    .task(id: noteID) {
      loadedBody = nil
      do {
        loadedBody = try await store.loadBody(for: noteID)
      } catch is CancellationError {
        // Another note was selected (or the detail closed): this load is abandoned.
      } catch {
        loadedBody = "Could not load the note: \(error)"
      }
    }
  }
}

/// The badge travel notes show; a system-style setting read only by travel rows.
struct TravelBadgeKey: EnvironmentKey {
  static let defaultValue = "✈"
}

extension EnvironmentValues {
  /// The badge shown on travel notes.
  var travelBadge: String {
    get { self[TravelBadgeKey.self] }
    set { self[TravelBadgeKey.self] = newValue }
  }
}
