import TrellisEnvironment
import TrellisGraph

/// Two or three columns side by side, each selecting what the next one shows, like SwiftUI's
/// `NavigationSplitView`. Headless: a `NavigationSplitView` element around one `Column` element
/// per column, all shown.
///
/// - **Selection by value.** A `NavigationLink(value:)` in a column shows, in the next column,
///   the destination `.navigationDestination(for:)` registered (anywhere in the split view) for
///   the value's type, in place of that column's own view; selecting again in a column clears
///   the selections of the columns after the next. `\.dismiss` inside a shown destination
///   clears its selection.
/// - **Selection by binding.** A `List(selection:)` in a column keeps its links' values in its
///   binding instead; the next column's own view reads the binding (and keeps its structural
///   identity, as in SwiftUI: use `.id(_:)` for a fresh detail per selection).
/// - **Identity.** A destination shown for a value is keyed by the value, as a pushed level is:
///   selecting another value destroys the old destination (disappear) and creates a fresh one
///   (appear).
/// - **Retains and destroys.** Every column is shown, so nothing is hidden; a column's own view
///   is destroyed while a destination replaces it, and created anew when the selection is
///   cleared. A `NavigationStack` inside a column follows its own rules.
public struct NavigationSplitView<Sidebar: View, Content: View, Detail: View>: View {
  let sidebar: Sidebar
  let content: Content
  let detail: Detail
  let columnCount: Int
  /// The value selected for each column after the first, or nil.
  @State private var selected: [AnyHashable?] = [nil, nil]
  private let holder = StackHolder()

  /// Creates a two-column split view.
  /// - Parameters:
  ///   - sidebar: the leading column.
  ///   - detail: the trailing column.
  public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail)
  where Content == EmptyView {
    self.sidebar = sidebar()
    content = EmptyView()
    self.detail = detail()
    columnCount = 2
  }

  /// Creates a three-column split view.
  /// - Parameters:
  ///   - sidebar: the leading column.
  ///   - content: the middle column.
  ///   - detail: the trailing column.
  public init(
    @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content,
    @ViewBuilder detail: () -> Detail
  ) {
    self.sidebar = sidebar()
    self.content = content()
    self.detail = detail()
    columnCount = 3
  }

  /// Reads the selections and renders the columns.
  public var body: some View {
    let binding = $selected
    let count = columnCount
    SplitViewContent(
      sidebar: sidebar, content: content, detail: detail, columnCount: count,
      selected: selected, holder: holder.name,
      select: { column, value in
        // Selecting in column `column` shows `value` in the next one and clears those after.
        var selected = binding.wrappedValue
        guard column + 1 < count else { return false }
        selected[column] = value
        for later in (column + 1)..<selected.count { selected[later] = nil }
        binding.wrappedValue = selected
        return true
      })
  }
}

/// The rendered split view: its columns, each with its own view or the destination of the
/// value selected for it.
struct SplitViewContent<Sidebar: View, Content: View, Detail: View>: View, _PrimitiveView {
  let sidebar: Sidebar
  let content: Content
  let detail: Detail
  let columnCount: Int
  let selected: [AnyHashable?]
  let holder: String
  /// Selects `value` for the column after `column`; false when there is none.
  let select: @MainActor (_ column: Int, _ value: AnyHashable?) -> Bool

  static func _update(_ view: Self, in node: ViewNode) {
    node.setContainer(kind: .navigationSplitView)
    let part = node.parts.part(SplitViewPart.self) {
      SplitViewPart(node: node, holder: view.holder, columnCount: view.columnCount)
    }
    part.select = view.select
    part.selected = view.selected
    // The part keeps this closure: it takes the registries, not the part, or the two would
    // keep each other (and everything the columns hold) alive after the split view goes.
    let registries = part.registries
    part.update { children, shown in
      children.update(
        .index(0), SplitColumn(base: view.sidebar, registry: registries[0], shown: nil))
      if view.columnCount == 3 {
        children.update(
          .index(1), SplitColumn(base: view.content, registry: registries[1], shown: shown[0]))
      }
      children.update(
        .index(2),
        SplitColumn(
          base: view.detail, registry: registries[view.columnCount - 1],
          shown: shown[view.columnCount - 2]))
    }
  }
}

