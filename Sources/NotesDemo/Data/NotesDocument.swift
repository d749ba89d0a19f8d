import Foundation

/// Decodes and validates the contents of a notes file.
///
/// The expected shape is `{"notes": [ {note}, ... ]}`; a bare top-level array of notes is
/// accepted too, for hand-written files. Dates are ISO 8601 strings (`2025-03-14T09:30:00Z`,
/// with or without fractional seconds or a numeric offset). An object with a key written twice
/// is rejected, since decoders disagree on which one counts. Every failure becomes a
/// ``NotesDataError`` naming `file` and the offending field path, so callers never see a raw
/// `DecodingError`.
enum NotesDocument {
  /// The wrapped form, `{"notes": [...]}`.
  private struct Wrapped: Decodable {
    var notes: [Note]
  }

  /// Decodes `data` (read from `file`, used only in messages) into notes in file order.
  static func decode(_ data: Data, file: String) throws(NotesDataError) -> [Note] {
    let notes: [Note]
    do {
      if startsWithArray(data) {
        notes = try decoder.decode([Note].self, from: data)
      } else {
        notes = try decoder.decode(Wrapped.self, from: data).notes
      }
    } catch let error as DecodingError {
      throw describe(error, in: data, file: file)
    } catch {
      throw .invalidValue(file: file, path: "the top level", reason: oneLine("\(error)"))
    }
    if let duplicate = JSONSyntaxLocator.firstDuplicateKey(in: data) {
      throw .duplicateKey(
        file: file, line: duplicate.line, column: duplicate.column, reason: duplicate.reason)
    }
    try validate(notes, file: file, prefix: startsWithArray(data) ? "" : "notes")
    return notes
  }

  /// A fresh decoder per call: `JSONDecoder` is not `Sendable`.
  private static var decoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom(decodeDate)
    return decoder
  }

  /// ISO 8601 with a field path in the error (Foundation's `.iso8601` strategy reports the
  /// enclosing object instead of the date's own key).
  private static func decodeDate(_ decoder: any Decoder) throws -> Date {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    if let date = try? Date(text, strategy: .iso8601) {
      return date
    }
    let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    if let date = try? Date(text, strategy: fractional) {
      return date
    }
    throw DecodingError.dataCorruptedError(
      in: container,
      debugDescription: "expected an ISO 8601 date, found \(String(reflecting: text))"
    )
  }

  /// Whether the first value is an array, after a byte order mark (before, a file with one
  /// was read as the wrapped form, and an array in it was reported as the wrong type).
  private static func startsWithArray(_ data: Data) -> Bool {
    let body = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
    let first = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    return first == UInt8(ascii: "[")
  }

  /// Unique, non-empty ids: the list keys rows by them and navigation pushes them.
  private static func validate(_ notes: [Note], file: String, prefix: String)
    throws(NotesDataError)
  {
    var firstIndex: [String: Int] = [:]
    firstIndex.reserveCapacity(notes.count)
    for (index, note) in notes.enumerated() {
      let path = "\(prefix)[\(index)].id"
      if note.id.isEmpty {
        throw .invalidValue(file: file, path: path, reason: "id must not be empty")
      }
      if let first = firstIndex[note.id] {
        throw .duplicateID(file: file, path: path, id: note.id, firstPath: "\(prefix)[\(first)].id")
      }
      firstIndex[note.id] = index
    }
  }

  private static func describe(_ error: DecodingError, in data: Data, file: String)
    -> NotesDataError
  {
    switch error {
    case .keyNotFound(let key, let context):
      return .missingField(file: file, path: CodingPath.render(context.codingPath, appending: key))
    case .typeMismatch(let type, let context):
      // At the top level either form is accepted, so the message names both.
      let expected =
        context.codingPath.isEmpty
        ? "an object ({\"notes\": [...]}) or an array of notes" : jsonKind(of: type)
      return .wrongType(
        file: file, path: CodingPath.render(context.codingPath), expected: expected)
    case .valueNotFound(let type, let context):
      return .nullValue(
        file: file, path: CodingPath.render(context.codingPath), expected: jsonKind(of: type))
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      // Syntax error: Foundation gives no position, so find it ourselves.
      if let failure = JSONSyntaxLocator.firstError(in: data) {
        return .syntax(
          file: file, line: failure.line, column: failure.column, offset: failure.offset,
          reason: failure.reason)
      }
      return .invalidValue(
        file: file, path: "the top level", reason: oneLine(context.debugDescription))
    case .dataCorrupted(let context):
      return .invalidValue(
        file: file, path: CodingPath.render(context.codingPath),
        reason: oneLine(context.debugDescription))
    @unknown default:
      return .invalidValue(file: file, path: "the top level", reason: oneLine("\(error)"))
    }
  }

  /// The JSON word for what a Swift type decodes from.
  private static func jsonKind(of type: Any.Type) -> String {
    if type == String.self || type == Date.self { return "a string" }
    if type == Bool.self { return "true or false" }
    if type is any BinaryInteger.Type || type is any BinaryFloatingPoint.Type {
      return "a number"
    }
    let name = String(describing: type)
    if name.hasPrefix("Array<") { return "an array" }
    if name.hasPrefix("Dictionary<") || name.contains("KeyedDecodingContainer") {
      return "an object"
    }
    return name
  }

  private static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
