import Foundation
import Testing
import TrellisGraph
import TrellisTracking

@testable import TrellisViews

final class Fruits: Trackable {
  @Tracked var names = ["apple", "banana", "cherry"]
}

struct FruitList: View {
  let fruits: Fruits
  let probe: Probe
  @State private var mode = EditMode.inactive
  @State private var query = ""

  var body: some View {
    VStack {
      EditButton()
      Text("query \(query)")
      List {
        ForEach(fruits.names.filter { query.isEmpty || $0.contains(query) }, id: \.self) { name in
          Text(name)
            .swipeActions {
              Button("Pin") { probe.log.append("pin \(name)") }
              Button("Archive") { probe.log.append("archive \(name)") }
            }
            .swipeActions(edge: .leading, allowsFullSwipe: false) {
              Button("Mark") { probe.log.append("mark \(name)") }
            }
        }
        .onDelete { offsets in
          probe.log.append("delete \(Array(offsets))")
          fruits.names.remove(atOffsets: offsets)
        }
        .onMove { source, destination in
          probe.log.append("move \(Array(source)) to \(destination)")
          fruits.names.move(fromOffsets: source, toOffset: destination)
        }
      }
      .searchable(text: $query, prompt: "Find")
      .onSubmit(of: .search) { probe.log.append("search \(query)") }
    }
    .environment(\.editMode, $mode)
  }
}

/// An edit button in a navigation stack, with no edit mode given, over a list with deletion.
struct StackedFruitList: View {
  let fruits: Fruits

  var body: some View {
    NavigationStack {
      VStack {
        EditButton()
        List {
          ForEach(fruits.names, id: \.self) { name in Text(name) }
            .onDelete { offsets in fruits.names.remove(atOffsets: offsets) }
        }
      }
    }
  }
}

/// An edit button with no edit mode around it.
struct LooseEditButton: View {
  var body: some View { VStack { EditButton() } }
}

/// An edit button in a navigation stack inside an edit mode of the view's own.
struct StackInEditMode: View {
  @State private var mode = EditMode.inactive

  var body: some View {
    VStack {
      Text("editing \(mode.isEditing)")
      NavigationStack { EditButton() }
    }
    .environment(\.editMode, $mode)
  }
}

