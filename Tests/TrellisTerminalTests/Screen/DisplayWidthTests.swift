import Testing
import TrellisTerminal

@Suite("Display width")
struct DisplayWidthTests {
  @Test func asciiLettersTakeOneColumnEach() {
    #expect(DisplayWidth.columns(of: "hello, world") == 12)
  }

  @Test func controlsTakeNoColumns() {
    #expect(DisplayWidth.columns(of: "a\u{1B}[31mb\u{7}\u{7F}\u{85}") == 6)  // "a", "[31mb"
    #expect(DisplayWidth.columns(of: Character("\u{1B}")) == 0)
    #expect(DisplayWidth.columns(of: Character("\r\n")) == 0)
  }

  @Test func cjkIdeographsAndKanaTakeTwo() {
    #expect(DisplayWidth.columns(of: "漢字") == 4)
    #expect(DisplayWidth.columns(of: "ひらがなカタカナ") == 16)
    #expect(DisplayWidth.columns(of: "\u{20000}") == 2)  // CJK Extension B, plane 2
    #expect(DisplayWidth.columns(of: "、。") == 4)  // ideographic punctuation
  }

  @Test func hangulSyllablesAndConjoiningJamoTakeTwo() {
    #expect(DisplayWidth.columns(of: "한국어") == 6)
    // The same syllable spelled with conjoining jamo: leading consonant, vowel, final.
    let spelled = "\u{1112}\u{1161}\u{11AB}"
    #expect(spelled.count == 1)
    #expect(DisplayWidth.columns(of: spelled) == 2)
  }

  @Test func fullwidthFormsTakeTwoAndHalfwidthFormsOne() {
    #expect(DisplayWidth.columns(of: "ＡＢＣ１２３") == 12)
    #expect(DisplayWidth.columns(of: "ｱｲｳ") == 3)  // halfwidth katakana
  }

  @Test func emojiWithDefaultEmojiPresentationTakeTwo() {
    #expect(DisplayWidth.columns(of: "😀") == 2)
    #expect(DisplayWidth.columns(of: "🚀✅") == 4)
    #expect(DisplayWidth.columns(of: "🫠") == 2)  // newer than the width table
  }

  @Test func textStyleEmojiTakeOneUntilVariationSelector16() {
    #expect(DisplayWidth.columns(of: "❤") == 1)
    #expect(DisplayWidth.columns(of: "❤\u{FE0F}") == 2)
    #expect(DisplayWidth.columns(of: "1\u{FE0F}\u{20E3}") == 2)  // keycap
    #expect(DisplayWidth.columns(of: "1\u{20E3}") == 1)
  }

  @Test func combiningAccentsJoinTheirBase() {
    #expect(DisplayWidth.columns(of: "e\u{301}") == 1)
    #expect(DisplayWidth.columns(of: "Cafe\u{301} a\u{308}\u{323}") == 6)
    #expect(DisplayWidth.columns(of: Unicode.Scalar(0x301)!) == 0)
  }

  @Test func zeroWidthJoinerSequencesTakeTheWidthOfOneEmoji() {
    let family = "👨\u{200D}👩\u{200D}👧"
    #expect(family.count == 1)
    #expect(DisplayWidth.columns(of: family) == 2)
    #expect(DisplayWidth.columns(of: "👍🏽") == 2)  // skin tone modifier
    #expect(DisplayWidth.columns(of: "🇯🇵") == 2)  // flag
  }

  @Test func formatCharactersAreInvisibleExceptTheSoftHyphen() {
    #expect(DisplayWidth.columns(of: "a\u{200B}b\u{200D}c") == 3)
    #expect(DisplayWidth.columns(of: "\u{AD}") == 1)
  }

  @Test func ambiguousWidthCharactersTakeOne() {
    #expect(DisplayWidth.columns(of: "…±§") == 3)
    #expect(DisplayWidth.columns(of: "─│┌") == 3)
  }

  @Test func cursorPositionIsTrustedOnlyAfterPlainSingleScalars() {
    #expect(DisplayWidth.isPositionReliable(after: "a"))
    #expect(DisplayWidth.isPositionReliable(after: "漢"))
    #expect(!DisplayWidth.isPositionReliable(after: "😀"))
    #expect(!DisplayWidth.isPositionReliable(after: "e\u{301}"))
  }
}
