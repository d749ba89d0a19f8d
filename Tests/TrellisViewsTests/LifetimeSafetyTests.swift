import Testing
import TrellisGraph
import TrellisTracking

@testable import TrellisViews

// Lifetimes: queued lifecycle actions run after the nodes they came from have left the tree
// (and may be gone). These tests are the patterns that once read freed memory; under
// AddressSanitizer (`swift test --sanitize=address`) they fail loudly if that comes back.

/// A primitive with a disappear action, inside a custom view that an `if` removes.
struct LeafWithDisappear: View {
  var body: some View { Text("leaf").onDisappear {} }
}

struct RemovesItsChild: View {
  @State var show = true

  var body: some View {
    VStack {
      Button("hide") { show = false }
      if show { LeafWithDisappear() }
    }
  }
}

final class DetailRouter: Trackable {
  @Tracked var path: [Int] = []
}

/// A detail screen as a new user writes it: lifecycle actions on the pushed view.
struct DetailScreen: View {
  let id: Int
  let probe: Probe

  var body: some View {
    VStack {
      Text("detail \(id)")
    }
    .onAppear { probe.log.append("appear \(id)") }
    .onDisappear { probe.log.append("disappear \(id)") }
  }
}

struct ListWithDetail: View {
  @Bindable var router: DetailRouter
  let probe: Probe

  var body: some View {
    NavigationStack(path: $router.path) {
      List([Item(id: 1, name: "one"), Item(id: 2, name: "two")]) { item in
        NavigationLink(item.name, value: item.id)
      }
      .navigationDestination(for: Int.self) { id in DetailScreen(id: id, probe: probe) }
    }
  }
}

/// Hands its state's binding out, as an app that keeps a binding past its view might.
struct HandsOutItsBinding: View {
  @State var count = 0
  let probe: BindingProbe

  var body: some View {
    probe.binding = $count
    return Text("count \(count)")
  }
}

@MainActor
final class BindingProbe {
  var binding: Binding<Int>?
}

/// Controls, a navigation stack, a list with a selection, a lazy stack, tabs, a sheet and
/// preference readers: the parts that refer to one another or to the host.
struct KeptUntilExit: View {
  @State private var selection: Int? = 1
  @State private var tab = 0
  @State private var showsSheet = true
  @FocusState private var focused: Bool

  var body: some View {
    NavigationStack {
      VStack {
        Button("go") {}
        Toggle("on", isOn: .constant(true))
        TextField("name", text: .constant("x")).focused($focused)
        List(0..<3, id: \.self, selection: $selection) { row in Text("row \(row)") }
        ScrollView { LazyVStack { ForEach(0..<5, id: \.self) { Text("lazy \($0)") } } }
        TabView(selection: $tab) {
          Text("first").tag(0)
          Text("second").tag(1)
        }
        NavigationLink("detail", value: 1)
      }
      .navigationTitle("kept")
      .navigationDestination(for: Int.self) { Text("detail \($0)") }
      .sheet(isPresented: $showsSheet) { Text("sheet") }
      .onPreferenceChange(NavigationTitleKey.self) { _ in }
    }
  }
}

final class UnmountingModel: Trackable {
  @Tracked var count = 0
}

/// The host a root body unmounts (see `anUnmountFromTheRootsOwnBodyFreesWhatItsResultHolds`).
@MainActor private weak var hostToUnmount: ViewHost?

/// A root view that unmounts its own host from its body, then returns views that hold the
/// model.
struct UnmountsFromItsBody: View {
  let model: UnmountingModel
  var body: some View {
    if model.count == 1 { hostToUnmount?.unmount() }
    return VStack {
      Text("count \(model.count)")
      HoldsTheModel(model: model)
    }
  }
}

struct HoldsTheModel: View {
  let model: UnmountingModel
  var body: some View { Text("held \(model.count)").onAppear {} }
}

/// Hosts kept until the process exits (see `anUnmountedHostKeptUntilExitLeaksNothing`).
@MainActor private var hostsKeptUntilExit: [ViewHost] = []

@MainActor
@Suite struct LifetimeSafetyTests {
  /// Found by a new user: LeakSanitizer, which runs at exit, reported the side table of the
  /// host's focus coordinator as leaked once the last control that referenced it weakly had
  /// unmounted. Under `swift test --sanitize=address` (leak detection on), such a report fails
  /// the whole run, so this test fails it if a part takes a weak reference into the host again.
  @Test func anUnmountedHostKeptUntilExitLeaksNothing() {
    let host = ViewHost(KeptUntilExit(), executor: .manual)
    host.unmount()
    #expect(host.tree.children.isEmpty)
    hostsKeptUntilExit.append(host)
  }

