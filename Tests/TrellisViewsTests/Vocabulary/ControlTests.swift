import Foundation
import Testing
import TrellisGraph
import TrellisTracking

@testable import TrellisViews

enum Size: String, Hashable, CaseIterable {
  case small
  case large
}

struct SignUpForm: View {
  let probe: Probe
  @State private var name = ""
  @State private var password = ""
  @State private var size = Size.small
  @State private var count = 1
  @State private var volume = 0.5
  @State private var subscribed = false
  @State private var locked = false

  var body: some View {
    Form {
      TextField("Name", text: $name)
        .onSubmit { probe.log.append("submit name=\(name)") }
      SecureField("Password", text: $password)
      Picker("Size", selection: $size) {
        ForEach(Size.allCases, id: \.self) { size in Text(size.rawValue.capitalized).tag(size) }
      }
      Stepper("Count \(count)", value: $count, in: 0...2)
      Slider(value: $volume, in: 0...1, step: 0.25) { Text("Volume") }
      Toggle(isOn: $subscribed) { Label("Subscribe", systemImage: "bell") }
      Button(role: .destructive) {
        probe.log.append("delete")
      } label: {
        Label("Delete", systemImage: "trash")
      }
      Button("Lock") { locked = true }
      VStack {
        TextField("Locked", text: $name)
        Button("Locked button") { probe.log.append("locked tapped") }
      }
      .disabled(locked)
      Text("\(name)|\(password)|\(size.rawValue)|\(count)|\(volume)|\(subscribed)")
    }
  }
}

/// A slider bound to a model value the test sets, NaN included.
final class GainModel: Trackable {
  @Tracked var gain = Double.nan
}

struct GainSlider: View {
  let model: GainModel

  var body: some View {
    Slider(value: Binding(get: { model.gain }, set: { model.gain = $0 }), in: 0...10, step: 1) {
      Text("Gain")
    }
  }
}

