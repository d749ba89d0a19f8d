/// Text broken into lines for a proposed width and line count, measured in columns.
///
/// - **Wrapping** is greedy at spaces. The spaces where a line breaks are dropped; a paragraph's
///   leading spaces are kept. A word wider than the line is broken between graphemes, and a
///   grapheme wider than the line still gets a line of its own (it is clipped when drawn).
/// - **Truncation** is at the tail, as SwiftUI's default: when the text needs more lines than
///   allowed, the last allowed line holds the rest of its paragraph cut to fit, with `…`. A
///   paragraph cut off after its last line gets the `…` too.
/// - Widths are `DisplayWidth` columns, so wide and combining characters count correctly.
struct TextLayout: Equatable {
  /// The width the text was laid out for (nil: no wrapping).
  let proposedWidth: Int?
  /// The most lines allowed (nil: no limit).
  let maximumLines: Int?
  /// The lines, ready to draw.
  let lines: [String]
  /// The width of each line in columns.
  let lineWidths: [Int]

  /// The size the text takes: its widest line by its line count.
  var size: LayoutSize { LayoutSize(width: lineWidths.max() ?? 0, height: lines.count) }

  /// Lays `text` out.
  /// - Parameters:
  ///   - text: the string, with newlines between paragraphs.
  ///   - width: the proposed width; nil lays each paragraph out on one line. 0 gives no lines.
  ///   - maximumLines: the most lines to keep; nil keeps all.
  init(_ text: String, width: Int?, maximumLines: Int?) {
    proposedWidth = width
    self.maximumLines = maximumLines
    let paragraphs = Self.paragraphs(of: text)
    guard width != 0, !(paragraphs.count == 1 && paragraphs[0].isEmpty) else {
      lines = []
      lineWidths = []
      return
    }
    var lines: [String] = []
    var lineWidths: [Int] = []
    paragraphLoop: for (number, paragraph) in paragraphs.enumerated() {
      let wrapped = Self.wrap(paragraph, width: width)
      for (index, line) in wrapped.enumerated() {
        if let maximumLines, lines.count == max(1, maximumLines) - 1 {
          let isLast = number == paragraphs.count - 1 && index == wrapped.count - 1
          if isLast {
            lines.append(line.text)
            lineWidths.append(line.width)
          } else {
            let rest = paragraph[line.start...]
            let cut = Self.truncated(rest, width: width, force: index == wrapped.count - 1)
            lines.append(cut)
            lineWidths.append(DisplayWidth.columns(of: cut))
          }
          break paragraphLoop
        }
        lines.append(line.text)
        lineWidths.append(line.width)
      }
    }
    self.lines = lines
    self.lineWidths = lineWidths
  }

  /// Lays `text` out on one line that shows its `index`th character (see
  /// `TerminalLayoutContent.singleLine`). O(n) in the text's length.
  /// - Parameters:
  ///   - text: the string; newlines and tabs become spaces, other controls are dropped.
  ///   - width: the proposed width; nil shows it all. 0 gives no lines.
  ///   - index: the character to keep in view.
  init(singleLine text: String, width: Int?, keeping index: Int) {
    proposedWidth = width
    maximumLines = 1
    guard width != 0 else {
      lines = []
      lineWidths = []
      return
    }
    let characters = Array(Self.paragraphs(of: text).joined(separator: " "))
    let shown = width.map { Self.window(of: characters, width: $0, keeping: index) }
    lines = [shown ?? String(characters)]
    lineWidths = [DisplayWidth.columns(of: lines[0])]
  }

  /// The part of `characters` that fits in `width` columns and includes `characters[index]`,
  /// with `…` where characters are left out.
  static func window(of characters: [Character], width: Int, keeping index: Int) -> String {
    let columns = characters.map { DisplayWidth.columns(of: $0) }
    if columns.reduce(0, +) <= width { return String(characters) }
    let kept = characters.indices.contains(index) ? index : 0
    // The start and a `…` at the end, while the kept character fits before it (or the field
    // is too narrow for a `…` on both sides of it).
    if width < 3 || columns[...kept].reduce(0, +) <= width - 1 {
      return truncated(Substring(String(characters)), width: width, force: true)
    }
    // Otherwise the kept character at the right edge, a `…` at the start (and one at the end
    // when characters follow), and as many characters before it as fit.
    var end = kept + 1
    var room = width - 1 - (end < characters.count ? 1 : 0)
    var start = kept
    room -= columns[kept]
    while start > 0 && columns[start - 1] <= room {
      start -= 1
      room -= columns[start]
    }
    if room < 0 {
      // Not even the kept character fits (a wide one in a narrow field): show what does.
      end = start
    }
    return "…" + String(characters[start..<end]) + (end < characters.count ? "…" : "")
  }

