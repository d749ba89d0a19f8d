/// Turns the bytes a terminal sends into key presses and pastes.
///
/// It understands what xterm-compatible terminals send in raw mode:
/// - UTF-8 text, one `.character` event per grapheme cluster (a cluster typed in one burst,
///   such as an emoji sequence, stays whole);
/// - C0 controls: CR and LF are Return, HT is Tab, DEL and BS are Backspace (`.delete`), ESC
///   is Escape, NUL is Control-Space, and the others are Control with their letter, so byte 3
///   is Control-C;
/// - CSI and SS3 sequences for arrows, Home, End, Insert, Delete, Page Up/Down, F1–F12 and
///   Shift-Tab, with xterm's modifier parameter (`ESC [ 1 ; 5 A` is Control-Up), and the
///   `CSI … u` form of the kitty keyboard protocol;
/// - ESC before a key as Option (Alt) with that key;
/// - bracketed paste (`ESC [ 200 ~` … `ESC [ 201 ~`) as one `.paste` event.
///
/// Input arrives in reads of whatever is available, so each `decode` call is treated as the
/// end of what the terminal has sent for now: an escape sequence or UTF-8 character cut at the
/// end is kept for the next call, except a lone ESC, which is the Escape key (a terminal sends
/// a whole sequence in one write, and a user pressing Escape sends nothing after it). A decoder
/// made with `waitsForSplitSequences` keeps a lone ESC too, until the next read or
/// `endSequence()`, for input that may split a sequence (a slow link). A paste may span any
/// number of reads.
///
/// Nothing is silently lost and nothing sticks: unknown sequences, invalid UTF-8, C1 controls
/// and sequences longer than `maximumSequenceLength` come back as `.unrecognized` with their
/// bytes, and decoding continues with the next byte. So do a terminal's string replies (OSC,
/// DCS, APC, PM, SOS, up to BEL or `ESC \`) when they arrive whole in one read, as terminals
/// send them: they never type into a field. An ESC and one of their introducers with no
/// terminator after it is Option with that key.
public struct TerminalInputDecoder: Sendable {
  /// The longest escape sequence held back waiting for its end.
  public static let maximumSequenceLength = 64

  /// The bytes after ESC that begin a string sequence: `]` OSC, `P` DCS, `_` APC, `^` PM, `X`
  /// SOS. Each ends with ST (`ESC \`), or BEL for OSC.
  private static let stringIntroducers: Set<UInt8> = [0x5D, 0x50, 0x5F, 0x5E, 0x58]

  /// The index after the terminator (BEL, or `ESC \`) of a string sequence whose content
  /// starts at `start`, or nil when `input` has none.
  private static func stringTerminatorEnd(in input: [UInt8], from start: Int) -> Int? {
    var index = start
    while index < input.count {
      if input[index] == 0x07 { return index + 1 }
      if input[index] == 0x1B {
        return index + 1 < input.count && input[index + 1] == UInt8(ascii: "\\") ? index + 2 : nil
      }
      index += 1
    }
    return nil
  }

  private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  /// Bytes of a sequence cut at the end of the last call.
  private var pending: [UInt8] = []
  /// The content of a paste whose end has not arrived, or nil outside a paste.
  private var paste: [UInt8]?

  /// Whether a lone ESC at the end of a read waits for the next read, as the start of a
  /// sequence cut in two, rather than being the Escape key at once.
  public let waitsForSplitSequences: Bool

  /// A decoder with nothing pending.
  /// - Parameter waitsForSplitSequences: whether a lone ESC at the end of a read is held back
  ///   like any other cut sequence (default false: it is the Escape key at once). A reader that
  ///   sets it calls `endSequence()` when the input pauses, as a terminal library's escape
  ///   delay does (`TerminalSession` waits 50 ms), so that an arrow key whose ESC and `[A`
  ///   arrive in two reads stays an arrow key instead of Escape, `[` and `A`.
  public init(waitsForSplitSequences: Bool = false) {
    self.waitsForSplitSequences = waitsForSplitSequences
  }

