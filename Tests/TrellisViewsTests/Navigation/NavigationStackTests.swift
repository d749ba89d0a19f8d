import Testing
import TrellisGraph
import TrellisTracking
import TrellisViews

// The stack's API: a stack with its own path, a typed path, a `NavigationPath`, destinations
// for several types on one path, the levels pushed without a value, and the links.

/// A stack that keeps its own path: value links push, `\.dismiss` pops.
struct OwnPathStack: View {
  var body: some View {
    NavigationStack {
      VStack {
        NavigationLink("open 7", value: 7)
        NavigationLink("open b", value: "b")
      }
      .navigationDestination(for: Int.self) { number in NumberPage(number: number) }
      .navigationDestination(for: String.self) { letter in Text("letter \(letter)") }
    }
  }
}

struct NumberPage: View {
  let number: Int
  @Environment(\.dismiss) private var dismiss

  var body: some View {
    VStack {
      Text("number \(number)")
      NavigationLink("next", value: number + 1)
      Button("back \(number)") { dismiss() }
    }
  }
}

final class Router: Trackable {
  @Tracked var ids: [Int] = []
  @Tracked var path = NavigationPath()
  @Tracked var isShowingSettings = false
  @Tracked var selected: String?
}

/// A link whose value is the router's selection (nil until one is chosen), and one disabled
/// while the router shows its settings.
struct OptionalValueLink: View {
  let router: Router

  var body: some View {
    NavigationStack {
      VStack {
        NavigationLink("open selected", value: router.selected)
        NavigationLink("open z", value: "z").disabled(router.isShowingSettings)
      }
      .navigationDestination(for: String.self) { letter in Text("letter \(letter)") }
    }
  }
}

/// A stack over a typed path, with a link whose value the path cannot hold.
struct TypedPathStack: View {
  @Bindable var router: Router

  var body: some View {
    NavigationStack(path: $router.ids) {
      VStack {
        NavigationLink("open 3", value: 3)
        NavigationLink("open x", value: "x")
      }
      .navigationDestination(for: Int.self) { id in Text("page \(id)") }
    }
  }
}

/// A stack over a `NavigationPath` holding both `Int` and `String` values.
struct MixedPathStack: View {
  @Bindable var router: Router

  var body: some View {
    NavigationStack(path: $router.path) {
      VStack {
        NavigationLink("open 3", value: 3)
        NavigationLink("open x", value: "x")
      }
      .navigationDestination(for: Int.self) { id in
        VStack {
          Text("page \(id)")
          NavigationLink("tag \(id)", value: "tag\(id)")
        }
      }
      .navigationDestination(for: String.self) { tag in Text("tag page \(tag)") }
    }
  }
}

/// The levels pushed without a value: by a flag, by an item, by a destination link.
struct PresentedLevelsStack: View {
  @Bindable var router: Router

  var body: some View {
    NavigationStack {
      VStack {
        NavigationLink("about") { AboutPage() }
        Text("home")
      }
      .navigationDestination(isPresented: $router.isShowingSettings) { SettingsPage() }
      .navigationDestination(item: $router.selected) { name in Counter(label: name) }
    }
  }
}

struct SettingsPage: View {
  @Environment(\.dismiss) private var dismiss
  var body: some View { Button("close settings") { dismiss() } }
}

struct AboutPage: View {
  @Environment(\.dismiss) private var dismiss
  var body: some View { Button("close about") { dismiss() } }
}

/// Destinations whose own content pushes a level, or registers the destination of the value
/// above it, without a view of their own in between.
struct DeepLinkStack: View {
  @Bindable var router: Router

  var body: some View {
    NavigationStack(path: $router.path) {
      Text("home")
        .navigationDestination(for: Int.self) { id in
          Text("page \(id)")
            .navigationDestination(isPresented: $router.isShowingSettings) { SettingsPage() }
            .navigationDestination(for: String.self) { tag in Text("tag page \(tag)") }
        }
    }
  }
}

/// The view holding a stack is not the stack's root: the diagnostic names the holder.
struct Library: View {
  @Bindable var router: Router

  var body: some View {
    VStack {
      Text("library")
      NavigationStack(path: $router.path) {
        Shelf()
      }
    }
  }
}

