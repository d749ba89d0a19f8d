import Dispatch
import Foundation
import Synchronization
import Testing
import TrellisGraph
import TrellisTracking
import TrellisViews

final class TitledRow: Trackable, Identifiable {
  let id: Int
  @Tracked var title: String

  init(id: Int, title: String) {
    self.id = id
    _title = Tracked(wrappedValue: title)
  }
}

final class RowStore: Trackable {
  @Tracked var rows: [TitledRow]
  @Tracked var isLoading = false

  init(titles: [String]) {
    _rows = Tracked(
      wrappedValue: titles.enumerated().map { TitledRow(id: $0.offset + 1, title: $0.element) })
  }
}

struct TitledRowView: View {
  let row: TitledRow
  var body: some View { Text(row.title) }
}

struct RowListView: View {
  let store: RowStore
  var body: some View {
    VStack {
      ForEach(store.rows) { row in TitledRowView(row: row) }
    }
  }
}

/// A header whose text the parent's state decides, above a child that takes no input from it.
struct CounterHeader: View {
  @State var count = 0

  var body: some View {
    VStack {
      Button("count \(count)") { count += 1 }
      NamedLeaf(name: "static")
    }
  }
}

struct TitledLoading: View {
  let store: RowStore

  var body: some View {
    Group {
      if store.isLoading {
        ProgressView("loading")
      } else {
        VStack { Text("loaded") }
      }
    }
    .font(.headline)
  }
}

struct FlagToggle: View {
  let flags: Flags
  var body: some View {
    Toggle("flag", isOn: Binding(get: { flags.isOn }, set: { flags.isOn = $0 }))
  }
}

/// The recorder's element tree in `dump()`'s format, to check it against the host's tree.
@MainActor
func recordedDump(_ recorder: RecordingRenderer) -> String {
  var lines: [String] = []
  var stack = recorder.rootElement.children.reversed().map { ($0, 0) }
  if recorder.rootElement.children.count > 1 {
    lines.append("Root")
    stack = stack.map { ($0.0, 1) }
  }
  while let (element, depth) = stack.popLast() {
    var line = String(repeating: "  ", count: depth) + element.kind.name
    if let identity = element.identity { line += " #\(identity)" }
    if let text = element.text { line += " \"\(text)\"" }
    if !element.attributes.isEmpty { line += " \(element.attributes)" }
    lines.append(line)
    stack.append(contentsOf: element.children.reversed().map { ($0, depth + 1) })
  }
  return lines.map { $0 + "\n" }.joined()
}

@MainActor
@Suite struct RendererTests {
  @Test func aRendererSeesEachRowsIDAsTheExplicitIdentityOfItsFirstElement() {
    let recorder = RecordingRenderer()
    let host = ViewHost(
      RowListView(store: RowStore(titles: ["a", "b"])), executor: .manual, renderer: recorder)
    let rows = recorder.rootElement.children.flatMap(\.children).flatMap(\.children)
    #expect(rows.map(\.kind.name) == ["TitledRowView", "TitledRowView"])
    #expect(rows.map(\.explicitID) == [AnyHashable(1), AnyHashable(2)])
    #expect(rows.map { $0.explicitID?.base as? Int } == [1, 2])
    #expect(rows.map(\.identity) == ["1", "2"])
    // Shown once: the row's text below it has no identity of its own.
    #expect(rows.flatMap(\.children).map(\.explicitID) == [nil, nil])
    #expect(recordedDump(recorder) == host.dump())
  }

