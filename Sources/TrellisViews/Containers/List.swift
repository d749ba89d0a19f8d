import TrellisGraph

/// A scrolling list of rows, like SwiftUI's `List`: lazy, so only the rows in its viewport
/// (plus `ViewHostOptions.lazyOverscan` beyond each end) are realized and appear.
///
/// - **Rows.** Each static view of the content is a row, each element of a `ForEach` is a row
///   (identified by its id), a `Section` groups its header, rows and footer under a `Section`
///   element; an `if` contributes its present branch. A modifier around several rows applies to
///   each.
/// - **Viewport.** A renderer reports it for the list's element
///   (`RendererConnection.reportViewport(_:for:)`), in rows or in points; a host drives it with
///   `ViewHost.scroll(toRow:visibleRows:)`. Until then the list shows its first
///   `ViewHostOptions.defaultViewportRows` rows. The element carries `rows=first..<end/total`.
///   At most 100,000 rows are realized at once: a larger viewport (with the overscan) is
///   reported and shows its first 100,000 rows.
/// - **Retains.** A row scrolled out is hidden, not destroyed: it disappears (`onDisappear`
///   runs, its `.task` is cancelled), keeps its `@State`, and appears again with it when
///   scrolled back, as SwiftUI's lists do. At most `ViewHostOptions.lazyRowRetention` hidden
///   rows are kept (default 1,000); beyond that the ones shown least recently are destroyed.
/// - **Destroys.** A row whose identity leaves the content (its element removed, its branch
///   flipped) is destroyed, shown or hidden, with its state and tasks.
/// - **Selection.** `List(selection:)` tags each row (its `tag(_:)`, or its `ForEach` id) and
///   marks each tagged row `isSelected=true` or `isSelected=false` (an untagged row cannot be
///   selected). Selecting a row (`ViewHost.tap(_:)` with its title, a renderer's
///   `RendererConnection.activate(_:)` of its element, Return on it in a terminal) selects its
///   tag, replacing a set selection, as a click does; a `NavigationLink(value:)` in a row
///   selects its value instead of pushing it, as in a split view's sidebar. A tag of another
///   type than the selection's is reported and selects nothing.
///
/// Complexity: mounting costs O(rows realized) plus O(1) per `ForEach` (its ids are not read
/// beyond the viewport); a scroll costs O(rows realized); an update whose `ForEach` data
/// changed while rows are hidden looks for each hidden row near where it was, O(hidden rows),
/// and reads every id once only when a hidden row moved far or left (to destroy it).
public struct List<SelectionValue: Hashable, Content: View>: View, _PrimitiveView {
  let content: Content
  let selection: ListSelectionSource?

  /// Creates a list of static or `ForEach` content.
  /// - Parameter content: the rows.
  public init(@ViewBuilder content: () -> Content) where SelectionValue == Never {
    self.content = content()
    selection = nil
  }

  /// Creates a list whose rows can be selected, one at a time.
  /// - Parameters:
  ///   - selection: the selected row's tag, or nil.
  ///   - content: the rows.
  public init(selection: Binding<SelectionValue?>, @ViewBuilder content: () -> Content) {
    self.content = content()
    self.selection = ListSelectionSource(selection)
  }

  /// Creates a list whose rows can be selected, several at a time: selecting a row (a tap, a
  /// link, a renderer's activation) replaces the set with that row, and in edit mode (the
  /// environment's `editMode` active) toggles it in or out of the set, as on iOS.
  /// - Parameters:
  ///   - selection: the selected rows' tags.
  ///   - content: the rows.
  public init(selection: Binding<Set<SelectionValue>>, @ViewBuilder content: () -> Content) {
    self.content = content()
    self.selection = ListSelectionSource(selection)
  }

  /// Renders `List` around the realized rows (see the type's notes).
  public static func _update(_ view: Self, in node: ViewNode) {
    if node.role == .unset {
      node.markLazyContainer(kind: .list)
      node.setContainer(kind: .list)
      if view.selection != nil {
        let selection = node.parts.part(ListSelection.self) { ListSelection() }
        node.environment.setObject(selection)
        // Weak: the environment holds the selection, which holds this closure.
        selection.isEditing = { [weak node] in
          guard let environment = node?.environment else { return false }
          return GraphEvaluation.untracked {
            environment[\.editMode]?.wrappedValue.isEditing == true
          }
        }
      }
    }
    let part = node.parts.part(LazyRowsPart.self) {
      LazyRowsPart(node: node, inScrollView: false)
    }
    if let selection = node.parts[ListSelection.self] {
      selection.source = view.selection
      part.selection = selection
    }
    let content = view.content
    part.update { rows in rows.collect(content) }
  }
}

