import Testing
import TrellisGraph
import TrellisViews

/// A row with its own state, showing the item's name and how often it was tapped.
struct Row: View {
  let item: Item
  @State private var taps = 0

  var body: some View {
    Button("\(item.name) \(taps)") { taps += 1 }
  }
}

struct KeyedList: View {
  let model: ListModel

  var body: some View {
    VStack {
      ForEach(model.items) { item in
        Row(item: item).onAppear {}.onDisappear {}
      }
    }
  }
}

struct PositionalList: View {
  let model: ListModel

  var body: some View {
    VStack {
      ForEach(model.items.indices, id: \.self) { index in
        Row(item: model.items[index])
      }
    }
  }
}

struct ConstantRangeList: View {
  let model: ListModel
  let probe: Probe

  var body: some View {
    VStack {
      ForEach(0..<model.items.count) { index in
        Text(name(at: index))
      }
    }
  }

  /// The name at `index`, logging which index was asked for.
  func name(at index: Int) -> String {
    probe.log.append("\(index)")
    let items = model.items
    return index < items.count ? items[index].name : "out of range \(index)"
  }
}

struct SlotList: View {
  let model: ListModel

  var body: some View {
    VStack {
      Text("top")
      if model.showMiddle {
        Text("middle")
      }
      ForEach(model.items) { item in Text(item.name) }
      Text("bottom")
    }
  }
}

/// Doubles shown as they are: `0.0 == -0.0`, but they print differently.
struct SignedZeros: View {
  let values: [Double]
  var body: some View {
    VStack { ForEach(values, id: \.self) { value in Text("v=\(value)") } }
  }
}

/// An element whose `==` compares only its id.
struct IDEqualItem: Identifiable, Equatable {
  let id: Int
  var title: String
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
}

struct IDEqualList: View {
  let items: [IDEqualItem]
  var body: some View {
    VStack { ForEach(items) { item in Text(item.title) } }
  }
}

