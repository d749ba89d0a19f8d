/// Everything that can go wrong while loading notes, each with a one-line ``description``
/// that names the file and, for content errors, the field path (`notes[12].title`) or the
/// line, column and byte offset of a JSON syntax error.
enum NotesDataError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file does not exist (or the bundled resource is missing).
  case fileNotFound(file: String)
  /// The file exists but cannot be read (a directory, no permission, I/O error).
  case unreadable(file: String, reason: String)
  /// The file is not valid JSON. `line` and `column` are 1-based, `offset` is a 0-based byte
  /// offset, `column` counts bytes.
  case syntax(file: String, line: Int, column: Int, offset: Int, reason: String)
  /// An object in the file has the same key twice (`reason` names it and where it was first);
  /// `line` and `column` are where it repeats.
  case duplicateKey(file: String, line: Int, column: Int, reason: String)
  /// A required field is absent; `path` includes the missing key.
  case missingField(file: String, path: String)
  /// A field holds the wrong kind of JSON value (`expected` is e.g. `a string`).
  case wrongType(file: String, path: String, expected: String)
  /// A required field is `null`.
  case nullValue(file: String, path: String, expected: String)
  /// A field has the right type but an unusable value (a malformed date, an empty id).
  case invalidValue(file: String, path: String, reason: String)
  /// Two notes share an id; `firstPath` is where the id was first seen.
  case duplicateID(file: String, path: String, id: String, firstPath: String)
  /// ``NotesLoader/loadBody(for:)`` was asked for an id that is not in the file.
  case noteNotFound(id: String)

  var description: String {
    switch self {
    case .fileNotFound(let file):
      "\(file): no such file"
    case .unreadable(let file, let reason):
      "\(file): cannot read file: \(reason)"
    case .syntax(let file, let line, let column, let offset, let reason):
      "\(file):\(line):\(column): invalid JSON at byte \(offset): \(reason)"
    case .duplicateKey(let file, let line, let column, let reason):
      "\(file):\(line):\(column): \(reason)"
    case .missingField(let file, let path):
      "\(file): missing field \(path)"
    case .wrongType(let file, let path, let expected):
      "\(file): wrong type at \(path): expected \(expected)"
    case .nullValue(let file, let path, let expected):
      "\(file): null value at \(path): expected \(expected)"
    case .invalidValue(let file, let path, let reason):
      "\(file): invalid value at \(path): \(reason)"
    case .duplicateID(let file, let path, let id, let firstPath):
      "\(file): duplicate id \(String(reflecting: id)) at \(path) (first used at \(firstPath))"
    case .noteNotFound(let id):
      "no note with id \(String(reflecting: id))"
    }
  }
}