@MainActor
@Suite struct ControlTests {
  @Test func typingWritesThroughTheBindingOneCharacterAtATimeAndRunsOnlyTheFormBody() {
    let probe = Probe()
    let recorder = RecordingRenderer()
    let host = ViewHost(SignUpForm(probe: probe), executor: .manual, renderer: recorder)
    host.clearLogs()
    recorder.clear()
    #expect(host.type("Ann", into: "Name"))
    host.flush()
    #expect(host.runLog == ["SignUpForm: @State SignUpForm.name"])
    #expect(host.tree.texts.last == "Ann||small|1|0.5|false")
    #expect(host.deleteBackward(1, in: "Name"))
    #expect(host.submit("Name"))
    #expect(probe.log == ["submit name=An"])
    host.flush()
    #expect(host.tree.texts.last == "An||small|1|0.5|false")
    #expect(host.type("pw", into: "Password"))
    host.flush()
    #expect(host.tree.texts.last == "An|pw|small|1|0.5|false")
    let unanswered = TrellisDiagnostics.capture { _ = host.submit("Password") }
    #expect(
      unanswered.map(\.message) == [
        "Submitting \"Password\" in SignUpForm ran nothing: no .onSubmit around it answers a "
          + "secure field."
      ])
  }

  @Test func pickersSteppersSlidersAndTogglesWriteTheirBindings() {
    let probe = Probe()
    let host = ViewHost(SignUpForm(probe: probe), executor: .manual)
    #expect(host.select("Large", in: "Size"))
    #expect(host.increment("Count 1"))
    host.flush()
    // 2 is the top of 0...2: "+" is disabled there.
    let atBound = TrellisDiagnostics.capture { #expect(!host.increment("Count 2")) }
    #expect(atBound.map(\.nodes) == [["Count 2"]])
    host.flush()
    #expect(host.tree.texts.last == "||large|2|0.5|false")
    #expect(host.setSlider("Volume", to: 0.6))
    #expect(host.setToggle("Subscribe", to: true))
    host.flush()
    #expect(host.tree.texts.last == "||large|2|0.5|true")
    #expect(host.decrement("Count 2"))
    host.flush()
    #expect(host.tree.texts.last == "||large|1|0.5|true")
  }

  @Test func aRendererAdjustsPickersSteppersAndSlidersThroughTheConnection() {
    let probe = Probe()
    let renderer = CreatedElements()
    let host = ViewHost(SignUpForm(probe: probe), executor: .manual, renderer: renderer)
    let connection = renderer.connection!
    let picker = renderer.ids(of: .picker)[0]
    let stepper = renderer.ids(of: .stepper)[0]
    let slider = renderer.ids(of: .slider)[0]
    #expect(connection.adjust(picker, by: 1))
    // Past the last option: nothing to move to.
    #expect(!connection.adjust(picker, by: 1))
    #expect(connection.adjust(stepper, by: 5))
    #expect(connection.adjust(slider, by: -1))
    host.flush()
    // The stepper stops at its bound; the slider moves one step of 0.25.
    #expect(host.tree.texts.last == "||large|2|0.25|false")
    // At the bound, as at a picker's last option: not adjusted, and nothing to report.
    let atBound = TrellisDiagnostics.capture { #expect(!connection.adjust(stepper, by: 1)) }
    #expect(atBound.isEmpty)
    #expect(connection.adjust(stepper, by: -1))
    host.flush()
    #expect(host.tree.texts.last == "||large|1|0.25|false")
    #expect(connection.adjust(stepper, by: 1))
    #expect(connection.adjust(slider, by: 2))
    host.flush()
    #expect(host.tree.texts.last == "||large|2|0.75|false")
    let button = renderer.ids(of: .button)[0]
    let diagnostics = TrellisDiagnostics.capture {
      #expect(!connection.adjust(button, by: 1))
    }
    #expect(
      diagnostics.map(\.message) == [
        "adjust(_:by:): element \(button) is gone, disabled, or no stepper, slider or picker; "
          + "nothing changed."
      ])
  }

  /// Found by a renderer author: a native backend reports "the value is now X", and could
  /// only step a slider, select an option by steps, and edit a field key by key.
  @Test func aRendererSetsValuesTextsAndOptionsThroughTheConnectionInOneCall() throws {
    let probe = Probe()
    let renderer = CreatedElements()
    let host = ViewHost(SignUpForm(probe: probe), executor: .manual, renderer: renderer)
    let connection = try #require(renderer.connection)
    let slider = renderer.ids(of: .slider)[0]
    let name = renderer.ids(of: .textField)[0]
    let large = renderer.ids(of: .text, text: "Large")[0]
    // Clamped to 0...1, rounded to the step of 0.25; a single-line field's line break is a
    // space; a click on an option selects it.
    #expect(connection.setValue(0.6, of: slider))
    #expect(connection.replaceText(of: name, with: "Ada\nLovelace"))
    #expect(connection.activate(large))
    host.flush()
    #expect(host.tree.texts.last == "Ada Lovelace||large|1|0.5|false")
    #expect(host.focusedControl == "Name")
    #expect(connection.setValue(7, of: slider))
    host.flush()
    #expect(host.tree.texts.last == "Ada Lovelace||large|1|1.0|false")
    let button = renderer.ids(of: .button)[0]
    let diagnostics = TrellisDiagnostics.capture {
      #expect(!connection.setValue(.nan, of: slider))
      #expect(!connection.setValue(1, of: name))
      #expect(!connection.replaceText(of: button, with: "x"))
    }
    #expect(
      diagnostics.map(\.message) == [
        "setValue(_:of:): a slider's value must be a number, not NaN; element \(slider) was "
          + "not moved.",
        "setValue(_:of:): element \(name) is gone or is not a slider; it was not moved.",
        "replaceText(of:with:): element \(button) is gone or is not a text field; nothing was "
          + "replaced.",
      ])
    host.flush()
    #expect(host.tree.texts.last == "Ada Lovelace||large|1|1.0|false")
  }

  /// Found by a new user: an infinite step or infinite bounds wrote NaN into the app's state,
  /// and `adjust(by: .max)` on a stepper without bounds never returned.
  @Test func unusableSliderStepsAndBoundsAndHugeStepCountsAreReportedAndWriteNoNaN() throws {
    struct OddControls: View {
      @State private var stepped = 0.5
      @State private var free = 0.0
      @State private var count = 0
      var body: some View {
        VStack {
          Slider(value: $stepped, in: 0...1, step: .infinity) { Text("Stepped") }
          Slider(value: $free, in: -Double.infinity...Double.infinity) { Text("Free") }
          Stepper("Count", value: $count)
          Text("\(stepped)|\(free)|\(count)")
        }
      }
    }
    let renderer = CreatedElements()
    var host: ViewHost?
    let mounted = TrellisDiagnostics.capture {
      host = ViewHost(OddControls(), executor: .manual, renderer: renderer)
    }
    let connection = try #require(renderer.connection)
    let sliders = renderer.ids(of: .slider)
    let stepper = renderer.ids(of: .stepper)[0]
    #expect(
      mounted.map(\.message) == [
        "A slider in OddControls has a step of inf, which is not a positive finite number; it "
          + "moves freely, as without a step.",
        "A slider in OddControls has bounds that are not finite (-inf...inf); an adjustment "
          + "moves it by 1.",
      ])
    let adjusted = TrellisDiagnostics.capture {
      #expect(connection.setValue(0.3, of: sliders[0]))
      #expect(connection.adjust(sliders[1], by: 1))
      #expect(connection.adjust(stepper, by: 5_000))
      host?.flush()
    }
    #expect(
      adjusted.map(\.message) == [
        "adjust(_:by: 5000): a stepper is pressed once per step, at most 1000 times in one "
          + "call; element \(stepper) (in OddControls) was pressed up to 1000 times."
      ])
    #expect(host?.tree.texts.last == "0.3|1.0|1000")
    #expect(connection.adjust(sliders[1], by: -3))
    host?.flush()
    #expect(host?.tree.texts.last == "0.3|-2.0|1000")
  }

  @Test func aNegativeDeleteCountAndANaNSliderValueAreReportedAndChangeNothing() {
    let probe = Probe()
    let host = ViewHost(SignUpForm(probe: probe), executor: .manual)
    #expect(host.type("Ann", into: "Name"))
    host.flush()
    var results: [Bool] = []
    let diagnostics = TrellisDiagnostics.capture {
      results.append(host.deleteBackward(-3, in: "Name"))
      results.append(host.setSlider("Volume", to: .nan))
    }
    host.flush()
    #expect(results == [false, false])
    #expect(host.tree.texts.last == "Ann||small|1|0.5|false")
    #expect(
      diagnostics.map(\.message) == [
        "deleteBackward(-3) in \"Name\": the count of characters to delete must not be "
          + "negative; nothing was deleted.",
        "setSlider(\"Volume\", to: nan): a slider's value must be a number; it was not moved.",
      ])
  }

  @Test func aSliderBoundToNaNIsReportedOnceWhileItStaysNaN() {
    let model = GainModel()
    var host: ViewHost?
    let message =
      "A slider in GainSlider is bound to nan: it has no position, and a step up or down leaves "
      + "it nan. Bind it to a number within its bounds."
    let mounted = TrellisDiagnostics.capture {
      host = ViewHost(GainSlider(model: model), executor: .manual)
    }
    #expect(mounted.map(\.message) == [message])
    #expect(mounted.map(\.nodes) == [["GainSlider"]])
    guard let host else { return }
    // Still NaN after a step: not reported again. A number, then NaN again: reported again.
    let again = TrellisDiagnostics.capture {
      model.gain = .nan
      host.flush()
    }
    #expect(again.isEmpty)
    let fixed = TrellisDiagnostics.capture {
      #expect(host.setSlider("Gain", to: 3.4))
      host.flush()
    }
    #expect(fixed.isEmpty)
    #expect(model.gain == 3)
    let back = TrellisDiagnostics.capture {
      model.gain = .nan
      host.flush()
    }
    #expect(back.map(\.message) == [message])
  }

  @Test func buttonsWithViewLabelsAreTappedByTheirTexts() {
    let probe = Probe()
    let host = ViewHost(SignUpForm(probe: probe), executor: .manual)
    #expect(host.tap("Delete"))
    #expect(probe.log == ["delete"])
  }

  @Test func disabledControlsIgnoreDriversAndSaySo() {
    let probe = Probe()
    let host = ViewHost(SignUpForm(probe: probe), executor: .manual)
    #expect(host.tap("Lock"))
    host.flush()
    let diagnostics = TrellisDiagnostics.capture {
      #expect(!host.type("x", into: "Locked"))
      #expect(!host.tap("Locked button"))
    }
    #expect(probe.log == [])
    #expect(host.tree.texts.last == "||small|1|0.5|false")
    #expect(
      diagnostics.map(\.message) == [
        "The text field \"Locked\" in SignUpForm is disabled; nothing was typed.",
        "The button \"Locked button\" in SignUpForm is disabled; nothing was tapped.",
      ])
  }

  @Test func missingAndAmbiguousTargetsAreReported() {
    let probe = Probe()
    let host = ViewHost(SignUpForm(probe: probe), executor: .manual)
    let diagnostics = TrellisDiagnostics.capture {
      #expect(!host.type("x", into: "Email"))
      #expect(!host.select("Medium", in: "Size"))
      #expect(!host.increment("Volume"))
    }
    #expect(diagnostics.map(\.kind) == [.invalidInput, .invalidInput, .invalidInput])
    #expect(
      diagnostics.map(\.message) == [
        "No text field titled \"Email\" is in the tree.",
        "The picker \"Size\" in SignUpForm has no option labelled \"Medium\" (its options: "
          + "\"Small\", \"Large\"); nothing was selected.",
        "No stepper titled \"Volume\" is in the tree.",
      ])
  }
}