@MainActor
@Suite struct ListEditingTests {
  @Test func deleteAndMoveCallTheActionsWithOffsetsInTheCollection() {
    let fruits = Fruits()
    let probe = Probe()
    let host = ViewHost(FruitList(fruits: fruits, probe: probe), executor: .manual)
    #expect(host.delete("banana"))
    host.flush()
    #expect(fruits.names == ["apple", "cherry"])
    #expect(host.move("apple", toOffset: 2))
    host.flush()
    #expect(fruits.names == ["cherry", "apple"])
    #expect(probe.log == ["delete [1]", "move [0] to 2"])
    let diagnostics = TrellisDiagnostics.capture {
      #expect(!host.move("apple", toOffset: 3))
      #expect(!host.delete("banana"))
    }
    #expect(
      diagnostics.map(\.message) == [
        "move(\"apple\", toOffset: 3): the list in FruitList has 2 rows, so the destination must "
          + "be in 0...2; nothing was moved.",
        "No deletable row titled \"banana\" is in the tree.",
      ])
  }

  @Test func aListInsideANavigationStackIsNamedAfterTheAppsView() {
    struct Inbox: View {
      let fruits: Fruits
      var body: some View {
        NavigationStack {
          List {
            ForEach(fruits.names, id: \.self) { Text($0) }
              .onMove { fruits.names.move(fromOffsets: $0, toOffset: $1) }
          }
        }
      }
    }
    let host = ViewHost(Inbox(fruits: Fruits()), executor: .manual)
    let diagnostics = TrellisDiagnostics.capture {
      #expect(!host.move("apple", toOffset: 9))
    }
    #expect(
      diagnostics.map(\.message) == [
        "move(\"apple\", toOffset: 9): the list in Inbox has 3 rows, so the destination must "
          + "be in 0...3; nothing was moved."
      ])
  }

  @Test func twoDeletesWithNoFlushBetweenDeleteTheRowsTheyName() {
    let fruits = Fruits()
    let probe = Probe()
    let host = ViewHost(FruitList(fruits: fruits, probe: probe), executor: .manual)
    #expect(host.delete("apple"))
    #expect(host.delete("cherry"))  // its offset is 1 now, not 2
    host.flush()
    #expect(fruits.names == ["banana"])
    #expect(probe.log == ["delete [0]", "delete [1]"])
    #expect(host.tree.texts.contains("banana"))
  }

  @Test func swipeActionsAreBuiltWhenSwipedAndTapTheNamedOrFirstAction() {
    let fruits = Fruits()
    let probe = Probe()
    let host = ViewHost(FruitList(fruits: fruits, probe: probe), executor: .manual)
    #expect(host.tree.texts.contains("Pin") == false)
    #expect(host.swipe("banana", tap: "Archive"))
    #expect(host.swipe("cherry"))
    #expect(host.swipe("apple", edge: .leading, tap: "Mark"))
    #expect(probe.log == ["archive banana", "pin cherry", "mark apple"])
    let diagnostics = TrellisDiagnostics.capture {
      #expect(!host.swipe("apple", edge: .leading))
      #expect(!host.swipe("apple", tap: "Share"))
    }
    #expect(
      diagnostics.map(\.message) == [
        "The row \"apple\" in FruitList does not allow a full swipe; name the action to tap.",
        "Swiping the row \"apple\" in FruitList shows \"Pin\", \"Archive\"; none is an enabled "
          + "action titled \"Share\"; nothing was tapped.",
      ])
    #expect(host.tree.texts.contains("Pin") == false)
  }

  @Test func theSearchFieldIsBoundAndSubmitsSearchActions() {
    let fruits = Fruits()
    let probe = Probe()
    let host = ViewHost(FruitList(fruits: fruits, probe: probe), executor: .manual)
    #expect(host.type("an", into: "Find"))
    host.flush()
    #expect(host.tree.texts == ["Edit", "query an", "Find", "banana"])
    #expect(host.submit("Find"))
    #expect(probe.log == ["search an"])
    // A deletion in the filtered list gets the offset in the filtered collection.
    #expect(host.delete("banana"))
    #expect(probe.log == ["search an", "delete [0]"])
  }

  @Test func editButtonSwitchesTheEditMode() {
    let host = ViewHost(FruitList(fruits: Fruits(), probe: Probe()), executor: .manual)
    #expect(host.tap("Edit"))
    host.flush()
    #expect(host.tree.texts.first == "Done")
    #expect(host.tap("Done"))
    host.flush()
    #expect(host.tree.texts.first == "Edit")
  }

  @Test func aNavigationStackGivesItsContentAnEditModeWhenNoneIsInherited() {
    let host = ViewHost(StackedFruitList(fruits: Fruits()), executor: .manual)
    #expect(host.tree.texts == ["Edit", "apple", "banana", "cherry"])
    let tapped = TrellisDiagnostics.capture {
      #expect(host.tap("Edit"))
      host.flush()
    }
    #expect(tapped.isEmpty)
    #expect(host.tree.texts == ["Done", "apple", "banana", "cherry"])
    #expect(host.tap("Done"))
    host.flush()
    #expect(host.tree.texts.first == "Edit")
  }

  @Test func anEditButtonWithNoEditModeSaysSoWhenTapped() {
    let host = ViewHost(LooseEditButton(), executor: .manual)
    let diagnostics = TrellisDiagnostics.capture {
      #expect(host.tap("Edit"))
      host.flush()
    }
    #expect(
      diagnostics.map(\.message) == [
        "The EditButton in LooseEditButton has no edit mode to switch: put it inside a "
          + "NavigationStack, or give one with .environment(\\.editMode, $mode); the tap does "
          + "nothing."
      ])
    #expect(diagnostics.map(\.nodes) == [["LooseEditButton"]])
    #expect(host.tree.texts == ["Edit"])
  }

  @Test func aNavigationStackUsesTheEditModeItInherits() {
    let host = ViewHost(StackInEditMode(), executor: .manual)
    #expect(host.tap("Edit"))
    host.flush()
    #expect(host.tree.texts == ["editing true", "Done"])
  }
}
