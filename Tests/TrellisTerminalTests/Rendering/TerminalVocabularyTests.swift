import Testing
import Trellis
import TrellisTerminal

/// The views' typed attributes as the terminal draws them, focus shared with `@FocusState`,
/// and typing into fields.
@Suite("Terminal renderer: vocabulary and focus")
@MainActor
struct TerminalVocabularyTests {
  @Test func paddingBordersSpacingAndAlignmentAreCells() {
    let harness = ScreenHarness(width: 12, height: 7) {
      VStack(alignment: .trailing, spacing: 1) {
        Text("ab").padding(.horizontal).border(.gray)
        Text("c")
      }
    }
    #expect(harness.lines == ["┌────┐", "│ ab │", "└────┘", "", "     c", "", ""])
    #expect(harness.screen.cell(column: 0, row: 0).style.foreground == .brightBlack)
  }

  @Test func unboundedHugeAndNaNLengthsDrawWithoutTrapping() {
    // Each of these trapped on integer overflow or on converting a huge `Double` to `Int`. A
    // length beyond a million cells is a million: the content is pushed off the screen.
    #expect(
      drawInSmallScreen {
        Text("a").padding(.infinity)
        Text("b")
      } == ["", "", ""])
    #expect(
      drawInSmallScreen {
        Text("a").padding(1e300)
        Text("b")
      } == ["", "", ""])
    #expect(
      drawInSmallScreen {
        Text("a").frame(width: 1e300)
        Text("b")
      } == ["", "b", ""])
    #expect(
      drawInSmallScreen {
        VStack(spacing: 1e20) {
          Text("a")
          Text("b")
        }
      } == ["a", "", ""])
    // NaN and negative frame dimensions are 0 (and reported by the views; see
    // `BadInputTests`).
    let zeroWidth = TrellisDiagnostics.capture {
      #expect(
        drawInSmallScreen {
          Text("a").padding(.nan).frame(width: .nan)
          Text("b")
        } == ["b", "", ""])
      #expect(
        drawInSmallScreen {
          Text("a").frame(width: -5)
          Text("b")
        } == ["b", "", ""])
      // So is an infinite least or fixed width: only the maximum may be unbounded. Everything
      // beside it stays in the window.
      #expect(
        drawInSmallScreen {
          Text("a").frame(minWidth: .infinity)
          Text("b").frame(width: .infinity)
          Text("c")
        } == ["a", "c", ""])
    }
    #expect(zeroWidth.count == 5)
    // `.infinity` as a frame's maximum still means "all that is offered".
    #expect(
      drawInSmallScreen {
        Text("a").frame(maxWidth: .infinity, alignment: .trailing)
        Text("b")
      }
        == ["     a", "b", ""])
  }

  @Test func spacersPushAndDividersSpanTheirStack() {
    let harness = ScreenHarness(width: 12, height: 3) {
      VStack(spacing: 0) {
        HStack {
          Text("left")
          Spacer()
          Text("right")
        }
        Divider()
        Text("x").frame(maxWidth: .infinity, alignment: .trailing)
      }
    }
    // The stack's spacing (one cell) goes on both sides of the spacer, which takes the rest.
    #expect(harness.lines == ["left   right", "────────────", "           x"])
  }

  @Test func stylesBecomeCellStyles() {
    let harness = ScreenHarness(width: 10, height: 3) {
      VStack(alignment: .leading) {
        Text("bold").bold()
        Text("red").foregroundStyle(.red)
        Text("dim").foregroundStyle(.secondary).background(Color.blue)
      }
    }
    let screen = harness.screen
    #expect(screen.cell(column: 0, row: 0).style.attributes.contains(.bold))
    #expect(screen.cell(column: 0, row: 1).style.foreground == .red)
    #expect(!screen.cell(column: 0, row: 1).style.attributes.contains(.bold))
    #expect(screen.cell(column: 0, row: 2).style.attributes.contains(.dim))
    #expect(screen.cell(column: 0, row: 2).style.background == .blue)
  }

  @Test func tabMovesTheFocusStateAndTypingEditsTheFocusedField() {
    let form = FormModel()
    let harness = ScreenHarness(width: 20, height: 4) { FormView(model: form) }
    // The focus goes by itself to the first control that is no field (keys stay the app's),
    // and the host's focus follows.
    #expect(harness.host.focusedControl == "Save")
    #expect(form.focusLog.last == "save")
    harness.press(.character("q"))
    #expect(form.quits == 1)
    // Shift-Tab: into the field.
    harness.press(.tab, .shift)
    #expect(harness.host.focusedControl == "Name")
    #expect(form.focusLog.last == "name")
    harness.press(.character("A"), .character("d"), .character("a"))
    #expect(form.name == "Ada")
    #expect(harness.lines[0] == "Ada▏")
    harness.press(.delete)
    #expect(form.name == "Ad")
    // Space and q type too: the field takes them before any handler or activation.
    harness.press(.character(" "), .character("q"))
    #expect(form.name == "Ad q")
    #expect(form.quits == 1)
    // Return submits.
    harness.press(.return)
    #expect(form.submitted == ["Ad q"])
    // Tab: the button; the focus state says so, and the field shows no cursor.
    harness.press(.tab)
    #expect(harness.host.focusedControl == "Save")
    #expect(form.focusLog.last == "save")
    #expect(harness.lines[0] == "Ad q")
    // q is a key handler's again.
    harness.press(.character("q"))
    #expect(form.quits == 2)
    // Shift-Tab: back in the field.
    harness.press(.tab, .shift)
    #expect(form.focusLog.last == "name")
    // A paste arrives whole.
    harness.app.handle([.paste("se Lovelace")])
    #expect(form.name == "Ad qse Lovelace")
    // Without its control characters, a tab as a space, a line break as a space in this
    // one-line field (found by a CLI author: an escape went into the string).
    harness.app.handle([.paste("\ta\u{1B}[31mb\u{3}\u{7F}\rc")])
    #expect(form.name == "Ad qse Lovelace a[31mb c")
  }

  @Test func theArrowsHomeAndEndMoveTheCaretOfAFocusedField() {
    let form = FormModel()
    let harness = ScreenHarness(width: 20, height: 4) { FormView(model: form) }
    harness.press(.tab, .shift)
    harness.app.handle([.paste("ab👍🏽")])
    harness.press(.leftArrow)
    harness.press(.character("X"))
    #expect(form.name == "abX👍🏽")
    #expect(harness.lines[0] == "abX▏👍🏽")
    harness.press(.home)
    harness.press(.character("H"))
    harness.press(.end)
    harness.press(.character("E"))
    #expect(form.name == "HabX👍🏽E")
    #expect(harness.lines[0] == "HabX👍🏽E▏")
    harness.press(.leftArrow, .leftArrow, .delete)
    #expect(form.name == "Hab👍🏽E")
    #expect(harness.lines[0] == "Hab▏👍🏽E")
    // Up and Down still move the focus.
    harness.press(.downArrow)
    #expect(harness.host.focusedControl == "Save")
  }

  @Test func aFocusedFieldWiderThanTheScreenKeepsItsCaretInView() {
    let form = FormModel()
    let harness = ScreenHarness(width: 10, height: 4) { FormView(model: form) }
    harness.press(.tab, .shift)
    harness.app.handle([.paste("Ada Lovelace")])
    // Typing at the end: the end is shown, the start cut.
    #expect(harness.lines[0] == "…Lovelace▏")
    // Home: the start, cut at the end.
    harness.press(.home)
    #expect(harness.lines[0] == "▏Ada Love…")
    // In the middle, past the width: cut at both ends, the caret before the trailing `…`.
    harness.press(.end)
    harness.press(.leftArrow, .leftArrow)
    #expect(harness.lines[0] == "… Lovela▏…")
    // Unfocused, the field shows its start, as SwiftUI's does.
    harness.press(.tab)
    #expect(harness.lines[0] == "Ada Lovel…")
  }

  @Test func escapeLeavesATextFieldWhenNothingIsPresented() {
    let form = FormModel()
    let harness = ScreenHarness(width: 20, height: 4) { FormView(model: form) }
    harness.press(.tab, .shift)
    harness.press(.character("q"))
    #expect(form.name == "q")
    #expect(form.quits == 0)
    // Escape: the field lets go, the focus goes where it goes by itself (the first control
    // that is no field), and q is the app's key again.
    harness.press(.escape)
    #expect(harness.host.focusedControl == "Save")
    #expect(form.focusLog.suffix(3) == ["name", "none", "save"])
    harness.press(.character("q"))
    #expect(form.name == "q")
    #expect(form.quits == 1)
    // On a button, Escape has nothing to leave.
    harness.press(.escape)
    #expect(harness.host.focusedControl == "Save")
    #expect(harness.lines[0] == "q")
  }

  @Test func aFocusStateTheAppSetsMovesTheTerminalsFocus() {
    let form = FormModel()
    let harness = ScreenHarness(width: 20, height: 4) { FormView(model: form) }
    form.requestedFocus = .save
    harness.app.update()
    #expect(harness.renderer.focusedElement?.kind == .button)
    #expect(harness.host.focusedControl == "Save")
  }

  @Test func theRowsOfASelectingListTakeTheFocusAndReturnSelectsOne() {
    let model = PickedFruit()
    let harness = ScreenHarness(width: 12, height: 4) {
      List(
        ["apple", "pear", "plum"], id: \.self,
        selection: Binding(get: { model.fruit }, set: { model.fruit = $0 })
      ) { fruit in
        Text(fruit)
      }
    }
    #expect(harness.lines == ["apple", "pear", "plum", ""])
    // The selected row is bold; the focus is on the first row, in reverse video.
    #expect(harness.screen.cell(column: 0, row: 1).style.attributes.contains(.bold))
    #expect(!harness.screen.cell(column: 0, row: 2).style.attributes.contains(.bold))
    #expect(harness.highlightedRows == [0])
    harness.press(.downArrow, .downArrow)
    #expect(harness.highlightedRows == [2])
    harness.press(.return)
    #expect(model.fruit == "plum")
    #expect(harness.screen.cell(column: 0, row: 2).style.attributes.contains(.bold))
    #expect(!harness.screen.cell(column: 0, row: 1).style.attributes.contains(.bold))
  }

  @Test func aRowWithAButtonLetsTheButtonTakeTheFocus() {
    let model = PickedFruit()
    let harness = ScreenHarness(width: 16, height: 3) {
      List(
        ["apple"], id: \.self,
        selection: Binding(get: { model.fruit }, set: { model.fruit = $0 })
      ) { fruit in
        HStack {
          Text(fruit)
          Button("Eat") { model.eaten += 1 }
        }
      }
    }
    #expect(harness.lines[0] == "apple [Eat]")
    harness.press(.return)
    #expect(model.eaten == 1)
    #expect(model.fruit == "pear")
  }

  @Test func aTabsLabelTakesTheFocusAndReturnShowsItsTab() {
    let harness = ScreenHarness(width: 20, height: 4) {
      TabView {
        Text("first page").tabItem { Text("One") }
        Text("second page").tabItem { Text("Two") }
      }
    }
    #expect(harness.lines == ["first page", "One", "Two", ""])
    // The first tab's label has the focus (the first focusable element), and is bold: its tab
    // is shown. Tab moves to the second; Return shows its tab.
    #expect(harness.screen.cell(column: 0, row: 1).style.attributes == [.bold, .inverse])
    harness.press(.tab)
    harness.press(.return)
    #expect(harness.screen.cell(column: 0, row: 2).style.attributes == [.bold, .inverse])
    #expect(harness.lines.contains("second page"))
    #expect(!harness.lines.contains("first page"))
  }

  @Test func leftAndRightAdjustTheFocusedPickerStepperAndSlider() {
    let model = Adjustables()
    let harness = ScreenHarness(width: 24, height: 4) { AdjustablesView(model: model) }
    // The picker shows its selected option's label, the stepper its buttons, the slider its
    // value.
    #expect(harness.lines == ["Flavor: Apple", "Count 0 [−|+]", "Level: 0.5", ""])
    #expect(harness.highlightedRows == [])
    harness.press(.rightArrow)
    #expect(model.flavor == "b")
    #expect(harness.lines[0] == "Flavor: Banana")
    // At the last option it stays.
    harness.press(.rightArrow)
    #expect(model.flavor == "b")
    harness.press(.leftArrow)
    #expect(model.flavor == "a")
    harness.press(.tab)
    harness.press(.rightArrow, .rightArrow, .rightArrow, .rightArrow)
    #expect(model.count == 3)
    harness.press(.leftArrow)
    #expect(model.count == 2)
    harness.press(.tab)
    harness.press(.rightArrow)
    #expect(model.level == 0.6)
    #expect(harness.lines[2] == "Level: 0.6")
    harness.press(.leftArrow, .leftArrow, .leftArrow)
    #expect(abs(model.level - 0.3) < 1e-9)
    // Return on one does nothing, and reports nothing (found by a user: "element 3.0 is gone
    // or has no action" on every Return).
    let diagnostics = TrellisDiagnostics.capture { harness.press(.return) }
    #expect(diagnostics.isEmpty)
    #expect(abs(model.level - 0.3) < 1e-9)
  }

  /// Found by a user: a toggle made with a label view drew `[ ]` alone, and a slider moved
  /// six steps from 0.5 showed the noise of binary fractions (0.8000000000000003).
  @Test func aToggleShowsItsLabelViewAndASliderItsValueWithoutNoise() {
    let model = Adjustables()
    model.level = 0.5
    let harness = ScreenHarness(width: 24, height: 3) {
      VStack(alignment: .leading) {
        Toggle(isOn: Binding(get: { model.count > 0 }, set: { model.count = $0 ? 1 : 0 })) {
          Text("Wi-Fi")
        }
        Slider(value: Binding(get: { model.level }, set: { model.level = $0 }), in: 0...1) {
          Text("Level")
        }
      }
    }
    #expect(harness.lines == ["[ ] Wi-Fi", "Level: 0.5", ""])
    harness.press(.return)
    #expect(model.count == 1)
    #expect(harness.lines[0] == "[x] Wi-Fi")
    harness.press(.tab)
    harness.press(.rightArrow, .rightArrow, .rightArrow, .rightArrow, .rightArrow, .rightArrow)
    #expect(abs(model.level - 0.8) < 1e-9)
    #expect(harness.lines[1] == "Level: 0.8")
  }

  @Test func aDisabledButtonIsDimAndSkipped() {
    let harness = ScreenHarness(width: 20, height: 2) {
      HStack {
        Button("One") {}
        Button("Two") {}.disabled(true)
      }
    }
    #expect(harness.lines[0] == "[One] [Two]")
    #expect(harness.screen.cell(column: 7, row: 0).style.attributes.contains(.dim))
    harness.press(.tab)
    #expect(harness.screen.cell(column: 0, row: 0).style.attributes.contains(.inverse))
    #expect(!harness.screen.cell(column: 7, row: 0).style.attributes.contains(.inverse))
  }
}