/// Many rows bound to one focus state, and two fields bound to the same value after them.
struct ManyFocusedRows: View {
  final class Rows: Trackable {
    @Tracked var ids = Array(0..<40)
  }

  let rows: Rows
  @FocusState private var focus: Int?
  @State private var text = ""

  var body: some View {
    VStack {
      ForEach(rows.ids, id: \.self) { id in
        TextField("Field \(id)", text: $text).focused($focus, equals: id)
      }
      TextField("Twin A", text: $text).focused($focus, equals: 100)
      TextField("Twin B", text: $text).focused($focus, equals: 100)
      Button("Focus twins") { focus = 100 }
      Button("Focus 37") { focus = 37 }
    }
  }
}

struct FocusForm: View {
  enum Field: Hashable {
    case first
    case second
  }

  let probe: Probe
  @FocusState private var focus: Field?
  @FocusState private var isThirdFocused: Bool
  @State private var first = ""
  @State private var second = ""
  @State private var showsSecond = true

  var body: some View {
    let _ = probe.log.append("focus \(focus.map { "\($0)" } ?? "nil") third \(isThirdFocused)")
    VStack {
      TextField("First", text: $first).focused($focus, equals: .first)
      if showsSecond {
        TextField("Second", text: $second).focused($focus, equals: .second)
      }
      TextField("Third", text: $first).focused($isThirdFocused)
      Button("Focus second") { focus = .second }
      Button("Hide second") { showsSecond = false }
    }
  }
}

/// Writes its focus state without reading it.
struct BlindFocus: View {
  @FocusState private var isFocused: Bool
  @State private var text = ""

  var body: some View {
    VStack {
      TextField("Field", text: $text).focused($isFocused)
      Button("Focus") { isFocused = true }
      Button("Blur") { isFocused = false }
    }
    .onAppear { isFocused = true }
  }
}

@MainActor
@Suite struct FocusTests {
  /// Found by a SwiftUI developer: a `Slider(value:in:)`, SwiftUI's usual form, has no label,
  /// so no driver could find it by title, and once focused `focusedControl` said nil, as if
  /// nothing had the focus.
  @Test func aControlWithoutALabelIsFoundByAnEmptyTitle() {
    let host = ViewHost(UnlabelledSlider(), executor: .manual)
    #expect(host.focusedControl == nil)
    #expect(host.setSlider("", to: 0.25))
    host.flush()
    #expect(host.tree.texts == ["level 0.25", "Name"])
    #expect(host.focus("Name"))
    #expect(host.focusedControl == "Name")
    #expect(host.focus(""))
    #expect(host.focusedControl == "")
    #expect(host.setSlider(nil, to: 0.5))
    host.flush()
    #expect(host.tree.texts == ["level 0.5", "Name"])
  }

  @Test func aFocusStateThatNoBodyReadsStillMovesTheFocus() {
    // Written by a lifecycle action: the cycle takes another round to settle the focus.
    let host = ViewHost(BlindFocus(), executor: .manual)
    #expect(host.focusedControl == "Field")
    #expect(host.tap("Blur"))
    host.flush()
    #expect(host.focusedControl == nil)
    #expect(host.tap("Focus"))
    host.flush()
    #expect(host.focusedControl == "Field")
  }

