import Testing
import TrellisViews

@Suite("KeyPress names")
struct KeyPressTests {
  // Found by a new user: F1 and F5 were logged as empty strings (their private-use characters
  // print nothing).
  @Test func functionKeysAreNamed() {
    #expect(KeyEquivalent.function(1).description == "f1")
    #expect(KeyEquivalent.function(5).description == "f5")
    #expect(KeyEquivalent.function(35).description == "f35")
    #expect(KeyPress(.function(5), modifiers: .shift).description == "shift+f5")
  }

  @Test func charactersThatPrintNothingAreNamedByCodePoint() {
    #expect(KeyEquivalent("\u{1}").description == "U+0001")
    #expect(KeyEquivalent("\u{7F}").description == "U+007F")
    #expect(KeyEquivalent("\u{F8FF}").description == "U+F8FF")
    #expect(KeyPress("\u{3}", modifiers: .control).description == "control+U+0003")
  }

  @Test func namedAndPrintableKeysKeepTheirNames() {
    #expect(KeyEquivalent.upArrow.description == "upArrow")
    #expect(KeyEquivalent("r").description == "r")
    #expect(KeyEquivalent("é").description == "é")
    #expect(KeyPress("c", modifiers: .control).description == "control+c")
  }
}
