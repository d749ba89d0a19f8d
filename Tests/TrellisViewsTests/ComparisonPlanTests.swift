import Foundation
import Testing
import TrellisGraph

@testable import TrellisViews

final class Box {}

protocol Shape {}
struct Circle: Shape, Equatable { var radius: Int }
struct Blob: Shape { var box: Box }

struct NotEquatable {
  var value: Int
  var name: String
}

/// One field of each kind the plan tells apart.
struct EveryKind: View {
  var number: Int
  var text: String
  var object: Box
  var optionalObject: Box?
  var optionalNumber: Int?
  var plainData: (Int, Double)
  var structure: NotEquatable
  var shape: any Shape
  var action: () -> Void
  @State var state = 0
  @Binding var flag: Bool

  var body: some View { Text("every kind") }
}

struct Pair<First, Second>: View {
  let first: First
  let second: Second
  var body: some View { Text("pair") }
}

/// An `Equatable` view with state its `==` leaves out, as SwiftUI's `.equatable()` views have.
struct EquatableCounter: View, Equatable {
  let title: String
  @State private var count = 0
  @Environment(\.locale) private var locale

  nonisolated static func == (lhs: Self, rhs: Self) -> Bool { lhs.title == rhs.title }

  var body: some View {
    Button("\(title) \(count) \(locale.identifier)") { count += 1 }
  }
}

/// A row's settings, with no `==` of their own; `Nested` adds a level.
struct RowSettings {
  var title: String
  var count: Int
  var nested = Nested()

  struct Nested {
    var tags: [String] = []
  }
}

struct SettingsRow: View {
  let settings: RowSettings
  var body: some View { Text("\(settings.title) \(settings.count)") }
}

struct SettingsScreen: View {
  @State var taps = 0
  @State var count = 1

  var body: some View {
    VStack {
      Button("Tap \(taps)") { taps += 1 }
      Button("Count") { count += 1 }
      SettingsRow(settings: RowSettings(title: "Row", count: count, nested: .init(tags: ["a"])))
    }
  }
}

@MainActor
@Suite struct ComparisonPlanTests {
  private func view(
    number: Int = 1, text: String = "a", object: Box, optionalObject: Box? = nil,
    optionalNumber: Int? = nil, plainData: (Int, Double) = (1, 2), structureValue: Int = 1,
    shape: any Shape = Circle(radius: 1), action: @escaping () -> Void = {},
    flag: Binding<Bool>
  ) -> EveryKind {
    EveryKind(
      number: number, text: text, object: object, optionalObject: optionalObject,
      optionalNumber: optionalNumber, plainData: plainData,
      structure: NotEquatable(value: structureValue, name: "s"), shape: shape, action: action,
      flag: flag)
  }

