import Testing
import TrellisGraph

@testable import TrellisViews

/// Two tabs with one tag.
private struct SharedTags: View {
  @State private var tab = 1

  var body: some View {
    TabView(selection: $tab) {
      Text("first").tabItem { Text("First") }.tag(1)
      Text("second").tabItem { Text("Second") }.tag(1)
      Text("third").tabItem { Text("Third") }.tag(3)
    }
  }
}

/// Tabs tagged with integers, selected by a string.
private struct MistypedTags: View {
  @State private var tab = "one"

  var body: some View {
    TabView(selection: $tab) {
      Text("one").tabItem { Text("One") }.tag(1)
      Text("two").tabItem { Text("Two") }.tag(2)
    }
  }
}

/// A selection binding over tabs with no tags: only the first is tagged.
private struct UntaggedTabs: View {
  @State private var tab = "one"

  var body: some View {
    VStack {
      Text("selection \(tab)")
      TabView(selection: $tab) {
        Text("one").tabItem { Text("One") }.tag("one")
        Text("two").tabItem { Text("Two") }
      }
    }
  }
}

/// An optional selection over tabs tagged with plain strings, one tagged with an optional, and
/// a picker of the same kind, whose "none" option is tagged `nil`.
private struct OptionalSelections: View {
  @State private var tab: String? = nil
  @State private var choice: String? = "b"

  var body: some View {
    VStack {
      Text("tab \(tab ?? "none"), choice \(choice ?? "none")")
      TabView(selection: $tab) {
        Text("page a").tabItem { Text("A") }.tag("a")
        Text("page b").tabItem { Text("B") }.tag(Optional("b"))
      }
      Picker("Choice", selection: $choice) {
        Text("None").tag(nil as String?)
        Text("Option a").tag("a")
        Text("Option b").tag("b")
      }
    }
  }
}

// Found by a new user: these mistakes passed silently.
@MainActor
@Suite struct TabViewTagTests {
  /// A tag of type T matches a selection of type T?, as with SwiftUI's
  /// `tag(_:includeOptional:)`; a tab tapped wrote `Optional("a")`, which then matched no tab.
  @Test func plainTagsMatchAnOptionalSelection() {
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(OptionalSelections(), executor: .manual)
      host?.clearLogs()
    }
    guard let host else { return }
    // Nothing selected: no tab is shown, which is reported; the picker shows "b".
    #expect(
      diagnostics.map(\.message) == [
        "TabView in OptionalSelections has the selection nil (Optional<String>), but no tab is "
          + "tagged with it; no tab is shown. Set the selection to a tab's tag, or tag a tab "
          + "with nil."
      ])
    let options = ["Choice", "None", "Option a", "Option b"]
    #expect(host.tree.texts == ["tab none, choice b", "A", "B"] + options)
    #expect(host.dump().contains("Picker \"Choice\" selection=b\n"))
    let taps = TrellisDiagnostics.capture {
      #expect(host.tap("A"))
      host.flush()
      #expect(host.tree.texts == ["tab a, choice b", "page a", "A", "B"] + options)
      #expect(host.tap("B"))
      host.flush()
      #expect(host.tree.texts == ["tab b, choice b", "page b", "A", "B"] + options)
      #expect(host.select("None", in: "Choice"))
      host.flush()
      #expect(host.tree.texts.first == "tab b, choice none")
      #expect(host.dump().contains("Picker \"Choice\" selection=nil\n"))
      #expect(host.select("Option a", in: "Choice"))
      host.flush()
    }
    #expect(taps.isEmpty)
    #expect(host.tree.texts.first == "tab b, choice a")
  }

  @Test func tabsThatShareATagAreReportedOnceAndTheFirstIsShown() {
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(SharedTags(), executor: .manual)
      host?.tap("Second")
      host?.flush()
    }
    #expect(
      diagnostics.map(\.message) == [
        "TabView in SharedTags has several tabs tagged 1; selecting it shows the first of them, "
          + "and the others cannot be shown. Give each tab its own tag."
      ])
    #expect(diagnostics.first?.nodes == ["SharedTags"])
    #expect(host?.tree.findAll(kind: "Text").compactMap(\.text).first == "first")
  }

  @Test func tagsOfAnotherTypeThanTheSelectionAreNamedAndATapOnOneIsReported() {
    var host: ViewHost?
    let mount = TrellisDiagnostics.capture {
      host = ViewHost(MistypedTags(), executor: .manual)
    }
    #expect(
      mount.map(\.message) == [
        "TabView in MistypedTags has the selection one (String), but no tab is tagged with it "
          + "(the tabs are tagged with Int); no tab is shown. Tag each tab with .tag(_:) of the "
          + "selection's type."
      ])
    let tap = TrellisDiagnostics.capture {
      host?.tap("Two")
      host?.flush()
    }
    #expect(
      tap.map(\.message) == [
        "TabView in MistypedTags: the tab tagged 2 (Int) cannot be selected: the selection is "
          + "of type String. Tag each tab with .tag(_:) of the selection's type."
      ])
  }

  @Test func aTapOnAnUntaggedTabIsReportedAndSelectsNothing() {
    let host = ViewHost(UntaggedTabs(), executor: .manual)
    let tap = TrellisDiagnostics.capture {
      #expect(host.tap("Two"))
      host.flush()
    }
    #expect(
      tap.map(\.message) == [
        "TabView in UntaggedTabs: tab 2 has no .tag(_:), so selecting it cannot set the "
          + "selection; nothing was selected. Tag each tab with .tag(_:) of the selection's type."
      ])
    #expect(tap.map(\.nodes) == [["UntaggedTabs"]])
    #expect(host.tree.texts.prefix(2) == ["selection one", "one"])
  }
}

