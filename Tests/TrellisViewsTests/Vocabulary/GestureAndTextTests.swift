import Foundation
import Testing
import TrellisGraph
import TrellisTracking

@testable import TrellisViews

struct Draggable: View {
  let probe: Probe
  @State private var offset = CGSize.zero

  var body: some View {
    VStack {
      Text("card")
        .offset(offset)
        .gesture(
          DragGesture()
            .onChanged { value in
              probe.log.append("changed \(value.translation.width),\(value.translation.height)")
              offset = value.translation
            }
            .onEnded { value in probe.log.append("ended \(value.translation.width)") })
      Text("hold")
        .onLongPressGesture {
          probe.log.append("long press")
        } onPressingChanged: { pressing in
          probe.log.append("pressing \(pressing)")
        }
      Text("tap me").onTapGesture { probe.log.append("tapped") }
    }
  }
}

struct Texts: View {
  let count: Int

  var body: some View {
    VStack {
      Text("Total: ").bold() + Text("\(count)") + Text(" items")
      Text(0.25, format: .percent)
      Text("value \(3.14159, specifier: "%.2f")")
      Text(verbatim: "verbatim")
    }
  }
}

struct TitledScreen: View {
  let title: String
  @State private var path: [Int] = []

  var body: some View {
    NavigationStack(path: $path) {
      VStack {
        Text("body").navigationTitle("inner")
      }
      .navigationTitle(title)
    }
  }
}

@MainActor
@Suite struct GestureTests {
  @Test func dragsRunOnChangedPerStepThenOnEnded() {
    let probe = Probe()
    let host = ViewHost(Draggable(probe: probe), executor: .manual)
    #expect(host.drag("card", by: CGSize(width: 20, height: 10), steps: 2))
    host.flush()
    #expect(probe.log == ["changed 10.0,5.0", "changed 20.0,10.0", "ended 20.0"])
    #expect(host.tree.find(text: "card")?.attributes == ["offset=(20, 10)"])
    let short = TrellisDiagnostics.capture {
      #expect(!host.drag("card", by: CGSize(width: 3, height: 4)))
    }
    #expect(
      short.map(\.message) == [
        "A drag of 5 on \"card\" in Draggable is shorter than its gesture's minimumDistance "
          + "(10); it is not recognized."
      ])
    let notANumber = TrellisDiagnostics.capture {
      #expect(!host.drag("card", by: CGSize(width: CGFloat.nan, height: 4)))
    }
    #expect(
      notANumber.map(\.message) == [
        "A drag of nan on \"card\" in Draggable cannot be measured against its gesture's "
          + "minimumDistance (10): a NaN length is never reached, so it is not recognized. Use "
          + "finite lengths."
      ])
    #expect(probe.log == ["changed 10.0,5.0", "changed 20.0,10.0", "ended 20.0"])
  }

  @Test func longPressesAndTapsRunTheirActions() {
    let probe = Probe()
    let host = ViewHost(Draggable(probe: probe), executor: .manual)
    #expect(host.longPress("hold"))
    #expect(host.tap("tap me"))
    #expect(probe.log == ["pressing true", "long press", "pressing false", "tapped"])
    let missing = TrellisDiagnostics.capture { #expect(!host.longPress("tap me")) }
    #expect(
      missing.map(\.message) == [
        "No view with a long-press gesture titled \"tap me\" is in the tree."
      ])
  }
}

/// Views a backend's click reaches through `RendererConnection.activate(_:)`.
struct ClickTargets: View {
  let probe: Probe
  @State private var choice: String? = nil

  var body: some View {
    VStack {
      Text("once").onTapGesture { probe.log.append("once") }
      Text("twice only").onTapGesture(count: 2) { probe.log.append("twice") }
      HStack {
        Text("inside")
        Text("beside")
      }
      .onTapGesture { probe.log.append("stack") }
      Text("stacked")
        .onTapGesture { probe.log.append("inner") }
        .onTapGesture { probe.log.append("outer") }
      Button {
        probe.log.append("button")
      } label: {
        Text("label")
      }
      List(selection: $choice) {
        Text("row").tag("row")
      }
    }
    .onTapGesture { probe.log.append("screen") }
  }
}

