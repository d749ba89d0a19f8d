/// A key, as SwiftUI's `KeyEquivalent` names it: a character for printable keys, and the
/// private-use characters AppKit assigns to the function keys (`upArrow` is U+F700, as
/// `NSUpArrowFunctionKey`), so that one type covers both.
public struct KeyEquivalent: Hashable, Sendable, ExpressibleByExtendedGraphemeClusterLiteral,
  CustomStringConvertible
{
  /// The character the key stands for.
  public var character: Character

  /// A key for `character`.
  /// - Parameter character: a printable character, or one of the static keys' characters.
  public init(_ character: Character) { self.character = character }

  /// A key from a character literal: `"r"`.
  /// - Parameter value: the character.
  public init(extendedGraphemeClusterLiteral value: Character) { character = value }

  /// Up arrow (U+F700).
  public static let upArrow = KeyEquivalent("\u{F700}")
  /// Down arrow (U+F701).
  public static let downArrow = KeyEquivalent("\u{F701}")
  /// Left arrow (U+F702).
  public static let leftArrow = KeyEquivalent("\u{F702}")
  /// Right arrow (U+F703).
  public static let rightArrow = KeyEquivalent("\u{F703}")
  /// Escape (U+001B).
  public static let escape = KeyEquivalent("\u{1B}")
  /// Backspace, which SwiftUI calls delete (U+0008).
  public static let delete = KeyEquivalent("\u{8}")
  /// Forward delete (U+F728).
  public static let deleteForward = KeyEquivalent("\u{F728}")
  /// Home (U+F729).
  public static let home = KeyEquivalent("\u{F729}")
  /// End (U+F72B).
  public static let end = KeyEquivalent("\u{F72B}")
  /// Page Up (U+F72C).
  public static let pageUp = KeyEquivalent("\u{F72C}")
  /// Page Down (U+F72D).
  public static let pageDown = KeyEquivalent("\u{F72D}")
  /// Clear (U+F739).
  public static let clear = KeyEquivalent("\u{F739}")
  /// Tab (U+0009).
  public static let tab = KeyEquivalent("\t")
  /// Space (U+0020).
  public static let space = KeyEquivalent(" ")
  /// Return (U+000D).
  public static let `return` = KeyEquivalent("\r")

  /// The function key F`number` (U+F704 for F1, up to F35), as AppKit numbers them.
  /// - Parameter number: 1 to 35; other numbers give F1.
  /// - Returns: the key.
  public static func function(_ number: Int) -> KeyEquivalent {
    let offset = (1...35).contains(number) ? number - 1 : 0
    return KeyEquivalent(Character(Unicode.Scalar(0xF704 + UInt32(offset))!))
  }

  /// The key's name for logs: `upArrow`, `return`, `r`, `f5`; a character that prints
  /// nothing (a control or private-use character) is named by its code point, `U+0001`.
  public var description: String {
    switch self {
    case .upArrow: "upArrow"
    case .downArrow: "downArrow"
    case .leftArrow: "leftArrow"
    case .rightArrow: "rightArrow"
    case .escape: "escape"
    case .delete: "delete"
    case .deleteForward: "deleteForward"
    case .home: "home"
    case .end: "end"
    case .pageUp: "pageUp"
    case .pageDown: "pageDown"
    case .clear: "clear"
    case .tab: "tab"
    case .space: "space"
    case .return: "return"
    default: Self.name(of: character)
    }
  }

  private static let functionKeys: ClosedRange<UInt32> = 0xF704...0xF726

  /// `f1` to `f35` for the function keys, the code point for a character that prints nothing
  /// (before, F1 was logged as an empty string), and the character itself otherwise.
  private static func name(of character: Character) -> String {
    guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1
    else { return String(character) }
    if functionKeys.contains(scalar.value) {
      return "f\(scalar.value - functionKeys.lowerBound + 1)"
    }
    let printsNothing =
      scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
      || scalar.properties.generalCategory == .privateUse
    guard printsNothing else { return String(character) }
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}

/// The modifier keys held with a key, as SwiftUI's `EventModifiers`.
public struct EventModifiers: OptionSet, Hashable, Sendable {
  /// The raw flags.
  public let rawValue: Int

  /// Modifiers from raw flags.
  /// - Parameter rawValue: the flags, as the static members define them.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Caps Lock.
  public static let capsLock = EventModifiers(rawValue: 1 << 0)
  /// Shift.
  public static let shift = EventModifiers(rawValue: 1 << 1)
  /// Control.
  public static let control = EventModifiers(rawValue: 1 << 2)
  /// Option (Alt, Meta).
  public static let option = EventModifiers(rawValue: 1 << 3)
  /// Command.
  public static let command = EventModifiers(rawValue: 1 << 4)
  /// A key on the numeric keypad.
  public static let numericPad = EventModifiers(rawValue: 1 << 5)
  /// The Function key.
  public static let function = EventModifiers(rawValue: 1 << 6)
  /// All of them.
  public static let all: EventModifiers = [
    .capsLock, .shift, .control, .option, .command, .numericPad, .function,
  ]
}

/// One key event delivered to `onKeyPress` handlers, as SwiftUI's `KeyPress`.
public struct KeyPress: Hashable, Sendable, CustomStringConvertible {
  /// Which phases of a key press a handler wants, as SwiftUI's `KeyPress.Phases`.
  public struct Phases: OptionSet, Hashable, Sendable {
    /// The raw flags.
    public let rawValue: Int

    /// Phases from raw flags.
    /// - Parameter rawValue: the flags.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The key went down.
    public static let down = Phases(rawValue: 1 << 0)
    /// The key is held and repeats.
    public static let `repeat` = Phases(rawValue: 1 << 1)
    /// The key went up.
    public static let up = Phases(rawValue: 1 << 2)
    /// Every phase.
    public static let all: Phases = [.down, .repeat, .up]
  }

  /// What a handler did with a key press, as SwiftUI's `KeyPress.Result`.
  public enum Result: Hashable, Sendable {
    /// The handler used the key; it goes no further.
    case handled
    /// The handler did not use the key; the next handler outwards gets it.
    case ignored
  }

  /// The phase of this event. Terminals report only presses, so a terminal sends `.down`
  /// (a held key arrives as repeated presses).
  public var phase: Phases
  /// The key.
  public var key: KeyEquivalent
  /// The text the key produced, empty for keys that type nothing (arrows, Control-C).
  public var characters: String
  /// The modifiers held.
  public var modifiers: EventModifiers

  /// A key event.
  /// - Parameters:
  ///   - key: the key.
  ///   - characters: the text it typed (default: the key's character for printable keys).
  ///   - modifiers: the modifiers held.
  ///   - phase: the phase (default `.down`).
  public init(
    _ key: KeyEquivalent, characters: String? = nil, modifiers: EventModifiers = [],
    phase: Phases = .down
  ) {
    self.key = key
    self.characters = characters ?? Self.typedText(of: key, modifiers: modifiers)
    self.modifiers = modifiers
    self.phase = phase
  }

  /// `"control+c"`, `"shift+tab"`, `"r"`: for logs and status lines.
  public var description: String {
    var parts: [String] = []
    if modifiers.contains(.control) { parts.append("control") }
    if modifiers.contains(.option) { parts.append("option") }
    if modifiers.contains(.command) { parts.append("command") }
    if modifiers.contains(.shift) { parts.append("shift") }
    parts.append(key.description)
    return parts.joined(separator: "+")
  }

  private static func typedText(of key: KeyEquivalent, modifiers: EventModifiers) -> String {
    guard modifiers.isDisjoint(with: [.control, .option, .command]) else { return "" }
    guard let scalar = key.character.unicodeScalars.first,
      !(0xF700...0xF8FF).contains(scalar.value), scalar.value >= 0x20, scalar.value != 0x7F
    else { return "" }
    return String(key.character)
  }
}
