print("NotesDemo is not built yet.")