/// Long presses, drags and swipes for a backend to send by element.
struct GestureTargets: View {
  let probe: Probe

  var body: some View {
    VStack {
      Text("hold")
        .onLongPressGesture {
          probe.log.append("held")
        } onPressingChanged: { pressing in
          probe.log.append("pressing \(pressing)")
        }
      HStack {
        Text("handle")
        Text("grip")
      }
      .gesture(
        DragGesture()
          .onChanged { probe.log.append("drag \(Int($0.translation.width))") }
          .onEnded { probe.log.append("drop \(Int($0.translation.width))") })
      List {
        ForEach(["mail"], id: \.self) { title in
          HStack {
            Text(title)
            Text("from Ann")
          }
          .swipeActions {
            Button("Archive") { probe.log.append("archive") }
            Button("Delete") { probe.log.append("delete") }
          }
        }
      }
      Text("plain")
      Text("off").onLongPressGesture { probe.log.append("never") }.disabled(true)
    }
  }
}

struct LocalePrice: View {
  var body: some View {
    Text(1234.5, format: .number)
  }
}

struct TitledLevels: View {
  @State private var path: [Int] = []

  var body: some View {
    NavigationStack(path: $path) {
      VStack {
        NavigationLink("Open", value: 1)
      }
      .navigationTitle("Items")
      .navigationDestination(for: Int.self) { value in
        Text("item \(value)").navigationTitle(value == 1 ? "Item 1" : "")
      }
    }
  }
}

/// A view whose input is a `Text`: compared with `Text`'s `==` when its parent re-runs.
struct Caption: View {
  let text: Text
  var body: some View { text.italic() }
}

struct CaptionedCount: View {
  @State var count = 0
  var body: some View {
    VStack {
      Button("count \(count)") { count += 1 }
      Caption(text: Text("caption"))
    }
  }
}

/// Found by a renderer author: a backend that hit-tests could not run `onTapGesture` through
/// its connection (only the host's drivers, by title, could).
@MainActor
@Suite struct ClickThroughConnectionTests {
  @Test func aClickReachesTheNearestViewThatTakesTapsAsInSwiftUI() throws {
    let probe = Probe()
    let renderer = CreatedElements()
    let host = ViewHost(ClickTargets(probe: probe), executor: .manual, renderer: renderer)
    let connection = try #require(renderer.connection)
    func click(_ text: String) -> Bool {
      connection.activate(renderer.ids(of: .text, text: text)[0])
    }
    #expect(click("once"))
    // In the stack: the stack's gesture; of two on one view, the inner one.
    #expect(click("inside"))
    #expect(click("beside"))
    #expect(click("stacked"))
    // A button's label: the button, not the gesture around everything.
    #expect(click("label"))
    // A row of a selecting list: the row, nearer than the screen's gesture.
    #expect(click("row"))
    // A double-tap gesture takes no single tap: the screen's gesture does.
    #expect(click("twice only"))
    host.flush()
    #expect(probe.log == ["once", "stack", "stack", "inner", "button", "screen"])
    #expect(
      host.tree.findAll(kind: "List")[0].children.map(\.attributes) == [
        ["tag=row", "isSelected=true"]
      ])
  }
}