  @Test func focusMovesInTreeOrderAndWritesTheFocusStates() {
    let probe = Probe()
    let host = ViewHost(FocusForm(probe: probe), executor: .manual)
    #expect(host.focusedControl == nil)
    #expect(host.focusNext())
    host.flush()
    #expect(host.focusedControl == "First")
    #expect(host.focusNext())
    host.flush()
    #expect(host.focusedControl == "Second")
    #expect(host.focusNext())
    host.flush()
    #expect(host.focusedControl == "Third")
    #expect(host.focusPrevious())
    host.flush()
    #expect(host.focusedControl == "Second")
    #expect(
      probe.log == [
        "focus nil third false", "focus first third false", "focus second third false",
        "focus nil third true", "focus second third false",
      ])
  }

  @Test func bindingsKeepTheirOrderWhenManyLeave() {
    let rows = ManyFocusedRows.Rows()
    let host = ViewHost(ManyFocusedRows(rows: rows), executor: .manual)
    // 35 of 42 bindings leave: the list of bindings is compacted.
    rows.ids = Array(35..<40)
    host.flush()
    // The first binding registered for a value takes the focus.
    #expect(host.tap("Focus twins"))
    host.flush()
    #expect(host.focusedControl == "Twin A")
    #expect(host.tap("Focus 37"))
    host.flush()
    #expect(host.focusedControl == "Field 37")
    #expect(host.focusNext())
    host.flush()
    #expect(host.focusedControl == "Field 38")
  }

  @Test func writingTheFocusStateMovesTheFocusAndTheFocusedAttribute() {
    let probe = Probe()
    let recorder = RecordingRenderer()
    let host = ViewHost(FocusForm(probe: probe), executor: .manual, renderer: recorder)
    recorder.clear()
    #expect(host.tap("Focus second"))
    host.flush()
    #expect(host.focusedControl == "Second")
    #expect(recorder.mutations.map(\.description).contains { $0.hasSuffix("focused") })
    #expect(host.focus("Third"))
    host.flush()
    #expect(host.focusedControl == "Third")
  }

  @Test func aFocusedViewThatIsRemovedLosesTheFocus() {
    let probe = Probe()
    let host = ViewHost(FocusForm(probe: probe), executor: .manual)
    #expect(host.focus("Second"))
    host.flush()
    #expect(host.tap("Hide second"))
    host.flush()
    #expect(host.focusedControl == nil)
    #expect(probe.log.last == "focus nil third false")
  }

  @Test func aFocusStateSetToAValueNoControlHasGoesBackToNilAndIsReported() {
    let probe = Probe()
    let host = ViewHost(FocusForm(probe: probe), executor: .manual)
    #expect(host.focus("First"))
    host.flush()
    #expect(host.tap("Hide second"))
    host.flush()
    probe.log = []
    let diagnostics = TrellisDiagnostics.capture {
      #expect(host.tap("Focus second"))
      host.flush()
    }
    // The state does not claim a focus nobody has: it goes back to nil, and so does the
    // focus of the field bound to `.first`, which it took away.
    #expect(host.focusedControl == nil)
    #expect(probe.log.last == "focus nil third false")
    #expect(
      diagnostics.map(\.message) == [
        "A @FocusState in FocusForm was set to second, but no enabled control on screen is "
          + "bound to that value with .focused(_:equals:) (a control in a tab switched away, a "
          + "row scrolled out or a covered navigation level is not on screen); nothing of it "
          + "has the focus, and the state goes back to nil (false)."
      ])
    #expect(diagnostics.map(\.nodes) == [["FocusForm"]])
  }

  // Found by a new user: a state no `.focused` uses kept the value it was set to, and nothing
  // said why no control took the focus.
  @Test func aFocusStateNoControlIsBoundToGoesBackToNilAndIsReported() {
    enum Field: Hashable { case email }
    struct Unbound: View {
      @FocusState var field: Field?
      @FocusState var isEditing: Bool
      var body: some View {
        VStack {
          Text("field \(String(describing: field)), editing \(isEditing)")
          Button("set") {
            field = .email
            isEditing = true
          }
        }
      }
    }
    let host = ViewHost(Unbound(), executor: .manual)
    let diagnostics = TrellisDiagnostics.capture {
      #expect(host.tap("set"))
      host.flush()
    }
    #expect(host.tree.texts.first == "field nil, editing false")
    #expect(host.focusedControl == nil)
    #expect(
      diagnostics.map(\.message) == [
        "@FocusState Unbound.field was set to email, but no control in the tree is bound to it "
          + "with .focused(_:) or .focused(_:equals:); nothing of it has the focus, and the state "
          + "goes back to nil (false).",
        "@FocusState Unbound.isEditing was set to true, but no control in the tree is bound to "
          + "it with .focused(_:) or .focused(_:equals:); nothing of it has the focus, and the "
          + "state goes back to nil (false).",
      ])
    #expect(diagnostics.map(\.nodes) == [["Unbound"], ["Unbound"]])
  }

  // Found by a new user: `.focused` on a `Text` was reported as if its control were off screen.
  @Test func aFocusStateWhoseFocusedViewHoldsNoControlSaysSo() {
    struct OnText: View {
      @FocusState var isEditing: Bool
      var body: some View {
        VStack {
          Text("editing \(isEditing)").focused($isEditing)
          Button("edit") { isEditing = true }
        }
      }
    }
    let host = ViewHost(OnText(), executor: .manual)
    let diagnostics = TrellisDiagnostics.capture {
      #expect(host.tap("edit"))
      host.flush()
    }
    #expect(host.tree.texts.first == "editing false")
    #expect(host.focusedControl == nil)
    #expect(
      diagnostics.map(\.message) == [
        "A @FocusState in OnText was set to true, but the view that .focused for that value is "
          + "on holds no control that can take the focus (a text field, button, toggle, "
          + "picker, stepper or slider); nothing of it has the focus, and the state goes back "
          + "to nil (false). Put .focused on the control itself."
      ])
    #expect(diagnostics.map(\.nodes) == [["OnText"]])
  }

  @Test func focusingAMissingControlIsReported() {
    let probe = Probe()
    let host = ViewHost(FocusForm(probe: probe), executor: .manual)
    let diagnostics = TrellisDiagnostics.capture { #expect(!host.focus("Fourth")) }
    #expect(diagnostics.map(\.message) == ["No control titled \"Fourth\" is in the tree."])
  }
}

struct EdgeControls: View {
  let probe: Probe
  @State private var level = 2
  @State private var notes = ""
  @State private var choice = 0

  var body: some View {
    VStack {
      Stepper("Level", value: $level, in: 0...2) { editing in
        probe.log.append("editing \(editing)")
      }
      TextEditor(text: $notes)
      Picker("Choice", selection: $choice) {
        Text("Zero").tag(0)
        Text("Wrong").tag("0")
      }
      Text("\(level)|\(notes)|\(choice)")
    }
  }
}

struct LineBreaks: View {
  @State private var line = ""
  @State private var growing = ""

  var body: some View {
    VStack {
      TextField("Line", text: $line)
      TextField("Growing", text: $growing, axis: .vertical)
      Text([line, growing].map { $0.debugDescription }.joined(separator: "|"))
    }
  }
}