  /// Whether bytes are held back: an unfinished escape sequence, character or paste.
  public var hasPendingInput: Bool { !pending.isEmpty || paste != nil }

  /// Whether an escape sequence cut at the end of the last read is held back (outside a
  /// paste): what `endSequence()` delivers.
  public var isInSequence: Bool { paste == nil && pending.first == 0x1B }

  /// Ends an escape sequence held back when the input pauses: the terminal has sent nothing
  /// after it, so it was typed as it is. A lone ESC is the Escape key; ESC and one ASCII
  /// character (`[`, `O`) are Option with that character; anything longer comes back as
  /// `.unrecognized` with its bytes. Does nothing when no sequence is held.
  /// - Returns: the events the held bytes make.
  public mutating func endSequence() -> [TerminalEvent] {
    guard isInSequence else { return [] }
    let held = pending
    pending.removeAll()
    switch held.count {
    case 1:
      return [.key(TerminalKeyPress(.escape))]
    case 2 where held[1] >= 0x20 && held[1] < 0x7F:
      return [
        .key(
          TerminalKeyPress(.character(Character(Unicode.Scalar(held[1]))), modifiers: .option))
      ]
    default:
      return [.unrecognized(held)]
    }
  }

  /// Whether a paste has begun (`ESC [ 200 ~`) and its end (`ESC [ 201 ~`) has not arrived:
  /// until it does, every byte is paste content, keys included.
  public var isInPaste: Bool { paste != nil }

  /// Ends a paste whose end marker has not arrived: what it held so far is delivered as a
  /// paste, and decoding goes on as outside one. A terminal sends a paste in one burst, so a
  /// reader calls this when the input pauses in the middle of one (`TerminalSession` waits
  /// half a second); without it, a lost end marker would turn every later key into paste
  /// content. Outside a paste, does nothing.
  /// - Returns: the paste, or nothing outside one.
  public mutating func endPaste() -> [TerminalEvent] {
    guard paste != nil else { return [] }
    return finish()
  }

  /// Decodes the bytes of one read.
  ///
  /// - Parameter bytes: the bytes now available, continuing the previous call's.
  /// - Returns: the events they complete, in order. O(n).
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [TerminalEvent] {
    var input = pending
    pending.removeAll()
    input.append(contentsOf: bytes)
    var events: [TerminalEvent] = []
    var index = 0
    var text = ""

    func flushText() {
      guard !text.isEmpty else { return }
      for character in text { events.append(.key(TerminalKeyPress(.character(character)))) }
      text = ""
    }

    while index < input.count {
      if paste != nil {
        flushText()
        index = continuePaste(input, from: index, into: &events)
        continue
      }
      let byte = input[index]
      if byte >= 0x20 && byte < 0x7F {
        text.unicodeScalars.append(Unicode.Scalar(byte))
        index += 1
        continue
      }
      if byte >= 0x80 {
        switch Self.scalar(in: input, at: index) {
        case .incomplete:
          flushText()
          pending = Array(input[index...])
          return events
        case .invalid(let length):
          flushText()
          events.append(.unrecognized(Array(input[index..<index + length])))
          index += length
        case .scalar(let scalar, let length):
          if (0x80...0x9F).contains(scalar.value) {
            flushText()
            events.append(.unrecognized(Array(input[index..<index + length])))
          } else {
            text.unicodeScalars.append(scalar)
          }
          index += length
        }
        continue
      }
      flushText()
      if byte == 0x1B {
        guard let next = escape(input, at: index, into: &events) else {
          pending = Array(input[index...])
          return events
        }
        index = next
      } else {
        events.append(.key(Self.controlKey(byte)))
        index += 1
      }
    }
    flushText()
    return events
  }

