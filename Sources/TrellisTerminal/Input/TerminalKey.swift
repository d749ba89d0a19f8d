/// A key a terminal can report, named as SwiftUI's `KeyEquivalent` names them.
///
/// Terminals send text for printable keys, so letters, digits, punctuation and space arrive as
/// `.character`; whether Shift produced an uppercase letter is already in the character.
public enum TerminalKey: Hashable, Sendable {
  /// A printable grapheme: a typed letter, digit, symbol or space (`KeyEquivalent.space` is
  /// `" "`), or a multi-byte character such as `é`, `漢` or an emoji.
  case character(Character)
  /// Return or Enter (`KeyEquivalent.return`).
  case `return`
  /// Tab (`KeyEquivalent.tab`); Shift-Tab is `.tab` with `.shift`.
  case tab
  /// Escape (`KeyEquivalent.escape`).
  case escape
  /// Backspace, which SwiftUI calls `KeyEquivalent.delete`.
  case delete
  /// The forward-delete key, SwiftUI's `KeyEquivalent.deleteForward`.
  case deleteForward
  /// Up arrow.
  case upArrow
  /// Down arrow.
  case downArrow
  /// Left arrow.
  case leftArrow
  /// Right arrow.
  case rightArrow
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Insert.
  case insert
  /// A function key, F1 to F12.
  case function(Int)
}

/// The modifier keys held with a key, as SwiftUI's `EventModifiers` names them.
///
/// Terminals report Shift, Control and Option (Alt or Meta) for special keys; for printable
/// keys only Control (as a control character) and Option (as an ESC prefix) can be seen.
public struct TerminalKeyModifiers: OptionSet, Hashable, Sendable {
  /// The raw flags.
  public let rawValue: UInt8

  /// Modifiers from raw flags.
  /// - Parameter rawValue: the flags, as defined by the static members.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Shift.
  public static let shift = TerminalKeyModifiers(rawValue: 1 << 0)
  /// Control.
  public static let control = TerminalKeyModifiers(rawValue: 1 << 1)
  /// Option, Alt or Meta.
  public static let option = TerminalKeyModifiers(rawValue: 1 << 2)

  /// The modifiers of xterm's `1;m` parameter: `m - 1` is a bit set of Shift (1), Alt (2),
  /// Control (4) and Meta (8, reported as Option).
  init(xtermParameter: Int) {
    let bits = max(0, xtermParameter - 1)
    var modifiers: TerminalKeyModifiers = []
    if bits & 1 != 0 { modifiers.insert(.shift) }
    if bits & 2 != 0 || bits & 8 != 0 { modifiers.insert(.option) }
    if bits & 4 != 0 { modifiers.insert(.control) }
    self = modifiers
  }
}

/// One key press: the key and the modifiers held with it, as SwiftUI's `KeyPress`.
public struct TerminalKeyPress: Hashable, Sendable, CustomStringConvertible {
  /// The key.
  public var key: TerminalKey
  /// The modifiers held.
  public var modifiers: TerminalKeyModifiers

  /// A key press.
  /// - Parameters:
  ///   - key: the key.
  ///   - modifiers: the modifiers held with it.
  public init(_ key: TerminalKey, modifiers: TerminalKeyModifiers = []) {
    self.key = key
    self.modifiers = modifiers
  }

  /// The text the key types, for a printable key without Control or Option; nil otherwise.
  public var characters: String? {
    guard case .character(let character) = key, modifiers.isDisjoint(with: [.control, .option])
    else { return nil }
    return String(character)
  }

  /// `"ctrl+c"`, `"shift+tab"`, `"a"`: for logs and test failures.
  public var description: String {
    var parts: [String] = []
    if modifiers.contains(.control) { parts.append("ctrl") }
    if modifiers.contains(.option) { parts.append("option") }
    if modifiers.contains(.shift) { parts.append("shift") }
    switch key {
    case .character(let character): parts.append(character == " " ? "space" : String(character))
    case .function(let number): parts.append("f\(number)")
    default: parts.append("\(key)")
    }
    return parts.joined(separator: "+")
  }
}