  /// One wrapped line: its text, its width, and where it starts in its paragraph.
  struct Line {
    var text: String
    var width: Int
    var start: String.Index
  }

  /// The paragraphs of `text`: split at newlines (`\n`, `\r\n`, `\r`), tabs made spaces,
  /// other controls dropped.
  static func paragraphs(of text: String) -> [String] {
    let needsCleaning = text.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 >= 0x80 }
    guard needsCleaning else { return [text] }
    var paragraphs: [String] = []
    var current = ""
    for character in text {
      if character.isNewline {
        paragraphs.append(current)
        current = ""
      } else if character == "\t" {
        current.append(" ")
      } else if !isControl(character) {
        current.append(character)
      }
    }
    paragraphs.append(current)
    return paragraphs
  }

  /// Whether a cluster starts with a C0, DEL or C1 control (newlines are handled before).
  private static func isControl(_ character: Character) -> Bool {
    guard let first = character.unicodeScalars.first?.value else { return true }
    return first < 0x20 || (0x7F...0x9F).contains(first)
  }

  /// Breaks one paragraph into lines no wider than `width` (nil: one line).
  static func wrap(_ paragraph: String, width: Int?) -> [Line] {
    let fullWidth = DisplayWidth.columns(of: paragraph)
    guard let width, fullWidth > width else {
      return [Line(text: paragraph, width: fullWidth, start: paragraph.startIndex)]
    }
    var lines: [Line] = []
    var line = ""
    var lineWidth = 0
    var lineHasWord = false
    var lineStart = paragraph.startIndex
    var spaces = 0
    var index = paragraph.startIndex

    func finishLine() {
      lines.append(Line(text: line, width: lineWidth, start: lineStart))
      line = ""
      lineWidth = 0
      lineHasWord = false
    }

    // Leading spaces are indentation and stay, as long as they leave room on the line.
    while index < paragraph.endIndex, paragraph[index] == " " {
      spaces += 1
      index = paragraph.index(after: index)
    }
    if spaces < width {
      line = String(repeating: " ", count: spaces)
      lineWidth = spaces
    }
    spaces = 0

    while index < paragraph.endIndex {
      if paragraph[index] == " " {
        spaces += 1
        index = paragraph.index(after: index)
        continue
      }
      let wordStart = index
      var wordWidth = 0
      while index < paragraph.endIndex, paragraph[index] != " " {
        wordWidth += DisplayWidth.columns(of: paragraph[index])
        index = paragraph.index(after: index)
      }
      let word = paragraph[wordStart..<index]
      let gap = lineHasWord ? spaces : 0
      if lineWidth + gap + wordWidth <= width {
        line += String(repeating: " ", count: gap)
        line += word
        lineWidth += gap + wordWidth
      } else {
        if lineHasWord {
          finishLine()
          lineStart = wordStart
        }
        if lineWidth + wordWidth <= width {
          line += word
          lineWidth += wordWidth
        } else {
          // A word longer than the line: as many graphemes per line as fit, at least one.
          for position in word.indices {
            let character = word[position]
            let columns = DisplayWidth.columns(of: character)
            if lineHasWord, lineWidth + columns > width {
              finishLine()
              lineStart = position
            }
            line.append(character)
            lineWidth += columns
            lineHasWord = true
          }
        }
      }
      lineHasWord = true
      spaces = 0
    }
    if lineHasWord || lines.isEmpty { finishLine() }
    return lines
  }

  /// `text` cut to `width` columns with a trailing `…`, or unchanged when it fits and `force`
  /// is false. With no width, the whole text and the `…`.
  static func truncated(_ text: Substring, width: Int?, force: Bool) -> String {
    let trimmed = text.reversed().drop(while: { $0 == " " }).reversed()
    guard let width else { return String(trimmed) + "…" }
    let full = String(trimmed)
    if !force, DisplayWidth.columns(of: full) <= width { return full }
    var result = ""
    var used = 0
    for character in full {
      let columns = DisplayWidth.columns(of: character)
      if used + columns > width - 1 { break }
      result.append(character)
      used += columns
    }
    while result.last == " " { result.removeLast() }
    return result + "…"
  }
}
