import Testing
import TrellisEnvironment
import TrellisGraph

/// A tree of scopes with one effect per (scope, key) reader, for exact re-run counts.
///
/// ```
/// root (accent "red")
/// ├── left ── leftLeaf        reads accent, fontSize
/// ├── right                   reads accent
/// └── shield (accent "green") ── shieldLeaf   reads accent, fontSize
/// ```
@MainActor
private final class ReaderTree {
  let graph = Graph(executor: .manual)
  let root = EnvironmentScope(name: "Root")
  let left: EnvironmentScope
  let leftLeaf: EnvironmentScope
  let right: EnvironmentScope
  let shield: EnvironmentScope
  let shieldLeaf: EnvironmentScope
  var seen: [String: [String]] = [:]
  var effects: [String: Effect] = [:]

  init() {
    root.setValue("red", for: AccentKey.self)
    left = root.child(named: "Left")
    leftLeaf = left.child(named: "LeftLeaf")
    right = root.child(named: "Right")
    shield = root.overriding(\.accent, "green", name: "Shield")
    shieldLeaf = shield.child(named: "ShieldLeaf")
    read(\.accent, at: root, as: "rootAccent")
    read(\.accent, at: leftLeaf, as: "leftAccent")
    read(\.fontSize, at: leftLeaf, as: "leftFont")
    read(\.accent, at: right, as: "rightAccent")
    read(\.accent, at: shieldLeaf, as: "shieldedAccent")
    read(\.fontSize, at: shieldLeaf, as: "shieldedFont")
  }

  func read<Value>(
    _ keyPath: KeyPath<EnvironmentValues, Value>, at scope: EnvironmentScope, as name: String
  ) {
    effects[name] = Effect(name: name, in: graph) { [unowned self] in
      seen[name, default: []].append("\(scope[keyPath])")
    }
  }

  /// Each effect's run count, by name.
  var runs: [String: Int] { effects.mapValues(\.runCount) }

  /// `runs` plus `delta` for the named effects.
  func runs(before: [String: Int], plus names: Set<String>) -> [String: Int] {
    before.reduce(into: [:]) { result, entry in
      result[entry.key] = entry.value + (names.contains(entry.key) ? 1 : 0)
    }
  }
}

