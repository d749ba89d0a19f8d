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

/// `List(_:selection:)` over a range, with one selection and a set (found by a SwiftUI
/// developer: SwiftUI has them, and `List(0..<5, selection: $selected)` did not compile).
struct NumberLists: View {
  @State var one: Int? = 1
  @State var many: Set<Int> = [0, 2]

  var body: some View {
    VStack {
      List(0..<2, selection: $one) { number in Text("one \(number)") }
      List(0..<3, selection: $many) { number in Text("many \(number)") }
    }
  }
}

@MainActor
@Suite struct ListDataInitializerTests {
  @Test func listsOverARangeSelectRowsByTheirNumber() {
    let host = ViewHost(NumberLists(), executor: .manual)
    let selected = {
      host.tree.allNodes.filter { $0.attributes.contains("isSelected=true") }.map(\.texts)
    }
    #expect(selected() == [["one 1"], ["many 0"], ["many 2"]])
    #expect(host.tap("one 0"))
    #expect(host.tap("many 1"))
    host.flush()
    // A tap selects one row; in a set selection it replaces the set (outside edit mode).
    #expect(selected() == [["one 0"], ["many 1"]])
  }

  @Test func listsOverDataMarkTheSelectedRowsAndFollowTheSelectionWhenItChanges() {
    let model = LetterSelection()
    let host = ViewHost(LetterLists(model: model), executor: .manual)
    #expect(
      host.dump() == """
        LetterLists
          VStack
            List rows=0..<2/2
              NavigationLink #a isSelected=false
                Text "a"
              NavigationLink #b isSelected=true
                Text "b"
            List rows=0..<3/3
              Text #a "a" isSelected=true
              Text #b "b" isSelected=false
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

  @Test func tappingOrActivatingARowOfASelectingListSelectsIt() {
    let model = LetterSelection()
    let renderer = CreatedElements()
    let host = ViewHost(LetterLists(model: model), executor: .manual, renderer: renderer)
    // "b" is a link in the first list and a text row in the second: ambiguous, so the link
    // (a button) wins; "c" is only a row.
    #expect(host.tap("c"))
    host.flush()
    #expect(model.many == ["c"])
    // A renderer activates the row's element (a click): the row is selected.
    // The second "b" element is the second list's row (the first is the link's label).
    let rowB = renderer.ids(of: .text, text: "b")
    #expect(rowB.count == 2)
    #expect(renderer.connection?.activate(rowB[1]) == true)
    host.flush()
    #expect(model.many == ["b"])
    #expect(
      host.tree.findAll(kind: "List")[1].children.map(\.attributes)
        == [["isSelected=false"], ["isSelected=true"], ["isSelected=false"]])
    // Rows of a list that does not select are not rows to select: a tap finds nothing.
    let diagnostics = TrellisDiagnostics.capture { #expect(!host.tap("row 1")) }
    #expect(diagnostics.map(\.message) == ["No button titled \"row 1\" is in the tree."])
  }

  @Test func aRowTaggedWithAValueOfAnotherTypeIsReportedAndNotSelected() {
    struct Mistagged: View {
      let model: LetterSelection
      var body: some View {
        List(selection: Binding(get: { model.one }, set: { model.one = $0 })) {
          Text("one").tag(1)
        }
      }
    }
    let model = LetterSelection()
    let host = ViewHost(Mistagged(model: model), executor: .manual)
    let diagnostics = TrellisDiagnostics.capture { #expect(!host.tap("one")) }
    #expect(model.one == "b")
    #expect(
      diagnostics.map(\.message) == [
        "The row \"one\" in Mistagged is tagged 1 (Int), but its list's selection is of type "
          + "String; nothing was selected. Tag it with a value of that type."
      ])
  }
}