struct Shelf: View {
  var body: some View {
    NavigationLink("open 5", value: 5)
      .navigationDestination(for: Int.self) { id in
        VStack {
          Text("book \(id)")
          NavigationLink("chapter", value: "chapter of \(id)")
        }
      }
  }
}

@MainActor
@Suite struct NavigationStackTests {
  let router = Router()

  @Test func aStackWithoutAPathPushesWhatItsLinksHoldAndDismissPopsIt() {
    let host = ViewHost(OwnPathStack(), executor: .manual)
    #expect(host.tree.texts == ["open 7", "open b"])
    host.clearLogs()
    host.tap("open 7")
    host.flush()
    #expect(
      host.dump() == """
        OwnPathStack
          NavigationStack
            Destination
              NumberPage
                VStack
                  Text "number 7"
                  NavigationLink
                    Text "next"
                  Button
                    Text "back 7"

        """)
    #expect(
      host.runLog == ["NavigationStack: @State NavigationStack.ownPath", "NumberPage: inserted"])
    host.tap("next")
    host.flush()
    #expect(host.tree.texts == ["number 8", "next", "back 8"])
    host.tap("back 8")
    host.flush()
    #expect(host.tree.texts == ["number 7", "next", "back 7"])
    host.tap("back 7")
    host.flush()
    #expect(host.tree.texts == ["open 7", "open b"])
    host.tap("open b")
    host.flush()
    #expect(host.tree.texts == ["letter b"])
  }

  /// Found by a new user: a nil-value link was drawn as an active link, and a tap on it
  /// returned false without a word. A link under `.disabled(true)` was drawn active too.
  @Test func aLinkWithANilValueOrDisabledIsDrawnDisabledAndRefusesTaps() {
    let router = Router()
    let recorder = RecordingRenderer()
    let host = ViewHost(OptionalValueLink(router: router), executor: .manual, renderer: recorder)
    #expect(host.tree.findAll(kind: "NavigationLink").map(\.attributes) == [["disabled"], []])
    let refused = TrellisDiagnostics.capture { #expect(!host.tap("open selected")) }
    #expect(
      refused.map(\.message) == [
        "NavigationLink(value: nil) in OptionalValueLink is disabled, as in SwiftUI: its value "
          + "is nil; nothing was tapped."
      ])
    recorder.clear()
    router.selected = "q"
    host.flush()
    #expect(recorder.lastCommit.map(\.description) == ["setAttributes NavigationLink@4 []"])
    recorder.clear()
    router.isShowingSettings = true
    host.flush()
    #expect(recorder.lastCommit.map(\.description) == ["setAttributes NavigationLink@6 disabled"])
    let disabled = TrellisDiagnostics.capture { #expect(!host.tap("open z")) }
    #expect(disabled.map(\.nodes) == [["open z"]])
    #expect(host.tap("open selected"))
    host.flush()
    #expect(host.tree.texts == ["letter q"])
  }

  @Test func aTypedPathGetsTheValuesItsLinksPushAndAValueOfAnotherTypeIsReported() {
    let host = ViewHost(TypedPathStack(router: router), executor: .manual)
    host.tap("open 3")
    #expect(router.ids == [3])
    host.flush()
    #expect(host.tree.texts == ["page 3"])
    router.ids = []
    host.flush()
    #expect(host.tree.texts == ["open 3", "open x"])
    let diagnostics = TrellisDiagnostics.capture { host.tap("open x") }
    #expect(router.ids == [])
    #expect(diagnostics.map(\.kind) == [.invalidInput])
    #expect(
      diagnostics.map(\.message) == [
        "NavigationLink(value: x) in TypedPathStack pushes a value of type String, but the "
          + "NavigationStack in TypedPathStack has a path of Int values; the tap does nothing. "
          + "Push a value of the path's type, or give the stack a NavigationPath, which holds "
          + "values of any type."
      ])
    // The view is named once, though it holds both the link and the stack.
    #expect(diagnostics.map(\.nodes) == [["TypedPathStack"]])
    host.flush()
    #expect(host.tree.texts == ["open 3", "open x"])
  }

  @Test func settingATypedPathReplacesTheLevelsAndShowsTheTopOne() {
    let host = ViewHost(TypedPathStack(router: router), executor: .manual)
    host.clearLogs()
    router.ids = [1, 2, 3]
    host.flush()
    #expect(host.tree.texts == ["page 3"])
    // Only the stack read the path; the view holding it did not re-run.
    #expect(host.runLog == ["NavigationStack: Router.ids"])
    router.ids.removeLast()
    host.flush()
    #expect(host.tree.texts == ["page 2"])
    router.ids = [9]
    host.flush()
    #expect(host.tree.texts == ["page 9"])
  }

  @Test func aNavigationPathCountsAppendsAndRemovesValuesOfAnyHashableType() {
    var path = NavigationPath()
    #expect(path.isEmpty)
    #expect(path.count == 0)
    path.append(3)
    path.append("x")
    #expect(!path.isEmpty)
    #expect(path.count == 2)
    #expect(path != NavigationPath([3]))
    path.removeLast()
    #expect(path == NavigationPath([3]))
    path.append(4)
    path.removeLast(2)
    #expect(path.isEmpty)
    #expect(path == NavigationPath())
  }

  @Test func aNavigationPathShowsTheDestinationOfEachValuesType() {
    let host = ViewHost(MixedPathStack(router: router), executor: .manual)
    host.tap("open 3")
    host.flush()
    #expect(router.path.count == 1)
    #expect(host.tree.texts == ["page 3", "tag 3"])
    host.tap("tag 3")
    host.flush()
    #expect(router.path.count == 2)
    #expect(
      router.path
        == {
          var expected = NavigationPath()
          expected.append(3)
          expected.append("tag3")
          return expected
        }())
    #expect(host.tree.texts == ["tag page tag3"])
    router.path.removeLast()
    host.flush()
    #expect(host.tree.texts == ["page 3", "tag 3"])
    router.path.append("x")
    router.path.append(8)
    host.flush()
    #expect(host.tree.texts == ["page 8", "tag 8"])
    router.path.removeLast(3)
    host.flush()
    #expect(router.path.isEmpty)
    #expect(host.tree.texts == ["open 3", "open x"])
  }

  @Test func aFlagPushesItsDestinationAndDismissInsideItClearsTheFlag() {
    let host = ViewHost(PresentedLevelsStack(router: router), executor: .manual)
    #expect(host.tree.texts == ["about", "home"])
    router.isShowingSettings = true
    host.flush()
    #expect(host.tree.texts == ["close settings"])
    host.tap("close settings")
    #expect(router.isShowingSettings == false)
    host.flush()
    #expect(host.tree.texts == ["about", "home"])
    router.isShowingSettings = true
    host.flush()
    router.isShowingSettings = false
    host.flush()
    #expect(host.tree.texts == ["about", "home"])
  }

  @Test func anItemPushesItsDestinationAnotherItemIsAFreshOneAndNilPopsIt() {
    let host = ViewHost(PresentedLevelsStack(router: router), executor: .manual)
    router.selected = "a"
    host.flush()
    host.tap("a: 0")
    host.flush()
    #expect(host.tree.texts == ["a: 1"])
    host.clearLogs()
    router.selected = "b"
    host.flush()
    #expect(host.tree.texts == ["b: 0"])
    #expect(host.runLog == ["Counter: inserted"])
    router.selected = "b"
    host.flush()
    #expect(host.tree.texts == ["b: 0"])
    #expect(host.dismiss())
    #expect(router.selected == nil)
    host.flush()
    #expect(host.tree.texts == ["about", "home"])
  }

  // Found by a new user: two Escapes in one batch of input went back one level, since both
  // worked from the tree as last committed.
  @Test func twoBacksBeforeAFlushGoBackTwoLevels() {
    let host = ViewHost(TypedPathStack(router: router), executor: .manual)
    router.ids = [1, 2, 3]
    host.flush()
    #expect(host.tree.texts == ["page 3"])
    #expect(host.dismiss())
    #expect(router.ids == [1, 2])
    #expect(host.dismiss())
    #expect(router.ids == [1])
    host.flush()
    #expect(host.tree.texts == ["page 1"])
    #expect(host.dismiss())
    #expect(router.ids == [])
    // The second applies the first, and then nothing is left to go back from.
    let nothing = TrellisDiagnostics.capture { #expect(!host.dismiss()) }
    #expect(
      nothing.map(\.message) == [
        "dismiss(): nothing is presented or pushed; nothing was dismissed."
      ])
    host.flush()
    #expect(host.tree.texts == ["open 3", "open x"])
  }

  @Test func aDestinationLinkPushesItsViewAboveAndDismissPopsIt() {
    let host = ViewHost(PresentedLevelsStack(router: router), executor: .manual)
    host.tap("about")
    host.flush()
    #expect(
      host.dump() == """
        PresentedLevelsStack
          NavigationStack
            Destination
              AboutPage
                Button
                  Text "close about"

        """)
    host.tap("close about")
    host.flush()
    #expect(host.tree.texts == ["about", "home"])
    host.tap("about")
    host.flush()
    #expect(host.tree.texts == ["close about"])
  }

  @Test func aLevelPushedByADestinationsOwnContentIsShownOnTopAtOnce() {
    router.isShowingSettings = true
    router.path.append(1)
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(DeepLinkStack(router: router), executor: .manual)
    }
    #expect(diagnostics.isEmpty)
    #expect(host?.tree.texts == ["close settings"])
    host?.tap("close settings")
    host?.flush()
    #expect(host?.tree.texts == ["page 1"])
  }

  @Test func aDestinationRegisteredByALevelsOwnContentShowsTheValueAboveIt() {
    router.path.append(1)
    router.path.append("x")
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(DeepLinkStack(router: router), executor: .manual)
    }
    #expect(diagnostics.isEmpty)
    #expect(host?.tree.texts == ["tag page x"])
  }

  @Test func aValueWithNoDestinationIsReportedOnceNamingTheViewHoldingTheStack() {
    let host = ViewHost(Library(router: router), executor: .manual)
    host.tap("open 5")
    host.flush()
    // A link to it cannot be activated, as in SwiftUI: the path is unchanged.
    let tapped = TrellisDiagnostics.capture {
      host.tap("chapter")
      host.flush()
    }
    #expect(
      tapped.map(\.message) == [
        "A NavigationLink presents a value of type String, but the NavigationStack in Library "
          + "has no navigationDestination(for: String.self); the link cannot be activated and the "
          + "path is unchanged."
      ])
    #expect(router.path.count == 1)
    // Put on the path directly, it is reported.
    let diagnostics = TrellisDiagnostics.capture {
      router.path.append("chapter of 5")
      host.flush()
    }
    #expect(diagnostics.map(\.kind) == [.invalidInput])
    #expect(diagnostics.map(\.nodes) == [["Library", "String"]])
    #expect(
      diagnostics.map(\.message) == [
        "NavigationStack in Library has the value \"chapter of 5\" on its path but no "
          + ".navigationDestination(for: String.self) inside it; an empty level is shown for it, "
          + "which going back pops."
      ])
    // An empty level is shown for the value, as SwiftUI shows a placeholder: it covers the
    // levels below.
    #expect(host.tree.texts == ["library"])
    // While it stays, it is not reported again.
    let again = TrellisDiagnostics.capture {
      router.path.append(6)
      host.flush()
    }
    #expect(again.isEmpty)
    #expect(host.tree.texts == ["library", "book 6", "chapter"])
    // Going back pops 6, then the value without a destination.
    #expect(host.dismiss())
    host.flush()
    #expect(host.tree.texts == ["library"])
    #expect(host.dismiss())
    host.flush()
    #expect(router.path.count == 1)
    #expect(host.tree.texts == ["library", "book 5", "chapter"])
  }
}

/// A destination link with no stack around it.
struct LooseDestinationLink: View {
  var body: some View {
    NavigationLink("details") { Text("the details") }
  }
}

extension NavigationStackTests {
  /// Found by a new user: the report said the link was not in a stack "whose path holds its
  /// value", and a destination link has no value.
  @Test func aDestinationLinkOutsideAStackIsReportedWithoutAValue() {
    let host = ViewHost(LooseDestinationLink(), executor: .manual)
    var tapped = true
    let diagnostics = TrellisDiagnostics.capture { tapped = host.tap("details") }
    #expect(!tapped)
    #expect(
      diagnostics.map(\.message) == [
        "NavigationLink(destination:) in LooseDestinationLink is not inside a NavigationStack "
          + "(or a NavigationSplitView); the tap does nothing."
      ])
    host.flush()
    #expect(host.tree.texts == ["details"])
  }
}