/// A stepper whose value starts above its range.
struct AboveRange: View {
  @State private var value = 50

  var body: some View {
    VStack {
      Stepper("Step", value: $value, in: 0...10)
      Text("value \(value)")
    }
  }
}

/// A `Double` stepper one step from overflowing to infinity.
struct HugeDoubleStep: View {
  @State private var value = 1e308

  var body: some View {
    VStack {
      Stepper("Huge", value: $value, step: 1e308)
      Text("\(value)")
    }
  }
}

struct HugeSteps: View {
  @State private var unbounded = 10
  @State private var bounded: UInt8 = 250
  @State private var down = Int.min + 1

  var body: some View {
    VStack {
      Stepper("Unbounded", value: $unbounded, step: Int.max)
      Stepper("Bounded", value: $bounded, in: 0...255, step: 100)
      Stepper("Down", value: $down, step: 5)
      Text("\(unbounded)|\(bounded)|\(down)")
    }
  }
}

struct NonFiniteSteps: View {
  @State private var level = 1.0
  @State private var bounded = 1.0

  var body: some View {
    VStack {
      Stepper("Level", value: $level, step: .nan)
      Stepper("Bounded", value: $bounded, in: 0...5, step: .infinity)
      Text("\(level)|\(bounded)")
    }
  }
}

struct HugeCount: View {
  @State private var count = 9_007_199_254_740_992  // 2^53

  var body: some View {
    VStack {
      Stepper("Huge", value: $count)
      Text("\(count)")
    }
  }
}