/// Tabs made by a `ForEach`, each page wrapped in modifiers.
private struct ForEachTabs: View {
  @State private var tab = 1

  var body: some View {
    TabView(selection: $tab) {
      ForEach([1, 2], id: \.self) { number in
        TabPage(number: number).tabItem { Text("Tab \(number)") }.tag(number)
      }
    }
  }
}

private struct TabPage: View {
  let number: Int
  var body: some View { Text("page \(number)").onAppear {}.onDisappear {} }
}

// Found by a new user: a tab page made by a `ForEach` lost its row's id in the tree and in the
// lifecycle names, so the events of different tabs could not be told apart.
@MainActor
@Suite struct TabViewRowIdentityTests {
  @Test func aTabPageMadeByAForEachShowsItsRowsID() {
    let host = ViewHost(ForEachTabs(), executor: .manual)
    #expect(host.tree.findAll(kind: "TabPage").map(\.id) == ["1"])
    #expect(host.events.map(\.description) == ["appear TabPage #1"])
    host.clearLogs()
    #expect(host.tap("Tab 2"))
    host.flush()
    #expect(host.events.map(\.description) == ["disappear TabPage #1", "appear TabPage #2"])
    #expect(host.tree.findAll(kind: "TabPage").map(\.id) == ["2"])
  }
}

/// Tabs beside a counter: a re-run of the screen passes the tab view the same selection.
struct TabsBesideCounter: View {
  @State private var tab = 0
  @State private var count = 0

  var body: some View {
    VStack {
      Button("count \(count)") { count += 1 }
      TabView(selection: $tab) {
        Text("first").tabItem { Text("One") }.tag(0)
        Text("second").tabItem { Text("Two") }.tag(1)
      }
    }
  }
}

/// Found by a SwiftUI developer: an optional binding (`TabView(selection:)` keeps one) was
/// never an equal input, so the tab view re-ran with its parent every time, giving
/// `input selection` as a reason when the selection had not changed.
@MainActor
@Suite struct OptionalBindingInputTests {
  @Test func aTabViewWhoseSelectionAndTabsAreTheSameDoesNotReRunWithItsParent() {
    let host = ViewHost(TabsBesideCounter(), executor: .manual)
    host.clearLogs()
    #expect(host.tap("count 0"))
    host.flush()
    #expect(host.runLog == ["TabsBesideCounter: @State TabsBesideCounter.count"])
    #expect(host.tap("Two"))
    host.flush()
    #expect(host.tree.texts == ["count 1", "second", "One", "Two"])
    #expect(host.runLog.last == "TabView: @State TabsBesideCounter.tab")
  }
}