  /// Ends the input (standard input was closed): whatever is held back is delivered, a cut
  /// paste as a paste and a cut sequence as unrecognized bytes, and the decoder is empty again.
  /// - Returns: the final events.
  public mutating func finish() -> [TerminalEvent] {
    var events: [TerminalEvent] = []
    if let paste {
      events.append(.paste(Self.pasteText(paste + pending)))
    } else if isInSequence {
      events = endSequence()
    } else if !pending.isEmpty {
      events.append(.unrecognized(pending))
    }
    paste = nil
    pending.removeAll()
    return events
  }

  // MARK: Escape sequences

  /// Decodes the sequence starting with ESC at `index`; returns the index after it, or nil
  /// when the sequence is cut at the end of the input and must wait for more.
  private mutating func escape(
    _ input: [UInt8], at index: Int, into events: inout [TerminalEvent]
  ) -> Int? {
    guard index + 1 < input.count else {
      if waitsForSplitSequences { return nil }
      events.append(.key(TerminalKeyPress(.escape)))
      return index + 1
    }
    switch input[index + 1] {
    case UInt8(ascii: "["):
      return controlSequence(input, at: index, into: &events)
    case UInt8(ascii: "O"):
      guard index + 2 < input.count else { return nil }
      let final = input[index + 2]
      if let key = Self.singleShiftKey(final) {
        events.append(.key(TerminalKeyPress(key)))
        return index + 3
      }
      if (0x40...0x5A).contains(final) {
        // An SS3 sequence this decoder does not know (its final byte is a capital, as
        // terminals send them): reported, not typed.
        events.append(.unrecognized(Array(input[index...(index + 2)])))
        return index + 3
      }
      // Not SS3 after all: Option-O, and the byte after it on its own.
      events.append(.key(TerminalKeyPress(.character("O"), modifiers: .option)))
      return index + 2
    case let introducer where Self.stringIntroducers.contains(introducer):
      // OSC, DCS, APC, PM or SOS: a terminal's reply (a colour, a status report), never a key.
      // Taken whole up to its terminator when that is in the same read; otherwise the ESC is
      // Option with the key after it, as a user typing Option-] sends.
      if let end = Self.stringTerminatorEnd(in: input, from: index + 2) {
        events.append(.unrecognized(Array(input[index..<end])))
        return end
      }
      events.append(
        .key(
          TerminalKeyPress(
            .character(Character(Unicode.Scalar(introducer))), modifiers: .option)))
      return index + 2
    case 0x1B:
      events.append(.key(TerminalKeyPress(.escape)))
      return index + 1
    case let byte where byte < 0x20 || byte == 0x7F:
      var press = Self.controlKey(byte)
      press.modifiers.insert(.option)
      events.append(.key(press))
      return index + 2
    case let byte where byte < 0x80:
      events.append(
        .key(
          TerminalKeyPress(.character(Character(Unicode.Scalar(byte))), modifiers: .option)))
      return index + 2
    default:
      switch Self.scalar(in: input, at: index + 1) {
      case .incomplete:
        return nil
      case .invalid:
        events.append(.key(TerminalKeyPress(.escape)))
        return index + 1
      case .scalar(let scalar, let length):
        events.append(.key(TerminalKeyPress(.character(Character(scalar)), modifiers: .option)))
        return index + 1 + length
      }
    }
  }

  /// `ESC [` parameters, intermediates, final byte.
  private mutating func controlSequence(
    _ input: [UInt8], at index: Int, into events: inout [TerminalEvent]
  ) -> Int? {
    var end = index + 2
    while end < input.count, (0x20...0x3F).contains(input[end]) { end += 1 }
    guard end < input.count else {
      if end - index > Self.maximumSequenceLength {
        events.append(.unrecognized(Array(input[index..<end])))
        return end
      }
      return nil
    }
    let final = input[end]
    guard (0x40...0x7E).contains(final) else {
      // A byte that cannot be in a sequence ends it: report what came before and decode the
      // byte afresh.
      events.append(.unrecognized(Array(input[index..<end])))
      return end
    }
    let sequence = Array(input[index...end])
    if sequence == Self.pasteStart {
      paste = []
      return end + 1
    }
    let body = input[(index + 2)..<end]
    if let press = Self.key(parameters: body, final: final) {
      events.append(.key(press))
    } else {
      events.append(.unrecognized(sequence))
    }
    return end + 1
  }