extension List {
  /// Creates a list with one row per element of `data`, identified by `Identifiable.id`.
  /// - Parameters:
  ///   - data: the elements.
  ///   - rowContent: the row for an element.
  public init<Data: RandomAccessCollection, Row: View>(
    _ data: Data, @ViewBuilder rowContent: @escaping @MainActor (Data.Element) -> Row
  )
  where
    Content == ForEach<Data, Data.Element.ID, Row>, Data.Element: Identifiable,
    SelectionValue == Never
  {
    content = ForEach(data, content: rowContent)
    selection = nil
  }

  /// Creates a list with one row per element of `data`, identified by the key path `id`.
  /// - Parameters:
  ///   - data: the elements.
  ///   - id: the key path to each element's identity.
  ///   - rowContent: the row for an element.
  public init<Data: RandomAccessCollection, ID: Hashable, Row: View>(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder rowContent: @escaping @MainActor (Data.Element) -> Row
  ) where Content == ForEach<Data, ID, Row>, SelectionValue == Never {
    content = ForEach(data, id: id, content: rowContent)
    selection = nil
  }

  /// Creates a selectable list with one row per element of `data`, each tagged with its id.
  /// - Parameters:
  ///   - data: the elements.
  ///   - selection: the selected element's id, or nil.
  ///   - rowContent: the row for an element.
  public init<Data: RandomAccessCollection, Row: View>(
    _ data: Data, selection: Binding<SelectionValue?>,
    @ViewBuilder rowContent: @escaping @MainActor (Data.Element) -> Row
  ) where Content == ForEach<Data, Data.Element.ID, Row>, Data.Element: Identifiable {
    content = ForEach(data, content: rowContent)
    self.selection = ListSelectionSource(selection)
  }

  /// Creates a list with one row per element of `data`, each tagged with its id, where several
  /// rows can be selected.
  /// - Parameters:
  ///   - data: the elements.
  ///   - selection: the selected elements' ids.
  ///   - rowContent: the row for an element.
  public init<Data: RandomAccessCollection, Row: View>(
    _ data: Data, selection: Binding<Set<SelectionValue>>,
    @ViewBuilder rowContent: @escaping @MainActor (Data.Element) -> Row
  ) where Content == ForEach<Data, Data.Element.ID, Row>, Data.Element: Identifiable {
    content = ForEach(data, content: rowContent)
    self.selection = ListSelectionSource(selection)
  }

  /// Creates a selectable list with one row per element of `data`, identified by the key path
  /// `id` and tagged with that identity, as SwiftUI's `List(_:id:selection:rowContent:)`.
  /// - Parameters:
  ///   - data: the elements.
  ///   - id: the key path to each element's identity.
  ///   - selection: the selected element's identity, or nil.
  ///   - rowContent: the row for an element.
  public init<Data: RandomAccessCollection, ID: Hashable, Row: View>(
    _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<SelectionValue?>,
    @ViewBuilder rowContent: @escaping @MainActor (Data.Element) -> Row
  ) where Content == ForEach<Data, ID, Row> {
    content = ForEach(data, id: id, content: rowContent)
    self.selection = ListSelectionSource(selection)
  }

  /// Creates a list with one row per element of `data`, identified by the key path `id` and
  /// tagged with that identity, where several rows can be selected.
  /// - Parameters:
  ///   - data: the elements.
  ///   - id: the key path to each element's identity.
  ///   - selection: the selected elements' identities.
  ///   - rowContent: the row for an element.
  public init<Data: RandomAccessCollection, ID: Hashable, Row: View>(
    _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<Set<SelectionValue>>,
    @ViewBuilder rowContent: @escaping @MainActor (Data.Element) -> Row
  ) where Content == ForEach<Data, ID, Row> {
    content = ForEach(data, id: id, content: rowContent)
    self.selection = ListSelectionSource(selection)
  }

