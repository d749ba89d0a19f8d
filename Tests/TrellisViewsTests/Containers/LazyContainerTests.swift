import Testing
import TrellisGraph
import TrellisTracking

@testable import TrellisViews

/// Counts the content closure's calls, to show which rows were built.
@MainActor
final class CallCounter {
  var calls = 0
  var appears = 0
}

struct CountedRow: View {
  let index: Int
  var body: some View { Text("row \(index)") }
}

struct HugeList: View {
  let count: Int
  let calls: CallCounter

  var body: some View {
    List(0..<count, id: \.self) { index in
      calls.calls += 1
      return CountedRow(index: index)
    }
  }
}

struct EagerStack: View {
  let count: Int
  let calls: CallCounter

  var body: some View {
    VStack {
      ForEach(0..<count, id: \.self) { index in
        calls.calls += 1
        return CountedRow(index: index)
      }
    }
  }
}

struct ScrolledStack: View {
  let calls: CallCounter

  var body: some View {
    ScrollView {
      LazyVStack {
        ForEach(0..<1_000, id: \.self) { index in CountedRow(index: index) }
          .onAppear { calls.appears += 1 }
      }
    }
  }
}

struct SectionedList: View {
  var body: some View {
    List {
      Section("A") {
        ForEach(0..<10, id: \.self) { index in Text("a\(index)") }
      }
      Section {
        ForEach(0..<10, id: \.self) { index in Text("b\(index)") }
      } header: {
        Text("B")
      } footer: {
        Text("end of B")
      }
    }
  }
}

final class Items: Trackable {
  @Tracked var ids: [Int]
  @Tracked var label = "row"

  init(_ ids: [Int]) { _ids = Tracked(wrappedValue: ids) }
}

struct ItemList: View {
  let items: Items
  let counter: InitCounter
  let gate: TaskGate

  var body: some View {
    List(items.ids, id: \.self) { id in Probed("\(id)", counter: counter, gate: gate) }
  }
}

struct LabelledList: View {
  let items: Items
  let probe: Probe

  var body: some View {
    let _ = probe.log.append("body")
    List(items.ids, id: \.self) { id in Text("\(items.label) \(id)") }
  }
}

struct TwoLists: View {
  var body: some View {
    VStack {
      List { Text("a") }
      List { Text("b") }
    }
  }
}

@MainActor
@Suite struct LazyContainerTests {
  @Test func aHundredThousandRowListRealizesOnlyTheViewportAndTheOverscan() {
    let calls = CallCounter()
    let recorder = RecordingRenderer()
    let host = ViewHost(
      HugeList(count: 100_000, calls: calls), executor: .manual, renderer: recorder)
    #expect(calls.calls == 22)
    #expect(host.bodyCount(of: "CountedRow") == 22)
    #expect(recorder.counts.creates == 2 + 22 * 2)
    #expect(host.tree.findAll(kind: "List").map(\.attributes) == [["rows=0..<22/100000"]])
    #expect(host.tree.texts.last == "row 21")
  }

