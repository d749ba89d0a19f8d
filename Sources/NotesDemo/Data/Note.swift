import Foundation

/// One note in the demo's notes list.
///
/// The list and the detail screen both use this value: the list shows `title` (and maybe
/// `tags`), the detail screen shows `title` immediately and fetches `body` again through
/// ``NotesLoader/loadBody(for:)``, the way a real app treats a list row as a summary rather
/// than the full document.
///
/// `id` is stable across launches and refreshes, so it is the identity a list keys its rows
/// by and the value a detail view hangs `.task(id:)` on.
struct Note: Codable, Identifiable, Hashable, Sendable {
  /// Stable identifier (a UUID string in the bundled file, any non-empty string otherwise).
  let id: String
  /// Single-line title shown in the list row and as the detail's navigation title.
  var title: String
  /// Full text of the note; several sentences, possibly with paragraph breaks.
  var body: String
  /// Free-form lowercase tags such as `"recipe"` or `"meeting"`.
  var tags: [String]
  /// When the note was first written.
  var createdAt: Date
  /// When the note was last edited; never earlier than `createdAt` in the bundled file.
  var updatedAt: Date
}
