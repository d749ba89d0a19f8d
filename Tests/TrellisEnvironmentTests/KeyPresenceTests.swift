import Testing
import TrellisEnvironment
import TrellisGraph

/// A key no other test overrides, so that its first override in the process happens here.
private struct FirstOverrideKey: EnvironmentKey {
  static let defaultValue = "default"
}

@MainActor
@Suite struct KeyPresenceTests {
  @Test func aReaderOfTheDefaultReRunsWhenTheKeyIsFirstOverriddenAnywhere() {
    let graph = Graph(executor: .manual)
    let root = EnvironmentScope(name: "root")
    var seen: [String] = []
    let effect = Effect(name: "reader", in: graph) {
      seen.append(root.value(for: FirstOverrideKey.self))
    }
    root.setValue("first", for: FirstOverrideKey.self)
    graph.flush()
    root.setValue("second", for: FirstOverrideKey.self)
    graph.flush()
    #expect(seen == ["default", "first", "second"])
    withExtendedLifetime(effect) {}
  }
}
