import Foundation
import Synchronization

@testable import NotesDemo

/// Small JSON documents and temporary files for the NotesDemo tests.
enum Fixtures {
  /// One valid note object as JSON text; `title` is inserted verbatim (quote it yourself).
  static func note(id: String = "n1", title: String = "\"Groceries\"") -> String {
    """
    {"id": "\(id)", "title": \(title), "body": "Milk. Eggs.", "tags": ["lists"], \
    "createdAt": "2025-01-02T09:30:00Z", "updatedAt": "2025-01-03T10:00:00Z"}
    """
  }

  /// `{"notes": [ ... ]}` around the given note objects, one per line.
  static func document(_ notes: String...) -> String {
    "{\"notes\": [\n" + notes.joined(separator: ",\n") + "\n]}\n"
  }

  /// Writes `text` to a fresh file in a folder of its own in the temporary directory and
  /// returns its path; remove it with `removeTemporaryFile(at:)`.
  static func temporaryFile(_ text: String, name: String = "notes.json") throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("NotesDemoTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// Removes a file `temporaryFile` made, with its folder and anything else written there (a
  /// test writes the dependency graph next to its notes).
  static func removeTemporaryFile(at path: String) {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    guard folder.lastPathComponent.hasPrefix("NotesDemoTests-") else { return }
    try? FileManager.default.removeItem(at: folder)
  }

  /// A path that does not exist.
  static var missingPath: String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("NotesDemoTests-missing-\(UUID().uuidString).json").path
  }

  /// Decodes `text` as if it came from a file named `file`.
  static func decode(_ text: String, file: String = "bad.json") throws(NotesDataError)
    -> [Note]
  {
    try NotesDocument.decode(Data(text.utf8), file: file)
  }
}

/// Collects what a ``NotesDemoCommand`` prints.
final class RecordingConsole: Sendable {
  private let lines = Mutex<(out: [String], err: [String])>(([], []))

  /// Everything written to standard output, one entry per call.
  var out: [String] { lines.withLock { $0.out } }
  /// Everything written to standard error, one entry per call.
  var err: [String] { lines.withLock { $0.err } }

  /// A console that records into this object.
  var console: NotesDemoCommand.Console {
    NotesDemoCommand.Console(
      out: { line in self.lines.withLock { $0.out.append(line) } },
      err: { line in self.lines.withLock { $0.err.append(line) } }
    )
  }
}
