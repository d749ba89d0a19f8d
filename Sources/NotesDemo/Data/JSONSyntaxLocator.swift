/// Finds the first JSON syntax error in a byte buffer and says where it is.
///
/// Foundation's `JSONDecoder` reports malformed input only as "The given data was not valid
/// JSON." with no position, so when decoding fails that way the loader runs this small
/// RFC 8259 validator over the same bytes to get a line, column, byte offset and reason.
/// On the success path it runs only as ``firstDuplicateKey(in:)``: `JSONDecoder` silently
/// keeps one of two equal keys, and which one is not something a file should depend on.
struct JSONSyntaxLocator {
  /// Where and why the input stops being JSON.
  struct Failure: Hashable, Sendable {
    /// 1-based line number.
    var line: Int
    /// 1-based column, counted in bytes.
    var column: Int
    /// 0-based byte offset of the offending byte (the buffer's count at end of input).
    var offset: Int
    /// Human-readable reason, e.g. `expected a value, found ','`.
    var reason: String
  }

  private struct Stop: Error {
    var offset: Int
    var reason: String
    var isDuplicateKey = false
  }

  private static let maximumDepth = 512

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0
  /// Whether an object with two equal keys is an error (only ``firstDuplicateKey(in:)``).
  private var rejectsDuplicateKeys = false

  private init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Returns the first syntax error in `bytes`, or `nil` if they are a valid JSON document.
  static func firstError(in bytes: some Collection<UInt8>) -> Failure? {
    var locator = JSONSyntaxLocator(Array(bytes))
    do {
      try locator.document()
      return nil
    } catch {
      return locator.failure(at: error.offset, reason: error.reason)
    }
  }

  /// Returns where the first object repeats a key (compared as written, escapes and all), or
  /// `nil` if no object does; a syntax error is not reported here (see ``firstError(in:)``).
  static func firstDuplicateKey(in bytes: some Collection<UInt8>) -> Failure? {
    var locator = JSONSyntaxLocator(Array(bytes))
    locator.rejectsDuplicateKeys = true
    do {
      try locator.document()
      return nil
    } catch {
      return error.isDuplicateKey ? locator.failure(at: error.offset, reason: error.reason) : nil
    }
  }

  private func failure(at offset: Int, reason: String) -> Failure {
    var line = 1
    var lineStart = 0
    for position in 0..<min(offset, bytes.count) where bytes[position] == UInt8(ascii: "\n") {
      line += 1
      lineStart = position + 1
    }
    return Failure(line: line, column: offset - lineStart + 1, offset: offset, reason: reason)
  }

  // MARK: Grammar

  private mutating func document() throws(Stop) {
    // A UTF-8 byte order mark, which `JSONDecoder` accepts too; offsets still count it.
    if bytes.starts(with: Self.byteOrderMark) { index = Self.byteOrderMark.count }
    skipWhitespace()
    guard index < bytes.count else {
      throw Stop(offset: index, reason: bytes.isEmpty ? "the file is empty" : "no JSON value")
    }
    try value()
    skipWhitespace()
    if index < bytes.count {
      throw Stop(offset: index, reason: "unexpected \(found()) after the top-level value")
    }
  }

  private mutating func value() throws(Stop) {
    guard let byte = peek() else {
      throw Stop(offset: index, reason: "expected a value, found end of file")
    }
    switch byte {
    case UInt8(ascii: "{"): try object()
    case UInt8(ascii: "["): try array()
    case UInt8(ascii: "\""): try string()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    default: throw Stop(offset: index, reason: "expected a value, found \(found())")
    }
  }

