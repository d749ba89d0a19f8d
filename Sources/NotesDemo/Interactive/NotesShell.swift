import Trellis

/// The interactive app: the notes app above a status line, with the keys that are the app's
/// own (the terminal handles focus, scrolling and activation).
struct NotesShell: View {
  let store: NotesStore
  let router: Router
  let status: StatusModel
  /// The note whose title the sheet edits, while it is open.
  @State private var editing: NoteItem?
  /// The filter field's text.
  @State private var filter = NotesFilter()
  @Environment(\.exit) private var exit

  var body: some View {
    // The handlers sit on the notes app, around every row a key can start from. Escape is the
    // terminal's: it dismisses the sheet, or else pops the detail.
    Group {
      NotesApp(store: store, router: router, filter: filter)
        .sheet(item: $editing) { note in TitleEditor(note: note, store: store) }
      StatusBar(status: status)
    }
    .onKeyPress("e") {
      guard let id = router.path.last, let note = store.note(id: id) else { return .ignored }
      editing = note
      return .handled
    }
    .onKeyPress("q") {
      exit()
      return .handled
    }
  }
}

/// A rule, what the last key made re-run, and the keys.
struct StatusBar: View {
  let status: StatusModel
  @Environment(\.terminalSize) private var size

  static let help = "⏎ open · esc back · ⇥ filter · e edit · r refresh · q quit"

  var body: some View {
    Text(String(repeating: "─", count: size.columns))
    Text(Self.fitted(status.explanation, to: size.columns))
    Text(Self.fitted(Self.help, to: size.columns))
  }

  /// One line: cut with `…` when it is wider than the window.
  static func fitted(_ text: String, to columns: Int) -> String {
    guard text.count > columns, columns > 0 else { return text }
    return String(text.prefix(columns - 1)) + "…"
  }
}
