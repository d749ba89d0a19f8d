/// A container's content seen as a list of rows, without building them: what a lazy container
/// realizes one row at a time, and what a `TabView` picks its tabs from.
///
/// The content's static structure is walked once per update (tuples, conditions, groups,
/// sections, modifiers), and each `ForEach` becomes one segment of `data.count` rows whose ids
/// and views are asked for one row at a time. So collecting costs O(structure), not O(rows):
/// a `ForEach` over 100,000 elements is one segment.
///
/// Rules, as in SwiftUI:
/// - each static view is one row; `EmptyView` is none; an `if` contributes its present
///   branch's rows (each branch a distinct identity);
/// - a `ForEach` contributes one row per element, identified by the element's id and tagged
///   with it unless the row has a tag of its own;
/// - a modifier applied to several rows applies to each (`ForEach(…) { … }.onAppear { … }`
///   runs once per row as it appears), except the editing actions (`.onDelete`, `.onMove`),
///   which apply to the `ForEach` as a whole: each of its rows carries them with its offset;
/// - `Section` groups its header, rows and footer;
/// - a type-erased `AnyView` is one row, whatever it holds.
@MainActor
struct RowCollector {
  /// The rows, in order, as runs of rows of one origin.
  private(set) var segments: [RowSegment] = []
  /// The sections met, in order; segments refer to them by index.
  private(set) var sections: [RowSection] = []
  /// How many rows in all.
  private(set) var count = 0
  /// Where the walk is in the content's structure: each step a position or a branch.
  private var path: [Int] = []
  /// The modifiers around the part being walked, outermost first.
  private var wrappers: [@MainActor (any View) -> any View] = []
  /// The editing actions around the part being walked.
  private var editActions = RowEditActions()
  private var section: Int?
  /// The lazy container collecting, which keeps the state of `ForEach($items)` bindings.
  let node: ViewNode?

  init(node: ViewNode? = nil) { self.node = node }

  /// Adds the rows of `view`, found at `position` in the structure around it.
  mutating func collect<Content: View>(_ view: Content, at position: Int) {
    path.append(position)
    collect(view)
    path.removeLast()
  }

  /// Adds the rows of `view` at the current place in the structure.
  mutating func collect<Content: View>(_ view: Content) {
    if let content = view as? any RowContent {
      content.collectRows(into: &self)
    } else {
      addRow(view)
    }
  }

  /// Adds `view` as one row.
  mutating func addRow<Content: View>(_ view: Content) {
    let wrap = wrapping()
    let row = CollectedRow(view: view, wrap: wrap, implicitTag: nil)
    append(RowSegment(count: 1, path: path, section: section, id: nil, row: { _ in row }))
  }

  /// Adds `count` rows whose ids and views `id` and `view` give, one row at a time.
  mutating func addRows(
    count: Int, data: RowData, id: @escaping @MainActor (Int) -> AnyHashable,
    view: @escaping @MainActor (Int) -> any View,
    locate: @escaping @MainActor ([AnyHashable]) -> [AnyHashable: Int],
    onRemove: (@MainActor ([AnyHashable]) -> Void)? = nil
  ) {
    let wrap = wrapping()
    var segment = RowSegment(
      count: count, path: path, section: section, id: id, data: data,
      row: { index in CollectedRow(view: view(index), wrap: wrap, implicitTag: id(index)) })
    segment.onRemove = onRemove
    segment.locate = locate
    if !editActions.isEmpty { segment.editActions = editActions }
    append(segment)
  }

  /// Walks `body` with the editing action `modifier` applying to the `ForEach` rows it adds.
  mutating func editing(with modifier: any RowEditModifier, _ body: (inout RowCollector) -> Void) {
    let outer = editActions
    modifier.add(to: &editActions)
    body(&self)
    editActions = outer
  }

  /// Walks `body` with `modifier` applied to every row it adds.
  mutating func wrapping<Modifier: ViewModifier>(
    in modifier: Modifier, _ body: (inout RowCollector) -> Void
  ) {
    wrappers.append { view in Self.apply(modifier, to: view) }
    body(&self)
    wrappers.removeLast()
  }

