/// SGR (Select Graphic Rendition) sequences that change the terminal's pen from one cell style
/// to another with as few bytes as possible.
enum GraphicRendition {
  /// The sequence that turns `current` into `target`: nothing when they are equal; otherwise
  /// the shorter of "only what changed" and "reset, then set everything".
  ///
  /// - Parameters:
  ///   - current: the pen now, or nil when unknown (then the sequence starts with a reset).
  ///   - target: the style the next cells need.
  /// - Returns: the parameters of one `ESC [ … m`, or an empty array when nothing changes.
  static func transition(from current: CellStyle?, to target: CellStyle) -> [UInt8] {
    if let current, current == target { return [] }
    var full: [Int] = [0]
    appendSetting(target, into: &full)
    guard let current else { return sequence(full) }
    var changes: [Int] = []
    let removed = current.attributes.subtracting(target.attributes)
    var added = target.attributes.subtracting(current.attributes)
    if !removed.isDisjoint(with: [.bold, .dim]) {
      // 22 clears bold and dim together; whichever the target keeps is set again.
      changes.append(22)
      added.formUnion(target.attributes.intersection([.bold, .dim]))
    }
    if removed.contains(.italic) { changes.append(23) }
    if removed.contains(.underline) { changes.append(24) }
    if removed.contains(.inverse) { changes.append(27) }
    if removed.contains(.strikethrough) { changes.append(29) }
    appendAttributes(added, into: &changes)
    if current.foreground != target.foreground {
      appendColor(target.foreground, base: 30, into: &changes)
    }
    if current.background != target.background {
      appendColor(target.background, base: 40, into: &changes)
    }
    let partial = sequence(changes)
    let reset = sequence(full)
    return partial.count <= reset.count ? partial : reset
  }

  private static func appendSetting(_ style: CellStyle, into parameters: inout [Int]) {
    appendAttributes(style.attributes, into: &parameters)
    if style.foreground != nil { appendColor(style.foreground, base: 30, into: &parameters) }
    if style.background != nil { appendColor(style.background, base: 40, into: &parameters) }
  }

  private static func appendAttributes(_ attributes: CellAttributes, into parameters: inout [Int]) {
    if attributes.contains(.bold) { parameters.append(1) }
    if attributes.contains(.dim) { parameters.append(2) }
    if attributes.contains(.italic) { parameters.append(3) }
    if attributes.contains(.underline) { parameters.append(4) }
    if attributes.contains(.inverse) { parameters.append(7) }
    if attributes.contains(.strikethrough) { parameters.append(9) }
  }

  /// `base` is 30 for the foreground and 40 for the background.
  private static func appendColor(_ color: TerminalColor?, base: Int, into parameters: inout [Int])
  {
    switch color {
    case nil:
      parameters.append(base + 9)
    case .ansi(let index) where index < 8:
      parameters.append(base + Int(index))
    case .ansi(let index) where index < 16:
      parameters.append(base + 60 + Int(index) - 8)
    case .ansi(let index), .palette(let index):
      parameters += [base + 8, 5, Int(index)]
    case .rgb(let red, let green, let blue):
      parameters += [base + 8, 2, Int(red), Int(green), Int(blue)]
    }
  }

  private static func sequence(_ parameters: [Int]) -> [UInt8] {
    var buffer = EscapeSequenceBuffer()
    buffer.append("\u{1B}[")
    for (index, parameter) in parameters.enumerated() {
      if index > 0 { buffer.append(";") }
      buffer.appendNumber(parameter)
    }
    buffer.append("m")
    return buffer.bytes
  }
}
