import Testing
import TrellisGraph
import TrellisTracking
import TrellisViews

struct SignupForm {
  var name = ""
  var agreed = false
}

struct NameField: View {
  @Binding var text: String
  var body: some View { Button("append to '\(text)'") { text += "x" } }
}

struct FormScreen: View {
  @State private var form = SignupForm()

  var body: some View {
    VStack {
      Toggle("agree", isOn: $form.agreed)
      NameField(text: $form.name)
      Text("form '\(form.name)' \(form.agreed)")
    }
  }
}

final class Flags: Trackable {
  @Tracked var isOn = false
  @Tracked var unrelated = 0
}

struct FlagSwitch: View {
  @Binding var isOn: Bool
  var body: some View { Toggle("flag", isOn: $isOn) }
}

struct CustomBindingScreen: View {
  let flags: Flags

  var body: some View {
    VStack {
      Text("unrelated \(flags.unrelated)")
      FlagSwitch(isOn: Binding(get: { flags.isOn }, set: { flags.isOn = $0 }))
    }
  }
}

final class Doc: Trackable {
  @Tracked var title = "draft"
}

struct TitleField: View {
  @Binding var text: String
  var body: some View { Button("edit '\(text)'") { text = text.uppercased() } }
}

struct DocEditor: View {
  @Bindable var doc: Doc

  var body: some View {
    VStack {
      TitleField(text: $doc.title)
      Text("title \(doc.title)")
    }
  }
}

/// Shows its content only when expanded; the expansion is the modifier's own state.
struct Collapsible: ViewModifier {
  let title: String
  @State private var expanded = false

  func body(content: Content) -> some View {
    VStack {
      Button("\(title) \(expanded ? "open" : "closed")") { expanded.toggle() }
      if expanded {
        content
      }
    }
  }
}

struct SectionsScreen: View {
  @State var suffix = ""

  var body: some View {
    VStack {
      Button("rename") { suffix += "!" }
      Counter(label: "first").modifier(Collapsible(title: "one\(suffix)"))
      Counter(label: "second").modifier(Collapsible(title: "two"))
    }
  }
}

struct ModifiedContentScreen: View {
  @State var label = "inner"

  var body: some View {
    VStack {
      Button("relabel") { label += "!" }
      Counter(label: label).modifier(Collapsible(title: "section"))
    }
  }
}

/// Bindings made from bindings: an optional unwrapped for a field, a value promoted to an
/// optional for a picker with a "none" option, and an animated binding for a toggle.
struct ConvertedBindings: View {
  @State private var name: String? = "Ann"
  @State private var count = 1
  @State private var isOn = false

  var body: some View {
    VStack {
      if let name = Binding($name) {
        TextField("Name", text: name)
      } else {
        Text("no name")
      }
      Picker("Count", selection: Binding($count)) {
        Text("None").tag(nil as Int?)
        Text("One").tag(1)
        Text("Two").tag(2)
      }
      Toggle("Lamp", isOn: $isOn.animation(.linear))
      Text("\(name ?? "nil") \(count) \(isOn)")
      Button("clear") { name = nil }
    }
  }
}

@MainActor
@Suite struct BindingsAndModifiersTests {
  /// SwiftUI's `Binding(_:)` conversions and `animation(_:)` (found missing by a new user).
  @Test func bindingsConvertedFromBindingsReadAndWriteTheirSource() {
    let recorder = RecordingRenderer()
    let host = ViewHost(ConvertedBindings(), executor: .manual, renderer: recorder)
    #expect(host.tree.texts.last(where: { $0.contains(" ") }) == "Ann 1 false")
    #expect(host.type("e", into: "Name"))
    host.flush()
    #expect(host.tree.texts.contains("Anne 1 false"))
    // Promoted to an optional: a value writes through, nil (no place for it) is ignored.
    #expect(host.select("Two", in: "Count"))
    host.flush()
    #expect(host.tree.texts.contains("Anne 2 false"))
    #expect(host.select("None", in: "Count"))
    host.flush()
    #expect(host.tree.texts.contains("Anne 2 false"))
    // Animated: the toggle's write carries the animation to what it changed.
    #expect(host.setToggle("Lamp", to: true))
    host.flush()
    #expect(host.tree.texts.contains("Anne 2 true"))
    #expect(!recorder.lastCommitAnimations.isEmpty)
    #expect(recorder.lastCommitAnimations.allSatisfy { $0.hasSuffix(" ~ linear(0.35)") })
    // Unwrapped: nil now, so the field goes.
    #expect(host.tap("clear"))
    host.flush()
    #expect(host.tree.texts.first == "no name")
    #expect(host.tree.texts.contains("nil 2 true"))
  }