  /// Creates a list with one row per integer of `data`, identified by the integer, as
  /// SwiftUI's `List(_:rowContent:)` over a constant range.
  /// - Parameters:
  ///   - data: the integers.
  ///   - rowContent: the row for an integer.
  public init<Row: View>(
    _ data: Range<Int>, @ViewBuilder rowContent: @escaping @MainActor (Int) -> Row
  ) where Content == ForEach<Range<Int>, Int, Row>, SelectionValue == Never {
    content = ForEach(data, content: rowContent)
    selection = nil
  }

  /// Creates a selectable list with one row per integer of `data`, each tagged with the
  /// integer, as SwiftUI's `List(_:selection:rowContent:)` over a constant range.
  /// - Parameters:
  ///   - data: the integers.
  ///   - selection: the selected integer, or nil.
  ///   - rowContent: the row for an integer.
  public init<Row: View>(
    _ data: Range<Int>, selection: Binding<SelectionValue?>,
    @ViewBuilder rowContent: @escaping @MainActor (Int) -> Row
  ) where Content == ForEach<Range<Int>, Int, Row>, SelectionValue == Int {
    content = ForEach(data, content: rowContent)
    self.selection = ListSelectionSource(selection)
  }

  /// Creates a list with one row per integer of `data`, several selectable at a time (see
  /// `init(selection:content:)` for a set), as SwiftUI's `List(_:selection:rowContent:)`.
  /// - Parameters:
  ///   - data: the integers.
  ///   - selection: the selected integers.
  ///   - rowContent: the row for an integer.
  public init<Row: View>(
    _ data: Range<Int>, selection: Binding<Set<SelectionValue>>,
    @ViewBuilder rowContent: @escaping @MainActor (Int) -> Row
  ) where Content == ForEach<Range<Int>, Int, Row>, SelectionValue == Int {
    content = ForEach(data, content: rowContent)
    self.selection = ListSelectionSource(selection)
  }
}

/// Where a list's selection is kept: a binding to one tag or to a set of tags, type-erased.
@MainActor
struct ListSelectionSource {
  let isSelected: @MainActor (AnyHashable) -> Bool
  /// Selects `tag` (toggling it in or out of a set selection when the second argument is
  /// true); false when it is not a value of the selection's type.
  let select: @MainActor (AnyHashable, Bool) -> Bool
  /// The type of the selection's values, for diagnostics.
  let valueType: any Any.Type

  init<Value: Hashable>(_ binding: Binding<Value?>) {
    valueType = Value.self
    isSelected = { tag in tag.base as? Value == binding.wrappedValue }
    select = { tag, _ in
      guard let value = tag.base as? Value else { return false }
      binding.wrappedValue = value
      return true
    }
  }

  init<Value: Hashable>(_ binding: Binding<Set<Value>>) {
    valueType = Value.self
    isSelected = { tag in (tag.base as? Value).map { binding.wrappedValue.contains($0) } ?? false }
    select = { tag, toggles in
      guard let value = tag.base as? Value else { return false }
      if !toggles {
        binding.wrappedValue = [value]
      } else if binding.wrappedValue.contains(value) {
        binding.wrappedValue.remove(value)
      } else {
        binding.wrappedValue.insert(value)
      }
      return true
    }
  }
}

/// A selecting list's latest selection, reached by the links in its rows through their
/// environment, and read by the list's pass to mark the selected row.
@MainActor
final class ListSelection: NodePart {
  var source: ListSelectionSource?

  /// Whether the row tagged `tag` is selected (read tracked: the list re-marks its rows when
  /// the selection changes).
  func isSelected(_ tag: AnyHashable) -> Bool { source?.isSelected(tag) ?? false }

  /// Whether the list is in edit mode (its environment's `editMode` is active): a selection
  /// then toggles a row in or out of a set selection, as a tap in an editing SwiftUI list
  /// does, rather than replacing the set. Read when a row is selected.
  var isEditing: @MainActor () -> Bool = { false }

  /// Selects the row tagged `tag`; false when the value is not of the selection's type.
  func select(_ tag: AnyHashable) -> Bool { source?.select(tag, isEditing()) ?? false }
}

/// A row of a selecting list: selecting it (a tap, a renderer's activation of its element)
/// selects its tag, as a click on a row of SwiftUI's `List(selection:)` does. No tag: the row
/// cannot be selected.
@MainActor
final class RowSelectionPart: NodePart {
  var tag: AnyHashable?
  weak var selection: ListSelection?