  @Test func mountingSendsEachNewSubtreeDetachedThenInsertsItsRoot() {
    let recorder = RecordingRenderer()
    let host = ViewHost(
      RowListView(store: RowStore(titles: ["a", "b"])), executor: .manual, renderer: recorder)
    #expect(recorder.commits.count == 1)
    #expect(
      recorder.lastCommit.map(\.description) == [
        "create RowListView@1", "create VStack@2", "insert VStack@2 into RowListView@1 at 0",
        "create TitledRowView@3 #1", "insert TitledRowView@3 into VStack@2 at 0",
        "create Text@4 \"a\"", "insert Text@4 into TitledRowView@3 at 0",
        "create TitledRowView@5 #2", "insert TitledRowView@5 into VStack@2 at 1",
        "create Text@6 \"b\"", "insert Text@6 into TitledRowView@5 at 0",
        "insert RowListView@1 into Root@0 at 0",
      ])
    #expect(recordedDump(recorder) == host.dump())
  }

  @Test func editingOneRowsTitleIsExactlyOneTextMutation() {
    let store = RowStore(titles: (1...100).map { "row \($0)" })
    let recorder = RecordingRenderer()
    let host = ViewHost(RowListView(store: store), executor: .manual, renderer: recorder)
    recorder.clear()
    host.clearLogs()
    store.rows[41].title = "edited"
    host.flush()
    #expect(host.runLog == ["TitledRowView #42: TitledRow.title"])
    #expect(recorder.lastCommit.count == 1)
    #expect(recorder.lastCommit.first?.description.hasSuffix("\"edited\"") == true)
    #expect(
      recorder.lastCommit.first == .setText("edited", of: recorder.element(withText: "edited")!))
    #expect(recordedDump(recorder) == host.dump())
  }

  @Test func reorderingKeyedRowsIsMovesOnlyAndTheFewest() {
    let store = RowStore(titles: (1...10).map { "row \($0)" })
    let recorder = RecordingRenderer()
    let host = ViewHost(RowListView(store: store), executor: .manual, renderer: recorder)
    recorder.clear()
    host.clearLogs()
    store.rows.swapAt(1, 8)
    host.flush()
    #expect(host.runLog == ["RowListView: RowStore.rows"])
    #expect(recorder.counts == RecordingRenderer.Counts(moves: 2, commits: 1))
    #expect(recordedDump(recorder) == host.dump())

    recorder.clear()
    store.rows.reverse()
    host.flush()
    #expect(recorder.counts == RecordingRenderer.Counts(moves: 9, commits: 1))
    #expect(host.tree.texts.first == "row 10")
    #expect(recordedDump(recorder) == host.dump())

    recorder.clear()
    store.rows.append(store.rows.removeFirst())
    host.flush()
    #expect(recorder.counts == RecordingRenderer.Counts(moves: 1, commits: 1))
    #expect(recordedDump(recorder) == host.dump())
  }

  @Test func appendingAndRemovingRowsCreatesAndRemovesOnlyThoseRows() {
    let store = RowStore(titles: ["a", "b", "c"])
    let recorder = RecordingRenderer()
    let host = ViewHost(RowListView(store: store), executor: .manual, renderer: recorder)
    recorder.clear()
    store.rows.append(TitledRow(id: 4, title: "d"))
    host.flush()
    #expect(
      recorder.lastCommit.map(\.description) == [
        "create TitledRowView@9 #4", "create Text@10 \"d\"",
        "insert Text@10 into TitledRowView@9 at 0", "insert TitledRowView@9 into VStack@2 at 3",
      ])
    recorder.clear()
    store.rows.removeFirst()
    host.flush()
    #expect(recorder.lastCommit.map(\.description) == ["remove TitledRowView@3 from VStack@2 at 0"])
    #expect(host.tree.texts == ["b", "c", "d"])
    #expect(recordedDump(recorder) == host.dump())
  }

  @Test func anUnchangedChildEmitsNothing() {
    let recorder = RecordingRenderer()
    let host = ViewHost(CounterHeader(), executor: .manual, renderer: recorder)
    recorder.clear()
    host.clearLogs()
    host.tap("count 0")
    host.flush()
    #expect(host.runLog == ["CounterHeader: @State CounterHeader.count"])
    #expect(recorder.lastCommit.map(\.description) == ["setText Text@4 \"count 1\""])
  }

  @Test func aToggleChangesItsAttributeWithoutRunningABody() {
    let flags = Flags()
    let recorder = RecordingRenderer()
    let host = ViewHost(FlagToggle(flags: flags), executor: .manual, renderer: recorder)
    #expect(recorder.lastCommit.map(\.description).contains("create Toggle@2 \"flag\" isOn=false"))
    recorder.clear()
    host.clearLogs()
    host.setToggle("flag", to: true)
    host.flush()
    #expect(host.runLog == [])
    #expect(recorder.lastCommit.map(\.description) == ["setAttributes Toggle@2 isOn=true"])
  }

  @Test func aWrappersAttributesFollowItsFirstElement() {
    let store = RowStore(titles: [])
    store.isLoading = true
    let recorder = RecordingRenderer()
    let host = ViewHost(TitledLoading(store: store), executor: .manual, renderer: recorder)
    #expect(host.dump() == "TitledLoading\n  ProgressView \"loading\" font=headline\n")
    recorder.clear()
    store.isLoading = false
    host.flush()
    #expect(
      recorder.lastCommit.map(\.description) == [
        "create VStack@3 font=headline", "create Text@4 \"loaded\"",
        "insert Text@4 into VStack@3 at 0", "remove ProgressView@2 from TitledLoading@1 at 0",
        "insert VStack@3 into TitledLoading@1 at 0",
      ])
    #expect(recordedDump(recorder) == host.dump())
  }

  @Test func aNewIdentityReplacesTheElementAndTheSameIdentityKeepsIt() {
    let recorder = RecordingRenderer()
    let host = ViewHost(BranchingParent(), executor: .manual, renderer: recorder)
    recorder.clear()
    host.tap("outer 0")
    host.flush()
    #expect(recorder.lastCommit.map(\.description) == ["setText Text@6 \"outer 1\""])
    recorder.clear()
    host.tap("flip")
    host.flush()
    #expect(
      recorder.lastCommit.map(\.description) == [
        "create Counter@10", "create Button@11", "insert Button@11 into Counter@10 at 0",
        "create Text@12 \"no: 0\"", "insert Text@12 into Button@11 at 0",
        "remove Counter@7 from VStack@2 at 2", "insert Counter@10 into VStack@2 at 2",
      ])
    #expect(recordedDump(recorder) == host.dump())
  }

  @Test func anElementCanBeActivatedThroughTheConnection() {
    let activator = CreatedElements()
    let host = ViewHost(CounterHeader(), executor: .manual, renderer: activator)
    #expect(activator.ids(of: .button).count == 1)
    #expect(activator.connection?.activate(activator.ids(of: .button)[0]) == true)
    host.flush()
    #expect(host.tree.texts == ["count 1", "static"])
  }

  // Found by a new user: a renderer's click ran a disabled button's action, which a tap on it
  // refused.
  @Test func aDisabledElementIsNotActivatedThroughTheConnection() {
    struct DisabledButtons: View {
      @State var count = 0
      var body: some View {
        VStack {
          Text("count \(count)")
          Button("Off") { count += 1 }.disabled(true)
          VStack { Button("Inside") { count += 10 } }.disabled(true)
        }
      }
    }
    let activator = CreatedElements()
    let host = ViewHost(DisabledButtons(), executor: .manual, renderer: activator)
    let buttons = activator.ids(of: .button)
    #expect(buttons.count == 2)
    let diagnostics = TrellisDiagnostics.capture {
      #expect(activator.connection?.activate(buttons[0]) == false)
      #expect(activator.connection?.activate(buttons[1]) == false)
      host.flush()
    }
    #expect(host.tree.texts.first == "count 0")
    #expect(
      diagnostics.map(\.message) == [
        "activate(_:): element \(buttons[0]) \"Off\" in DisabledButtons is disabled; nothing "
          + "was activated.",
        "activate(_:): element \(buttons[1]) \"Inside\" in DisabledButtons is disabled; "
          + "nothing was activated.",
      ])
  }

  /// A renderer that calls back into its host from inside the commit's mutations (activating
  /// a button from `insert` and `setText`) re-enters the fields the commit skips exclusivity
  /// checks for; under AddressSanitizer in CI, a commit that held one of them across the call
  /// would fail here. Each write lands in the next round: the text updates, which taps again.
  @Test func aRendererMayCallBackIntoTheHostFromInsideACommit() {
    final class Reentrant: Renderer {
      let rootElement = 0
      var connection: RendererConnection?
      var button: ElementID?
      var activations = 0
      func createElement(_ description: ElementDescription) -> Int {
        if description.kind == .button { button = description.id }
        return 0
      }
      func insert(_ child: Int, into parent: Int, at index: Int) { activateOnce() }
      func move(_ child: Int, in parent: Int, from source: Int, to destination: Int) {}
      func remove(_ child: Int, from parent: Int, at index: Int) {}
      func setText(_ text: String?, of element: Int) { activateOnce() }
      func setAttributes(_ attributes: ElementAttributes, of element: Int) {}
      func beginCommit(_ commit: CommitInfo) { activatedThisCommit = false }
      func connect(_ connection: RendererConnection) { self.connection = connection }
      private var activatedThisCommit = false
      func activateOnce() {
        guard !activatedThisCommit, activations < 3, connection != nil, let button else { return }
        activatedThisCommit = true
        activations += 1
        #expect(connection?.activate(button) == true)
      }
    }
    let renderer = Reentrant()
    // Connected before the mount: the mount's own commit taps first, and each commit the tap
    // causes taps again, all inside the mount's update cycle.
    let host = ViewHost(CounterHeader(), executor: .manual, renderer: renderer)
    #expect(renderer.activations == 3)
    #expect(host.tree.texts == ["count 3", "static"])
  }

  /// Found by a new user: a renderer that answers every commit with input (a tap from
  /// `endCommit`) looped for 100 rounds, and the report blamed a body, lifecycle action or task.
  /// It names the renderer's call.
  @Test func aRendererThatAnswersEachCommitWithInputIsNamedByTheCycleReport() throws {
    let renderer = CreatedElements()
    renderer.onEndCommit = { [unowned renderer] in
      if let button = renderer.ids(of: .button).first { renderer.connection?.activate(button) }
    }
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(CounterHeader(), executor: .manual, renderer: renderer)
    }
    let button = try #require(renderer.ids(of: .button).first)
    #expect(
      diagnostics.map(\.message) == [
        "CounterHeader kept scheduling updates for 100 rounds; the host stopped, and what it "
          + "did not update shows its previous values until a new change updates it. A "
          + "renderer called activate(\(button)) from inside a commit in its last rounds: input "
          + "during a commit is applied by the same update, as a new round, so a renderer that "
          + "answers each commit with input loops. Pass such input on after the commit returns "
          + "(from the renderer's own event loop)."
      ])
    #expect(host?.tree.texts == ["count 99", "static"])
  }

  /// Found by a renderer author: a renderer that wrote app state on each commit was reported as
  /// "a body, lifecycle action or task".
  @Test func aRendererThatWritesStateOnEachCommitIsNamedByTheCycleReport() {
    final class Drawn: Trackable { @Tracked var frames = 0 }
    struct FrameCount: View {
      let drawn: Drawn
      var body: some View { Text("frames \(drawn.frames)") }
    }
    let drawn = Drawn()
    let renderer = CreatedElements()
    renderer.onEndCommit = { drawn.frames += 1 }
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(FrameCount(drawn: drawn), executor: .manual, renderer: renderer)
    }
    #expect(
      diagnostics.map(\.message) == [
        "FrameCount kept scheduling updates for 100 rounds; the host stopped, and what it did "
          + "not update shows its previous values until a new change updates it. "
          + "CreatedElements wrote state that a body reads from inside a commit in its last "
          + "rounds: such a write is applied by the same update, as a new round, so a renderer "
          + "that writes on each commit loops. Write after the commit returns (from the "
          + "renderer's own event loop), or only when the value differs."
      ])
    #expect(host?.tree.texts == ["frames 99"])
  }

  // Found by a new user: the connection came after the first commit, so a renderer could not
  // report anything (a viewport) for the frame it draws at the mount.
  @Test func aRendererIsConnectedBeforeTheMountsCommit() {
    final class Ordered: Renderer {
      let rootElement = 0
      var calls: [String] = []
      func createElement(_ description: ElementDescription) -> Int { 0 }
      func insert(_ child: Int, into parent: Int, at index: Int) {}
      func move(_ child: Int, in parent: Int, from source: Int, to destination: Int) {}
      func remove(_ child: Int, from parent: Int, at index: Int) {}
      func setText(_ text: String?, of element: Int) {}
      func setAttributes(_ attributes: ElementAttributes, of element: Int) {}
      func beginCommit(_ commit: CommitInfo) { calls.append("begin \(commit.number)") }
      func endCommit(_ commit: CommitInfo) { calls.append("end \(commit.number)") }
      func connect(_ connection: RendererConnection) { calls.append("connect") }
    }
    let renderer = Ordered()
    let host = ViewHost(Text("a"), executor: .manual, renderer: renderer)
    #expect(renderer.calls == ["connect", "begin 1", "end 1"])
    withExtendedLifetime(host) {}
  }

  @Test func aRendererAnotherMountedHostHasIsRefusedUntilThatHostUnmounts() {
    let recorder = RecordingRenderer()
    let first = ViewHost(Text("first"), executor: .manual, renderer: recorder)
    var second: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      second = ViewHost(Text("second"), executor: .manual, renderer: recorder)
    }
    #expect(diagnostics.map(\.kind) == [.invalidInput])
    #expect(diagnostics.map(\.nodes) == [["RecordingRenderer"]])
    // The second host shows its view in its own tree; the renderer has the first host's only.
    #expect(second?.tree.texts == ["second"])
    #expect(recordedDump(recorder) == first.dump())
    #expect(recorder.counts.creates == 1)

    first.unmount()
    recorder.clear()
    let third = TrellisDiagnostics.capture {
      let host = ViewHost(Text("third"), executor: .manual, renderer: recorder)
      #expect(recordedDump(recorder) == host.dump())
    }
    #expect(third.isEmpty)
    #expect(recorder.counts.creates == 1)
  }

  /// Found by a user who released a host on a background queue and reused its renderer at
  /// once: the renderer is given back by the host's teardown, which runs on the main actor, so
  /// until then it is refused, and the diagnostic now says why and what to do (it said
  /// "another mounted host").
  @Test func aHostReleasedOffTheMainActorFreesItsRendererOnceItsTeardownHasRun() async {
    let recorder = RecordingRenderer()
    let holder = Mutex<ViewHost?>(ViewHost(Text("gone"), executor: .manual, renderer: recorder))
    // Released on another thread while this test holds the main actor.
    let released = DispatchSemaphore(value: 0)
    Thread {
      holder.withLock { $0 = nil }
      released.signal()
    }.start()
    released.wait()
    var refusals: [TrellisDiagnostic] = []
    var next: ViewHost?
    for _ in 0..<1_000 {
      let diagnostics = TrellisDiagnostics.capture {
        next = ViewHost(Text("next"), executor: .manual, renderer: recorder)
      }
      refusals += diagnostics
      if diagnostics.isEmpty { break }
      next = nil
      await Task.yield()
    }
    #expect(
      refusals.first?.message
        == "ViewHost(_:renderer:) got a RecordingRenderer that a released host still renders "
        + "to: a ViewHost whose last reference goes off the main actor gives its renderer back "
        + "once its teardown has run on the main actor, after the work queued there. Release "
        + "the other host on the main actor, or call its unmount() first, to hand the renderer "
        + "on at once. This host renders to its own tree only (`tree`, `dump()`).")
    // Once the teardown ran, the next host got the renderer, which shows its tree alone.
    guard let next else { return }
    #expect(recordedDump(recorder) == next.dump())
  }

  /// Found by a renderer author who opened the next window from the `endCommit` of the commit
  /// that closed the last one: the renderer was refused, with "another mounted host".
  @Test func anUnmountedHostsRendererCanBeGivenOnFromTheEndOfItsLastCommit() {
    let renderer = HookedRenderer(hookedCall: "endCommit")
    let first = ViewHost(Text("first"), executor: .manual, renderer: renderer)
    var second: ViewHost?
    renderer.hook = { second = ViewHost(Text("second"), executor: .manual, renderer: renderer) }
    let diagnostics = TrellisDiagnostics.capture { first.unmount() }
    #expect(diagnostics.isEmpty)
    #expect(second?.tree.texts == ["second"])
    #expect(recordedDump(renderer.recorder) == second?.dump())
  }

  @Test func aHostThatGoesFreesItsRenderer() {
    let recorder = RecordingRenderer()
    do { _ = ViewHost(Text("gone"), executor: .manual, renderer: recorder) }
    recorder.clear()
    let diagnostics = TrellisDiagnostics.capture {
      let next = ViewHost(Text("next"), executor: .manual, renderer: recorder)
      // The renderer shows the next host's tree alone.
      #expect(recordedDump(recorder) == next.dump())
    }
    #expect(diagnostics.isEmpty)
    #expect(recorder.counts.creates == 1)
  }

  // Found by a new user writing a renderer: an id of one host's element, handed to another
  // host's connection, activated that host's element in the same slot.
  @Test func anElementIDNamesNothingInAnotherHost() throws {
    struct Buttons: View {
      let label: String
      let log: Probe
      var body: some View {
        VStack {
          Button("\(label) one") { log.log.append("\(label) one") }
          Button("\(label) two") { log.log.append("\(label) two") }
        }
      }
    }
    let log = Probe()
    let first = RecordingRenderer()
    let second = RecordingRenderer()
    let hosts = [
      ViewHost(Buttons(label: "A", log: log), executor: .manual, renderer: first),
      ViewHost(Buttons(label: "B", log: log), executor: .manual, renderer: second),
    ]
    let idA = try #require(first.element(ofKind: .button)?.id)
    let idB = try #require(second.element(ofKind: .button)?.id)
    // The same slot, reused as many times: only the hosts tell them apart.
    #expect(idA.description == idB.description)
    #expect(idA != idB)
    let diagnostics = TrellisDiagnostics.capture {
      #expect(second.connection?.activate(idA) == false)
    }
    #expect(log.log.isEmpty)
    #expect(
      diagnostics.map(\.message) == ["activate(_:): element \(idA) is gone or has no action."])
    #expect(second.connection?.activate(idB) == true)
    #expect(log.log == ["B one"])
    withExtendedLifetime(hosts) {}
  }

  // Found by a new user writing a renderer: a host that went away left its elements on the
  // renderer's root, where the next host's were inserted beside them; and a renderer whose
  // elements are values (handles into its own table) could not tell which were dead.
  @Test func aHostThatGoesRemovesItsTreeAndDestroysEveryElementItHeld() {
    final class Handles: Renderer {
      let rootElement = 0
      var next = 1
      var live: Set<Int> = []
      var calls: [String] = []
      func createElement(_ description: ElementDescription) -> Int {
        defer { next += 1 }
        live.insert(next)
        return next
      }
      func insert(_ child: Int, into parent: Int, at index: Int) {}
      func move(_ child: Int, in parent: Int, from source: Int, to destination: Int) {}
      func remove(_ child: Int, from parent: Int, at index: Int) {
        calls.append("remove \(child) from \(parent) at \(index)")
      }
      func setText(_ text: String?, of element: Int) {}
      func setAttributes(_ attributes: ElementAttributes, of element: Int) {}
      func beginCommit(_ commit: CommitInfo) { calls.append("begin") }
      func endCommit(_ commit: CommitInfo) { calls.append("end") }
      func destroyElement(_ element: Int) {
        calls.append("destroy \(element)")
        live.remove(element)
      }
    }
    struct Rows: View {
      let count: Int
      var body: some View {
        VStack { ForEach(0..<count, id: \.self) { Text("row \($0)") } }
      }
    }
    let renderer = Handles()
    var host: ViewHost? = ViewHost(Rows(count: 3), executor: .manual, renderer: renderer)
    // Rows, VStack, three texts.
    #expect(renderer.live == [1, 2, 3, 4, 5])
    host?.update(root: Rows(count: 1))
    #expect(
      renderer.calls.suffix(6) == [
        "begin", "remove 5 from 2 at 2", "remove 4 from 2 at 1", "destroy 4", "destroy 5", "end",
      ])
    #expect(renderer.live == [1, 2, 3])
    renderer.calls = []
    host = nil
    #expect(
      renderer.calls == [
        "begin", "remove 1 from 0 at 0", "destroy 1", "destroy 2", "destroy 3", "end",
      ])
    #expect(renderer.live.isEmpty)

    // A lazy list's retained rows (scrolled out, not in the tree) are destroyed too, at an
    // unmount as when the host goes.
    struct Lazy: View {
      var body: some View {
        List(0..<100, id: \.self) { Text("row \($0)") }
      }
    }
    let lazy = Handles()
    let list = ViewHost(
      Lazy(), executor: .manual, options: ViewHostOptions(defaultViewportRows: 2, lazyOverscan: 0),
      renderer: lazy)
    list.scroll(toRow: 50)
    list.flush()
    #expect(lazy.live.count == 6)
    list.unmount()
    #expect(lazy.live.isEmpty)
    withExtendedLifetime(list) {}
  }
}

