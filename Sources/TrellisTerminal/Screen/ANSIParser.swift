/// Splits terminal output into text and control functions, as a terminal's parser does.
///
/// A value-type state machine in the shape of the DEC/xterm parser (ground, escape, CSI and
/// string states): feed it bytes in any split, and it returns what they meant. A sequence cut
/// between two `parse` calls is completed by the next call. Malformed sequences come back as
/// `.unrecognized`, and the parser returns to the ground state; it never gets stuck.
struct ANSIParser {
  /// One thing the output asked for.
  enum Action: Equatable {
    /// Printable text (complete UTF-8; invalid bytes become U+FFFD).
    case print(String)
    /// A C0 control: BS, HT, LF, VT, FF, CR, BEL…
    case control(UInt8)
    /// `ESC [ <private> <parameters> <intermediates> <final>`.
    case csi(ControlSequence)
    /// `ESC <intermediates> <final>`, such as `ESC 7` or `ESC ( B`.
    case escape(intermediates: [UInt8], final: UInt8)
    /// An operating-system command, `ESC ] … BEL` (window titles and the like).
    case operatingSystemCommand(String)
    /// Bytes that form no known function.
    case unrecognized([UInt8])
  }

  /// A control sequence: `ESC [`, an optional private marker, numeric parameters separated by
  /// `;` (subparameters by `:`), intermediates and a final byte.
  struct ControlSequence: Equatable {
    /// `?`, `>`, `<` or `=` when present (DEC private modes use `?`).
    var privateMarker: UInt8?
    /// The parameters; nil where a parameter was empty (it takes its default).
    var parameters: [Int?]
    /// Intermediate bytes (0x20–0x2F).
    var intermediates: [UInt8]
    /// The final byte (0x40–0x7E).
    var final: UInt8

    /// Parameter `index`, or `defaultValue` when absent or empty.
    func parameter(_ index: Int, default defaultValue: Int) -> Int {
      guard index < parameters.count, let value = parameters[index] else { return defaultValue }
      return value
    }
  }

  private enum State {
    case ground
    case escape
    case escapeIntermediate
    case controlSequence
    case operatingSystemCommand
    case operatingSystemCommandEscape
  }

  /// Longest sequence kept; longer ones are reported as unrecognized.
  private static let maximumSequenceLength = 256

  private var state = State.ground
  private var sequence: [UInt8] = []
  private var text: [UInt8] = []
  /// A UTF-8 sequence cut at the end of the last `parse` call.
  private var pendingUTF8: [UInt8] = []

  /// Parses the next bytes of output.
  /// - Parameter bytes: any number of bytes, continuing the previous call's.
  /// - Returns: the actions they complete, in order. Text at the end is returned at once
  ///   (except a cut UTF-8 sequence, kept for the next call).
  mutating func parse(_ bytes: some Sequence<UInt8>) -> [Action] {
    var actions: [Action] = []
    for byte in bytes { consume(byte, into: &actions) }
    flushText(into: &actions, keepingIncompleteTail: true)
    return actions
  }