  /// Selects the row; false when it has no tag, and false with a diagnostic naming `row` when
  /// the tag is not of the selection's type.
  func select(_ row: @autoclosure () -> String) -> Bool {
    guard let tag, let selection else { return false }
    if selection.select(tag) { return true }
    let valueType = selection.source.map { "\($0.valueType)" } ?? "another type"
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: [row()],
        message:
          "The row \(row()) is tagged \(tag.base) (\(type(of: tag.base))), but its list's "
          + "selection is of type \(valueType); nothing was selected. Tag it with a value of "
          + "that type."))
    return false
  }
}

/// A group of rows with an optional header and footer, like SwiftUI's `Section`. In a lazy
/// container its header, rows and footer are rows of the container, realized as they scroll
/// into view, inside a `Section` element that is in the tree while any of them is. Elsewhere
/// (a `VStack`, a `Form`) it is a `Section` element around its header, content and footer.
///
/// Retains: in a lazy container, as the container does (scrolled-out rows are hidden with their
/// state). Destroys: its rows when it leaves the content.
public struct Section<Parent: View, Content: View, Footer: View>: View, _PrimitiveView {
  let header: Parent
  let content: Content
  let footer: Footer

  /// Creates a section with a header and a footer.
  /// - Parameters:
  ///   - content: the rows.
  ///   - header: the header.
  ///   - footer: the footer.
  public init(
    @ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent,
    @ViewBuilder footer: () -> Footer
  ) {
    self.content = content()
    self.header = header()
    self.footer = footer()
  }

  /// Renders `Section` around the header, the content and the footer, when not in a lazy
  /// container.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setContainer(kind: .section)
    node.updateChildren { children in
      if Parent.self != EmptyView.self { children.update(.index(0), view.header) }
      children.update(.index(1), view.content)
      if Footer.self != EmptyView.self { children.update(.index(2), view.footer) }
    }
  }
}

extension Section where Footer == EmptyView {
  /// Creates a section with a header.
  /// - Parameters:
  ///   - content: the rows.
  ///   - header: the header.
  public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
    self.init(content: content, header: header, footer: { EmptyView() })
  }
}

extension Section where Parent == EmptyView {
  /// Creates a section with a footer.
  /// - Parameters:
  ///   - content: the rows.
  ///   - footer: the footer.
  public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
    self.init(content: content, header: { EmptyView() }, footer: footer)
  }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
  /// Creates a section without header or footer.
  /// - Parameter content: the rows.
  public init(@ViewBuilder content: () -> Content) {
    self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
  }
}

extension Section where Parent == Text, Footer == EmptyView {
  /// Creates a section whose header is `title`.
  /// - Parameters:
  ///   - title: the header's text.
  ///   - content: the rows.
  public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
    self.init(content: content, header: { Text(title) }, footer: { EmptyView() })
  }
}

extension Section {
  /// Creates a section with a header and a footer given as values, like SwiftUI's
  /// `Section(header:footer:content:)`.
  /// - Parameters:
  ///   - header: the header.
  ///   - footer: the footer.
  ///   - content: the rows.
  public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
    self.init(content: content, header: { header }, footer: { footer })
  }
}

extension Section where Footer == EmptyView {
  /// Creates a section with a header given as a value, like SwiftUI's
  /// `Section(header:content:)`.
  /// - Parameters:
  ///   - header: the header.
  ///   - content: the rows.
  public init(header: Parent, @ViewBuilder content: () -> Content) {
    self.init(content: content, header: { header }, footer: { EmptyView() })
  }
}

extension Section where Parent == EmptyView {
  /// Creates a section with a footer given as a value, like SwiftUI's
  /// `Section(footer:content:)`.
  /// - Parameters:
  ///   - footer: the footer.
  ///   - content: the rows.
  public init(footer: Footer, @ViewBuilder content: () -> Content) {
    self.init(content: content, header: { EmptyView() }, footer: { footer })
  }
}

extension Section: RowContent {
  func collectRows(into rows: inout RowCollector) {
    let header: (any View)? = Parent.self == EmptyView.self ? nil : self.header
    let footer: (any View)? = Footer.self == EmptyView.self ? nil : self.footer
    rows.section(header: header, footer: footer) { rows in rows.collect(content, at: 0) }
  }
}
