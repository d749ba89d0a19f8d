import Testing
import TrellisEnvironment
import TrellisGraph

@MainActor
@Suite struct LifetimeTests {
  @Test func droppingASubtreeReleasesItsScopesButNotItsAncestors() {
    let root = EnvironmentScope(name: "Root")
    weak var weakChild: EnvironmentScope?
    weak var weakGrandchild: EnvironmentScope?
    weak var weakAttached: EnvironmentScope?
    do {
      let child = root.overriding(\.accent, "red", name: "Child")
      let grandchild = child.child(named: "Grandchild")
      let attached = grandchild.child(named: "Sheet")
      attached.setValue(20, for: FontSizeKey.self)
      #expect(attached[\.accent] == "red")
      weakChild = child
      weakGrandchild = grandchild
      weakAttached = attached
    }
    #expect(weakChild == nil)
    #expect(weakGrandchild == nil)
    #expect(weakAttached == nil)
    #expect(root[\.accent] == "blue")
  }

  @Test func aChildKeepsItsParentAlive() {
    weak var weakRoot: EnvironmentScope?
    let leaf: EnvironmentScope
    do {
      let root = EnvironmentScope(name: "Root")
      root.setValue("red", for: AccentKey.self)
      leaf = root.child(named: "Leaf")
      weakRoot = root
    }
    #expect(weakRoot != nil)
    #expect(leaf[\.accent] == "red")
  }

  @Test func anEffectDoesNotKeepTheScopesItReadThroughAlive() {
    let graph = Graph(executor: .manual)
    let root = EnvironmentScope(name: "Root")
    let trigger = Cell(0, name: "trigger")
    weak var weakScope: EnvironmentScope?
    var seen: [String] = []
    let reader: Effect
    do {
      let scope = root.overriding(\.accent, "red", name: "Scope").child(named: "Leaf")
      weakScope = scope
      reader = Effect(in: graph) { [weak scope] in
        seen.append("\(trigger.value) \(scope?[\.accent] ?? "released")")
      }
    }
    #expect(weakScope == nil)
    #expect(seen == ["0 red"])
    trigger.value = 1
    graph.flush()
    #expect(seen == ["0 red", "1 released"])
    #expect(reader.runCount == 2)
  }

  @Test func scopesAndTheirCellsDoNotKeepEffectsAlive() {
    let graph = Graph(executor: .manual)
    let root = EnvironmentScope(name: "Root")
    root.setValue("red", for: AccentKey.self)
    let appearance = Appearance()
    root.setObject(appearance)
    let leaf = root.child(named: "Leaf")
    weak var weakEffect: Effect?
    var runs = 0
    do {
      let effect = Effect(in: graph) {
        _ = leaf[\.accent]
        _ = leaf.object(Appearance.self)?.theme
        runs += 1
      }
      weakEffect = effect
    }
    #expect(weakEffect == nil)
    #expect(runs == 1)

    root.setValue("green", for: AccentKey.self)
    leaf.setValue("blue", for: AccentKey.self)
    appearance.theme = "dark"
    root.setObject(Appearance())
    graph.flush()
    #expect(runs == 1)
    #expect(!graph.hasPendingWork)
  }

  @Test func anInjectedObjectLivesAsLongAsItsScopeOrItsReaders() {
    let graph = Graph(executor: .manual)
    weak var weakScope: EnvironmentScope?
    weak var weakAppearance: Appearance?
    var reader: Effect?
    do {
      let scope = EnvironmentScope(name: "Root")
      let appearance = Appearance()
      scope.setObject(appearance)
      weakScope = scope
      weakAppearance = appearance
      reader = Effect(in: graph) { [weak scope] in _ = scope?.object(Appearance.self)?.theme }
    }
    // The reader depends on the injection, so the object stays; the scope does not.
    #expect(weakScope == nil)
    #expect(weakAppearance != nil)
    #expect(reader?.runCount == 1)
    reader = nil
    #expect(weakAppearance == nil)
  }

  @Test func droppingAnUnreadScopeReleasesItsObject() {
    weak var weakAppearance: Appearance?
    do {
      let scope = EnvironmentScope(name: "Root")
      let appearance = Appearance()
      scope.setObject(appearance)
      weakAppearance = appearance
      #expect(scope.object(Appearance.self) === appearance)
    }
    #expect(weakAppearance == nil)
  }
}