@MainActor
@Suite struct ControlEdgeTests {
  // Found by a new user: a stepper's value attribute is a Double, so an increment of 2^53
  // changed the state and sent renderers nothing. The state stays exact; the loss is reported,
  // once per stepper.
  @Test func aStepperValueBeyondWhatADoubleHoldsIsReportedOnce() {
    var host: ViewHost?
    let mounted = TrellisDiagnostics.capture {
      host = ViewHost(HugeCount(), executor: .manual)
    }
    #expect(mounted == [])
    let stepped = TrellisDiagnostics.capture {
      #expect(host?.increment("Huge") == true)
      host?.flush()
      #expect(host?.increment("Huge") == true)
      host?.flush()
    }
    #expect(host?.tree.texts.last == "9007199254740994")
    #expect(
      stepped.map(\.message) == [
        "The stepper \"Huge\" in HugeCount has the value 9007199254740993, beyond 2^53, which "
          + "its value attribute (a Double) cannot hold exactly: renderers get "
          + "9007199254740992.0, and a step may not change what they get. The state itself "
          + "is exact; show it in the stepper's label."
      ])
    #expect(stepped.map(\.nodes) == [["HugeCount"]])
  }

  // Found by a new user: `step: .nan` made the value NaN, silently. A slider's NaN value is
  // reported and changes nothing; so is a step that is not a finite number, at any bound.
  @Test func aStepThatIsNotAFiniteNumberIsReportedAndChangesNothing() {
    let renderer = CreatedElements()
    let host = ViewHost(NonFiniteSteps(), executor: .manual, renderer: renderer)
    let diagnostics = TrellisDiagnostics.capture {
      #expect(!host.increment("Level"))
      #expect(!host.decrement("Bounded"))
      #expect(!renderer.connection!.adjust(renderer.ids(of: .stepper)[0], by: 2))
      host.flush()
    }
    #expect(host.tree.texts.last == "1.0|1.0")
    #expect(
      diagnostics.map(\.message) == [
        "The stepper \"Level\" in NonFiniteSteps has a step of nan; a step must be a finite "
          + "number. The value is unchanged.",
        "The stepper \"Bounded\" in NonFiniteSteps has a step of inf; a step must be a finite "
          + "number. The value is unchanged.",
        "The stepper \"Level\" in NonFiniteSteps has a step of nan; a step must be a finite "
          + "number. The value is unchanged.",
      ])
    #expect(
      diagnostics.map(\.nodes) == [["NonFiniteSteps"], ["NonFiniteSteps"], ["NonFiniteSteps"]])
  }

  // Found by a user: a step of 0 counted as a step that changed nothing, and adjust(by:)
  // pressed such a stepper a thousand times.
  @Test func aStepOfZeroIsReportedAndChangesNothing() {
    struct ZeroStep: View {
      @State private var count = 3
      @State private var edits = 0
      var body: some View {
        VStack {
          Stepper("Count", value: $count, step: 0) { _ in edits += 1 }
          Text("\(count) \(edits)")
        }
      }
    }
    let renderer = CreatedElements()
    let host = ViewHost(ZeroStep(), executor: .manual, renderer: renderer)
    let diagnostics = TrellisDiagnostics.capture {
      #expect(!host.increment("Count"))
      #expect(!renderer.connection!.adjust(renderer.ids(of: .stepper)[0], by: 500))
      host.flush()
    }
    #expect(host.tree.texts.last == "3 0")
    let message =
      "The stepper \"Count\" in ZeroStep has a step of 0, so a press changes nothing. Give it "
      + "a step other than 0."
    #expect(diagnostics.map(\.message) == [message, message])
  }

  @Test func aSingleLineFieldTakesALineBreakAsASpaceAndAMultiLineOneKeepsIt() {
    let host = ViewHost(LineBreaks(), executor: .manual)
    #expect(host.type("a\nb\r\nc", into: "Line"))
    #expect(host.type("a\nb", into: "Growing"))
    host.flush()
    // (A `TextEditor` keeps line breaks too: see `aTextEditorIsTypedIntoWhenFocused`.)
    #expect(host.tree.texts.last == #""a b c"|"a\nb""#)
  }

  @Test func typingAndDeletingGoWhereTheCaretIs() {
    let recorder = RecordingRenderer()
    let host = ViewHost(LineBreaks(), executor: .manual, renderer: recorder)
    #expect(host.type("ab👍🏽", into: "Line"))
    // Left over the emoji (one character, whatever its scalars), then typing goes before it.
    #expect(host.moveCaret(.left, in: "Line"))
    #expect(host.type("X", into: "Line"))
    #expect(host.moveCaret(.start))
    #expect(!host.moveCaret(.left))
    #expect(host.type("H"))
    host.flush()
    #expect(host.tree.texts.last == #""HabX👍🏽"|"""#)
    // The caret is an attribute while it is off the end.
    #expect(host.tree.findAll(kind: "TextField").first?.attributes.contains("caret=1") == true)
    // Backspace deletes before the caret; End goes back to appending.
    #expect(host.moveCaret(.right))
    #expect(host.deleteBackward())
    #expect(host.moveCaret(.end))
    #expect(host.type("E"))
    host.flush()
    #expect(host.tree.texts.last == #""HbX👍🏽E"|"""#)
    #expect(
      host.tree.findAll(kind: "TextField").first?.attributes.contains { $0.hasPrefix("caret") }
        == false)
    // Deleting stops at the start: three characters go, not five.
    #expect(host.moveCaret(.start))
    #expect(host.moveCaret(.right))
    #expect(host.moveCaret(.right))
    #expect(host.moveCaret(.right))
    #expect(host.deleteBackward(5, in: "Line"))
    #expect(host.type("!", into: "Line"))
    host.flush()
    #expect(host.tree.texts.last == #""!👍🏽E"|"""#)
  }

  @Test func aStepThatWouldOverflowStopsAtTheBoundOrIsReportedAndChangesNothing() {
    let host = ViewHost(HugeSteps(), executor: .manual)
    let diagnostics = TrellisDiagnostics.capture {
      // The two that cannot step report false; the bounded one stops at its bound.
      #expect(!host.increment("Unbounded"))
      #expect(host.increment("Bounded"))
      #expect(!host.decrement("Down"))
      host.flush()
    }
    // 250 + 100 does not fit `UInt8`: the bound (255) is where it would have stopped anyway.
    #expect(host.tree.texts.last == "10|255|\(Int.min + 1)")
    #expect(
      diagnostics.map(\.message) == [
        "The stepper \"Unbounded\" in HugeSteps cannot step up from its value: the result is "
          + "outside its type's range. The value is unchanged; give the stepper bounds (in:) or "
          + "a smaller step.",
        "The stepper \"Down\" in HugeSteps cannot step down from its value: the result is "
          + "outside its type's range. The value is unchanged; give the stepper bounds (in:) or "
          + "a smaller step.",
      ])
    #expect(diagnostics.map(\.nodes) == [["HugeSteps"], ["HugeSteps"]])
    // A step that fits still steps.
    #expect(host.decrement("Unbounded"))
    host.flush()
    #expect(host.tree.texts.last == "\(10 - Int.max)|255|\(Int.min + 1)")
  }

  /// Found by a new user: the `Double` stepped to `inf`, unreported, where an integer's
  /// overflow is reported.
  @Test func aFloatingPointStepThatWouldOverflowToInfinityIsReportedAndChangesNothing() {
    let host = ViewHost(HugeDoubleStep(), executor: .manual)
    let diagnostics = TrellisDiagnostics.capture {
      #expect(!host.increment("Huge"))
      host.flush()
    }
    #expect(
      diagnostics.map(\.message) == [
        "The stepper \"Huge\" in HugeDoubleStep cannot step up from its value: the result is "
          + "outside its type's range. The value is unchanged; give the stepper bounds (in:) or "
          + "a smaller step."
      ])
    #expect(host.tree.texts.last == "1e+308")
    #expect(host.decrement("Huge"))
    host.flush()
    #expect(host.tree.texts.last == "0.0")
  }

  @Test func aStepperStaysInItsBoundsAndReportsEditing() {
    let probe = Probe()
    let host = ViewHost(EdgeControls(probe: probe), executor: .manual)
    // At the upper bound, "+" does nothing, as SwiftUI's disabled button: no editing either.
    // The driver says so, as it does for a disabled control.
    let atUpper = TrellisDiagnostics.capture { #expect(!host.increment("Level")) }
    host.flush()
    #expect(host.tree.texts.last == "2||0")
    #expect(probe.log == [])
    #expect(
      atUpper.map(\.message) == [
        "The stepper \"Level\" in EdgeControls is at or past its upper bound, where its \"+\" is "
          + "disabled; it was not incremented."
      ])
    #expect(atUpper.map(\.nodes) == [["Level"]])
    #expect(host.decrement("Level"))
    host.flush()
    #expect(host.tree.texts.last == "1||0")
    #expect(host.increment("Level"))
    let again = TrellisDiagnostics.capture { #expect(!host.increment("Level")) }
    host.flush()
    #expect(host.tree.texts.last == "2||0")
    #expect(again.count == 1)
    #expect(probe.log == ["editing true", "editing false", "editing true", "editing false"])
    // "−" down to the lower bound (0), where it is disabled in turn.
    #expect(host.decrement("Level"))
    #expect(host.decrement("Level"))
    let atLower = TrellisDiagnostics.capture { #expect(!host.decrement("Level")) }
    host.flush()
    #expect(host.tree.texts.last == "0||0")
    #expect(
      atLower.map(\.message) == [
        "The stepper \"Level\" in EdgeControls is at or past its lower bound, where its \"−\" is "
          + "disabled; it was not decremented."
      ])
  }

  // Found by a new user: a value above the range went down to the upper bound on "+". A press
  // never moves the value against its direction; "−" steps down from it.
  @Test func aValuePastABoundIsNotMovedByThePressTowardIt() {
    let host = ViewHost(AboveRange(), executor: .manual)
    // Past the upper bound counts as at it: "+" is disabled (the report said "at" its bound
    // of a value past it, found by a new user).
    let diagnostics = TrellisDiagnostics.capture { #expect(!host.increment("Step")) }
    #expect(
      diagnostics.map(\.message) == [
        "The stepper \"Step\" in AboveRange is at or past its upper bound, where its \"+\" is "
          + "disabled; it was not incremented."
      ])
    host.flush()
    #expect(host.tree.texts.last == "value 50")
    #expect(host.decrement("Step"))
    host.flush()
    #expect(host.tree.texts.last == "value 49")
  }

  @Test func aTextEditorIsTypedIntoWhenFocused() {
    let host = ViewHost(EdgeControls(probe: Probe()), executor: .manual)
    let nothingFocused = TrellisDiagnostics.capture { #expect(!host.type("a")) }
    #expect(nothingFocused.count == 1)
    #expect(host.focusNext())
    #expect(host.focusNext())
    #expect(host.type("line\nnext"))
    host.flush()
    #expect(host.tree.texts.last == "2|line\nnext|0")
    // An editor has no title: the diagnostic names none, rather than an empty one.
    let unanswered = TrellisDiagnostics.capture { #expect(!host.submit()) }
    #expect(unanswered.map(\.nodes) == [[]])
    #expect(
      unanswered.map(\.message) == [
        "Submitting the focused text editor in EdgeControls ran nothing: a text editor is "
          + "never submitted (Return types a line break in it)."
      ])
  }

  @Test func anOptionTaggedWithAnotherTypeIsReportedAndNotSelected() {
    let host = ViewHost(EdgeControls(probe: Probe()), executor: .manual)
    let diagnostics = TrellisDiagnostics.capture { #expect(!host.select("Wrong", in: "Choice")) }
    #expect(
      diagnostics.map(\.message) == [
        "The option \"Wrong\" of the picker \"Choice\" in EdgeControls is tagged 0 (String), "
          + "but the picker's selection is of type Int; nothing was selected. Tag it with a "
          + "value of that type."
      ])
    #expect(host.select("Zero", in: "Choice"))
    // Clicked through a renderer: the same report.
    let renderer = CreatedElements()
    let clicked = ViewHost(EdgeControls(probe: Probe()), executor: .manual, renderer: renderer)
    let wrong = renderer.ids(of: .text, text: "Wrong")[0]
    let byClick = TrellisDiagnostics.capture {
      #expect(renderer.connection?.activate(wrong) == false)
    }
    #expect(
      byClick.map(\.message) == [
        "activate(_:): the option of element \(wrong) in EdgeControls is tagged 0 (String), but "
          + "its picker's selection is of type Int; nothing was selected. Tag it with a value of "
          + "that type."
      ])
    withExtendedLifetime(clicked) {}
  }
}