  /// Found by a user breaking teardown: the body's result was reconciled into the node the
  /// unmount had just taken apart, and the views it made kept the model alive for as long as
  /// the host was kept.
  @Test func anUnmountFromTheRootsOwnBodyFreesWhatItsResultHolds() {
    weak var released: UnmountingModel?
    let host: ViewHost
    do {
      let model = UnmountingModel()
      released = model
      host = ViewHost(UnmountsFromItsBody(model: model), executor: .manual)
      hostToUnmount = host
      #expect(host.tree.texts == ["count 0", "held 0"])
      model.count = 1
      host.flush()
    }
    #expect(host.tree.texts == [])
    #expect(released == nil)
  }

  @Test func aPrimitiveDisappearsAfterTheCustomViewAroundItWasRemoved() {
    let host = ViewHost(RemovesItsChild(), executor: .manual)
    host.clearLogs()
    host.tap("hide")
    host.flush()
    #expect(host.eventLog == ["disappear LeafWithDisappear"])
    #expect(host.tree.texts == ["hide"])
  }

  @Test func aPushedDetailWithLifecycleActionsIsPoppedAgainAndAgain() {
    let router = DetailRouter()
    let probe = Probe()
    let host = ViewHost(ListWithDetail(router: router, probe: probe), executor: .manual)
    for round in 1...5 {
      let id = round % 2 + 1
      host.tap(id == 1 ? "one" : "two")
      host.flush()
      #expect(host.tree.texts.contains("detail \(id)"))
      router.path.removeLast()
      host.flush()
      #expect(!host.tree.texts.contains("detail \(id)"))
    }
    #expect(
      probe.log == [
        "appear 2", "disappear 2", "appear 1", "disappear 1", "appear 2", "disappear 2",
        "appear 1", "disappear 1", "appear 2", "disappear 2",
      ])
  }

  // What may outlive its host (a binding, a renderer's connection) reaches the host through
  // its link, which the host clears when it goes: these run under AddressSanitizer too.

  @Test func aBindingThatOutlivesItsHostStillStoresItsValue() {
    let probe = BindingProbe()
    var host: ViewHost? = ViewHost(HandsOutItsBinding(probe: probe), executor: .manual)
    probe.binding?.wrappedValue = 1
    host?.flush()
    #expect(host?.tree.texts == ["count 1"])
    host = nil
    probe.binding?.wrappedValue = 2
    #expect(probe.binding?.wrappedValue == 2)
  }

  @Test func aRendererThatOutlivesItsHostReportsIntoNothing() throws {
    let recorder = RecordingRenderer()
    var host: ViewHost? = ViewHost(
      List(0..<100, id: \.self) { Text("row \($0)") }, executor: .manual, renderer: recorder)
    let list = try #require(recorder.element(ofKind: .list))
    recorder.reportViewport(Viewport(offset: 50, length: 3), for: list)
    host?.flush()
    #expect(recorder.connection?.viewport(of: list.id) == Viewport(offset: 50, length: 3))
    recorder.clear()
    host = nil
    // The host's going takes its tree off the renderer's root, in one last commit.
    #expect(recorder.commits.map { $0.map(\.description) } == [["remove List@1 from Root@0 at 0"]])
    #expect(recorder.rootElement.children.isEmpty)
    recorder.clear()
    // Reports into the released host do nothing, and say why (found by a new user: an
    // activation said the element was gone, a viewport said nothing).
    let connection = try #require(recorder.connection)
    let diagnostics = TrellisDiagnostics.capture {
      recorder.reportViewport(Viewport(offset: 10, length: 3), for: list)
      #expect(!connection.activate(list.id))
      #expect(!connection.focusNext())
    }
    let released =
      ": the host this renderer was attached to was released; nothing happens. Attach the "
      + "renderer to a new ViewHost."
    let calls = ["reportViewport(_:for: \(list.id))", "activate(\(list.id))", "focusNext()"]
    #expect(diagnostics.map(\.message) == calls.map { $0 + released })
    #expect(connection.viewport(of: list.id) == nil)
    #expect(recorder.commits.isEmpty)
  }

  @Test func aReleasedHostsLinkEndsAtOnceThoughItsCoreLivesOn() {
    var host: ViewHost? = ViewHost(Text("here"), executor: .mainActor)
    // Something still holds the host's core (as a queued job would, before its main-actor
    // deinit runs): the link must not hand it out any more.
    let core = host?.core
    let link = core?.link
    #expect(link?.core != nil)
    host = nil
    #expect(link?.core == nil)
    withExtendedLifetime(core) {}
  }
}
