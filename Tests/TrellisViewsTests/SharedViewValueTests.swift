import Testing
import TrellisGraph
import TrellisViews

/// A counter whose state and environment are read in its button's action.
struct SharedCounter: View {
  let label: String
  let probe: Probe
  @State var count = 0
  @Environment(\.accent) var accent

  var body: some View {
    Button("\(label) \(count)") {
      count += 1
      probe.log.append("\(label) \(accent)")
    }
  }
}

/// Shows one view value twice, as a container that repeats its content does; the second copy
/// in another environment, and only while `showsSecond`.
struct Twice<Content: View>: View {
  var showsSecond = true
  @ViewBuilder let content: Content

  var body: some View {
    VStack {
      content
      if showsSecond {
        content.environment(\.accent, "red")
      }
    }
  }
}

/// Found by a user breaking the runtime: `@State` and `@Environment` linked the box that every
/// copy of a view value shares, so the same value shown in two places (or by two hosts) made
/// the first place's actions write the state of, and read the environment of, the place linked
/// last. In SwiftUI each place keeps its own state.
@MainActor
@Suite struct SharedViewValueTests {
  @Test func oneViewValueShownTwiceKeepsAStateAndAnEnvironmentPerPlace() throws {
    let probe = Probe()
    let renderer = CreatedElements()
    let counter = SharedCounter(label: "z", probe: probe)
    let host = ViewHost(Twice { counter }, executor: .manual, renderer: renderer)
    let connection = try #require(renderer.connection)
    let (first, second) = (renderer.ids(of: .button)[0], renderer.ids(of: .button)[1])
    #expect(connection.activate(first))
    host.flush()
    #expect(host.tree.texts == ["z 1", "z 0"])
    #expect(connection.activate(second))
    host.flush()
    #expect(host.tree.texts == ["z 1", "z 1"])
    #expect(connection.activate(first))
    host.flush()
    #expect(host.tree.texts == ["z 2", "z 1"])
    #expect(probe.log == ["z blue", "z red", "z blue"])
    // The parent passes the same value again: each place keeps its own state.
    host.update(root: Twice { counter })
    #expect(host.tree.texts == ["z 2", "z 1"])
    // With the second place gone, the first one's button still works.
    host.update(root: Twice(showsSecond: false) { counter })
    #expect(host.tap("z 2"))
    host.flush()
    #expect(host.tree.texts == ["z 3"])
    #expect(probe.log == ["z blue", "z red", "z blue", "z blue"])
  }

  @Test func oneViewValueMountedByTwoHostsKeepsAStatePerHost() {
    let probe = Probe()
    let counter = SharedCounter(label: "e", probe: probe)
    let a = ViewHost(counter, executor: .manual)
    let b = ViewHost(counter, executor: .manual)
    #expect(a.tap("e 0"))
    a.flush()
    b.flush()
    #expect(a.tree.texts == ["e 1"])
    #expect(b.tree.texts == ["e 0"])
    #expect(b.tap("e 0"))
    b.flush()
    a.unmount()
    #expect(b.tap("e 1"))
    b.flush()
    #expect(b.tree.texts == ["e 2"])
  }
}

/// A counter whose state is stored after a weak property, where key paths stop.
struct CounterAfterWeak: View {
  weak var owner: Probe?
  @State var count = 0

  var body: some View { Button("w \(count)") { count += 1 } }
}

@MainActor
@Suite struct SharedViewValueReachTests {
  /// A state the runtime cannot give a box of its own is reported, naming the view and the
  /// property, and the places share it (as before the fix).
  @Test func aSharedStateStoredAfterAWeakPropertyIsReported() {
    let probe = Probe()
    let counter = CounterAfterWeak(owner: probe)
    let diagnostics = TrellisDiagnostics.capture {
      _ = ViewHost(Twice { counter }, executor: .manual)
    }
    #expect(
      diagnostics.map(\.message) == [
        "`_count` in CounterAfterWeak: a value of this view is shown in more than one place (or "
          + "by more than one host), and this property cannot be given storage of its own in "
          + "each, because it is stored after a weak or unowned property, which a key path "
          + "cannot pass; the places share it. Declare it before the weak or unowned properties."
      ])
  }
}
