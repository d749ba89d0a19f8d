import Testing
import TrellisEnvironment

@MainActor
@Suite struct ScopeTests {
  @Test func standaloneValuesReadDefaultsAndRecordWrites() {
    var values = EnvironmentValues()
    #expect(values.accent == "blue")
    #expect(values.fontSize == 12)
    #expect(values.badge == nil)

    values.accent = "red"
    values[FontSizeKey.self] = 20
    #expect(values.accent == "red")
    #expect(values[AccentKey.self] == "red")
    #expect(values.fontSize == 20)
    #expect(values.badge == nil)

    let copy = values
    values.accent = "green"
    #expect(copy.accent == "red")
    #expect(values.accent == "green")
  }

  @Test func overrideIsVisibleToItsScopeAndEverythingBelowOnly() {
    let root = EnvironmentScope()
    root.setValue(20, for: FontSizeKey.self)
    let overridden = root.overriding(\.accent, "red", name: "Overridden")
    let sibling = root.child(named: "Sibling")
    let child = overridden.child(named: "Child")
    let grandchild = child.child(named: "Grandchild")
    let cousin = sibling.child(named: "Cousin")

    #expect(root[\.accent] == "blue")
    #expect(sibling[\.accent] == "blue")
    #expect(cousin[\.accent] == "blue")
    #expect(overridden[\.accent] == "red")
    #expect(child[\.accent] == "red")
    #expect(grandchild[\.accent] == "red")
    // Keys the override does not touch are still inherited.
    #expect(grandchild[\.fontSize] == 20)
    #expect(overridden.value(for: FontSizeKey.self) == 20)
  }

  @Test func attachedContentSeesOverridesAroundItsAttachmentPointAndNotThoseBesideIt() {
    // `X.sheet { R() }.environment(\.accent, "red")`: the override encloses the attachment.
    let root = EnvironmentScope()
    let around = root.overriding(\.accent, "red", name: "environment")
    let sheetOutside = around.child(named: "sheet")
    #expect(sheetOutside[\.accent] == "red")
    // `X.environment(\.accent, "red").sheet { R() }`: the override is around `X` alone.
    let attachment = root.child(named: "sheet modifier")
    _ = attachment.overriding(\.accent, "red", name: "X")
    let sheetInside = attachment.child(named: "sheet")
    #expect(sheetInside[\.accent] == "blue")
    // Overrides made at the attachment point later still reach the attached content.
    attachment[\.accent] = "green"
    #expect(sheetInside[\.accent] == "green")
  }

  @Test func setValueOnAnExistingScopeAppliesToItAndBelowOnly() {
    let root = EnvironmentScope()
    let middle = root.child(named: "Middle")
    let sibling = root.child(named: "Sibling")
    let leaf = middle.child(named: "Leaf")

    middle.setValue("green", for: AccentKey.self)
    #expect(root.value(for: AccentKey.self) == "blue")
    #expect(sibling.value(for: AccentKey.self) == "blue")
    #expect(middle.value(for: AccentKey.self) == "green")
    #expect(leaf.value(for: AccentKey.self) == "green")
  }

  @Test func nestedOverrideWinsOverTheOneAbove() {
    let root = EnvironmentScope()
    let outer = root.overriding(\.accent, "red")
    let inner = outer.child(named: "Inner").overriding(\.accent, "green")
    let below = inner.child(named: "Below")
    #expect(outer[\.accent] == "red")
    #expect(inner[\.accent] == "green")
    #expect(below[\.accent] == "green")
  }

  @Test func removingAnOverrideShowsTheInheritedValueAgain() {
    let root = EnvironmentScope()
    root.setValue("red", for: AccentKey.self)
    let middle = root.overriding(\.accent, "green")
    let leaf = middle.child(named: "Leaf")
    #expect(leaf[\.accent] == "green")

    middle.removeValue(for: AccentKey.self)
    #expect(leaf[\.accent] == "red")
    root.removeValue(for: AccentKey.self)
    #expect(leaf[\.accent] == "blue")
    // Removing what is not there is harmless.
    root.removeValue(for: AccentKey.self)
    #expect(leaf[\.accent] == "blue")
  }

  @Test func keyPathAccessorFormsReadAndOverride() {
    let root = EnvironmentScope()
    let scope = root.overriding(\.accent, "red")
    #expect(scope[\.accent] == "red")
    #expect(scope.values.accent == "red")
    #expect(scope.values[AccentKey.self] == "red")
    #expect(scope.value(for: AccentKey.self) == "red")
    #expect(root[\.accent] == "blue")
  }

  @Test func overridingNamesTheNewScopeAndKeepsTheParent() {
    let root = EnvironmentScope(name: "App")
    let named = root.overriding(\.accent, "red", name: "Sheet")
    let unnamed = named.overriding(\.fontSize, 30)
    #expect(named.parent === root)
    #expect(unnamed.parent === named)
    #expect(named.path == ["Sheet", "App"])
    #expect(unnamed.path == ["Sheet (override)", "Sheet", "App"])
    #expect(root.parent == nil)
  }

  @Test func valuesFromAScopeReadThroughItAndKeepWritesLocal() {
    let root = EnvironmentScope()
    let scope = root.overriding(\.accent, "red")
    var values = scope.values
    values.accent = "green"
    #expect(values.accent == "green")
    #expect(values.fontSize == 12)
    #expect(scope[\.accent] == "red")
  }

  @Test func applySetsSeveralOverridesAndSeesInheritedValues() {
    let root = EnvironmentScope()
    let large = root.overriding(\.fontSize, 20)
    let scope = large.child(named: "Scope")
    scope.apply {
      $0.accent = "red"
      $0.fontSize += 2
    }
    #expect(scope[\.accent] == "red")
    #expect(scope[\.fontSize] == 22)
    #expect(large[\.fontSize] == 20)
    #expect(large[\.accent] == "blue")
  }

  @Test func attachedContentSeesTheValuesAtItsAttachmentPoint() {
    // `.environment(\.accent, "red").sheet { … }`: the sheet is attached below the override.
    let root = EnvironmentScope(name: "Root")
    let overridden = root.overriding(\.accent, "red", name: "Button")
    let sheetAfterOverride = overridden.child(named: "Sheet")

    // `.sheet { … }.environment(\.accent, "red")`: the sheet is attached above the override.
    let sheetBeforeOverride = root.child(named: "Sheet")
    let overriddenAfterAttach = root.overriding(\.accent, "red", name: "Button")

    #expect(sheetAfterOverride[\.accent] == "red")
    #expect(sheetBeforeOverride[\.accent] == "blue")
    #expect(overriddenAfterAttach[\.accent] == "red")
    // The attachment point is fixed when the content is attached: a later override of the
    // attachment scope itself still reaches it (it is below), a later sibling override does not.
    root.setValue("green", for: AccentKey.self)
    #expect(sheetBeforeOverride[\.accent] == "green")
    #expect(sheetAfterOverride[\.accent] == "red")
  }

  @Test func optionalValuesCanBeOverriddenWithNil() {
    let root = EnvironmentScope()
    let some = root.overriding(\.badge, "1")
    let none = some.overriding(\.badge, nil)
    #expect(root[\.badge] == nil)
    #expect(some[\.badge] == "1")
    #expect(none[\.badge] == nil)
  }
}
