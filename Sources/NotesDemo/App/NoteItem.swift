import Trellis

/// One note as the app holds it: a tracked model, so that a view reading one note's title
/// depends on that note's title alone.
@MainActor
final class NoteItem: Trackable, Identifiable {
  /// The note's stable id.
  let id: String
  /// The title shown in its row and in the detail.
  @Tracked var title: String
  /// Lowercase tags; rows of `travel` notes show a badge.
  @Tracked var tags: [String]

  init(_ note: Note) {
    id = note.id
    title = note.title
    tags = note.tags
  }

  /// Takes the fields of a freshly fetched copy; equal values notify nobody.
  func update(from note: Note) {
    title = note.title
    tags = note.tags
  }
}