  /// Walks `body` as the content of a section with `header` and `footer` rows.
  mutating func section(
    header: (any View)?, footer: (any View)?, _ body: (inout RowCollector) -> Void
  ) {
    guard section == nil else {
      // A section inside a section: its rows join the outer one.
      if let header { collect(header, at: -1) }
      body(&self)
      if let footer { collect(footer, at: -2) }
      return
    }
    sections.append(RowSection(path: path))
    section = sections.count - 1
    if let header { collect(header, at: -1) }
    body(&self)
    if let footer { collect(footer, at: -2) }
    section = nil
  }

  private mutating func append(_ segment: RowSegment) {
    guard segment.count > 0 else { return }
    segments.append(segment)
    count += segment.count
  }

  /// The modifiers around the current place, applied innermost first.
  private func wrapping() -> (@MainActor (any View) -> any View)? {
    guard !wrappers.isEmpty else { return nil }
    let wrappers = self.wrappers
    return { view in wrappers.reversed().reduce(view) { view, wrap in wrap(view) } }
  }

  private static func apply<Modifier: ViewModifier>(
    _ modifier: Modifier, to view: any View
  ) -> any View {
    func modified<Content: View>(_ content: Content) -> any View {
      ModifiedContent(content: content, modifier: modifier)
    }
    return modified(view)
  }
}

/// One row, ready to be realized: its view, tag and tab item.
@MainActor
struct CollectedRow {
  /// The row's view, with the modifiers around it applied.
  let view: any View
  /// The row's tag: its own (`tag(_:)`), or its `ForEach` id.
  let tag: AnyHashable?
  /// The label of its `tabItem(_:)`, if any.
  let tabItem: AnyView?

  init(view: any View, wrap: (@MainActor (any View) -> any View)?, implicitTag: AnyHashable?) {
    let view = wrap.map { $0(view) } ?? view
    self.view = view
    let traits = view as? any RowTraits
    tag = traits?.rowTag ?? implicitTag
    tabItem = traits?.rowTabItem
  }

  /// The row's view type, which is part of its identity.
  var viewType: ObjectIdentifier { ObjectIdentifier(type(of: view)) }

  /// Brings `node`, the row's node, up to date with the row's view: the view is its one
  /// child, keyed by its type (a view of another type replaces it).
  func update(_ node: ViewNode) {
    func update<Content: View>(_ view: Content) {
      node.updateChild(.type(ObjectIdentifier(Content.self)), view)
    }
    update(view)
  }
}

/// A run of rows of one origin: one static view, or one `ForEach`.
@MainActor
struct RowSegment {
  /// How many rows.
  let count: Int
  /// Where the rows' origin is in the content's structure: part of every row's identity.
  let path: [Int]
  /// The section the rows belong to (an index into the collector's sections), if any.
  let section: Int?
  /// Row `index`'s id within the segment, for a `ForEach`; nil for a single static row.
  let id: (@MainActor (Int) -> AnyHashable)?
  /// The `ForEach`'s data, to tell whether it changed.
  var data: RowData?
  /// Told the ids of this segment's rows that left the content.
  var onRemove: (@MainActor ([AnyHashable]) -> Void)?
  /// The offsets of the given ids among the rows (the first, for a repeated id), in one scan
  /// that compares ids by their own type; an id not found is left out.
  var locate: (@MainActor ([AnyHashable]) -> [AnyHashable: Int])?
  /// The `.onDelete` and `.onMove` actions of the `ForEach`, if any.
  var editActions: RowEditActions?
  /// Row `index`.
  let row: @MainActor (Int) -> CollectedRow

  init(
    count: Int, path: [Int], section: Int?, id: (@MainActor (Int) -> AnyHashable)?,
    data: RowData? = nil, row: @escaping @MainActor (Int) -> CollectedRow
  ) {
    self.count = count
    self.path = path
    self.section = section
    self.id = id
    self.data = data
    self.row = row
  }

  /// The identity of row `index` of the segment.
  func key(_ index: Int) -> RowKey { RowKey(path: path, id: id?(index)) }
}

/// A `Section` met while collecting.
struct RowSection {
  /// Where it is in the content's structure: its identity.
  let path: [Int]
}

