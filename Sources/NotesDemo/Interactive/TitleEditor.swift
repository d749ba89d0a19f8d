import Trellis

/// The sheet `e` opens on a note's detail: a field with the title, focused; Return (or Save)
/// writes what was typed to the note, Escape (or Cancel) leaves it as it was. A title that is
/// only blanks is not saved: Save is disabled, and Return keeps the sheet open.
struct TitleEditor: View {
  let note: NoteItem
  let store: NotesStore
  /// What the field holds; the title as it was until the first key.
  @State private var draft: String?
  @FocusState private var isEditing: Bool
  @Environment(\.dismiss) private var dismiss

  var body: some View {
    VStack(alignment: .leading, spacing: 1) {
      Text("Edit the title").bold()
      TextField(
        "Title", text: Binding(get: { draft ?? note.title }, set: { draft = $0 })
      )
      .focused($isEditing)
      .onSubmit { save() }
      HStack {
        Button("Save") { save() }.disabled(!canSave)
        Button("Cancel") { dismiss() }
      }
    }
    .padding(.horizontal)
    .onAppear { isEditing = true }
  }

  /// Whether the field holds a title (found by a new user: an empty one was saved, and left a
  /// blank row in the list).
  private var canSave: Bool {
    !(draft ?? note.title).allSatisfy(\.isWhitespace)
  }

  private func save() {
    guard canSave else { return }
    if let draft, draft != note.title { store.rename(note.id, to: draft) }
    dismiss()
  }
}
