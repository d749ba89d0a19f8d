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

// Found by a new user: these mistakes passed silently.
@MainActor
@Suite struct TabViewTagTests {
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