/// Found by a renderer author: a backend could send clicks by element, but a long press, a
/// drag or a swipe only through the host's drivers, by title.
@MainActor
@Suite struct GestureConnectionTests {
  @Test func aBackendSendsLongPressesDragsAndSwipesByElement() throws {
    let probe = Probe()
    let renderer = CreatedElements()
    let host = ViewHost(GestureTargets(probe: probe), executor: .manual, renderer: renderer)
    let connection = try #require(renderer.connection)
    func element(_ text: String) -> ElementID { renderer.ids(of: .text, text: text)[0] }
    #expect(connection.longPress(element("hold")))
    // The drag gesture is on the stack around the text.
    #expect(connection.drag(element("grip"), by: CGSize(width: 30, height: 0), steps: 2))
    // A swipe on a text inside the row swipes the row.
    #expect(connection.swipe(element("from Ann"), tap: "Delete"))
    #expect(connection.swipe(element("mail")))
    host.flush()
    #expect(
      probe.log == [
        "pressing true", "held", "pressing false", "drag 15", "drag 30", "drop 30", "delete",
        "archive",
      ])
    probe.log = []
    let (plain, off, handle) = (element("plain"), element("off"), element("handle"))
    let mail = element("mail")
    let diagnostics = TrellisDiagnostics.capture {
      #expect(!connection.longPress(plain))
      #expect(!connection.longPress(off))
      #expect(!connection.drag(handle, by: CGSize(width: 3, height: 4)))
      #expect(!connection.swipe(mail, edge: .leading))
      #expect(!connection.swipe(mail, tap: "Flag"))
    }
    #expect(probe.log == [])
    #expect(
      diagnostics.map(\.message) == [
        "longPress(_:): element \(plain) (in GestureTargets) is in no view with a long-press "
          + "gesture; nothing was pressed.",
        "longPress(_:): the view with a long-press gesture at element \(off) (in GestureTargets) "
          + "is disabled; nothing was pressed.",
        "A drag of 5 on element \(handle) in GestureTargets is shorter than its gesture's "
          + "minimumDistance (10); it is not recognized.",
        "swipe(_:edge:tap:): element \(mail) (in GestureTargets) is in no view with leading "
          + "swipe actions; nothing was swiped.",
        "Swiping the row of element \(mail) in GestureTargets shows \"Archive\", \"Delete\"; "
          + "none is an enabled action titled \"Flag\"; nothing was tapped.",
      ])
  }
}

@MainActor
@Suite struct TextVocabularyTests {
  /// A plain text is the same value however it was made, and styling or concatenating makes
  /// another one (a plain text is stored without runs; see `Text.Storage`).
  @Test func aPlainTextIsEqualHoweverItWasMadeAndAStyledOneIsNot() {
    let title = "milk"
    #expect(Text("milk") == Text(verbatim: "milk"))
    #expect(Text(title) == Text(verbatim: "milk"))
    #expect(Text("\(title)") == Text(verbatim: "milk"))
    #expect(Text("milk").bold() != Text("milk"))
    #expect(Text("milk").bold().bold(false) != Text("milk").bold())
    #expect(Text("mi") + Text("lk") != Text("milk"))
    #expect((Text("mi") + Text("lk")).content == "milk")
    #expect(Text(verbatim: "milk").content == "milk")
  }

  /// An equal `Text` input stops the update at the child: only the parent's body re-runs.
  @Test func anEqualTextInputDoesNotRerunTheViewThatTakesIt() {
    let host = ViewHost(CaptionedCount(), executor: .manual)
    host.clearLogs()
    host.tap("count 0")
    host.flush()
    #expect(host.tree.texts == ["count 1", "caption"])
    #expect(host.bodyRuns.map(\.view) == ["CaptionedCount"])
  }

  @Test func formattedTextsFollowTheLocaleWithoutRerunningABody() {
    let host = ViewHost(LocalePrice(), executor: .manual)
    host.environment[\.locale] = Locale(identifier: "en_US")
    host.flush()
    #expect(host.tree.texts == ["1,234.5"])
    host.clearLogs()
    host.environment[\.locale] = Locale(identifier: "de_DE")
    host.flush()
    #expect(host.tree.texts == ["1.234,5"])
    #expect(host.runLog == [])
  }

  @Test func concatenationAndFormatsMakeOneTextWithRuns() {
    let host = ViewHost(Texts(count: 3), executor: .manual)
    #expect(host.tree.texts == ["Total: 3 items", "25%", "value 3.14", "verbatim"])
    host.update(root: Texts(count: 4))
    #expect(host.tree.texts.first == "Total: 4 items")
  }

  @Test func navigationTitleIsAPreferenceTheOuterOneWins() {
    // The title goes on the stack's first element, the level it names.
    let host = ViewHost(TitledScreen(title: "Inbox"), executor: .manual)
    #expect(
      host.dump() == """
        TitledScreen
          NavigationStack
            VStack title="Inbox"
              Text "body"

        """)
    host.update(root: TitledScreen(title: "Archive"))
    #expect(host.tree.findAll(kind: "VStack").first?.attributes == ["title=\"Archive\""])
  }

  @Test func aPushedLevelShowsItsOwnTitleOnlyAndTheCoveredRootsComesBack() {
    let host = ViewHost(TitledLevels(), executor: .manual)
    #expect(host.tap("Open"))
    host.flush()
    #expect(
      host.dump() == """
        TitledLevels
          NavigationStack
            Destination title="Item 1"
              Text "item 1"

        """)
    #expect(host.dismiss())
    host.flush()
    #expect(host.tree.findAll(kind: "VStack").first?.attributes == ["title=\"Items\""])
  }
}