  private mutating func consume(_ byte: UInt8, into actions: inout [Action]) {
    switch state {
    case .ground:
      if byte == 0x1B {
        flushText(into: &actions, keepingIncompleteTail: false)
        sequence = [byte]
        state = .escape
      } else if byte < 0x20 || byte == 0x7F {
        flushText(into: &actions, keepingIncompleteTail: false)
        if byte != 0x7F { actions.append(.control(byte)) }
      } else {
        text.append(byte)
      }
    case .escape:
      sequence.append(byte)
      switch byte {
      case UInt8(ascii: "["): state = .controlSequence
      case UInt8(ascii: "]"): state = .operatingSystemCommand
      case 0x20...0x2F: state = .escapeIntermediate
      case 0x30...0x7E:
        actions.append(.escape(intermediates: [], final: byte))
        reset()
      default:
        abandon(byte, into: &actions)
      }
    case .escapeIntermediate:
      sequence.append(byte)
      switch byte {
      case 0x20...0x2F: break
      case 0x30...0x7E:
        actions.append(.escape(intermediates: Array(sequence.dropFirst().dropLast()), final: byte))
        reset()
      default: abandon(byte, into: &actions)
      }
    case .controlSequence:
      sequence.append(byte)
      switch byte {
      case 0x20...0x3F:
        if sequence.count > Self.maximumSequenceLength { abandon(nil, into: &actions) }
      case 0x40...0x7E:
        if let parsed = Self.controlSequence(sequence) {
          actions.append(.csi(parsed))
        } else {
          actions.append(.unrecognized(sequence))
        }
        reset()
      default:
        abandon(byte, into: &actions)
      }
    case .operatingSystemCommand:
      if byte == 0x07 {
        actions.append(
          .operatingSystemCommand(String(decoding: sequence.dropFirst(2), as: UTF8.self)))
        reset()
      } else if byte == 0x1B {
        state = .operatingSystemCommandEscape
      } else {
        sequence.append(byte)
        if sequence.count > Self.maximumSequenceLength { abandon(nil, into: &actions) }
      }
    case .operatingSystemCommandEscape:
      if byte == UInt8(ascii: "\\") {
        actions.append(
          .operatingSystemCommand(String(decoding: sequence.dropFirst(2), as: UTF8.self)))
        reset()
      } else {
        sequence.append(0x1B)
        abandon(byte, into: &actions)
      }
    }
  }

  /// Reports the sequence so far as unrecognized and reprocesses `byte` (which ended it
  /// without belonging to it) from the ground state.
  private mutating func abandon(_ byte: UInt8?, into actions: inout [Action]) {
    if let byte, sequence.last == byte { sequence.removeLast() }
    actions.append(.unrecognized(sequence))
    reset()
    if let byte { consume(byte, into: &actions) }
  }

  private mutating func reset() {
    state = .ground
    sequence.removeAll(keepingCapacity: true)
  }

  private mutating func flushText(into actions: inout [Action], keepingIncompleteTail: Bool) {
    guard !text.isEmpty || !pendingUTF8.isEmpty else { return }
    var bytes = pendingUTF8 + text
    pendingUTF8.removeAll()
    text.removeAll(keepingCapacity: true)
    if keepingIncompleteTail {
      let tail = Self.incompleteUTF8Tail(of: bytes)
      if tail > 0 {
        pendingUTF8 = Array(bytes.suffix(tail))
        bytes.removeLast(tail)
      }
    }
    if !bytes.isEmpty { actions.append(.print(String(decoding: bytes, as: UTF8.self))) }
  }

  /// How many bytes at the end of `bytes` start a UTF-8 sequence that is not finished yet.
  static func incompleteUTF8Tail(of bytes: [UInt8]) -> Int {
    var count = 0
    for byte in bytes.reversed() {
      count += 1
      if count > 3 { return 0 }
      if byte & 0xC0 == 0x80 { continue }  // a continuation byte: keep looking for the lead
      let needed: Int
      switch byte {
      case 0xC2...0xDF: needed = 2
      case 0xE0...0xEF: needed = 3
      case 0xF0...0xF4: needed = 4
      default: return 0
      }
      return count < needed ? count : 0
    }
    return 0
  }

  private static func controlSequence(_ bytes: [UInt8]) -> ControlSequence? {
    var body = bytes.dropFirst(2)
    guard let final = body.popLast() else { return nil }
    var privateMarker: UInt8?
    if let first = body.first, (0x3C...0x3F).contains(first) {
      privateMarker = first
      body = body.dropFirst()
    }
    var intermediates: [UInt8] = []
    while let last = body.last, (0x20...0x2F).contains(last) {
      intermediates.insert(last, at: 0)
      body = body.dropLast()
    }
    var parameters: [Int?] = []
    var current: Int?
    var sawAny = false
    for byte in body {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        current = min(99_999, (current ?? 0) * 10 + Int(byte - UInt8(ascii: "0")))
        sawAny = true
      case UInt8(ascii: ";"), UInt8(ascii: ":"):
        parameters.append(current)
        current = nil
        sawAny = true
      default:
        return nil
      }
    }
    if sawAny { parameters.append(current) }
    return ControlSequence(
      privateMarker: privateMarker, parameters: parameters, intermediates: intermediates,
      final: final)
  }
}