  @Test func eachKindOfFieldComparesByItsRule() {
    let plan = ComparisonPlan.plan(for: EveryKind.self)
    let box = Box()
    let flag = Binding.constant(true)
    let base = view(object: box, flag: flag)
    // Closures and source-less bindings are never equal.
    let alwaysChanged = ["action", "flag"]
    #expect(plan.changedInputs(base, base) == alwaysChanged)
    #expect(
      plan.changedInputs(base, view(number: 2, object: box, flag: flag)) == ["number"]
        + alwaysChanged)
    #expect(
      plan.changedInputs(base, view(text: "b", object: box, flag: flag)) == ["text"] + alwaysChanged
    )
    #expect(plan.changedInputs(base, view(object: Box(), flag: flag)) == ["object"] + alwaysChanged)
    #expect(
      plan.changedInputs(base, view(object: box, optionalObject: box, flag: flag))
        == ["optionalObject"] + alwaysChanged)
    #expect(
      plan.changedInputs(base, view(object: box, optionalNumber: 3, flag: flag))
        == ["optionalNumber"] + alwaysChanged)
    #expect(
      plan.changedInputs(base, view(object: box, plainData: (1, 3), flag: flag))
        == ["plainData"] + alwaysChanged)
    // A struct without `==`, member by member, named after the view's property.
    #expect(
      plan.changedInputs(base, view(object: box, structureValue: 2, flag: flag))
        == ["structure"] + alwaysChanged)
    #expect(
      plan.changedInputs(base, view(object: box, shape: Circle(radius: 2), flag: flag))
        == ["shape", "action", "flag"])
    #expect(
      plan.changedInputs(base, view(object: box, shape: Blob(box: box), flag: flag))
        == ["shape", "action", "flag"])
  }

  @Test func bindingsToTheSameStateAreEqualAndOthersAreNot() {
    struct Holder: View {
      @Binding var value: Int
      var body: some View { Text("holder") }
    }
    let source = AnyHashable(1)
    let one = Binding<Int>(get: { 1 }, set: { _ in }, source: source)
    let two = Binding<Int>(get: { 2 }, set: { _ in }, source: source)
    let other = Binding<Int>(get: { 1 }, set: { _ in }, source: AnyHashable(2))
    let plan = ComparisonPlan.plan(for: Holder.self)
    #expect(plan.changedInputs(Holder(value: one), Holder(value: two)) == nil)
    #expect(plan.changedInputs(Holder(value: one), Holder(value: other)) == ["value"])
  }

  /// An optional compares by its wrapped value's rule; a tuple member by member (both were
  /// never equal).
  @Test func optionalBindingsAndTuplesCompareByWhatIsInThem() {
    struct Holder: View {
      let selection: Binding<Int>?
      let pair: (String, Box)
      var body: some View { Text("holder") }
    }
    let box = Box()
    let one = Binding<Int>(get: { 1 }, set: { _ in }, source: AnyHashable(1))
    let sameSource = Binding<Int>(get: { 2 }, set: { _ in }, source: AnyHashable(1))
    let other = Binding<Int>(get: { 1 }, set: { _ in }, source: AnyHashable(2))
    let plan = ComparisonPlan.plan(for: Holder.self)
    let base = Holder(selection: one, pair: ("a", box))
    #expect(plan.changedInputs(base, Holder(selection: sameSource, pair: ("a", box))) == nil)
    #expect(plan.changedInputs(base, Holder(selection: other, pair: ("a", box))) == ["selection"])
    #expect(plan.changedInputs(base, Holder(selection: nil, pair: ("a", box))) == ["selection"])
    #expect(
      plan.changedInputs(
        Holder(selection: nil, pair: ("a", box)), Holder(selection: nil, pair: ("a", box))) == nil)
    #expect(plan.changedInputs(base, Holder(selection: one, pair: ("b", box))) == ["pair"])
    #expect(plan.changedInputs(base, Holder(selection: one, pair: ("a", Box()))) == ["pair"])
  }

  @Test func genericViewsAndWholeValueRulesAreReflectedOncePerType() {
    let box = Box()
    let plan = ComparisonPlan.plan(for: Pair<Int, Box>.self)
    #expect(plan === ComparisonPlan.plan(for: Pair<Int, Box>.self))
    #expect(plan.changedInputs(Pair(first: 1, second: box), Pair(first: 1, second: box)) == nil)
    #expect(
      plan.changedInputs(Pair(first: 1, second: box), Pair(first: 2, second: Box()))
        == ["first", "second"])
    #expect(plan.inputsEqual(Pair(first: 1, second: box), Pair(first: 1, second: box)))
    #expect(!plan.inputsEqual(Pair(first: 1, second: box), Pair(first: 2, second: box)))
    #expect(ComparisonPlan.plan(for: EmptyView.self).changedInputs(EmptyView(), EmptyView()) == nil)
    #expect(ComparisonPlan.plan(for: Text.self).changedInputs(Text("a"), Text("b")) == ["@self"])
    #expect(ComparisonPlan.plan(for: Box.self).inputsEqual(box, box))
    #expect(!ComparisonPlan.plan(for: Box.self).inputsEqual(box, Box()))
  }

  @Test func elementsCompareByBitsIdentityFieldsOrTheStandardLibrarysEquality() {
    // Plain data by its bits: `0.0 == -0.0`, but they show differently.
    let doubles = ComparisonPlan.elementPlan(for: Double.self)
    #expect(doubles.inputsEqual(1.5, 1.5))
    #expect(!doubles.inputsEqual(0.0, -0.0))
    // A standard library value by its `==`.
    let strings = ComparisonPlan.elementPlan(for: String.self)
    #expect(strings.inputsEqual("row", "row"))
    #expect(!strings.inputsEqual("row", "rows"))
    // Any other value field by field, whatever its own `==` says.
    let items = ComparisonPlan.elementPlan(for: IDEqualItem.self)
    #expect(items.inputsEqual(IDEqualItem(id: 1, title: "a"), IDEqualItem(id: 1, title: "a")))
    #expect(!items.inputsEqual(IDEqualItem(id: 1, title: "a"), IDEqualItem(id: 1, title: "b")))
    // A class instance by identity; a view's plan of the same type is another plan.
    let box = Box()
    #expect(ComparisonPlan.elementPlan(for: Box.self).inputsEqual(box, box))
    #expect(!ComparisonPlan.elementPlan(for: Box.self).inputsEqual(box, Box()))
    #expect(ComparisonPlan.elementPlan(for: Double.self) === doubles)
    #expect(ComparisonPlan.plan(for: Double.self) !== doubles)
    // A view's plan compares plain data by its bits too, whatever its `==`, as SwiftUI does.
    #expect(!ComparisonPlan.plan(for: Double.self).inputsEqual(0.0, -0.0))
    #expect(ComparisonPlan.plan(for: Double.self).inputsEqual(Double.nan, Double.nan))
  }

  @Test func anEquatableViewHasItsStateAndEnvironment() {
    let host = ViewHost(
      VStack { EquatableCounter(title: "a") }.environment(\.locale, Locale(identifier: "fr")),
      executor: .manual)
    #expect(host.tree.texts == ["a 0 fr"])
    let diagnostics = TrellisDiagnostics.capture {
      #expect(host.tap("a 0 fr"))
      host.flush()
      #expect(host.tap("a 1 fr"))
      host.flush()
    }
    #expect(diagnostics.isEmpty)
    #expect(host.tree.texts == ["a 2 fr"])
    #expect(host.runLog.suffix(1) == ["EquatableCounter: @State EquatableCounter.count"])
  }

  @Test func aChildWhoseInputIsAnEqualStructWithoutEqualityIsSkipped() {
    let host = ViewHost(SettingsScreen(), executor: .manual)
    host.clearLogs()
    #expect(host.tap("Tap 0"))
    host.flush()
    // The row's settings are made again, equal member by member: its body does not run.
    #expect(host.runLog == ["SettingsScreen: @State SettingsScreen.taps"])
    host.clearLogs()
    #expect(host.tap("Count"))
    host.flush()
    #expect(
      host.runLog == [
        "SettingsScreen: @State SettingsScreen.count", "SettingsRow: input settings",
      ])
    #expect(host.tree.texts == ["Tap 1", "Count", "Row 2"])
  }
}