  @Test func lazyStacksTakeAnAlignmentAndASpacingAsTheEagerStacksDo() {
    struct Aligned: View {
      var body: some View {
        VStack {
          LazyVStack(alignment: .leading, spacing: 2) { Text("a") }
          LazyHStack(alignment: .top) { Text("b") }
          LazyVStack { Text("c") }
        }
      }
    }
    let host = ViewHost(Aligned(), executor: .manual)
    #expect(
      host.tree.findAll(kind: "LazyVStack").map(\.attributes) == [
        ["alignment=leading", "spacing=2", "rows=0..<1/1"], ["rows=0..<1/1"],
      ])
    #expect(
      host.tree.findAll(kind: "LazyHStack").map(\.attributes) == [
        ["alignment=top", "rows=0..<1/1"]
      ])
  }

  @Test func anEagerStackOfAForEachRealizesEveryRow() {
    let calls = CallCounter()
    let host = ViewHost(EagerStack(count: 500, calls: calls), executor: .manual)
    #expect(calls.calls == 500)
    #expect(host.bodyCount(of: "CountedRow") == 500)
  }

  // Found by a new user: ignored without a word.
  @Test func aViewportReportedForAnElementThatDoesNotScrollIsReported() {
    let recorder = RecordingRenderer()
    let host = ViewHost(VStack { Text("a") }, executor: .manual, renderer: recorder)
    let stack = try! #require(recorder.element(ofKind: .vStack))
    let diagnostics = TrellisDiagnostics.capture {
      recorder.reportViewport(Viewport(offset: 0, length: 3), for: stack)
      host.flush()
    }
    #expect(
      diagnostics.map(\.message) == [
        "reportViewport(_:for:): element \(stack.id) (a VStack in the root view) does not "
          + "scroll; only a List, LazyVStack, LazyHStack or ScrollView has a viewport. The "
          + "viewport is ignored."
      ])
    #expect(host.tree.texts == ["a"])
  }

  // Found by a new user: a negative length showed no rows without a word.
  @Test func aViewportWithANegativeOffsetOrLengthIsReportedAndCountsAsZero() {
    let calls = CallCounter()
    let recorder = RecordingRenderer()
    let host = ViewHost(
      HugeList(count: 100, calls: calls), executor: .manual,
      options: ViewHostOptions(lazyOverscan: 0), renderer: recorder)
    let list = try! #require(recorder.element(ofKind: .list))
    let diagnostics = TrellisDiagnostics.capture {
      recorder.reportViewport(Viewport(offset: 0, length: -3), for: list)
      host.flush()
      recorder.reportViewport(Viewport(offset: -2, length: 2), for: list)
      host.flush()
      recorder.reportViewport(
        Viewport(offset: 4, length: 4, unit: .points(rowExtent: 0)), for: list)
      host.flush()
    }
    let subject = "element \(list.id) (a List in HugeList)"
    #expect(
      diagnostics.map(\.message) == [
        "reportViewport(_:for:): the viewport reported for \(subject) has a negative length "
          + "(-3), which counts as 0.",
        "reportViewport(_:for:): the viewport reported for \(subject) has a negative offset "
          + "(-2), which counts as 0.",
        "reportViewport(_:for:): the viewport reported for \(subject) has a row extent below 1 "
          + "(0), which counts as 1.",
      ])
    #expect(host.tree.texts == ["row 4", "row 5", "row 6", "row 7"])
    let both = TrellisDiagnostics.capture {
      recorder.reportViewport(Viewport(offset: -5, length: -3), for: list)
      host.flush()
    }
    #expect(
      both.map(\.message) == [
        "reportViewport(_:for:): the viewport reported for \(subject) has a negative offset "
          + "(-5), which counts as 0, and a negative length (-3), which counts as 0."
      ])
  }

  // Found by a new user: stored without a word, and never removed.
  @Test func aViewportForAGoneElementIsReportedAndNotKept() {
    struct Shown: View {
      let show: Bool
      var body: some View { VStack { if show { List(0..<50) { Text("row \($0)") } } } }
    }
    let recorder = RecordingRenderer()
    let host = ViewHost(Shown(show: true), executor: .manual, renderer: recorder)
    let list = try! #require(recorder.element(ofKind: .list))
    host.update(root: Shown(show: false))
    let diagnostics = TrellisDiagnostics.capture {
      recorder.reportViewport(Viewport(offset: 0, length: 3), for: list)
      host.flush()
    }
    #expect(
      diagnostics.map(\.message) == [
        "reportViewport(_:for:): element \(list.id) is gone or is not this host's; the "
          + "viewport is ignored."
      ])
    #expect(recorder.connection?.viewport(of: list.id) == nil)
  }

  @Test func aRendererReportsAListsViewportInRows() {
    let calls = CallCounter()
    let recorder = RecordingRenderer()
    let host = ViewHost(
      HugeList(count: 1_000, calls: calls), executor: .manual,
      options: ViewHostOptions(lazyOverscan: 1), renderer: recorder)
    let list = try! #require(recorder.element(ofKind: .list))
    recorder.clear()
    calls.calls = 0
    recorder.reportViewport(Viewport(offset: 500, length: 3), for: list)
    #expect(calls.calls == 0)
    host.flush()
    #expect(host.tree.texts == ["row 499", "row 500", "row 501", "row 502", "row 503"])
    #expect(calls.calls == 5)
    #expect(list.attributes.map(\.description) == ["rows=499..<504/1000"])
    #expect(recorder.counts.removes == 21)
    #expect(recorder.counts.creates == 10)
    // The same viewport again changes nothing.
    recorder.clear()
    recorder.reportViewport(Viewport(offset: 500, length: 3), for: list)
    host.flush()
    #expect(recorder.counts == RecordingRenderer.Counts())
  }

  @Test func aViewportInPointsRealizesEveryRowItTouches() {
    let calls = CallCounter()
    let recorder = RecordingRenderer()
    let host = ViewHost(
      HugeList(count: 1_000, calls: calls), executor: .manual,
      options: ViewHostOptions(lazyOverscan: 0), renderer: recorder)
    let list = try! #require(recorder.element(ofKind: .list))
    recorder.reportViewport(
      Viewport(offset: 10, length: 10, unit: .points(rowExtent: 4)), for: list)
    host.flush()
    // Points 10 to 19 touch rows 2 (8–11), 3, and 4 (16–19).
    #expect(host.tree.texts == ["row 2", "row 3", "row 4"])
  }

  @Test func aViewportPastTheEndShowsTheLastRows() {
    let calls = CallCounter()
    let host = ViewHost(
      HugeList(count: 30, calls: calls), executor: .manual,
      options: ViewHostOptions(defaultViewportRows: 4, lazyOverscan: 0))
    host.scroll(toRow: 100)
    host.flush()
    #expect(host.tree.texts == ["row 26", "row 27", "row 28", "row 29"])
  }

  @Test func aScrollPastRowsThatShrankIsClampedAsAScrollViewsOffsetIs() {
    let items = Items(Array(0..<100))
    let recorder = RecordingRenderer()
    let host = ViewHost(
      LabelledList(items: items, probe: Probe()), executor: .manual,
      options: ViewHostOptions(defaultViewportRows: 3, lazyOverscan: 0), renderer: recorder)
    func resize(to count: Int, shows first: Int, sourceLocation: SourceLocation = #_sourceLocation)
    {
      items.ids = Array(0..<count)
      host.flush()
      #expect(
        host.tree.texts == (first..<first + 3).map { "row \($0)" }, sourceLocation: sourceLocation)
    }
    host.scroll(toRow: 90)
    host.flush()
    #expect(host.tree.texts == ["row 90", "row 91", "row 92"])
    resize(to: 10, shows: 7)
    // The offset moved back with the rows, as a scroll view's does: rows added again come
    // after the ones shown, and the list does not jump back to row 90.
    resize(to: 100, shows: 7)
    // A renderer's viewport is its own scroll view's, which keeps its own offset: it is left
    // as reported.
    let list = try! #require(recorder.element(ofKind: .list))
    recorder.reportViewport(Viewport(offset: 95, length: 3), for: list)
    resize(to: 10, shows: 7)
    resize(to: 100, shows: 95)
  }

  @Test func aNegativeRowIsReportedAndScrollsToTheTop() {
    let calls = CallCounter()
    let host = ViewHost(
      HugeList(count: 30, calls: calls), executor: .manual,
      options: ViewHostOptions(defaultViewportRows: 2, lazyOverscan: 0))
    host.scroll(toRow: 10)
    host.flush()
    #expect(host.tree.texts == ["row 10", "row 11"])
    var scrolled = false
    let diagnostics = TrellisDiagnostics.capture { scrolled = host.scroll(toRow: -5) }
    #expect(scrolled)
    #expect(
      diagnostics.map(\.message) == [
        "scroll(toRow: -5, visibleRows: 2) on the List in HugeList: a row and a count of rows "
          + "cannot be negative; 0 is used instead."
      ])
    host.flush()
    #expect(host.tree.texts == ["row 0", "row 1"])
  }

  @Test func aScrollViewsViewportAppliesToTheLazyStackInside() {
    let calls = CallCounter()
    let recorder = RecordingRenderer()
    let host = ViewHost(
      ScrolledStack(calls: calls), executor: .manual,
      options: ViewHostOptions(defaultViewportRows: 5, lazyOverscan: 0), renderer: recorder)
    #expect(calls.appears == 5)
    #expect(host.tree.findAll(kind: "ScrollView").map(\.attributes) == [["axes=vertical"]])
    let scrollView = try! #require(recorder.element(ofKind: .scrollView))
    recorder.reportViewport(Viewport(offset: 100, length: 2), for: scrollView)
    host.flush()
    #expect(host.tree.texts == ["row 100", "row 101"])
    // A modifier around the ForEach applies to each row: one appearance per row shown.
    #expect(calls.appears == 7)
    host.scroll(toRow: 0, visibleRows: 2)
    host.flush()
    #expect(host.tree.texts == ["row 0", "row 1"])
    #expect(calls.appears == 9)
  }

  @Test func aRowsTaskIsCancelledWhenItScrollsOut() async {
    let counter = InitCounter()
    let gate = TaskGate()
    let host = ViewHost(
      ItemList(items: Items(Array(0..<20)), counter: counter, gate: gate), executor: .manual,
      options: ViewHostOptions(defaultViewportRows: 2, lazyOverscan: 0))
    await gate.waitUntil("0 started")
    host.scroll(toRow: 10)
    host.flush()
    await gate.waitUntil("0 ended, cancelled: true")
    #expect(gate.log(of: "0") == ["0 started", "0 ended, cancelled: true"])
    host.scroll(toRow: 0)
    host.flush()
    await gate.waitUntil("0#2 started")
    #expect(gate.log(of: "0#2") == ["0#2 started"])
    #expect(counter.counts["0"] == 1)
  }

  @Test func hiddenRowsBeyondTheRetentionLimitAreDestroyedLeastRecentlyShownFirst() {
    let counter = InitCounter()
    let gate = TaskGate()
    let host = ViewHost(
      ItemList(items: Items(Array(0..<20)), counter: counter, gate: gate), executor: .manual,
      options: ViewHostOptions(defaultViewportRows: 1, lazyOverscan: 0, lazyRowRetention: 2))
    for row in 1...3 {
      host.scroll(toRow: row)
      host.flush()
    }
    // Rows 0, 1 and 2 were hidden in that order; the limit keeps 1 and 2.
    host.scroll(toRow: 2)
    host.flush()
    host.scroll(toRow: 0)
    host.flush()
    #expect(counter.counts["0"] == 2)
    #expect(counter.counts["2"] == 1)
  }

  @Test func aHiddenRowWhoseElementIsRemovedIsDestroyed() {
    let counter = InitCounter()
    let gate = TaskGate()
    let items = Items(Array(0..<20))
    let host = ViewHost(
      ItemList(items: items, counter: counter, gate: gate), executor: .manual,
      options: ViewHostOptions(defaultViewportRows: 2, lazyOverscan: 0))
    host.tap("0 0")
    host.scroll(toRow: 10)
    host.flush()
    items.ids.removeFirst()
    host.flush()
    items.ids.insert(0, at: 0)
    host.scroll(toRow: 0)
    host.flush()
    #expect(host.tree.texts == ["0 0", "1 0"])
    #expect(counter.counts["0"] == 2)
    #expect(counter.counts["1"] == 1)
  }

  /// A hidden row is looked for where it was, then where an insertion or removal before it
  /// moved it, then among all ids: each edit below takes another of those ways, and every
  /// hidden row keeps its state unless its element left.
  @Test func hiddenRowsKeepTheirStateThroughEditsAroundThemAndGoWithTheirElement() {
    let counter = InitCounter()
    let gate = TaskGate()
    let items = Items(Array(0..<20))
    let host = ViewHost(
      ItemList(items: items, counter: counter, gate: gate), executor: .manual,
      options: ViewHostOptions(defaultViewportRows: 2, lazyOverscan: 0))
    host.tap("0 0")
    host.tap("1 0")
    host.scroll(toRow: 2)
    host.flush()
    host.tap("2 0")
    host.tap("3 0")
    host.scroll(toRow: 10)
    host.flush()
    #expect(host.tree.texts == ["10 0", "11 0"])
    // Rows 0 to 3 are hidden, each tapped once.
    items.ids.insert(100, at: 0)  // each hidden row moved by one
    host.flush()
    items.ids.removeAll { $0 == 2 }  // a hidden row's element leaves
    host.flush()
    items.ids.swapAt(1, 3)  // two hidden rows trade places: [100, 3, 1, 0, 4, …]
    host.flush()
    items.ids.append(20)  // nothing moves
    host.flush()
    items.ids.insert(2, at: 1)
    host.scroll(toRow: 0, visibleRows: 6)
    host.flush()
    #expect(host.tree.texts == ["100 0", "2 0", "3 1", "1 1", "0 1", "4 0"])
    #expect(counter.counts["2"] == 2)
    #expect(counter.counts["0"] == 1 && counter.counts["3"] == 1)
  }

  @Test func aReadInARowsContentRerunsTheListsPassAndNotTheBodyAroundIt() {
    let items = Items(Array(0..<100))
    let probe = Probe()
    let host = ViewHost(
      LabelledList(items: items, probe: probe), executor: .manual,
      options: ViewHostOptions(defaultViewportRows: 2, lazyOverscan: 0))
    probe.log = []
    items.label = "item"
    host.flush()
    #expect(host.tree.texts == ["item 0", "item 1"])
    #expect(probe.log == [])
  }

  @Test func sectionsHoldTheirRealizedRowsAndLeaveTheTreeWhenNoneIsShown() {
    let host = ViewHost(
      SectionedList(), executor: .manual,
      options: ViewHostOptions(defaultViewportRows: 3, lazyOverscan: 0))
    #expect(
      host.dump() == """
        SectionedList
          List rows=0..<3/23
            Section
              Text "A"
              Text #0 "a0"
              Text #1 "a1"

        """)
    host.scroll(toRow: 10)
    host.flush()
    #expect(
      host.dump() == """
        SectionedList
          List rows=10..<13/23
            Section
              Text #9 "a9"
            Section
              Text "B"
              Text #0 "b0"

        """)
    host.scroll(toRow: 20)
    host.flush()
    #expect(
      host.dump() == """
        SectionedList
          List rows=20..<23/23
            Section
              Text #8 "b8"
              Text #9 "b9"
              Text "end of B"

        """)
  }

  @Test func duplicateRowIdsAreReportedAndTheFirstRowIsShown() {
    let counter = InitCounter()
    let gate = TaskGate()
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(
        ItemList(items: Items([1, 1, 2, 1]), counter: counter, gate: gate), executor: .manual)
    }
    #expect(host?.tree.texts == ["1 0", "2 0"])
    // The rows shown, not the elements given (found by a new user: `rows=0..<4/4` with two
    // rows drew phantom rows).
    #expect(host?.dump().contains("List rows=0..<2/2\n") == true)
    #expect(
      diagnostics.map(\.message) == [
        "List in ItemList has duplicate row ids (1); only the first row with each id is shown. "
          + "Give every element a unique id."
      ])
  }

  @Test func scrollingWithoutOneLazyContainerOnScreenIsReported() {
    let none = ViewHost(Text("plain"), executor: .manual)
    var scrolled = true
    let missing = TrellisDiagnostics.capture { scrolled = none.scroll(toRow: 3) }
    #expect(!scrolled)
    #expect(
      missing.map(\.message) == [
        "scroll(toRow:): no lazy container (List, LazyVStack, LazyHStack) is shown."
      ])
    let two = ViewHost(TwoLists(), executor: .manual)
    let ambiguous = TrellisDiagnostics.capture { scrolled = two.scroll(toRow: 3) }
    #expect(!scrolled)
    #expect(
      ambiguous.map(\.message) == [
        "scroll(toRow:): 2 lazy containers are shown (in TwoLists, TwoLists); nothing was "
          + "scrolled. Scroll through each one's renderer instead."
      ])
  }

  @Test func aViewportCountsTheRowsItSpansEvenPastIntMax() {
    let rows = Viewport(offset: Int.max - 1, length: 3)
    #expect(rows.rows == (Int.max - 1)..<Int.max)
    #expect(rows.spannedRowCount == 3)
    // Points 10..<20 at 4 points a row touch rows 2, 3 and 4.
    let points = Viewport(offset: 10, length: 10, unit: .points(rowExtent: 4))
    #expect(points.rows == 2..<5)
    #expect(points.spannedRowCount == 3)
    let farPoints = Viewport(offset: Int.max - 1, length: 10, unit: .points(rowExtent: 4))
    #expect(farPoints.spannedRowCount == 3)
    #expect(
      Viewport(offset: 5, length: Int.max, unit: .points(rowExtent: 4)).spannedRowCount
        == Int.max / 4)
    #expect(Viewport(offset: 5, length: -3).spannedRowCount == 0)
  }

  @Test func hugeViewportsAndOverscansShowTheLastRowsWithoutOverflowing() {
    // Each of these trapped on integer overflow working out which rows are visible.
    let list = List(0..<1_000, id: \.self) { Text("row \($0)") }
    let host = ViewHost(list, executor: .manual)
    // Any row at or past the end shows what a scroll to the end shows: the last two rows, and
    // the overscan (2 rows) before them.
    for row in [998, 5_000, Int.max - 1, Int.max] {
      #expect(host.scroll(toRow: row, visibleRows: 2))
      host.flush()
      #expect(host.tree.texts == ["row 996", "row 997", "row 998", "row 999"])
    }
    #expect(host.scroll(toRow: 10, visibleRows: Int.max))
    host.flush()
    #expect(host.tree.texts.count == 1_000)
    let everything = ViewHost(
      list, executor: .manual,
      options: ViewHostOptions(defaultViewportRows: Int.max, lazyOverscan: Int.max))
    #expect(everything.tree.texts.count == 1_000)
    #expect(everything.tree.texts.last == "row 999")
  }

  /// Found by a new user: a viewport of `Int.max` rows over `0..<Int.max` trapped asking for
  /// storage for every row.
  @Test func aViewportOfMoreRowsThanARealizedListHoldsIsReportedAndCut() {
    let endless = List(0..<Int.max, id: \.self) { Text("row \($0)") }
    let host = ViewHost(endless, executor: .manual)
    let diagnostics = TrellisDiagnostics.capture {
      #expect(host.scroll(toRow: Int.max, visibleRows: Int.max))
      host.flush()
      host.scroll(toRow: 0, visibleRows: 200_000)
      host.flush()
    }
    let texts = host.tree.texts
    #expect(texts.count == 100_000)
    #expect(texts.first == "row 0" && texts.last == "row 99999")
    #expect(
      diagnostics.map(\.message) == [
        "List in the root view has a viewport of Int.max rows; a lazy container realizes at "
          + "most 100000 rows at once, so it shows the first 100000 of them. "
          + "Report the rows the screen shows."
      ])
  }
}