  private mutating func object() throws(Stop) {
    try enter()
    index += 1  // {
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return
    }
    // The keys so far, as written, and where each starts: objects are small, so a list.
    var keys: [(key: ArraySlice<UInt8>, offset: Int)] = []
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else {
        throw Stop(offset: index, reason: "expected a string key, found \(found())")
      }
      let keyStart = index
      try string()
      if rejectsDuplicateKeys {
        let key = bytes[keyStart..<index]
        if let first = keys.first(where: { $0.key == key }) {
          let position = failure(at: first.offset, reason: "")
          throw Stop(
            offset: keyStart,
            reason: "duplicate key \(String(decoding: key, as: UTF8.self)) (first at line "
              + "\(position.line), column \(position.column)): decoders disagree on which counts",
            isDuplicateKey: true)
        }
        keys.append((key, keyStart))
      }
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else {
        throw Stop(offset: index, reason: "expected ':' after an object key, found \(found())")
      }
      index += 1
      skipWhitespace()
      try value()
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","):
        index += 1
      case UInt8(ascii: "}"):
        index += 1
        depth -= 1
        return
      default:
        throw Stop(offset: index, reason: "expected ',' or '}' in an object, found \(found())")
      }
    }
  }

  private mutating func array() throws(Stop) {
    try enter()
    index += 1  // [
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return
    }
    while true {
      skipWhitespace()
      try value()
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","):
        index += 1
      case UInt8(ascii: "]"):
        index += 1
        depth -= 1
        return
      default:
        throw Stop(offset: index, reason: "expected ',' or ']' in an array, found \(found())")
      }
    }
  }

  private mutating func string() throws(Stop) {
    let start = index
    index += 1  // opening quote
    while let byte = peek() {
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return
      case UInt8(ascii: "\\"):
        try escape()
      case 0..<0x20:
        throw Stop(offset: index, reason: "unescaped control character in a string")
      case 0x80...:
        try multibyteCharacter()
      default:
        index += 1
      }
    }
    throw Stop(offset: start, reason: "unterminated string")
  }

  /// One character of two to four bytes, as RFC 3629 allows them: no overlong forms, no
  /// surrogates, nothing past U+10FFFF.
  private mutating func multibyteCharacter() throws(Stop) {
    let start = index
    let lead = bytes[index]
    // The continuation bytes' count, and the range the first of them must be in.
    let count: Int
    let second: ClosedRange<UInt8>
    switch lead {
    case 0xC2...0xDF: (count, second) = (1, 0x80...0xBF)
    case 0xE0: (count, second) = (2, 0xA0...0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (count, second) = (2, 0x80...0xBF)
    case 0xED: (count, second) = (2, 0x80...0x9F)
    case 0xF0: (count, second) = (3, 0x90...0xBF)
    case 0xF1...0xF3: (count, second) = (3, 0x80...0xBF)
    case 0xF4: (count, second) = (3, 0x80...0x8F)
    default:
      throw Stop(
        offset: index, reason: "invalid UTF-8 in a string: \(found()) cannot start a character")
    }
    index += 1
    for position in 0..<count {
      let allowed = position == 0 ? second : 0x80...0xBF
      guard let byte = peek(), allowed.contains(byte) else {
        throw Stop(
          offset: index,
          reason:
            "invalid UTF-8 in a string: \(found()) cannot continue the character at byte \(start)")
      }
      index += 1
    }
  }

  private mutating func escape() throws(Stop) {
    let start = index
    index += 1  // backslash
    guard let byte = peek() else {
      throw Stop(offset: start, reason: "unterminated string")
    }
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return
    case UInt8(ascii: "u"):
      for _ in 0..<4 {
        guard let hex = peek(), Self.isHexDigit(hex) else {
          throw Stop(offset: start, reason: "invalid \\u escape in a string")
        }
        index += 1
      }
    default:
      throw Stop(offset: start, reason: "invalid escape sequence in a string")
    }
  }

  private mutating func number() throws(Stop) {
    let start = index
    if peek() == UInt8(ascii: "-") { index += 1 }
    if peek() == UInt8(ascii: "0") {
      index += 1
    } else if digits() == 0 {
      throw Stop(offset: start, reason: "invalid number")
    }
    if peek() == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw Stop(offset: start, reason: "invalid number") }
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      index += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
      guard digits() > 0 else { throw Stop(offset: start, reason: "invalid number") }
    }
  }

  private mutating func literal(_ word: StaticString) throws(Stop) {
    let start = index
    let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for byte in expected {
      guard peek() == byte else {
        throw Stop(offset: start, reason: "invalid literal (expected \(word))")
      }
      index += 1
    }
  }

  // MARK: Helpers

  private mutating func enter() throws(Stop) {
    depth += 1
    if depth > Self.maximumDepth {
      throw Stop(offset: index, reason: "nesting deeper than \(Self.maximumDepth) levels")
    }
  }

  private func peek() -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  private mutating func digits() -> Int {
    var count = 0
    while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
      index += 1
      count += 1
    }
    return count
  }

  private mutating func skipWhitespace() {
    while let byte = peek(),
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    {
      index += 1
    }
  }

  /// Describes the byte at the current index for a message.
  private func found() -> String {
    guard let byte = peek() else { return "end of file" }
    switch byte {
    case 0x0A, 0x0D: return "a line break"
    case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
    default: return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }
  }

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
      UInt8(ascii: "A")...UInt8(ascii: "F"):
      true
    default:
      false
    }
  }
}