/// A button under a sheet, a button that opens it, and a button and a field in it.
struct ButtonsUnderASheet: View {
  @State var count = 0
  @State var isShown = false
  @State var text = ""

  var body: some View {
    VStack {
      Text("count \(count)")
      Button("under") { count += 1 }
      Button("open") { isShown = true }
    }
    .sheet(isPresented: $isShown) {
      VStack {
        Button("in sheet") { isShown = false }
        TextField("sheet field", text: $text)
      }
    }
  }
}

// Found by a new user: a tap refused a covered control, but the focus cycle and a renderer's
// activation reached it.
@MainActor
@Suite struct ModalInputTests {
  @Test func theFocusCycleStaysInAShownSheet() {
    let host = ViewHost(ButtonsUnderASheet(), executor: .manual)
    #expect(host.tap("open"))
    host.flush()
    var cycle: [String?] = []
    for _ in 0..<3 {
      #expect(host.focusNext())
      host.flush()
      cycle.append(host.focusedControl)
    }
    #expect(cycle == ["in sheet", "sheet field", "in sheet"])
  }

  /// The host counts the presented contents in its tree, so that input needs no search while
  /// there are none (found by a user: an activation was O(n) in the tree). Shown, dismissed and
  /// shown again, the sheet covers the button exactly while it is up.
  @Test func aSheetCoversWhatItCoversEachTimeItIsShownAndNothingOnceDismissed() throws {
    let recorder = RecordingRenderer()
    let host = ViewHost(ButtonsUnderASheet(), executor: .manual, renderer: recorder)
    let connection = try #require(recorder.connection)
    let under = try #require(recorder.element(ofKind: .button))
    var refusals: [Bool] = []
    for _ in 0..<2 {
      #expect(host.tap("open"))
      host.flush()
      let covered = TrellisDiagnostics.capture { refusals.append(!connection.activate(under.id)) }
      #expect(covered.count == 1)
      #expect(host.tap("in sheet"))
      host.flush()
      refusals.append(!connection.activate(under.id))
      host.flush()
    }
    #expect(refusals == [true, false, true, false])
    #expect(host.tree.texts.first == "count 2")
  }

