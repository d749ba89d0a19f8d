import Testing
import TrellisGraph
import TrellisTracking

@testable import TrellisViews

/// A picker whose selection the test sets from outside, over options it can change.
final class PickerModel: Trackable {
  @Tracked var selection = "b"
  @Tracked var options = ["a", "b"]
  @Tracked var optional: Int? = nil
}

/// Options tagged with strings under an `Int` selection.
struct MistypedPicker: View {
  @State var selection = 1

  var body: some View {
    Picker("Fruit", selection: $selection) {
      Text("apple").tag("a")
      Text("pear").tag("p")
    }
  }
}

/// Two options share the tag "b".
struct SharedTagPicker: View {
  let model: PickerModel

  var body: some View {
    Picker("Grade", selection: Binding(get: { model.selection }, set: { model.selection = $0 })) {
      Text("Good").tag("a")
      Text("Fair").tag("b")
      ForEach(model.options, id: \.self) { letter in Text("Extra \(letter)").tag("b") }
    }
  }
}

struct LetterPicker: View {
  let model: PickerModel

  var body: some View {
    VStack {
      Picker("Letter", selection: Binding(get: { model.selection }, set: { model.selection = $0 }))
      {
        ForEach(model.options, id: \.self) { letter in Text(letter.uppercased()).tag(letter) }
      }
      Picker("Number", selection: Binding(get: { model.optional }, set: { model.optional = $0 })) {
        Text("One").tag(Optional(1))
        Text("Two").tag(Optional(2))
      }
    }
  }
}

@MainActor
@Suite struct PickerSelectionTests {
  static func message(_ selection: String, options: String) -> String {
    "The picker \"Letter\" in LetterPicker has the selection \(selection) (String), which no "
      + "option is tagged with (\(options)); no option is shown selected. Tag an option with "
      + "that value, or set the selection to an option's tag."
  }

  @Test func aSelectionNoOptionIsTaggedWithIsReportedOnceWhileItStays() {
    let model = PickerModel()
    model.selection = "z"
    var host: ViewHost?
    let mounted = TrellisDiagnostics.capture {
      host = ViewHost(LetterPicker(model: model), executor: .manual)
    }
    #expect(
      mounted.map(\.message) == [
        Self.message("z", options: "its options: \"A\" = a, \"B\" = b")
      ])
    #expect(mounted.map(\.nodes) == [["LetterPicker"]])
    guard let host else { return }
    // The same invalid selection, with other options: not reported again.
    let again = TrellisDiagnostics.capture {
      model.options = ["a", "b", "c"]
      host.flush()
    }
    #expect(again.isEmpty)
    // A valid selection clears it; another invalid one is reported.
    let valid = TrellisDiagnostics.capture {
      model.selection = "c"
      host.flush()
    }
    #expect(valid.isEmpty)
    let other = TrellisDiagnostics.capture {
      model.selection = "q"
      host.flush()
      model.selection = "q"
      host.flush()
    }
    #expect(
      other.map(\.message) == [
        Self.message("q", options: "its options: \"A\" = a, \"B\" = b, \"C\" = c")
      ])
  }

  @Test func optionsThatLeaveTheSelectionBehindAreReported() {
    let model = PickerModel()
    let host = ViewHost(LetterPicker(model: model), executor: .manual)
    let emptied = TrellisDiagnostics.capture {
      model.options = []
      host.flush()
    }
    #expect(emptied.map(\.message) == [Self.message("b", options: "it has no options yet")])
    let back = TrellisDiagnostics.capture {
      model.options = ["b"]
      host.flush()
    }
    #expect(back.isEmpty)
  }

  @Test func optionsTaggedWithAnotherTypeThanTheSelectionAreNamedAsTheMistake() {
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(MistypedPicker(), executor: .manual)
    }
    #expect(
      diagnostics.map(\.message) == [
        "The picker \"Fruit\" in MistypedPicker has the selection 1 (Int), which no option is "
          + "tagged with (its options: \"apple\" = a, \"pear\" = p); the options are tagged with "
          + "String, not Int; no option is shown selected. Tag each option with .tag(_:) of the "
          + "selection's type."
      ])
    withExtendedLifetime(host) {}
  }

  @Test func aNilOptionalSelectionNeedsNoOptionAndAValueOneDoes() {
    let model = PickerModel()
    let host = ViewHost(LetterPicker(model: model), executor: .manual)
    let chosen = TrellisDiagnostics.capture {
      model.optional = 2
      host.flush()
    }
    #expect(chosen.isEmpty)
    let invalid = TrellisDiagnostics.capture {
      model.optional = 3
      host.flush()
    }
    #expect(
      invalid.map(\.message) == [
        "The picker \"Number\" in LetterPicker has the selection 3 (Optional<Int>), which no "
          + "option is tagged with (its options: \"One\" = 1, \"Two\" = 2); no option is shown "
          + "selected. Tag an option with that value, or set the selection to an option's tag."
      ])
  }

  @Test func optionsThatShareATagAreReportedOncePerTag() {
    let model = PickerModel()
    model.options = ["x"]
    var host: ViewHost?
    let mounted = TrellisDiagnostics.capture {
      host = ViewHost(SharedTagPicker(model: model), executor: .manual)
    }
    #expect(
      mounted.map(\.message) == [
        "The picker \"Grade\" in SharedTagPicker has 2 options tagged b (\"Fair\", "
          + "\"Extra x\"); they show as selected together and choosing any of them sets the same "
          + "value. Give each option its own tag."
      ])
    #expect(mounted.map(\.nodes) == [["SharedTagPicker"]])
    guard let host else { return }
    // A third option with the same tag: that tag was reported already.
    let more = TrellisDiagnostics.capture {
      model.options = ["x", "y"]
      host.flush()
    }
    #expect(more.isEmpty)
    #expect(model.selection == "b")
  }
}

/// One option of three has no tag.
struct PartlyTaggedPicker: View {
  @State var selection = 1

  var body: some View {
    Picker("Count", selection: $selection) {
      Text("one").tag(1)
      Text("untagged")
      Text("three").tag(3)
    }
  }
}

extension PickerSelectionTests {
  /// Found by a new user: an untagged option on screen was reported as no option with that
  /// label.
  @Test func selectingAnUntaggedOptionSaysItHasNoTag() {
    let host = ViewHost(PartlyTaggedPicker(), executor: .manual)
    var selected = true
    let diagnostics = TrellisDiagnostics.capture {
      selected = host.select("untagged", in: "Count")
    }
    #expect(!selected)
    #expect(
      diagnostics.map(\.message) == [
        "The option \"untagged\" of the picker \"Count\" in PartlyTaggedPicker has no tag, so it "
          + "cannot be selected, as in SwiftUI; nothing was selected. Give it .tag(_:) with a "
          + "value of the selection's type (Int)."
      ])
    #expect(host.select("three", in: "Count"))
  }
}
