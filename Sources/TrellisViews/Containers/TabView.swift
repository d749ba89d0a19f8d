import TrellisGraph

/// Tabs, one shown at a time, like SwiftUI's `TabView`.
///
/// - **Tabs.** Each view of the content is a tab (a `ForEach` gives one per element). With
///   `selection:`, a tab's identity for selection is its `tag(_:)` (a `ForEach` row's id when it
///   has none), and the shown tab is the one whose tag equals the selection; a selection no tab
///   has shows none, and is reported. A tag of type `T` matches a selection of type `T?` (as
///   with SwiftUI's `tag(_:includeOptional:)`). Without `selection:`, the first tab is shown
///   until a tab item is tapped.
/// - **Created on first selection**, as iOS 18's tabs are: a tab never selected has no state
///   and runs nothing.
/// - **Retains.** Switching tabs hides the old tab (it disappears, its tasks are cancelled) and
///   keeps it alive with its state; switching back shows it again (it appears again, its
///   `.task` starts again, its `@State` is as it was). Hidden tabs still receive their new
///   inputs. **Destroys:** a tab that leaves the content.
/// - **Rendering.** The `TabView` element holds the shown tab's content, then one `TabItem`
///   element per tab with a `tabItem(_:)` label (`isSelected=` says which); tapping one
///   selects its tab.
public struct TabView<SelectionValue: Hashable, Content: View>: View {
  let selection: Binding<SelectionValue>?
  let content: Content
  /// The shown tab's identity when there is no `selection:` (nil: the first tab).
  @State private var ownSelection: AnyHashable? = nil
  /// The view whose body holds the tab view, for diagnostics.
  private let holder = StackHolder()

  /// Creates tabs whose shown tab is `selection`.
  /// - Parameters:
  ///   - selection: the tag of the shown tab; tapping a tab item sets it.
  ///   - content: the tabs.
  public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
    self.selection = selection
    self.content = content()
  }

  /// Creates tabs that keep their own selection, starting with the first tab.
  /// - Parameter content: the tabs.
  public init(@ViewBuilder content: () -> Content) where SelectionValue == Int {
    selection = nil
    self.content = content()
  }

  /// Reads the selection and renders the shown tab.
  public var body: some View {
    let selection = self.selection
    let own = $ownSelection
    let name = holder.name
    return TabViewContent(
      content: content,
      selection: selection.map { TagPart.normalized($0.wrappedValue) } ?? ownSelection,
      selectsByTag: selection != nil, holder: name,
      select: { value in
        guard let selection else {
          own.wrappedValue = value
          return
        }
        guard let value = value.base as? SelectionValue else {
          TrellisDiagnostics.report(
            TrellisDiagnostic(
              kind: .invalidInput, nodes: [name],
              message:
                "TabView in \(name): the tab tagged \(value.base) (\(type(of: value.base))) "
                + "cannot be selected: the selection is of type \(SelectionValue.self). Tag "
                + "each tab with .tag(_:) of the selection's type."))
          return
        }
        selection.wrappedValue = value
      })
  }
}

extension View {
  /// Sets the label of this view's tab, like SwiftUI's `tabItem(_:)`: shown in the enclosing
  /// `TabView`'s tab bar as a `TabItem` element, which a tap selects. Elsewhere it shows
  /// nothing.
  /// - Parameter label: the tab's label.
  /// - Returns: the modified view.
  public func tabItem<Label: View>(
    @ViewBuilder _ label: () -> Label
  ) -> ModifiedContent<Self, TabItemModifier<Label>> {
    modifier(TabItemModifier(label: label()))
  }
}

/// The modifier behind `tabItem(_:)`.
public struct TabItemModifier<Label: View>: _PrimitiveViewModifier {
  /// A built-in modifier has no body.
  public typealias Body = Never
  let label: Label

  /// Renders the content; the label is the enclosing `TabView`'s to show.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    node.updateModifier(content: content)
  }
}

extension TabItemModifier: RowTraitModifier {
  var rowTag: AnyHashable? { nil }
  var rowTabItem: AnyView? { AnyView(label) }
}

extension TabView: BuiltInCompositeKind {
  nonisolated static var elementKind: ElementKind { .tabView }
}

/// The rendered tabs: the shown tab's content, then the tab items, in the `TabView` element of
/// the view around it (it renders none of its own).
struct TabViewContent<Content: View>: View, _PrimitiveView {
  let content: Content
  let selection: AnyHashable?
  let selectsByTag: Bool
  /// The view whose body holds the tab view, for diagnostics.
  let holder: String
  let select: @MainActor (AnyHashable) -> Void

  static func _update(_ view: Self, in node: ViewNode) {
    node.setTransparent()
    node.parts.part(TabViewPart.self) { TabViewPart(node: node) }.update(view)
  }
}

/// A tab view's realized tabs (shown or hidden) and tab items, by the tabs' identity.
@MainActor
final class TabViewPart: NodePart {
  unowned let node: ViewNode
  private var tabs: [RowKey: ViewNode] = [:]
  private var items: [RowKey: ViewNode] = [:]
  private var reported: Set<AnyHashable> = []
  private var reportedDuplicates: Set<AnyHashable> = []

  init(node: ViewNode) { self.node = node }