/// Rows of objects and of structs without `==`, as a parent passes them down.
struct ArrayInputs: View {
  let objects: [Box]
  let structures: [NotEquatable]
  var body: some View { Text("\(objects.count) \(structures.count)") }
}

struct BoxList: View {
  let boxes: [Box]
  var body: some View { Text("\(boxes.count) boxes") }
}

struct BoxScreen: View {
  let boxes: [Box]
  @State var taps = 0
  @State var keepsAll = true

  var body: some View {
    VStack {
      Button("Tap \(taps)") { taps += 1 }
      Button("Drop last") { keepsAll = false }
      // A new array every run, holding the same objects until "Drop last".
      BoxList(boxes: boxes.filter { $0 !== boxes.last || keepsAll })
    }
  }
}

extension ComparisonPlanTests {
  @Test func arraysWithoutEqualityCompareByStorageOrByTheirObjects() {
    let plan = ComparisonPlan.plan(for: ArrayInputs.self)
    let first = Box()
    let second = Box()
    let objects = [first, second]
    let structures = [NotEquatable(value: 1, name: "a")]
    let base = ArrayInputs(objects: objects, structures: structures)
    #expect(plan.changedInputs(base, base) == nil)
    // Rebuilt arrays: the same objects in the same order are the same input; structures
    // cannot be compared, unless the array is the very same storage.
    #expect(
      plan.changedInputs(base, ArrayInputs(objects: [first, second], structures: structures))
        == nil)
    #expect(
      plan.changedInputs(base, ArrayInputs(objects: [second, first], structures: structures))
        == ["objects"])
    #expect(
      plan.changedInputs(base, ArrayInputs(objects: [first], structures: structures))
        == ["objects"])
    #expect(
      plan.changedInputs(base, ArrayInputs(objects: [first, Box()], structures: structures))
        == ["objects"])
    #expect(
      plan.changedInputs(
        base, ArrayInputs(objects: objects, structures: [NotEquatable(value: 1, name: "a")]))
        == ["structures"])
  }

  @Test func aChildGivenTheSameObjectsInANewArrayIsSkipped() {
    let host = ViewHost(BoxScreen(boxes: [Box(), Box()]), executor: .manual)
    host.clearLogs()
    #expect(host.tap("Tap 0"))
    host.flush()
    #expect(host.runLog == ["BoxScreen: @State BoxScreen.taps"])
    host.clearLogs()
    #expect(host.tap("Drop last"))
    host.flush()
    #expect(host.runLog == ["BoxScreen: @State BoxScreen.keepsAll", "BoxList: input boxes"])
    #expect(host.tree.texts == ["Tap 1", "Drop last", "1 boxes"])
  }
}

/// A container of a view given as its content.
struct CardOf<Content: View>: View {
  @ViewBuilder let content: Content
  var body: some View { VStack { content } }
}

struct StatefulLabel: View {
  let title: String
  @State private var taps = 0
  var body: some View { Button("\(title) \(taps)") { taps += 1 } }
}

struct CardScreen: View {
  @State private var count = 0
  var body: some View {
    VStack {
      Button("count \(count)") { count += 1 }
      CardOf { StatefulLabel(title: "inner") }
    }
  }
}

/// A view held as an input is compared field by field, its `@State` skipped (it is that view's
/// storage), as SwiftUI compares it: a container given the same view does not re-run. Before,
/// any input holding a dynamic property was never equal.
@MainActor
@Suite struct ViewInputComparisonTests {
  @Test func aContainerGivenTheSameStatefulViewDoesNotReRunWithItsParent() {
    let host = ViewHost(CardScreen(), executor: .manual)
    host.clearLogs()
    #expect(host.tap("count 0"))
    host.flush()
    #expect(host.runLog == ["CardScreen: @State CardScreen.count"])
    #expect(host.tap("inner 0"))
    host.flush()
    #expect(host.tap("count 1"))
    host.flush()
    #expect(host.tree.texts == ["count 2", "inner 1"])
    #expect(
      host.runLog == [
        "CardScreen: @State CardScreen.count", "StatefulLabel: @State StatefulLabel.taps",
        "CardScreen: @State CardScreen.count",
      ])
  }
}