@MainActor
final class PickedFruit: Trackable {
  @Tracked var fruit: String? = "pear"
  @Tracked var eaten = 0
}

@MainActor
final class Adjustables: Trackable {
  @Tracked var flavor = "a"
  @Tracked var count = 0
  @Tracked var level = 0.5
}

struct AdjustablesView: View {
  let model: Adjustables
  var body: some View {
    VStack(alignment: .leading) {
      Picker("Flavor", selection: Binding(get: { model.flavor }, set: { model.flavor = $0 })) {
        Text("Apple").tag("a")
        Text("Banana").tag("b")
      }
      Stepper(
        "Count \(model.count)", value: Binding(get: { model.count }, set: { model.count = $0 }),
        in: 0...3)
      Slider(value: Binding(get: { model.level }, set: { model.level = $0 }), in: 0...1, step: 0.1)
      {
        Text("Level")
      }
    }
  }
}

@MainActor
final class FormModel: Trackable {
  enum Field: Hashable { case name, save }
  @Tracked var name = ""
  @Tracked var submitted: [String] = []
  @Tracked var requestedFocus: Field?
  var focusLog: [String] = []
  var quits = 0
}

struct FormView: View {
  let model: FormModel
  @FocusState private var focus: FormModel.Field?

  var body: some View {
    VStack(alignment: .leading) {
      TextField("Name", text: Binding(get: { model.name }, set: { model.name = $0 }))
        .focused($focus, equals: .name)
        .onSubmit { model.submitted.append(model.name) }
      Button("Save") {}.focused($focus, equals: .save)
    }
    .onKeyPress("q") {
      model.quits += 1
      return .handled
    }
    .onChange(of: focus) { _, new in
      model.focusLog.append(new.map { "\($0)" } ?? "none")
    }
    .onChange(of: model.requestedFocus) { _, new in focus = new }
  }
}

/// The lines of `content` in a leading-aligned, unspaced `VStack` on a 6 × 3 screen.
@MainActor
private func drawInSmallScreen(@ViewBuilder _ content: () -> some View) -> [String] {
  let view = content()
  return ScreenHarness(width: 6, height: 3) { VStack(alignment: .leading, spacing: 0) { view } }
    .lines
}
