import Trellis

/// The sheet `e` opens on a note's detail: a field with the title, focused; Return (or Save)
/// writes what was typed to the note, Escape (or Cancel) leaves it as it was.
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
        Button("Save") { save() }
        Button("Cancel") { dismiss() }
      }
    }
    .padding(.horizontal)
    .onAppear { isEditing = true }
  }

  private func save() {
    if let draft, draft != note.title { store.rename(note.id, to: draft) }
    dismiss()
  }
}
