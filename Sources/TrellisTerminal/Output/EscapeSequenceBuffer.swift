/// Bytes being assembled for the terminal, with the escape sequences the writer uses.
struct EscapeSequenceBuffer {
  private(set) var bytes: [UInt8] = []

  var count: Int { bytes.count }

  mutating func append(_ string: String) { bytes.append(contentsOf: string.utf8) }

  mutating func append(_ character: Character) {
    if let ascii = character.asciiValue {
      bytes.append(ascii)
    } else {
      bytes.append(contentsOf: character.utf8)
    }
  }

  mutating func append(_ byte: UInt8) { bytes.append(byte) }

  /// The grapheme of a cell.
  mutating func append(_ cell: GridCell) { cell.appendUTF8(to: &bytes) }

  mutating func append(contentsOf other: [UInt8]) { bytes.append(contentsOf: other) }

  /// A decimal number, without allocating a string.
  mutating func appendNumber(_ value: Int) {
    if value >= 10 { appendNumber(value / 10) }
    bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
  }

  /// `ESC [ n final`, with `n` left out when it is 1 (every move's default).
  mutating func controlSequence(_ count: Int, _ final: Character) {
    append("\u{1B}[")
    if count != 1 { appendNumber(count) }
    append(final)
  }

  /// CUP: the cursor to a 0-based row and column.
  mutating func moveCursor(toRow row: Int, column: Int) {
    append("\u{1B}[")
    if row != 0 || column != 0 {
      appendNumber(row + 1)
      if column != 0 {
        append(";")
        appendNumber(column + 1)
      }
    }
    append("H")
  }

  /// The length of CUP to a position, for choosing the shortest move.
  static func cursorPositionLength(row: Int, column: Int) -> Int {
    if row == 0 && column == 0 { return 3 }
    return 3 + digits(row + 1) + (column == 0 ? 0 : 1 + digits(column + 1))
  }

  /// The length of a relative move of `count` cells.
  static func relativeMoveLength(_ count: Int) -> Int {
    count == 0 ? 0 : 3 + (count == 1 ? 0 : digits(count))
  }

  static func digits(_ value: Int) -> Int {
    var value = value
    var count = 1
    while value >= 10 {
      value /= 10
      count += 1
    }
    return count
  }
}
