import Testing
import TrellisGraph
import TrellisTracking

@testable import TrellisViews

/// A list with a set selection, whose edit mode a test turns on and off.
private struct EditableLetters: View {
  let model: LetterSelection
  @Binding var mode: EditMode

  var body: some View {
    List(
      ["a", "b", "c"], id: \.self, selection: Binding(get: { model.many }, set: { model.many = $0 })
    ) { letter in
      Text(letter)
    }
    .environment(\.editMode, $mode)
  }
}

private final class ModeBox: Trackable {
  @Tracked var mode: EditMode = .inactive
}

// Found by a new user: in edit mode a tap still replaced the set, so no second row could be
// added by tapping.
@MainActor
@Suite struct ListMultipleSelectionTests {
  @Test func inEditModeATapTogglesARowInAndOutOfTheSetSelection() {
    let model = LetterSelection()
    model.many = []
    let box = ModeBox()
    let host = ViewHost(
      EditableLetters(model: model, mode: Binding(get: { box.mode }, set: { box.mode = $0 })),
      executor: .manual)
    #expect(host.tap("a"))
    host.flush()
    #expect(host.tap("c"))
    host.flush()
    // Not editing: a tap replaces the set, as a click on SwiftUI's list does.
    #expect(model.many == ["c"])
    box.mode = .active
    host.flush()
    #expect(host.tap("a"))
    host.flush()
    #expect(model.many == ["a", "c"])
    #expect(host.tap("c"))
    host.flush()
    #expect(model.many == ["a"])
    #expect(host.tree.findAll(kind: "Text").map(\.text) == ["a", "b", "c"])
  }
}