/// The identity of a row in its container: where its origin is in the content's structure,
/// and its `ForEach` id, if it has one.
struct RowKey: Hashable {
  let path: [Int]
  let id: AnyHashable?
}

/// A `ForEach`'s data, kept to tell cheaply whether the next update has the same: the same
/// array buffer, or equal values for an `Equatable` collection without contiguous storage (a
/// range), means the same rows. Two buffers are not compared element by element: a lazy
/// container checks only its hidden rows' ids then, which costs less.
@MainActor
struct RowData {
  let value: Any
  /// How many elements.
  let count: Int
  let isSame: @MainActor (Any) -> Bool

  init<Data: RandomAccessCollection>(_ data: Data) {
    value = data
    count = data.count
    isSame = { other in
      guard let other = other as? Data, other.count == data.count else { return false }
      let mine = data.withContiguousStorageIfAvailable { $0.baseAddress.map(UnsafeRawPointer.init) }
      let theirs = other.withContiguousStorageIfAvailable {
        $0.baseAddress.map(UnsafeRawPointer.init)
      }
      if let mine, let theirs { return mine == theirs }
      if let data = data as? any Equatable { return data.isEqualToAny(other) }
      return false
    }
  }
}

/// A view that contributes rows of its own to the container it is in, rather than one row.
@MainActor
protocol RowContent {
  /// Adds the view's rows.
  func collectRows(into rows: inout RowCollector)
}

extension EmptyView: RowContent {
  func collectRows(into rows: inout RowCollector) {}
}

extension TupleView: RowContent {
  func collectRows(into rows: inout RowCollector) {
    var index = 0
    for element in repeat each value {
      rows.collect(element, at: index)
      index += 1
    }
  }
}

extension ConditionalContent: RowContent {
  func collectRows(into rows: inout RowCollector) {
    switch storage {
    case .trueContent(let content): rows.collect(content, at: 0)
    case .falseContent(let content): rows.collect(content, at: 1)
    }
  }
}

extension Optional: RowContent where Wrapped: View {
  func collectRows(into rows: inout RowCollector) {
    if let self { rows.collect(self, at: 0) }
  }
}

extension Group: RowContent {
  func collectRows(into rows: inout RowCollector) { rows.collect(content, at: 0) }
}

extension ModifiedContent: RowContent {
  func collectRows(into rows: inout RowCollector) {
    if let edit = modifier as? any RowEditModifier {
      rows.editing(with: edit) { rows in rows.collect(content, at: 0) }
    } else {
      rows.wrapping(in: modifier) { rows in rows.collect(content, at: 0) }
    }
  }
}

extension ForEach: RowContent {
  func collectRows(into rows: inout RowCollector) {
    let data = self.data
    let identify = self.identify
    let content = self.content
    let start = data.startIndex
    let onRemove = rows.node.flatMap { node in
      (data as? any ElementBindingSource)?.attach(to: node)
    }
    rows.addRows(
      count: data.count, data: RowData(data),
      id: { index in AnyHashable(identify(data[data.index(start, offsetBy: index)])) },
      view: { index in content(data[data.index(start, offsetBy: index)]) },
      locate: { ids in Self.offsets(of: ids, in: data, identify) }, onRemove: onRemove)
  }

  /// The offsets of `ids` among `data`'s elements: one scan that hashes `ID`s, rather than
  /// boxing each element's id. The loop calls no closure but `identify`: a closure made here
  /// and passed to a generic algorithm checks its actor at each call.
  private static func offsets(
    of ids: [AnyHashable], in data: Data, _ identify: (Data.Element) -> ID
  ) -> [AnyHashable: Int] {
    var wanted: [ID: AnyHashable] = [:]
    for id in ids {
      if let typed = id.base as? ID { wanted[typed] = id }
    }
    var found: [AnyHashable: Int] = [:]
    guard !wanted.isEmpty else { return found }
    var index = data.startIndex
    var offset = 0
    while index != data.endIndex, found.count < wanted.count {
      if let id = wanted[identify(data[index])], found[id] == nil { found[id] = offset }
      data.formIndex(after: &index)
      offset += 1
    }
    return found
  }
}