/// A renderer that keeps its connection, as a terminal backend does to send keys.
@MainActor
final class ConnectedRenderer: Renderer {
  let recorder = RecordingRenderer()
  var connection: RendererConnection?
  var rootElement: RecordingRenderer.Element { recorder.rootElement }

  func createElement(_ description: ElementDescription) -> RecordingRenderer.Element {
    recorder.createElement(description)
  }
  func insert(
    _ child: RecordingRenderer.Element, into parent: RecordingRenderer.Element, at index: Int
  ) { recorder.insert(child, into: parent, at: index) }
  func move(
    _ child: RecordingRenderer.Element, in parent: RecordingRenderer.Element, from source: Int,
    to destination: Int
  ) { recorder.move(child, in: parent, from: source, to: destination) }
  func remove(
    _ child: RecordingRenderer.Element, from parent: RecordingRenderer.Element, at index: Int
  ) { recorder.remove(child, from: parent, at: index) }
  func setText(_ text: String?, of element: RecordingRenderer.Element) {
    recorder.setText(text, of: element)
  }
  func setAttributes(_ attributes: ElementAttributes, of element: RecordingRenderer.Element) {
    recorder.setAttributes(attributes, of: element)
  }
  func connect(_ connection: RendererConnection) { self.connection = connection }
}

/// A single-line field whose binding logs each write.
struct PasteTarget: View {
  let writes: Probe
  @State private var text = "ab"

  var body: some View {
    VStack {
      TextField(
        "Line",
        text: Binding(
          get: { text },
          set: {
            writes.log.append($0)
            text = $0
          }))
      Text(text)
    }
  }
}

@MainActor
@Suite struct RendererFocusTests {
  // Found by a new user: a paste was typed one character at a time, a write of the whole
  // text each, so 40,000 characters took seconds. A paste is one write, as in SwiftUI.
  @Test func insertedTextIsOneWriteAtTheCaretWithLineBreaksAsSpaces() throws {
    let writes = Probe()
    let renderer = ConnectedRenderer()
    let host = ViewHost(PasteTarget(writes: writes), executor: .manual, renderer: renderer)
    let connection = try #require(renderer.connection)
    #expect(connection.focusNext())
    #expect(connection.insertText("one\ntwo"))
    #expect(writes.log == ["abone two"])
    #expect(host.moveCaret(.start))
    #expect(host.moveCaret(.right))
    #expect(connection.insertText("XY"))
    // In the middle: the caret ends after what was inserted, so the next key goes there.
    #expect(connection.insertText("!"))
    #expect(connection.insertText(""))
    host.flush()
    #expect(writes.log == ["abone two", "aXYbone two", "aXY!bone two"])
    #expect(host.tree.texts.last == "aXY!bone two")
  }

  @Test func aRendererMovesTheFocusTypesAndActivatesThroughItsConnection() throws {
    let probe = Probe()
    let renderer = ConnectedRenderer()
    let host = ViewHost(SignUpForm(probe: probe), executor: .manual, renderer: renderer)
    let connection = try #require(renderer.connection)
    #expect(connection.focusNext())
    #expect(connection.insertText("Bo"))
    #expect(connection.deleteBackward())
    #expect(connection.insertText("en"))
    #expect(connection.activateFocused())
    host.flush()
    #expect(probe.log == ["submit name=Ben"])
    #expect(host.focusedControl == "Name")
    #expect(connection.focusedElement != nil)
    #expect(connection.focusPrevious())
    host.flush()
    #expect(host.focusedControl == "Locked button")
    let diagnostics = TrellisDiagnostics.capture {
      connection.focus(ElementID.root)
    }
    #expect(diagnostics.count == 1)
  }
}