@MainActor
@Suite struct InvalidationTests {
  @Test func initialReadsSeeTheirScopesValues() {
    let tree = ReaderTree()
    #expect(
      tree.seen == [
        "rootAccent": ["red"], "leftAccent": ["red"], "leftFont": ["12"],
        "rightAccent": ["red"], "shieldedAccent": ["green"], "shieldedFont": ["12"],
      ])
    #expect(tree.runs.values.allSatisfy { $0 == 1 })
    #expect(!tree.graph.hasPendingWork)
  }

  @Test func changingAKeyRerunsOnlyItsUnshieldedReaders() {
    let tree = ReaderTree()
    let before = tree.runs
    tree.root.setValue("purple", for: AccentKey.self)
    tree.graph.flush()
    #expect(
      tree.runs == tree.runs(before: before, plus: ["rootAccent", "leftAccent", "rightAccent"]))
    #expect(tree.seen["leftAccent"] == ["red", "purple"])
    #expect(tree.seen["rightAccent"] == ["red", "purple"])
    #expect(tree.seen["shieldedAccent"] == ["green"])
    #expect(tree.effects["leftAccent"]?.lastRunReasons.map(\.description) == ["AccentKey in Root"])
  }

  @Test func changingAnotherKeyLeavesReadersOfTheFirstAlone() {
    let tree = ReaderTree()
    let before = tree.runs
    tree.root.setValue(16, for: FontSizeKey.self)
    tree.graph.flush()
    #expect(tree.runs == tree.runs(before: before, plus: ["leftFont", "shieldedFont"]))
    #expect(tree.seen["leftFont"] == ["12", "16"])
    #expect(tree.seen["shieldedFont"] == ["12", "16"])

    let afterAdd = tree.runs
    tree.root.setValue(18, for: FontSizeKey.self)
    tree.graph.flush()
    #expect(tree.runs == tree.runs(before: afterAdd, plus: ["leftFont", "shieldedFont"]))
  }

  @Test func changingTheNestedOverrideRerunsOnlyItsReaders() {
    let tree = ReaderTree()
    let before = tree.runs
    tree.shield.setValue("teal", for: AccentKey.self)
    tree.graph.flush()
    #expect(tree.runs == tree.runs(before: before, plus: ["shieldedAccent"]))
    #expect(tree.seen["shieldedAccent"] == ["green", "teal"])
  }

  @Test func settingAnEqualValueInvalidatesNothing() {
    let tree = ReaderTree()
    let before = tree.runs
    tree.root.setValue("red", for: AccentKey.self)
    tree.shield.setValue("green", for: AccentKey.self)
    #expect(!tree.graph.hasPendingWork)
    tree.graph.flush()
    #expect(tree.runs == before)
    #expect(tree.effects.values.allSatisfy { !$0.isStale })
  }

  @Test func settingAnEqualOptionalValueInvalidatesNothing() {
    let graph = Graph(executor: .manual)
    let scope = EnvironmentScope().overriding(\.badge, "1")
    var seen: [String?] = []
    let reader = Effect(in: graph) { seen.append(scope[\.badge]) }
    scope.setValue(nil, for: BadgeKey.self)
    graph.flush()
    scope.setValue(nil, for: BadgeKey.self)
    #expect(!graph.hasPendingWork)
    graph.flush()
    scope.setValue("2", for: BadgeKey.self)
    graph.flush()
    #expect(seen == ["1", nil, "2"])
    #expect(reader.runCount == 3)
  }

  @Test func settingANonEquatableValueAlwaysInvalidates() {
    let graph = Graph(executor: .manual)
    let scope = EnvironmentScope().overriding(\.style, Style(weight: 700))
    var seen: [Int] = []
    let reader = Effect(in: graph) { seen.append(scope[\.style].weight) }
    scope.setValue(Style(weight: 700), for: StyleKey.self)
    graph.flush()
    #expect(seen == [700, 700])
    #expect(reader.runCount == 2)
  }

  @Test func creatingAnOverridingScopeLeavesExistingReadersAlone() {
    let tree = ReaderTree()
    let before = tree.runs
    let newScope = tree.left.overriding(\.accent, "orange", name: "NewSibling")
    let attached = tree.root.child(named: "Attached")
    attached.setValue("yellow", for: AccentKey.self)
    #expect(!tree.graph.hasPendingWork)
    tree.graph.flush()
    #expect(tree.runs == before)
    #expect(newScope[\.accent] == "orange")
    #expect(attached[\.accent] == "yellow")

    // Nor does removing an override nobody read through.
    let unread = tree.root.overriding(\.accent, "white")
    unread.removeValue(for: AccentKey.self)
    #expect(!tree.graph.hasPendingWork)
    tree.graph.flush()
    #expect(tree.runs == before)
  }

  @Test func overrideAddedAboveAResolvedReaderRerunsIt() {
    // The reader resolved accent at Root; Left then gains its own override, between the two.
    let tree = ReaderTree()
    let before = tree.runs
    tree.left.setValue("orange", for: AccentKey.self)
    tree.graph.flush()
    #expect(tree.runs["leftAccent"] == before["leftAccent"]! + 1)
    #expect(tree.seen["leftAccent"] == ["red", "orange"])
    #expect(tree.runs["leftFont"] == before["leftFont"])
    #expect(tree.runs["shieldedFont"] == before["shieldedFont"])

    // From now on the reader depends on Left's entry, and Root's changes are shielded.
    let afterAdd = tree.runs
    tree.left.setValue("pink", for: AccentKey.self)
    tree.graph.flush()
    #expect(tree.runs == tree.runs(before: afterAdd, plus: ["leftAccent"]))
    let afterChange = tree.runs
    tree.root.setValue("purple", for: AccentKey.self)
    tree.graph.flush()
    #expect(tree.runs == tree.runs(before: afterChange, plus: ["rootAccent", "rightAccent"]))
    #expect(tree.seen["leftAccent"] == ["red", "orange", "pink"])
  }

  @Test func firstOverrideOfAKeyEverRerunsTheReadersOfItsDefault() {
    // No scope has overridden this key before: the reader read the default.
    let graph = Graph(executor: .manual)
    let root = EnvironmentScope()
    let middle = root.child(named: "Middle")
    let leaf = middle.child(named: "Leaf")
    var seen: [String] = []
    let reader = Effect(in: graph) { seen.append(leaf[\.firstOverride]) }
    var fontRuns = 0
    let fontReader = Effect(in: graph) {
      _ = leaf[\.fontSize]
      fontRuns += 1
    }
    middle.setValue("set", for: FirstOverrideKey.self)
    graph.flush()
    #expect(seen == ["default", "set"])
    #expect(reader.runCount == 2)
    #expect(reader.lastRunReasons.map(\.description) == ["overrides of FirstOverrideKey"])
    #expect(fontRuns == 1)
    withExtendedLifetime(fontReader) {}
  }

  @Test func overrideEqualToTheInheritedValueInvalidatesNothingButLaterChangesDo() {
    let tree = ReaderTree()
    let before = tree.runs
    tree.left.setValue("red", for: AccentKey.self)
    #expect(!tree.graph.hasPendingWork)
    tree.graph.flush()
    #expect(tree.runs == before)

    tree.left.setValue("orange", for: AccentKey.self)
    tree.graph.flush()
    #expect(tree.runs["leftAccent"] == before["leftAccent"]! + 1)
    #expect(tree.seen["leftAccent"] == ["red", "orange"])
    #expect(tree.runs["leftFont"] == before["leftFont"])
    #expect(tree.runs["shieldedFont"] == before["shieldedFont"])

    // The same at the root, where the inherited value is the key's default.
    let afterChange = tree.runs
    tree.root.setValue(12, for: FontSizeKey.self)
    #expect(!tree.graph.hasPendingWork)
    tree.root.setValue(13, for: FontSizeKey.self)
    tree.graph.flush()
    #expect(tree.runs == tree.runs(before: afterChange, plus: ["leftFont", "shieldedFont"]))
    #expect(tree.seen["leftFont"] == ["12", "13"])
  }

  @Test func removingAnOverrideRerunsItsReadersWithTheInheritedValue() {
    let tree = ReaderTree()
    let before = tree.runs
    tree.shield.removeValue(for: AccentKey.self)
    tree.graph.flush()
    #expect(tree.runs["shieldedAccent"] == before["shieldedAccent"]! + 1)
    #expect(tree.seen["shieldedAccent"] == ["green", "red"])
    #expect(
      tree.effects["shieldedAccent"]?.lastRunReasons.map(\.description) == [
        "overrides of AccentKey"
      ])
    #expect(tree.runs["leftFont"] == before["leftFont"])
    #expect(tree.runs["shieldedFont"] == before["shieldedFont"])

    // The former readers of the override now follow Root.
    let afterRemove = tree.runs
    tree.root.setValue("purple", for: AccentKey.self)
    tree.graph.flush()
    #expect(tree.seen["shieldedAccent"] == ["green", "red", "purple"])
    #expect(tree.runs["shieldedAccent"] == afterRemove["shieldedAccent"]! + 1)

    // Removing an override that is not there does nothing.
    let afterChange = tree.runs
    tree.shield.removeValue(for: AccentKey.self)
    #expect(!tree.graph.hasPendingWork)
    tree.graph.flush()
    #expect(tree.runs == afterChange)
  }

  @Test func applyReadsTheCurrentValuesWithoutDependingOnThem() {
    let graph = Graph(executor: .manual)
    let parent = EnvironmentScope().overriding(\.fontSize, 20)
    let child = parent.child(named: "Child")
    let applier = Effect(name: "Applier", in: graph) { child.apply { $0.fontSize += 2 } }
    #expect(child[\.fontSize] == 22)
    let diagnostics = TrellisDiagnostics.capture {
      parent.setValue(30, for: FontSizeKey.self)
      #expect(!graph.hasPendingWork)
      graph.flush()
      // Applying again starts from the child's own override, read without a dependency, so
      // writing it is not a write to something the evaluation read.
      applier.run()
    }
    #expect(diagnostics == [])
    #expect(applier.runCount == 2)
    #expect(child[\.fontSize] == 24)
  }

  @Test func derivedValueReadingThroughAScopeCutsOffEqualResults() {
    let graph = Graph(executor: .manual)
    let scope = EnvironmentScope().overriding(\.fontSize, 12)
    let isLarge = Derived(name: "isLarge") { scope[\.fontSize] >= 20 }
    var seen: [Bool] = []
    let reader = Effect(in: graph) { seen.append(isLarge.value) }
    scope.setValue(14, for: FontSizeKey.self)
    graph.flush()
    scope.setValue(24, for: FontSizeKey.self)
    graph.flush()
    #expect(seen == [false, true])
    #expect(reader.runCount == 2)
  }
}