@MainActor
@Suite struct DumpLimitTests {
  struct Shelf: View {
    var body: some View {
      VStack {
        Text("a long title")
        VStack { Text("inner") }
        Text("c")
      }
    }
  }

  @Test func aDumpCutsChildrenLevelsAndTextsWhereAsked() {
    let host = ViewHost(Shelf(), executor: .manual)
    #expect(
      host.dump(maxChildren: 2, maxTextLength: 4) == """
        Shelf
          VStack
            Text "a lo…"
            VStack
              Text "inne…"
            … 1 more

        """)
    #expect(
      host.dump(maxDepth: 2) == """
        Shelf
          VStack
            … 3 children

        """)
    #expect(
      host.dump(maxDepth: 1) == """
        Shelf
          … 1 child

        """)
  }

  @Test func aDumpEscapesTextsAndIdsSoThatEachNodeIsOneLine() {
    struct Awkward: View {
      var body: some View {
        VStack {
          ForEach(["a\"b", "c\nd"], id: \.self) { Text($0) }
          Text("quote \" newline \n tab \t back \\ bell \u{7}")
        }
      }
    }
    let host = ViewHost(Awkward(), executor: .manual)
    #expect(
      host.dump() == #"""
        Awkward
          VStack
            Text #a\"b "a\"b"
            Text #c\nd "c\nd"
            Text "quote \" newline \n tab \t back \\ bell \u{7}"

        """#)
  }

  /// Found by a renderer author: a field's text was printed raw, so a newline broke its line.
  @Test func aDumpEscapesAFieldsTextAndPromptAndAPickersTags() {
    struct AwkwardControls: View {
      @State private var text = "two\nlines \"quoted\""
      @State private var choice = "a\tb"
      var body: some View {
        VStack {
          TextField("Field", text: $text, prompt: Text("say \"hi\"\u{0}"))
          Picker("Pick", selection: $choice) {
            Text("tabbed").tag("a\tb")
          }
        }
      }
    }
    let host = ViewHost(AwkwardControls(), executor: .manual)
    #expect(
      host.dump() == #"""
        AwkwardControls
          VStack
            TextField "Field" value="two\nlines \"quoted\"" prompt="say \"hi\"\u{0}"
            Picker "Pick" selection=a\tb
              Text "tabbed" tag=a\tb

        """#)
  }

  @Test func aNegativeLimitCountsAsZero() {
    let host = ViewHost(Shelf(), executor: .manual)
    #expect(
      host.dump(maxChildren: -1, maxTextLength: -5) == """
        Shelf
          … 1 more

        """)
  }
}

/// Holds the host a view unmounts from its lifecycle actions.
@MainActor
final class HostHolder {
  weak var host: ViewHost?
}

/// Unmounts its host when `done` changes (`onChange`), or when a view it then shows appears.
struct SelfUnmounting: View {
  let holder: HostHolder
  let switches: UnmountSwitches
  let fromAppearance: Bool

  var body: some View {
    VStack {
      Text("shown")
      if fromAppearance && switches.done {
        Text("leaving").onAppear { holder.host?.unmount() }
      }
    }
    .onChange(of: switches.done) { _, _ in
      if !fromAppearance { holder.host?.unmount() }
    }
  }
}

final class UnmountSwitches: Trackable {
  @Tracked var done = false
}

// Found by a new user: an unmount from a lifecycle action ran inside the host's update cycle,
// whose last round had committed already, so the renderers kept the whole tree.
@MainActor
@Suite struct UnmountFromLifecycleTests {
  @Test(arguments: [false, true])
  func anUnmountFromALifecycleActionReachesTheRenderers(fromAppearance: Bool) {
    let holder = HostHolder()
    let switches = UnmountSwitches()
    let recorder = RecordingRenderer()
    let host = ViewHost(
      SelfUnmounting(holder: holder, switches: switches, fromAppearance: fromAppearance),
      executor: .manual, renderer: recorder)
    holder.host = host
    recorder.clear()
    switches.done = true
    host.flush()
    #expect(
      recorder.commits.last?.map(\.description) == ["remove SelfUnmounting@1 from Root@0 at 0"])
    #expect(host.tree.texts == [])
  }
}

/// A recording renderer that calls `hook` once, from inside the commit, at the first call of
/// the kind named: `setText`, `destroyElement` or `endCommit` (after recording it).
@MainActor
final class HookedRenderer: Renderer {
  let recorder = RecordingRenderer()
  let hookedCall: String
  var hook: (() -> Void)?
  private(set) var destroyed = 0

  init(hookedCall: String) { self.hookedCall = hookedCall }

  var rootElement: RecordingRenderer.Element { recorder.rootElement }
  func createElement(_ description: ElementDescription) -> RecordingRenderer.Element {
    recorder.createElement(description)
  }
  func insert(
    _ child: RecordingRenderer.Element, into parent: RecordingRenderer.Element, at index: Int
  ) {
    recorder.insert(child, into: parent, at: index)
  }
  func move(
    _ child: RecordingRenderer.Element, in parent: RecordingRenderer.Element, from source: Int,
    to destination: Int
  ) {
    recorder.move(child, in: parent, from: source, to: destination)
  }
  func remove(
    _ child: RecordingRenderer.Element, from parent: RecordingRenderer.Element, at index: Int
  ) {
    recorder.remove(child, from: parent, at: index)
  }
  func setText(_ text: String?, of element: RecordingRenderer.Element) {
    recorder.setText(text, of: element)
    if hookedCall == "setText" { runHook() }
  }
  func setAttributes(_ attributes: ElementAttributes, of element: RecordingRenderer.Element) {
    recorder.setAttributes(attributes, of: element)
  }
  func beginCommit(_ commit: CommitInfo) { recorder.beginCommit(commit) }
  func endCommit(_ commit: CommitInfo) {
    recorder.endCommit(commit)
    if hookedCall == "endCommit" { runHook() }
  }
  func destroyElement(_ element: RecordingRenderer.Element) {
    destroyed += 1
    if hookedCall == "destroyElement" { runHook() }
  }

  private func runHook() {
    let hook = hook
    self.hook = nil
    hook?()
  }
}

final class LabelAndRows: Trackable {
  @Tracked var label = "a"
  @Tracked var ids = [1, 2]
}

struct LabelledRows: View {
  let model: LabelAndRows

  var body: some View {
    VStack {
      Text(model.label)
      ForEach(model.ids, id: \.self) { id in Text("row \(id)") }
    }
  }
}

// Found by a renderer author: `unmount()` from a renderer's `setText` or `destroyElement`, in
// the middle of a commit that had passed its container changes, destroyed the elements without
// removing them, left `host.tree` whole, and gave the renderer to the next host at once.
@MainActor
@Suite struct UnmountFromACommitTests {
  @Test(arguments: ["setText", "destroyElement"])
  func anUnmountFromInsideACommitRemovesTheTreeInTheNextRound(call: String) {
    let model = LabelAndRows()
    let renderer = HookedRenderer(hookedCall: call)
    let host = ViewHost(LabelledRows(model: model), executor: .manual, renderer: renderer)
    renderer.hook = { [weak host] in host?.unmount() }
    renderer.recorder.clear()
    let diagnostics = TrellisDiagnostics.capture {
      model.label = "b"
      model.ids = [2, 3]
      host.flush()
    }
    #expect(diagnostics.isEmpty)
    #expect(
      renderer.recorder.commits.map { $0.map(\.description) } == [
        [
          "create Text@6 #3 \"row 3\"", "remove Text@4 from VStack@2 at 1",
          "insert Text@6 into VStack@2 at 2", "setText Text@3 \"b\"",
        ],
        ["remove LabelledRows@1 from Root@0 at 0"],
      ])
    #expect(renderer.rootElement.children.isEmpty)
    #expect(host.tree.texts == [])
    // Every element went: the row the first commit removed, then the five of the tree.
    #expect(renderer.destroyed == 6)
    // The renderer is free for another host only now.
    let next = ViewHost(Text("next"), executor: .manual, renderer: renderer)
    #expect(renderer.rootElement.children.map(\.text) == ["next"])
    withExtendedLifetime(next) {}
  }
}
