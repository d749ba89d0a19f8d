import Testing
import TrellisEnvironment
import TrellisGraph

@MainActor
@Suite struct ObjectTests {
  @Test func injectedObjectIsReadBackByTypeBelowOnly() {
    let root = EnvironmentScope()
    let appearance = Appearance()
    let injected = root.child(named: "Injected")
    injected.setObject(appearance)
    let below = injected.child(named: "Below").overriding(\.accent, "red")
    let sibling = root.child(named: "Sibling")
    #expect(injected.object(Appearance.self) === appearance)
    #expect(below.object(Appearance.self) === appearance)
    #expect(sibling.object(Appearance.self) == nil)
    #expect(root.object(Appearance.self) == nil)
  }

  @Test func readerOfOnePropertyRerunsOnlyForThatProperty() {
    let graph = Graph(executor: .manual)
    let root = EnvironmentScope()
    let appearance = Appearance()
    root.setObject(appearance)
    let scope = root.child(named: "Content")
    let untouched = root.child(named: "Untouched")
    var themes: [String] = []
    var sizes: [Int] = []
    var untouchedRuns = 0
    let themeReader = Effect(name: "ThemeReader", in: graph) {
      themes.append(scope.object(Appearance.self)?.theme ?? "none")
    }
    let sizeReader = Effect(name: "SizeReader", in: graph) {
      sizes.append(scope.object(Appearance.self)?.fontSize ?? 0)
    }
    let untouchedReader = Effect(in: graph) {
      _ = untouched[\.accent]
      untouchedRuns += 1
    }

    appearance.theme = "dark"
    graph.flush()
    #expect(themes == ["light", "dark"])
    #expect(sizes == [14])
    #expect(themeReader.lastRunReasons.map(\.description) == ["Appearance.theme"])

    appearance.fontSize = 18
    graph.flush()
    #expect(themes == ["light", "dark"])
    #expect(sizes == [14, 18])

    appearance.theme = "dark"
    #expect(!graph.hasPendingWork)
    graph.flush()
    #expect(themeReader.runCount == 2)
    #expect(sizeReader.runCount == 2)
    #expect(untouchedRuns == 1)

    // Replacing the object re-runs both of its readers, still not the subtree that never read it.
    root.setObject(Appearance(theme: "sepia", fontSize: 16))
    graph.flush()
    #expect(themes == ["light", "dark", "sepia"])
    #expect(sizes == [14, 18, 16])
    #expect(untouchedRuns == 1)
    withExtendedLifetime(untouchedReader) {}
  }

  @Test func replacingTheObjectRerunsItsReadersAndDropsTheOldSubscriptions() {
    let graph = Graph(executor: .manual)
    let root = EnvironmentScope()
    let first = Appearance(theme: "light")
    let second = Appearance(theme: "sepia")
    root.setObject(first)
    var themes: [String] = []
    let reader = Effect(in: graph) { themes.append(root.object(Appearance.self)?.theme ?? "none") }

    root.setObject(first)
    #expect(!graph.hasPendingWork)
    root.setObject(second)
    graph.flush()
    #expect(themes == ["light", "sepia"])

    first.theme = "dark"
    graph.flush()
    #expect(reader.runCount == 2)
    second.theme = "dark"
    graph.flush()
    #expect(themes == ["light", "sepia", "dark"])
    #expect(reader.runCount == 3)
  }

  @Test func missingRequiredObjectNamesTheTypeAndTheScope() {
    let root = EnvironmentScope(name: "App")
    let settings = root.child(named: "Settings")
    #expect(throws: EnvironmentError.missingObject(type: "Appearance", reader: "Settings")) {
      try settings.requiredObject(Appearance.self)
    }
    do {
      _ = try settings.requiredObject(Appearance.self)
      Issue.record("expected a missing-object error")
    } catch {
      #expect(
        error.description
          == "No object of type Appearance found in the environment of Settings. Inject one on "
          + "an ancestor with .environment(_:) (an instance of Appearance).")
    }
  }

  @Test func missingRequiredObjectNamesTheReaderWhenGiven() {
    let settings = EnvironmentScope(name: "App").child(named: "Settings")
    #expect(
      throws: EnvironmentError.missingObject(type: "Appearance", reader: "SettingsView.body")
    ) {
      try settings.requiredObject(Appearance.self, readBy: "SettingsView.body")
    }
  }

  @Test func requiredObjectReturnsTheInjectedObject() throws {
    let root = EnvironmentScope()
    let appearance = Appearance()
    root.setObject(appearance)
    let leaf = root.child(named: "Leaf")
    #expect(try leaf.requiredObject(Appearance.self) === appearance)
  }

  @Test func optionalReadReturnsNilAndRerunsWhenAnAncestorInjectsLater() {
    let graph = Graph(executor: .manual)
    let root = EnvironmentScope()
    let middle = root.child(named: "Middle")
    let leaf = middle.child(named: "Leaf")
    let sibling = root.child(named: "Sibling")
    var labels: [String] = []
    let reader = Effect(in: graph) {
      labels.append(leaf.object(FirstInjection.self)?.label ?? "nil")
    }
    var siblingRuns = 0
    let siblingReader = Effect(in: graph) {
      _ = sibling[\.accent]
      siblingRuns += 1
    }
    #expect(labels == ["nil"])

    let injection = FirstInjection()
    middle.setObject(injection)
    graph.flush()
    #expect(labels == ["nil", "first"])
    #expect(siblingRuns == 1)

    injection.label = "second"
    graph.flush()
    #expect(labels == ["nil", "first", "second"])
    #expect(reader.runCount == 3)
    withExtendedLifetime(siblingReader) {}
  }

  @Test func requiredReadInAnEffectReportsAndRecoversAfterInjection() {
    let graph = Graph(executor: .manual)
    let root = EnvironmentScope(name: "App")
    let view = root.child(named: "Toolbar")
    var outcomes: [String] = []
    let reader = Effect(in: graph) {
      do throws(EnvironmentError) {
        outcomes.append(try view.requiredObject(Appearance.self).theme)
      } catch {
        outcomes.append(error.description)
      }
    }
    root.setObject(Appearance(theme: "dark"))
    graph.flush()
    #expect(
      outcomes == [
        "No object of type Appearance found in the environment of Toolbar. Inject one on an "
          + "ancestor with .environment(_:) (an instance of Appearance).",
        "dark",
      ])
    #expect(reader.runCount == 2)
  }

  @Test func objectsAndValuesAreIndependent() {
    let graph = Graph(executor: .manual)
    let root = EnvironmentScope()
    root.setObject(Appearance())
    var objectRuns = 0
    let objectReader = Effect(in: graph) {
      _ = root.object(Appearance.self)?.theme
      objectRuns += 1
    }
    root.setValue("red", for: AccentKey.self)
    root.setValue(30, for: FontSizeKey.self)
    graph.flush()
    #expect(objectRuns == 1)
    withExtendedLifetime(objectReader) {}
  }
}