/// A lazy list of buttons, for driving a row that a scroll brings in.
struct ButtonList: View {
  var body: some View {
    List(0..<30, id: \.self) { index in Button("Row \(index)") {} }
  }
}

extension LazyContainerTests {
  @Test func aControlAScrollBringsInIsFoundAfterTheFlushAndTheMessageSaysSo() {
    let host = ViewHost(
      ButtonList(), executor: .manual,
      options: ViewHostOptions(defaultViewportRows: 4, lazyOverscan: 0))
    #expect(host.scroll(toRow: 20))
    var tapped = true
    let diagnostics = TrellisDiagnostics.capture { tapped = host.tap("Row 21") }
    #expect(!tapped)
    #expect(
      diagnostics.map(\.message) == [
        "No button titled \"Row 21\" is in the tree yet: changes wait for the next update (a "
          + "scroll, a write). Call flush() first."
      ])
    host.flush()
    #expect(host.tap("Row 21"))
    // With nothing pending, a row the list has not built (found by a new user, who read
    // "No button titled "Task 150" is in the tree." of a row further down): the report says
    // which rows are built, and how to build the others.
    let later = TrellisDiagnostics.capture { tapped = host.tap("Row 29") }
    #expect(!tapped)
    #expect(
      later.map(\.message) == [
        "No button titled \"Row 29\" is in the tree. The List in ButtonList builds only the "
          + "rows in its viewport (rows 20..<24 of 30 are built): if the view is in a row "
          + "outside them, scroll to it first (scroll(toRow:), or the renderer's viewport), "
          + "then flush()."
      ])
    // With every row built, a missing title is only that.
    let everyRow = ViewHost(
      ButtonList(), executor: .manual, options: ViewHostOptions(defaultViewportRows: 30))
    let missing = TrellisDiagnostics.capture { tapped = everyRow.tap("Row 30") }
    #expect(!tapped)
    #expect(missing.map(\.message) == ["No button titled \"Row 30\" is in the tree."])
  }
}
