import Trellis

/// The sheet `e` opens on a note's detail: the title, edited by typing; Return (or Save)
/// writes it to the note, Escape (or Cancel) leaves it as it was.
struct TitleEditor: View {
  let note: NoteItem
  let store: NotesStore
  /// What was typed; nil until the first key, when it is the title as it was.
  @State private var draft: String?
  @Environment(\.dismiss) private var dismiss

  var body: some View {
    let text = draft ?? note.title
    VStack {
      Text("Edit the title")
      Text(text + "▏")
      HStack {
        Button("Save") { save(text) }
        Button("Cancel") { dismiss() }
      }
    }
    .onKeyPress { press in
      switch press.key {
      case .return:
        save(draft ?? note.title)
      case .delete:
        draft = String((draft ?? note.title).dropLast())
      default:
        // Printable characters type; control keys and the rest go on (Tab, arrows, Escape).
        guard press.modifiers.isDisjoint(with: [.control, .option]),
          !press.characters.isEmpty,
          press.characters.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
        else { return .ignored }
        draft = (draft ?? note.title) + press.characters
      }
      return .handled
    }
  }

  private func save(_ title: String) {
    if title != note.title { store.rename(note.id, to: title) }
    dismiss()
  }
}
