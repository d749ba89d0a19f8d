import Foundation

/// Where ``NotesLoader`` reads its JSON from.
enum NotesSource: Sendable, Hashable {
  /// `notes.json`, shipped as a resource of the NotesDemo target.
  case bundled
  /// A user-supplied file, as given on the command line (`--notes PATH`).
  case file(String)

  /// The name used in messages: `notes.json` for the bundled file, otherwise the path exactly
  /// as the user typed it.
  var displayName: String {
    switch self {
    case .bundled: "notes.json"
    case .file(let path): path
    }
  }

  /// Reads the whole file.
  ///
  /// - Throws: ``NotesDataError/fileNotFound(file:)`` or ``NotesDataError/unreadable(file:reason:)``.
  func readData() throws(NotesDataError) -> Data {
    let file = displayName
    let path: String
    switch self {
    case .bundled:
      guard let url = Bundle.module.url(forResource: "notes", withExtension: "json") else {
        throw .fileNotFound(file: file)
      }
      path = url.path
    case .file(let userPath):
      path = userPath
    }

    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .fileNotFound(file: file)
    }
    if isDirectory.boolValue {
      throw .unreadable(file: file, reason: "is a directory")
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw .unreadable(file: file, reason: "permission denied")
    }
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .unreadable(file: file, reason: "read failed")
    }
  }
}