  @Test func aRendererCannotActivateFocusOrAdjustWhatASheetCovers() throws {
    let recorder = RecordingRenderer()
    let host = ViewHost(ButtonsUnderASheet(), executor: .manual, renderer: recorder)
    let connection = try #require(recorder.connection)
    let under = try #require(recorder.element(ofKind: .button))
    #expect(connection.focus(under.id))
    #expect(host.tap("open"))
    host.flush()
    let diagnostics = TrellisDiagnostics.capture {
      #expect(!connection.activate(under.id))
      #expect(!connection.focus(under.id))
      // It had the focus before the sheet was shown.
      #expect(!connection.activateFocused())
      host.flush()
    }
    let covered =
      "is covered by the presentation shown from ButtonsUnderASheet (a sheet, cover, alert or "
      + "dialog is modal)"
    #expect(
      diagnostics.map(\.message) == [
        "activate(_:): element \(under.id) \"under\" in ButtonsUnderASheet \(covered); nothing "
          + "was activated.",
        "focus(_:): the button of element \(under.id) (in ButtonsUnderASheet) \(covered); the "
          + "focus did not move.",
        "activateFocused(): the focused button (in ButtonsUnderASheet) \(covered); nothing was "
          + "activated. Move the focus (focusNext()) first.",
      ])
    #expect(host.tree.texts.first == "count 0")
    // Tab moves the focus into the sheet, where Enter works.
    #expect(connection.focusNext())
    #expect(host.focusedControl == "in sheet")
    #expect(connection.activateFocused())
    host.flush()
    #expect(host.tree.findAll(kind: "Sheet").isEmpty)
  }

  @Test func typingGoesNowhereWhileTheFocusedFieldIsCovered() throws {
    struct FieldUnderASheet: View {
      @State var text = ""
      @State var isShown = false
      var body: some View {
        VStack {
          TextField("name", text: $text)
          Text("text \(text)")
        }
        .sheet(isPresented: $isShown) { Text("sheet") }
        .onChange(of: text) { isShown = text == "a" }
      }
    }
    let recorder = RecordingRenderer()
    let host = ViewHost(FieldUnderASheet(), executor: .manual, renderer: recorder)
    let connection = try #require(recorder.connection)
    #expect(host.focusNext())
    #expect(connection.insertText("a"))
    host.flush()
    let diagnostics = TrellisDiagnostics.capture { #expect(!connection.insertText("b")) }
    #expect(diagnostics.count == 1)
    host.flush()
    #expect(host.tree.texts.contains("text a"))
  }

  @Test func aFocusedControlThatItsContainerHidesLosesTheFocus() {
    // SwiftUI takes the focus from a view that leaves the screen: a tab switched away, a row
    // scrolled out of a lazy stack, a navigation level covered by a push. Trellis keeps such
    // a view (and its state) while hidden, but not the focus: typing would go into a field no
    // one sees, and the focus state would say a hidden field is being edited.
    struct Tabs: View {
      let probe: Probe
      @State var tab = 1
      @FocusState var isEditing: Bool
      @State var text = ""
      var body: some View {
        let _ = probe.log.append("editing \(isEditing)")
        TabView(selection: $tab) {
          TextField("name", text: $text).focused($isEditing).tabItem { Text("One") }.tag(1)
          Button("two") {}.tabItem { Text("Two") }.tag(2)
        }
      }
    }
    let probe = Probe()
    let tabs = ViewHost(Tabs(probe: probe), executor: .manual)
    #expect(tabs.focus("name"))
    tabs.flush()
    #expect(tabs.tap("Two"))
    tabs.flush()
    #expect(tabs.focusedControl == nil)
    #expect(probe.log == ["editing false", "editing true", "editing false"])
    #expect(tabs.tap("One"))
    tabs.flush()
    #expect(tabs.focusedControl == nil)

    struct Rows: View {
      @FocusState var focused: Int?
      var body: some View {
        VStack {
          Text("focused \(focused.map(String.init) ?? "none")")
          ScrollView {
            LazyVStack {
              ForEach(0..<50, id: \.self) { row in
                Button("row \(row)") {}.focused($focused, equals: row)
              }
            }
          }
        }
      }
    }
    let rows = ViewHost(
      Rows(), executor: .manual, options: ViewHostOptions(defaultViewportRows: 3, lazyOverscan: 0))
    #expect(rows.focus("row 1"))
    rows.flush()
    #expect(rows.tree.texts.first == "focused 1")
    rows.scroll(toRow: 1)
    rows.flush()
    #expect(rows.focusedControl == "row 1")
    rows.scroll(toRow: 20)
    rows.flush()
    #expect(rows.focusedControl == nil)
    #expect(rows.tree.texts.first == "focused none")
    // Nor does a focus state written for a hidden control give it the focus.
    struct HiddenTarget: View {
      @State var tab = 2
      @FocusState var isEditing: Bool
      @State var text = ""
      var body: some View {
        TabView(selection: $tab) {
          TextField("name", text: $text).focused($isEditing).tabItem { Text("One") }.tag(1)
          Button("edit") { isEditing = true }.tabItem { Text("Two") }.tag(2)
        }
      }
    }
    let hidden = ViewHost(HiddenTarget(), executor: .manual)
    #expect(hidden.tap("One"))
    hidden.flush()
    #expect(hidden.tap("Two"))
    hidden.flush()
    let diagnostics = TrellisDiagnostics.capture {
      #expect(hidden.tap("edit"))
      hidden.flush()
    }
    #expect(hidden.focusedControl == nil)
    #expect(
      diagnostics.map { $0.message.prefix(79) } == [
        "A @FocusState in HiddenTarget was set to true, but no enabled control on screen"
      ])
  }

  @Test func controlsOfAHiddenTabTakeNoFocus() {
    struct Tabs: View {
      @State var tab = 1
      var body: some View {
        TabView(selection: $tab) {
          Button("one") {}.tabItem { Text("One") }.tag(1)
          Button("two") {}.tabItem { Text("Two") }.tag(2)
        }
      }
    }
    let host = ViewHost(Tabs(), executor: .manual)
    // The second tab, once shown, stays mounted while hidden.
    #expect(host.tap("Two"))
    host.flush()
    #expect(host.tap("One"))
    host.flush()
    var cycle: [String?] = []
    for _ in 0..<2 {
      #expect(host.focusNext())
      cycle.append(host.focusedControl)
    }
    #expect(cycle == ["one", "one"])
  }
}

/// A download's bytes received, which may run past its size.
final class DownloadProgress: Trackable {
  @Tracked var received = 0.0
}

struct DownloadRow: View {
  let download: DownloadProgress
  var body: some View { ProgressView("file", value: download.received, total: 100) }
}

@MainActor
@Suite struct ProgressBoundsTests {
  @Test func progressOutOfBoundsIsReportedOncePerViewUntilItIsBackInBounds() {
    let download = DownloadProgress()
    let host = ViewHost(DownloadRow(download: download), executor: .manual)
    let diagnostics = TrellisDiagnostics.capture {
      for received in [101.0, 102, 103, 50, 104, 105] {
        download.received = received
        host.flush()
      }
    }
    #expect(
      diagnostics.map(\.message) == [
        "A ProgressView in DownloadRow was given the progress 101.0 of 100.0, out of bounds; "
          + "it shows 100.0 of 100.0. Give a total above 0 and a value in 0...total.",
        "A ProgressView in DownloadRow was given the progress 104.0 of 100.0, out of bounds; "
          + "it shows 100.0 of 100.0. Give a total above 0 and a value in 0...total.",
      ])
  }
}

struct UnlabelledSlider: View {
  @State private var level = 0.0
  @State private var name = ""

  var body: some View {
    VStack {
      Text("level \(level)")
      Slider(value: $level, in: 0...1)
      TextField("Name", text: $name)
    }
  }
}