/// What a column shows in place of its own view: the destination of its selected value.
struct ShownDestination {
  let key: NavigationLevelKey
  let content: AnyView
  let dismiss: DismissAction
}

/// A split view's state: one navigation context per column (sharing one destination table),
/// the selections, and the pass that builds the selected destinations.
@MainActor
final class SplitViewPart: NodePart, EffectRunner {
  unowned let node: ViewNode
  let registries: [NavigationRegistry]
  var selected: [AnyHashable?] = []
  var select: (@MainActor (Int, AnyHashable?) -> Bool)?
  private var reconcile: (@MainActor (inout ChildUpdater, [ShownDestination?]) -> Void)?
  private var effect: Effect?
  private let columnCount: Int
  private var reported: Set<AnyHashable> = []

  init(node: ViewNode, holder: String, columnCount: Int) {
    self.node = node
    self.columnCount = columnCount
    let table = DestinationTable()
    var registries: [NavigationRegistry] = []
    for _ in 0..<columnCount {
      registries.append(
        NavigationRegistry(holder: holder, destinations: table, presentedLevels: nil))
    }
    self.registries = registries
    for (column, registry) in registries.enumerated() {
      registry.pushValue = { [weak self] value in
        self?.select?(column, value) == true ? .pushed : .cannotHold
      }
    }
    table.onChange = { [weak self] in self?.effect?.scheduleRun() }
  }

  func update(_ reconcile: @escaping @MainActor (inout ChildUpdater, [ShownDestination?]) -> Void) {
    self.reconcile = reconcile
    if effect == nil {
      effect = node.makeOwnComputation(named: "NavigationSplitView", runner: self)
    }
    effect?.run()
  }

  func nodeDidUnmount() {
    effect?.dispose()
    for registry in registries { registry.pushValue = nil }
    registries.first?.destinations.onChange = nil
  }

  /// The part's effect runs its pass.
  func runEffect() { runPass() }

  private func runPass() {
    guard node.isMounted, let reconcile else { return }
    let table = registries[0].destinations
    var shown: [ShownDestination?] = []
    var missing: [AnyHashable] = []
    var typesInUse = Set<ObjectIdentifier>()
    for column in 1..<columnCount {
      let index = column - 1
      guard index < selected.count, let value = selected[index] else {
        shown.append(nil)
        continue
      }
      guard let make = table.destination(for: value) else {
        missing.append(value)
        shown.append(nil)
        continue
      }
      typesInUse.insert(ObjectIdentifier(type(of: value.base)))
      let dismiss = DismissAction { [weak self] in _ = self?.select?(index, nil) }
      shown.append(
        ShownDestination(
          key: NavigationLevelKey(position: column, value: value), content: make(value),
          dismiss: dismiss))
    }
    table.typesInUse = typesInUse
    GraphEvaluation.untracked {
      table.isPassRunning = true
      defer { table.isPassRunning = false }
      node.updateChildren { children in reconcile(&children, shown) }
      for value in missing where reported.insert(value).inserted {
        let type = type(of: value.base)
        let holder = registries[0].holder
        TrellisDiagnostics.report(
          TrellisDiagnostic(
            kind: .invalidInput, nodes: [holder, "\(type)"],
            message:
              "NavigationSplitView in \(holder) selected \(value.base) but has no "
              + ".navigationDestination(for: \(type).self) inside it; the column shows its own "
              + "view."))
      }
    }
  }
}

/// One column: its own view, or the destination selected for it, with the column's navigation
/// context in its environment.
struct SplitColumn<Base: View>: View, _PrimitiveView {
  let base: Base
  let registry: NavigationRegistry
  let shown: ShownDestination?

  static func _update(_ view: Self, in node: ViewNode) {
    if node.role == .unset {
      node.setContainer(kind: .navigationColumn)
      node.environment = node.environment.child(named: node.enclosingViewName)
      node.environment.setObject(view.registry)
    }
    node.updateChildren { children in
      if let shown = view.shown {
        children.update(
          .id(AnyHashable(shown.key)),
          NavigationLevel(content: shown.content, dismiss: shown.dismiss))
      } else {
        children.update(.index(0), view.base)
      }
    }
  }
}
