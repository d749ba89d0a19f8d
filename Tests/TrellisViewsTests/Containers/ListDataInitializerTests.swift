import Testing
import TrellisGraph
import TrellisTracking

@testable import TrellisViews

/// The selections the lists below bind to.
final class LetterSelection: Trackable {
  @Tracked var one: String? = "b"
  @Tracked var many: Set<String> = ["a", "c"]
}

/// `List(_:id:selection:)` over one selection and a set, and `List(_:)` over a range.
struct LetterLists: View {
  let model: LetterSelection

  var body: some View {
    let one = Binding(get: { model.one }, set: { model.one = $0 })
    let many = Binding(get: { model.many }, set: { model.many = $0 })
    VStack {
      List(["a", "b"], id: \.self, selection: one) { letter in
        NavigationLink(letter, value: letter)
      }
      List(["a", "b", "c"], id: \.self, selection: many) { letter in Text(letter) }
      List(0..<2) { number in Text("row \(number)") }
    }
  }
}

@MainActor
@Suite struct ListDataInitializerTests {
  @Test func listsOverDataMarkTheSelectedRowsAndFollowTheSelectionWhenItChanges() {
    let model = LetterSelection()
    let host = ViewHost(LetterLists(model: model), executor: .manual)
    #expect(
      host.dump() == """
        LetterLists
          VStack
            List rows=0..<2/2
              NavigationLink #a
                Text "a"
              NavigationLink #b isSelected=true
                Text "b"
            List rows=0..<3/3
              Text #a "a" isSelected=true
              Text #b "b"
              Text #c "c" isSelected=true
            List rows=0..<2/2
              Text #0 "row 0"
              Text #1 "row 1"

        """)
    // A link in a selecting list selects its value, and the list marks the row it tags.
    #expect(host.tap("a"))
    host.flush()
    #expect(model.one == "a")
    #expect(
      host.tree.allNodes.filter { $0.attributes.contains("isSelected=true") }
        .map { $0.texts } == [["a"], ["a"], ["c"]])
    // A set selection changed from outside re-marks the rows.
    model.many = ["b"]
    host.flush()
    #expect(
      host.tree.allNodes.filter { $0.attributes.contains("isSelected=true") }
        .map { $0.texts } == [["a"], ["b"]])
  }
}
