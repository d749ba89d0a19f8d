import Testing
import TrellisViews

@testable import NotesDemo

@Suite("StatusModel")
struct StatusModelTests {
  // Found by a new user: Control-↑ showed as ↑, and F1 and F5 as nothing.
  @Test func aKeyIsNamedWithItsModifiers() {
    #expect(StatusModel.symbol(of: KeyPress(.upArrow)) == "↑")
    #expect(StatusModel.symbol(of: KeyPress(.upArrow, modifiers: .control)) == "control+↑")
    #expect(StatusModel.symbol(of: KeyPress(.tab, modifiers: .shift)) == "shift+tab")
    #expect(
      StatusModel.symbol(of: KeyPress(.return, modifiers: [.shift, .option])) == "option+shift+⏎")
    #expect(StatusModel.symbol(of: KeyPress(.function(1))) == "f1")
    #expect(StatusModel.symbol(of: KeyPress("q")) == "q")
  }
}
