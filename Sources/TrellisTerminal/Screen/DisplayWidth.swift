/// How many terminal columns text takes, per grapheme cluster.
///
/// The rules, in order, for one grapheme cluster (one Swift `Character`):
/// - **Controls** (C0, DEL, C1) take 0 columns and are never drawn: the grid drops them, so text
///   can never smuggle an escape sequence to the terminal.
/// - **Emoji presentation sequences** (a base with the Emoji property followed by U+FE0F, such
///   as `❤️` or the keycap `1️⃣`) take 2.
/// - Otherwise the cluster takes the width of its **first scalar**; the marks, joiners and
///   modifiers that follow it add nothing. So `é` written as `e` + U+0301 is 1, a ZWJ family
///   (`👨‍👩‍👧`) or a skin-tone emoji is 2, a flag (two regional indicators) is 2, and a Hangul
///   syllable spelled with conjoining jamo is 2 (its leading consonant is wide).
///
/// The width of one scalar:
/// - 0 for nonspacing and enclosing marks (Mn, Me), for format characters (Cf, such as ZWJ,
///   ZWNJ and U+200B) except the visible ones (soft hyphen and the Arabic number signs), and for
///   the Hangul medial vowels and final consonants (U+1160–U+11FF, U+D7B0–U+D7FF);
/// - 2 for East_Asian_Width W and F (`wideCharacterRanges`: CJK ideographs and punctuation,
///   kana, Hangul syllables, fullwidth forms, the emoji blocks) and for anything with
///   Emoji_Presentation (from the standard library, so newer emoji are covered too);
/// - 1 for everything else, including East_Asian_Width A (ambiguous), as terminals in a
///   non-CJK locale draw it.
///
/// General categories and emoji properties come from the standard library's Unicode data; only
/// East_Asian_Width, which it does not expose, is a table of our own
/// (`Scripts/generate_width_table.py`). The C library's `wcwidth` is not used because its answer
/// depends on the process locale, and is wrong for everything outside it.
///
/// Terminals do not all agree on emoji and on spacing marks (Mc) inside clusters, so the frame
/// writer never trusts its idea of the cursor after such a cluster (see `isPositionReliable`).
public enum DisplayWidth {
  /// The columns one grapheme cluster takes: 0, 1 or 2.
  ///
  /// - Parameter character: a grapheme cluster.
  /// - Returns: 0 for controls and clusters that are only marks; 2 for wide and emoji
  ///   clusters; 1 otherwise. O(scalars in the cluster).
  public static func columns(of character: Character) -> Int {
    if let ascii = character.asciiValue {
      return ascii >= 0x20 && ascii < 0x7F ? 1 : 0
    }
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    let base = columns(of: first)
    if base == 1, scalars.index(after: scalars.startIndex) != scalars.endIndex,
      scalars.contains(variationSelector16), first.properties.isEmoji
    {
      return 2
    }
    return base
  }

  /// The columns a string takes when drawn on one line: the sum over its grapheme clusters.
  ///
  /// - Parameter string: the text; newlines and other controls count 0.
  /// - Returns: the total width. O(n), with a fast path for ASCII.
  public static func columns(of string: some StringProtocol) -> Int {
    var width = 0
    var allASCII = true
    for byte in string.utf8 {
      guard byte < 0x80 else {
        allASCII = false
        break
      }
      if byte >= 0x20 && byte < 0x7F { width += 1 }
    }
    if allASCII { return width }
    width = 0
    for character in string { width += columns(of: character) }
    return width
  }

  /// The columns one Unicode scalar takes on its own: 0, 1 or 2.
  ///
  /// - Parameter scalar: any scalar.
  /// - Returns: its width by the rules in the type's documentation.
  public static func columns(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }
    if value < 0xA0 { return 0 }  // DEL and C1 controls
    if value < 0x300 { return 1 }  // Latin-1 and Latin Extended (the soft hyphen is drawn)
    // Blocks that interfaces draw with, all narrow and without marks: general punctuation
    // (dashes, `…`), arrows, box drawing, block elements and most geometric shapes. They are
    // answered without a property lookup.
    if (0x2010...0x2027).contains(value) || (0x2190...0x21FF).contains(value)
      || (0x2500...0x25FC).contains(value)
    {
      return 1
    }
    if isConjoiningJamoTail(value) { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark:
      return 0
    case .format:
      return isVisibleFormatCharacter(value) ? 1 : 0
    case .control, .surrogate:
      return 0
    default:
      break
    }
    if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
    return 1
  }

  /// Whether a terminal's cursor lands where `columns(of:)` says after drawing `character`.
  ///
  /// True for single scalars outside the emoji blocks. Emoji, emoji sequences and clusters with
  /// combining or spacing marks are drawn differently by different terminals, so after one of
  /// them the writer positions the cursor explicitly instead of relying on where it ended up.
  ///
  /// - Parameter character: a grapheme cluster that was just drawn.
  /// - Returns: whether the cursor position after it can be trusted.
  public static func isPositionReliable(after character: Character) -> Bool {
    if character.isASCII { return true }
    let scalars = character.unicodeScalars
    guard let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex
    else { return false }
    return !first.properties.isEmoji
  }

  private static let variationSelector16: Unicode.Scalar = "\u{FE0F}"

  /// Hangul medial vowels and final consonants: they join the preceding leading consonant.
  private static func isConjoiningJamoTail(_ value: UInt32) -> Bool {
    (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value)
  }

  /// Format characters that terminals draw with a glyph of their own.
  private static func isVisibleFormatCharacter(_ value: UInt32) -> Bool {
    switch value {
    case 0xAD, 0x600...0x605, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0x110BD, 0x110CD: true
    default: false
    }
  }

  /// Binary search in `wideCharacterRanges`.
  private static func isWide(_ value: UInt32) -> Bool {
    let ranges = wideCharacterRanges
    guard value >= ranges[0].lowerBound else { return false }
    var low = 0
    var high = ranges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = ranges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }
}