  /// Collects paste content from `index`; returns where decoding continues.
  private mutating func continuePaste(
    _ input: [UInt8], from index: Int, into events: inout [TerminalEvent]
  ) -> Int {
    let marker = Self.pasteEnd
    if let found = Self.firstIndex(of: marker, in: input, from: index) {
      let content = (paste ?? []) + input[index..<found]
      events.append(.paste(Self.pasteText(content)))
      paste = nil
      return found + marker.count
    }
    // Keep a possible beginning of the end marker for the next read.
    var kept = min(marker.count - 1, input.count - index)
    while kept > 0, !input[(input.count - kept)...].elementsEqual(marker.prefix(kept)) {
      kept -= 1
    }
    paste?.append(contentsOf: input[index..<(input.count - kept)])
    pending = Array(input[(input.count - kept)...])
    return input.count
  }

  private static func firstIndex(of marker: [UInt8], in input: [UInt8], from start: Int) -> Int? {
    guard input.count - start >= marker.count else { return nil }
    var index = start
    while index + marker.count <= input.count {
      if input[index] == marker[0], input[index..<(index + marker.count)].elementsEqual(marker) {
        return index
      }
      index += 1
    }
    return nil
  }

  /// Paste bytes as text: invalid UTF-8 becomes U+FFFD, and CR LF or CR become LF (terminals
  /// send pasted line breaks as CR).
  private static func pasteText(_ bytes: [UInt8]) -> String {
    var normalized: [UInt8] = []
    normalized.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x0D {
        normalized.append(0x0A)
        if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
      } else {
        normalized.append(bytes[index])
      }
      index += 1
    }
    return String(decoding: normalized, as: UTF8.self)
  }

  // MARK: Keys

  /// The key of a C0 control byte or DEL.
  private static func controlKey(_ byte: UInt8) -> TerminalKeyPress {
    switch byte {
    case 0x0D, 0x0A: TerminalKeyPress(.return)
    case 0x09: TerminalKeyPress(.tab)
    case 0x7F, 0x08: TerminalKeyPress(.delete)
    case 0x1B: TerminalKeyPress(.escape)
    case 0x00: TerminalKeyPress(.character(" "), modifiers: .control)
    case 0x01...0x1A:
      TerminalKeyPress(.character(Character(Unicode.Scalar(byte + 0x60))), modifiers: .control)
    default:
      // 0x1C–0x1F: Control with \ ] ^ _
      TerminalKeyPress(.character(Character(Unicode.Scalar(byte + 0x40))), modifiers: .control)
    }
  }

  /// The key of `ESC O <final>` (cursor keys in application mode, F1–F4, keypad Enter).
  private static func singleShiftKey(_ final: UInt8) -> TerminalKey? {
    switch final {
    case UInt8(ascii: "A"): .upArrow
    case UInt8(ascii: "B"): .downArrow
    case UInt8(ascii: "C"): .rightArrow
    case UInt8(ascii: "D"): .leftArrow
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    case UInt8(ascii: "M"): .return
    case UInt8(ascii: "P"): .function(1)
    case UInt8(ascii: "Q"): .function(2)
    case UInt8(ascii: "R"): .function(3)
    case UInt8(ascii: "S"): .function(4)
    default: nil
    }
  }

  /// The key of `ESC [ <parameters> <final>`, or nil for a sequence that is no key.
  private static func key(parameters body: ArraySlice<UInt8>, final: UInt8) -> TerminalKeyPress? {
    if let first = body.first, (0x3C...0x3F).contains(first) { return nil }  // private (mouse…)
    guard body.allSatisfy({ (0x30...0x3B).contains($0) }) else { return nil }
    // Parameters are separated by `;`; a `:` starts subparameters, of which only the first
    // counts.
    let parameters = body.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
      .map { field -> Int? in
        let digits = field.prefix { $0 != UInt8(ascii: ":") }
        guard !digits.isEmpty, digits.count <= 7 else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
      }
    func parameter(_ index: Int) -> Int? { index < parameters.count ? parameters[index] : nil }
    let modifiers = TerminalKeyModifiers(xtermParameter: parameter(1) ?? 1)
    let key: TerminalKey
    switch final {
    case UInt8(ascii: "A"): key = .upArrow
    case UInt8(ascii: "B"): key = .downArrow
    case UInt8(ascii: "C"): key = .rightArrow
    case UInt8(ascii: "D"): key = .leftArrow
    case UInt8(ascii: "H"): key = .home
    case UInt8(ascii: "F"): key = .end
    case UInt8(ascii: "P"): key = .function(1)
    case UInt8(ascii: "Q"): key = .function(2)
    case UInt8(ascii: "R"): key = .function(3)
    case UInt8(ascii: "S"): key = .function(4)
    case UInt8(ascii: "Z"):
      return TerminalKeyPress(.tab, modifiers: modifiers.union(.shift))
    case UInt8(ascii: "~"):
      guard let number = parameter(0), let tilde = tildeKey(number) else { return nil }
      key = tilde
    case UInt8(ascii: "u"):
      guard let code = parameter(0), let unicode = kittyKey(code) else { return nil }
      key = unicode
    default:
      return nil
    }
    return TerminalKeyPress(key, modifiers: modifiers)
  }

  /// The key of `ESC [ <number> ~` (the VT220 editing and function keys).
  private static func tildeKey(_ number: Int) -> TerminalKey? {
    switch number {
    case 1, 7: .home
    case 2: .insert
    case 3: .deleteForward
    case 4, 8: .end
    case 5: .pageUp
    case 6: .pageDown
    case 11...15: .function(number - 10)
    case 17...21: .function(number - 11)
    case 23, 24: .function(number - 12)
    default: nil
    }
  }

  /// The key of the kitty protocol's `ESC [ <code point> ; <modifiers> u`.
  private static func kittyKey(_ code: Int) -> TerminalKey? {
    switch code {
    case 9: return .tab
    case 13: return .return
    case 27: return .escape
    case 127, 8: return .delete
    default:
      guard code >= 0x20, let scalar = Unicode.Scalar(code), !(0x7F...0x9F).contains(code) else {
        return nil
      }
      return .character(Character(scalar))
    }
  }

  // MARK: UTF-8

  private enum DecodedScalar {
    case scalar(Unicode.Scalar, length: Int)
    /// Bytes that cannot start or continue a character here.
    case invalid(length: Int)
    /// The input ends inside a character.
    case incomplete
  }

  /// The UTF-8 character at `index`, validated as the standard requires (no overlong forms,
  /// surrogates, or code points above U+10FFFF).
  private static func scalar(in input: [UInt8], at index: Int) -> DecodedScalar {
    let lead = input[index]
    let length: Int
    var lower: UInt8 = 0x80
    var upper: UInt8 = 0xBF
    switch lead {
    case 0x00...0x7F: return .scalar(Unicode.Scalar(lead), length: 1)
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      lower = 0xA0
    case 0xED:
      length = 3
      upper = 0x9F
    case 0xE1...0xEF: length = 3
    case 0xF0:
      length = 4
      lower = 0x90
    case 0xF4:
      length = 4
      upper = 0x8F
    case 0xF1...0xF3: length = 4
    default: return .invalid(length: 1)
    }
    var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for offset in 1..<length {
      guard index + offset < input.count else { return .incomplete }
      let byte = input[index + offset]
      let range = offset == 1 ? lower...upper : 0x80...0xBF
      guard range.contains(byte) else { return .invalid(length: offset) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard let scalar = Unicode.Scalar(value) else { return .invalid(length: length) }
    return .scalar(scalar, length: length)
  }
}