  @Test func bindingsToPartsOfStateReadAndWriteThePart() {
    let host = ViewHost(FormScreen(), executor: .manual)
    #expect(host.tree.texts == ["agree", "append to ''", "form '' false"])
    host.clearLogs()
    host.setToggle("agree", to: true)
    host.flush()
    #expect(host.tree.texts == ["agree", "append to ''", "form '' true"])
    #expect(
      host.dump() == """
        FormScreen
          VStack
            Toggle "agree" isOn=true
            NameField
              Button
                Text "append to ''"
            Text "form '' true"

        """)
    #expect(
      host.runLog == ["FormScreen: @State FormScreen.form", "NameField: @State FormScreen.form"])
    host.clearLogs()
    host.tap("append to ''")
    host.flush()
    #expect(host.tree.texts == ["agree", "append to 'x'", "form 'x' true"])
    #expect(
      host.runLog == ["FormScreen: @State FormScreen.form", "NameField: @State FormScreen.form"])
  }

  @Test func aHandMadeBindingWritesThroughAndIsANewInputOnEveryParentRun() {
    let flags = Flags()
    let host = ViewHost(CustomBindingScreen(flags: flags), executor: .manual)
    #expect(host.dump().contains("Toggle \"flag\" isOn=false"))
    host.clearLogs()
    host.setToggle("flag", to: true)
    host.flush()
    #expect(flags.isOn)
    #expect(host.dump().contains("Toggle \"flag\" isOn=true"))
    // Nobody's body read the value (the toggle reads it when rendered), so nothing re-ran.
    #expect(host.runLog == [])
    flags.unrelated = 1
    host.flush()
    #expect(
      host.runLog == ["CustomBindingScreen: Flags.unrelated", "FlagSwitch: input isOn"])
  }

  @Test func bindableProjectsBindingsToModelProperties() {
    let doc = Doc()
    let host = ViewHost(DocEditor(doc: doc), executor: .manual)
    host.clearLogs()
    host.tap("edit 'draft'")
    host.flush()
    #expect(doc.title == "DRAFT")
    #expect(host.tree.texts == ["edit 'DRAFT'", "title DRAFT"])
    #expect(host.runLog == ["DocEditor: Doc.title", "TitleField: Doc.title"])
  }

  @Test func aCustomModifierKeepsItsOwnStatePerIdentity() {
    let host = ViewHost(SectionsScreen(), executor: .manual)
    #expect(host.tree.texts == ["rename", "one closed", "two closed"])
    host.tap("one closed")
    host.flush()
    #expect(host.tree.texts == ["rename", "one open", "first: 0", "two closed"])
    #expect(
      host.dump() == """
        SectionsScreen
          VStack
            Button
              Text "rename"
            Collapsible
              VStack
                Button
                  Text "one open"
                Counter
                  Button
                    Text "first: 0"
            Collapsible
              VStack
                Button
                  Text "two closed"

        """)
    host.tap("first: 0")
    host.flush()
    host.clearLogs()

    host.tap("rename")
    host.flush()
    #expect(host.tree.texts == ["rename", "one! open", "first: 1", "two closed"])
    #expect(
      host.runLog == ["SectionsScreen: @State SectionsScreen.suffix", "Collapsible: input title"])

    host.clearLogs()
    host.tap("one! open")
    host.flush()
    #expect(host.runLog == ["Collapsible: @State Collapsible.expanded"])
    host.tap("one! closed")
    host.flush()
    #expect(host.tree.texts == ["rename", "one! open", "first: 0", "two closed"])
  }

  @Test func aCustomModifierReRunsWhenItsContentChanges() {
    let host = ViewHost(ModifiedContentScreen(), executor: .manual)
    host.tap("section closed")
    host.flush()
    host.tap("inner: 0")
    host.flush()
    host.clearLogs()
    host.tap("relabel")
    host.flush()
    #expect(host.tree.texts == ["relabel", "section open", "inner!: 1"])
    #expect(
      host.runLog == [
        "ModifiedContentScreen: @State ModifiedContentScreen.label", "Collapsible: input content",
        "Counter: input label",
      ])
  }
}