  func update<Content: View>(_ view: TabViewContent<Content>) {
    let host = node.host
    var collector = RowCollector()
    collector.collect(view.content)
    var all: [(key: RowKey, row: CollectedRow)] = []
    for segment in collector.segments {
      for index in 0..<segment.count { all.append((segment.key(index), segment.row(index))) }
    }
    let shownIndex: Int?
    if view.selectsByTag {
      shownIndex = all.firstIndex { $0.row.tag != nil && $0.row.tag == view.selection }
      if shownIndex == nil, let selection = view.selection, reported.insert(selection).inserted {
        reportUnmatched(selection, tags: all.compactMap(\.row.tag), in: view.holder)
      }
      reportDuplicateTags(all.compactMap(\.row.tag), in: view.holder)
    } else if let selection = view.selection {
      shownIndex = all.firstIndex { AnyHashable($0.key) == selection } ?? (all.isEmpty ? nil : 0)
    } else {
      shownIndex = all.isEmpty ? nil : 0
    }
    var kept: [RowKey: ViewNode] = [:]
    var shown: ViewNode?
    var hidden: [ViewNode] = []
    var itemNodes: [ViewNode] = []
    for (index, tab) in all.enumerated() {
      let isShown = index == shownIndex
      if let existing = tabs[tab.key] {
        kept[tab.key] = existing
        if isShown { host.show(existing, in: node) } else { host.hide(existing) }
        tab.row.update(existing)
        if isShown { shown = existing } else { hidden.append(existing) }
      } else if isShown {
        // Created on first selection, with the identity of a `ForEach` row, as a lazy
        // container's row has: the tree and the lifecycle names show it.
        let wrapper = ViewNode(
          parent: node, key: .row, viewType: TabViewPart.self,
          explicitID: tab.key.id.map(ExplicitID.init))
        wrapper.setTransparent()
        kept[tab.key] = wrapper
        tab.row.update(wrapper)
        shown = wrapper
      }
      if let label = tab.row.tabItem {
        let item =
          items[tab.key]
          ?? ViewNode(parent: node, key: .row, viewType: TabItemView.self, explicitID: nil)
        items[tab.key] = item
        let identity = view.selectsByTag ? tab.row.tag : AnyHashable(tab.key)
        let select = view.select
        let holder = view.holder
        let position = index + 1
        TabItemView._update(
          TabItemView(
            label: label, isSelected: isShown,
            select: {
              guard let identity else {
                // Before, the tap did nothing and said nothing.
                TrellisDiagnostics.report(
                  TrellisDiagnostic(
                    kind: .invalidInput, nodes: [holder],
                    message:
                      "TabView in \(holder): tab \(position) has no .tag(_:), so selecting it "
                      + "cannot set the selection; nothing was selected. Tag each tab with "
                      + ".tag(_:) of the selection's type."))
                return
              }
              select(identity)
            }), in: item)
        itemNodes.append(item)
      }
    }
    for (key, tab) in tabs where kept[key] == nil { host.unmount(tab) }
    // Sets, not searches: a search per item made a tab switch quadratic in the tabs (found by
    // a new user: 94 ms to switch among 2,000 tabs).
    let itemKeys = Set(all.map(\.key))
    let shownItems = Set(itemNodes.map(ObjectIdentifier.init))
    for (key, item) in items
    where !itemKeys.contains(key) || !shownItems.contains(ObjectIdentifier(item)) {
      host.unmount(item)
      items[key] = nil
    }
    tabs = kept
    let children = (shown.map { [$0] } ?? []) + hidden + itemNodes
    if node.children.count != children.count
      || !zip(node.children, children).allSatisfy({ $0 === $1 })
    {
      node.children = ChildList(children)
      host.markChildrenChanged(of: node)
    }
  }

  private func reportUnmatched(_ selection: AnyHashable, tags: [AnyHashable], in name: String) {
    let selectionType = type(of: selection.base)
    // A nil selection matches a tab tagged nil; tags of the wrapped type are not a mistake.
    let isNil = (selection.base as? any OptionalTag).map { $0.wrappedTag == nil } ?? false
    let otherTypes = Set(tags.map { "\(type(of: $0.base))" }).subtracting(["\(selectionType)"])
    let types =
      isNil || otherTypes.isEmpty || tags.contains { type(of: $0.base) == selectionType }
      ? "" : " (the tabs are tagged with \(otherTypes.sorted().joined(separator: ", ")))"
    let remedy =
      isNil
      ? "Set the selection to a tab's tag, or tag a tab with nil."
      : "Tag each tab with .tag(_:) of the selection's type."
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: [name],
        message:
          "TabView in \(name) has the selection \(selection.base) (\(selectionType)), but no tab "
          + "is tagged with it\(types); no tab is shown. \(remedy)"))
  }

  /// Reports, once per tag, tabs that share a tag: selecting it shows the first of them, and
  /// the others can never be shown (SwiftUI leaves this undefined).
  private func reportDuplicateTags(_ tags: [AnyHashable], in name: String) {
    var seen: Set<AnyHashable> = []
    for tag in tags where !seen.insert(tag).inserted && reportedDuplicates.insert(tag).inserted {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [name],
          message:
            "TabView in \(name) has several tabs tagged \(tag.base); selecting it shows the "
            + "first of them, and the others cannot be shown. Give each tab its own tag."))
    }
  }
}

/// A tab's label in the tab bar: a `TabItem` element around the label, `isSelected=` when its
/// tab is shown; tapping it selects the tab.
struct TabItemView: View, _PrimitiveView {
  let label: AnyView
  let isSelected: Bool
  let select: @MainActor () -> Void

  static func _update(_ view: Self, in node: ViewNode) {
    node.setContainer(kind: .tabItem)
    node.setAttributes([.isSelected(view.isSelected)])
    node.setAction(view.select)
    node.updateChild(.index(0), view.label)
  }
}