@MainActor
@Suite struct ForEachIdentityTests {
  @Test func rowsShowNewElementsThatTheirOwnEqualitySaysAreUnchanged() {
    // When the list changed (here it grew), the content closure runs for each element whose
    // value differs, even where the element's own `==` holds (`0.0 == -0.0`; an `==` that
    // compares only ids), as SwiftUI builds every row again and compares the views. (A list
    // whose whole value is `==` to the old one is an unchanged input, in SwiftUI as here.)
    let zeros = ViewHost(SignedZeros(values: [0.0, 1.5]), executor: .manual)
    zeros.update(root: SignedZeros(values: [-0.0, 1.5, 2.5]))
    zeros.flush()
    #expect(zeros.tree.texts == ["v=-0.0", "v=1.5", "v=2.5"])

    let recorder = RecordingRenderer()
    let items = ViewHost(
      IDEqualList(items: [IDEqualItem(id: 1, title: "old"), IDEqualItem(id: 2, title: "same")]),
      executor: .manual, renderer: recorder)
    recorder.clear()
    items.update(
      root: IDEqualList(items: [
        IDEqualItem(id: 1, title: "new"), IDEqualItem(id: 2, title: "same"),
        IDEqualItem(id: 3, title: "added"),
      ]))
    items.flush()
    #expect(items.tree.texts == ["new", "same", "added"])
    // The changed row's text and the new row; the unchanged row is still skipped.
    #expect(
      recorder.lastCommit.map(\.description) == [
        "create Text@5 #3 \"added\"", "insert Text@5 into VStack@2 at 2",
        "setText Text@3 \"new\"",
      ])
  }

  @Test func keyedStateFollowsTheItemThroughInsertDeleteAndMove() {
    let model = ListModel(names: "a", "b", "c")
    let recorder = RecordingRenderer()
    let host = ViewHost(KeyedList(model: model), executor: .manual, renderer: recorder)
    #expect(host.eventLog == ["appear Row #1", "appear Row #2", "appear Row #3"])
    host.tap("b 0")
    host.flush()
    host.tap("b 1")
    host.tap("c 0")
    host.flush()
    #expect(host.tree.texts == ["a 0", "b 2", "c 1"])
    host.clearLogs()
    recorder.clear()

    model.items.insert(Item(id: 4, name: "d"), at: 0)
    host.flush()
    #expect(host.tree.texts == ["d 0", "a 0", "b 2", "c 1"])
    #expect(host.runLog == ["KeyedList: ListModel.items", "Row #4: inserted"])
    #expect(host.eventLog == ["appear Row #4"])
    // The other rows keep their elements: only the new row is created and inserted.
    #expect(recorder.counts == RecordingRenderer.Counts(creates: 3, inserts: 3, commits: 1))
    host.clearLogs()
    recorder.clear()

    model.items.removeAll { $0.id == 1 }
    host.flush()
    #expect(host.tree.texts == ["d 0", "b 2", "c 1"])
    #expect(host.runLog == ["KeyedList: ListModel.items"])
    #expect(host.eventLog == ["disappear Row #1"])
    #expect(recorder.counts == RecordingRenderer.Counts(removes: 1, commits: 1))
    host.clearLogs()
    recorder.clear()

    model.items.insert(model.items.removeLast(), at: 0)
    host.flush()
    #expect(host.tree.texts == ["c 1", "d 0", "b 2"])
    #expect(host.runLog == ["KeyedList: ListModel.items"])
    #expect(host.eventLog == [])
    // A move keeps the row's element (and its state): one move, nothing re-created.
    #expect(recorder.counts == RecordingRenderer.Counts(moves: 1, commits: 1))
    host.clearLogs()
    recorder.clear()

    model.items[2].name = "B"
    host.flush()
    #expect(host.tree.texts == ["c 1", "d 0", "B 2"])
    #expect(host.runLog == ["KeyedList: ListModel.items", "Row #2: input item"])
    #expect(recorder.lastCommit.map(\.description) == ["setText Text@8 \"B 2\""])
  }

  @Test func rowsRemovedAllAtOnceLeaveNoTraceForTheirIDs() {
    let model = ListModel([Item(id: 1, name: "a"), Item(id: 2, name: "b"), Item(id: 3, name: "c")])
    let recorder = RecordingRenderer()
    let host = ViewHost(KeyedList(model: model), executor: .manual, renderer: recorder)
    host.tap("b 0")
    host.flush()
    host.clearLogs()
    recorder.clear()

    // Every row replaced by rows with other ids: three removals, two new rows.
    model.items = [Item(id: 4, name: "d"), Item(id: 5, name: "e")]
    host.flush()
    #expect(host.tree.texts == ["d 0", "e 0"])
    #expect(recorder.counts.removes == 3)
    #expect(host.runLog == ["KeyedList: ListModel.items", "Row #4: inserted", "Row #5: inserted"])
    host.tap("d 0")
    host.flush()
    host.clearLogs()
    recorder.clear()

    // An id whose row went comes back as a new row, with new state; row 4 keeps its own, and
    // row 5 goes.
    model.items = [Item(id: 2, name: "b"), Item(id: 4, name: "d")]
    host.flush()
    #expect(host.tree.texts == ["b 0", "d 1"])
    #expect(host.runLog == ["KeyedList: ListModel.items", "Row #2: inserted"])
    #expect(host.eventLog == ["disappear Row #5", "appear Row #2"])
    #expect(
      recorder.lastCommit.map(\.description) == [
        "create Row@18 #2", "create Button@19", "insert Button@19 into Row@18 at 0",
        "create Text@20 \"b 0\"", "insert Text@20 into Button@19 at 0",
        "remove Row@15 from VStack@2 at 1", "insert Row@18 into VStack@2 at 0",
      ])
    host.clearLogs()

    // Cleared, then the same ids again: new rows, and one removal of one row still works.
    model.items = []
    host.flush()
    #expect(host.tree.texts == [])
    model.items = [Item(id: 2, name: "b"), Item(id: 4, name: "d")]
    host.flush()
    #expect(host.tree.texts == ["b 0", "d 0"])
    host.tap("d 0")
    host.flush()
    model.items.removeFirst()
    host.flush()
    #expect(host.tree.texts == ["d 1"])
    model.items.insert(Item(id: 2, name: "b"), at: 0)
    host.flush()
    #expect(host.tree.texts == ["b 0", "d 1"])
  }

  @Test func keyedStateFollowsTheItemInALongList() {
    let model = ListModel((1...12).map { Item(id: $0, name: "item\($0)") })
    let host = ViewHost(KeyedList(model: model), executor: .manual)
    host.tap("item3 0")
    host.tap("item11 0")
    host.flush()
    host.clearLogs()
    model.items.reverse()
    model.items.remove(at: 0)
    host.flush()
    #expect(
      host.tree.texts == [
        "item11 1", "item10 0", "item9 0", "item8 0", "item7 0", "item6 0", "item5 0",
        "item4 0", "item3 1", "item2 0", "item1 0",
      ])
    #expect(host.runLog == ["KeyedList: ListModel.items"])
    #expect(host.eventLog == ["disappear Row #12"])
  }

  @Test func positionalStateStaysWithThePosition() {
    let model = ListModel(names: "a", "b", "c")
    let host = ViewHost(PositionalList(model: model), executor: .manual)
    host.tap("a 0")
    host.flush()
    host.clearLogs()
    model.items.remove(at: 0)
    host.flush()
    #expect(host.tree.texts == ["b 1", "c 0"])
    #expect(
      host.runLog == [
        "PositionalList: ListModel.items", "Row #0: input item", "Row #1: input item",
      ])
    model.items.insert(Item(id: 9, name: "z"), at: 0)
    host.flush()
    #expect(host.tree.texts == ["z 1", "b 0", "c 0"])
  }

  @Test func aConstantRangeThatChangesIsReportedAndNeverAskedOutOfRange() {
    let model = ListModel(names: "a", "b", "c")
    let probe = Probe()
    let host = ViewHost(ConstantRangeList(model: model, probe: probe), executor: .manual)
    #expect(probe.log == ["0", "1", "2"])
    probe.log = []
    let shrink = TrellisDiagnostics.capture {
      model.items.removeLast()
      host.flush()
    }
    #expect(
      shrink.map(\.message) == [
        "ForEach(_:content:) in ConstantRangeList was given a constant range of 3 elements, "
          + "now 2. Use ForEach(_:id:content:) for a range that changes; the new range is used."
      ])
    #expect(shrink.map(\.kind) == [.invalidInput])
    #expect(probe.log == ["0", "1"])
    #expect(host.tree.texts == ["a", "b"])
    probe.log = []
    let grow = TrellisDiagnostics.capture {
      model.items += [Item(id: 7, name: "x"), Item(id: 8, name: "y")]
      host.flush()
    }
    #expect(grow.count == 1)
    #expect(
      grow.first?.message.hasPrefix(
        "ForEach(_:content:) in ConstantRangeList was given a constant range of 2 elements, now 4.")
        == true)
    #expect(probe.log == ["0", "1", "2", "3"])
    #expect(host.tree.texts == ["a", "b", "x", "y"])
    let steady = TrellisDiagnostics.capture {
      model.items[0].name = "A"
      host.flush()
    }
    #expect(steady == [])
    #expect(host.tree.texts == ["A", "b", "x", "y"])
  }

  @Test func duplicateIDsAreReportedOncePerUpdateAndTheFirstWins() {
    let model = ListModel([Item(id: 1, name: "a"), Item(id: 1, name: "b"), Item(id: 2, name: "c")])
    var host: ViewHost?
    let mount = TrellisDiagnostics.capture {
      host = ViewHost(KeyedList(model: model), executor: .manual)
    }
    #expect(
      mount.map(\.message) == [
        "ForEach in KeyedList has duplicate ids (1); only the first element with each id is "
          + "shown. Give every element a unique id."
      ])
    guard let host else { return }
    #expect(host.tree.texts == ["a 0", "c 0"])
    host.tap("a 0")
    host.flush()
    let update = TrellisDiagnostics.capture {
      model.items.swapAt(0, 1)
      model.items.append(Item(id: 2, name: "d"))
      host.flush()
    }
    #expect(
      update.map(\.message) == [
        "ForEach in KeyedList has duplicate ids (1, 2); only the first element with each id is "
          + "shown. Give every element a unique id."
      ])
    #expect(host.tree.texts == ["b 1", "c 0"])
    // An id repeated three times is named once.
    let thrice = TrellisDiagnostics.capture {
      model.items.append(Item(id: 1, name: "e"))
      host.flush()
    }
    #expect(
      thrice.map(\.message) == [
        "ForEach in KeyedList has duplicate ids (1, 2); only the first element with each id is "
          + "shown. Give every element a unique id."
      ])
    let fixed = TrellisDiagnostics.capture {
      model.items = [Item(id: 1, name: "b"), Item(id: 2, name: "c"), Item(id: 3, name: "d")]
      host.flush()
    }
    #expect(fixed == [])
    #expect(host.tree.texts == ["b 1", "c 0", "d 0"])
  }

  @Test func anElementBeforeTheUnchangedTailTakingATailIDIsMatchedByIDAndKeepsItsRow() {
    let model = ListModel(
      [
        Item(id: 1, name: "a"), Item(id: 2, name: "b"), Item(id: 3, name: "c"),
        Item(id: 4, name: "d"), Item(id: 5, name: "e"),
      ])
    let host = ViewHost(KeyedList(model: model), executor: .manual)
    host.tap("c 0")
    host.tap("e 0")
    host.flush()
    #expect(host.tree.texts == ["a 0", "b 0", "c 1", "d 0", "e 1"])
    // The ids end with 4, 5 as before, but the 5 in the middle claims the old tail's row: the
    // match restarts by id, forgetting that 3 was kept in place; the first 5 keeps its row,
    // the second is dropped.
    let update = TrellisDiagnostics.capture {
      model.items = [
        Item(id: 1, name: "a"), Item(id: 9, name: "x"), Item(id: 3, name: "c"),
        Item(id: 5, name: "e"), Item(id: 4, name: "d"), Item(id: 5, name: "f"),
      ]
      host.flush()
    }
    #expect(
      update.map(\.message) == [
        "ForEach in KeyedList has duplicate ids (5); only the first element with each id is "
          + "shown. Give every element a unique id."
      ])
    #expect(host.tree.texts == ["a 0", "x 0", "c 1", "e 1", "d 0"])
    model.items = [Item(id: 3, name: "c"), Item(id: 5, name: "e")]
    host.flush()
    #expect(host.tree.texts == ["c 1", "e 1"])
  }

  @Test func optionalContentAndForEachKeepTheirSlotsAmongSiblings() {
    let model = ListModel([])
    let host = ViewHost(SlotList(model: model), executor: .manual)
    #expect(host.tree.texts == ["top", "bottom"])
    model.items = [Item(id: 1, name: "one"), Item(id: 2, name: "two")]
    host.flush()
    #expect(host.tree.texts == ["top", "one", "two", "bottom"])
    model.showMiddle = true
    host.flush()
    #expect(host.tree.texts == ["top", "middle", "one", "two", "bottom"])
    model.items = []
    host.flush()
    #expect(host.tree.texts == ["top", "middle", "bottom"])
    model.items = [Item(id: 3, name: "three")]
    model.showMiddle = false
    host.flush()
    #expect(host.tree.texts == ["top", "three", "bottom"])
    model.showMiddle = true
    host.flush()
    #expect(
      host.dump() == """
        SlotList
          VStack
            Text "top"
            Text "middle"
            Text #3 "three"
            Text "bottom"

        """)
  }
}
