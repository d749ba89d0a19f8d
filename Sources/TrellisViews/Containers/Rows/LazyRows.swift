import TrellisGraph

/// How a lazy container (`List`, `LazyVStack`, `LazyHStack`) realizes its rows: only those
/// inside its viewport, plus `ViewHostOptions.lazyOverscan` rows beyond each end.
///
/// - **Realizing.** Each pass collects the content's rows (`RowCollector`, O(structure)), and
///   for the rows in range asks for their ids and views, one row at a time: for a `ForEach`,
///   its content closure runs for those rows only. Each realized row has a node of its own,
///   keyed by its identity (structural place and `ForEach` id), under the container or under
///   its section's node.
/// - **Scrolling.** Rows that leave the range are hidden, not destroyed: they disappear (their
///   tasks are cancelled) and keep their state; rows that come back appear again with it.
///   Rows that enter for the first time are created and appear.
/// - **Retention.** At most `ViewHostOptions.lazyRowRetention` hidden rows are kept; beyond
///   that, the rows shown least recently are destroyed.
/// - **Identity.** A row whose identity leaves the content is destroyed, hidden or not. To
///   find hidden rows whose element was removed, a pass whose `ForEach` data changed (another
///   array buffer, or unequal values) while rows are hidden checks every id: O(n) id reads,
///   no views built.
///
/// The pass runs in the container's own computation: what the content closures read for the
/// realized rows re-runs it, and nothing else of the parent. A new viewport schedules it.
@MainActor
final class LazyRowsPart: NodePart, EffectRunner {
  unowned let node: ViewNode
  /// Adds the latest content's rows to a collector.
  private var collect: (@MainActor (inout RowCollector) -> Void)?
  private var effect: Effect?
  /// Every realized row, shown or hidden, by identity.
  private var rows: [RowKey: LazyRow] = [:]
  /// Every realized section, by identity.
  private var sections: [[Int]: LazySection] = [:]
  /// The rows shown by the last pass, in order.
  private var shown: [LazyRow] = []
  /// The rows the last pass built, and how many the content has: for the drivers' "not in the
  /// tree" diagnostics, since a row outside the range has no views yet.
  private(set) var builtRows: (range: Range<Int>, total: Int) = (0..<0, 0)
  private var pass: UInt64 = 0
  /// Whether a row id not equal to itself (NaN) was reported: once per container.
  private var reportedUnequalID = false
  /// Whether a viewport larger than `maximumRealizedRows` was reported: once per container.
  private var reportedOversizedViewport = false
  /// The most rows one pass realizes. A viewport of `Int.max` rows over `0..<Int.max` asked
  /// for storage for all of them and trapped (found by a new user); a million rows take a
  /// second and gigabytes. No screen shows 100,000 rows.
  static let maximumRealizedRows = 100_000
  /// The data of each `ForEach` segment at the last pass, by place.
  private var lastData: [[Int]: RowData] = [:]
  /// The scroll view whose viewport applies when none is reported for the container itself.
  private weak var scrollContext: ScrollContext?
  /// The selection of a `List(selection:)`, compared with each row's tag.
  var selection: ListSelection?
  /// The container's own layout attributes (a lazy stack's alignment and spacing), set with
  /// the rows it shows.
  var layoutAttributes: [ElementAttribute] = []

  /// - Parameters:
  ///   - node: the container's node.
  ///   - inScrollView: whether an enclosing `ScrollView`'s viewport applies (lazy stacks; a
  ///     `List` scrolls by itself).
  init(node: ViewNode, inScrollView: Bool) {
    self.node = node
    guard inScrollView else { return }
    scrollContext = GraphEvaluation.untracked { node.environment.object(ScrollContext.self) }
    scrollContext?.register(self)
  }

  /// Takes the container's latest content and realizes the rows in range.
  func update(collect: @escaping @MainActor (inout RowCollector) -> Void) {
    self.collect = collect
    if effect == nil {
      effect = node.makeOwnComputation(named: node.typeName, runner: self)
    }
    effect?.run()
  }

  /// The viewport changed: realize the rows in the new range at the next flush.
  func viewportDidChange() { effect?.scheduleRun() }

  /// Also called while the host goes away: touches nothing but the part.
  func nodeDidUnmount() {
    effect?.dispose()
    rows = [:]
    sections = [:]
    shown = []
  }

  /// The element whose reported viewport applies: the container's own, else its scroll
  /// view's.
  var viewportElement: ElementID? {
    if let id = node.elementID, node.host.viewports[id] != nil { return id }
    return scrollContext?.element ?? node.elementID
  }

  /// The viewport that applies now.
  var viewport: Viewport {
    let host = node.host
    if let id = node.elementID, let own = host.viewports[id] { return own }
    if let element = scrollContext?.element, let outer = host.viewports[element] { return outer }
    return Viewport(offset: 0, length: host.options.defaultViewportRows)
  }

  /// Keeps the offset of a scroll made with `ViewHost.scroll(toRow:visibleRows:)` within the
  /// rows, as a scroll view clamps its content offset to its content: without it, rows that
  /// shrank under the offset and grew back showed the rows at the old offset again, a jump no
  /// scroll view makes. The rows shown now are the same either way (`realizedRange` shows the
  /// last rows of a viewport past the end). A renderer's viewport is its own scroll view's,
  /// which keeps its own offset: it is left as reported.
  private func clampHostScroll(total: Int) {
    let host = node.host
    guard let element = viewportElement, host.hostScrolledViewports.contains(element),
      var current = host.viewports[element], current.unit == .rows
    else { return }
    let last = max(0, total - max(0, current.length))
    if current.offset > last {
      current.offset = last
      host.viewports[element] = current
    }
  }

  /// The rows to realize among `total`: the viewport's, clamped so that a viewport past the end
  /// shows the last rows, widened by the overscan.
  private func realizedRange(total: Int) -> Range<Int> {
    let current = viewport
    let visible = current.rows
    // Not `visible.count`: a viewport far past the end (`scroll(toRow: Int.max)`) is cut short
    // at `Int.max`, and would show fewer of the last rows than one at the end.
    let length = current.spannedRowCount
    let first = min(visible.lowerBound, max(0, total - length))
    let overscan = max(0, node.host.options.lazyOverscan)
    let lower = max(0, first - overscan)
    // `length` and the overscan may be anything up to `Int.max`: added without overflowing.
    let (visibleEnd, pastVisible) = first.addingReportingOverflow(length)
    let (end, pastEnd) = visibleEnd.addingReportingOverflow(overscan)
    var upper = pastVisible || pastEnd ? total : min(total, end)
    if upper - lower > Self.maximumRealizedRows {
      upper = lower + Self.maximumRealizedRows
      reportOversizedViewport(rows: current.spannedRowCount)
    }
    return lower < upper ? lower..<upper : lower..<lower
  }

  private func reportOversizedViewport(rows: Int) {
    guard !reportedOversizedViewport else { return }
    reportedOversizedViewport = true
    let rowCount = rows == Int.max ? "Int.max" : "\(rows)"
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: [node.diagnosticName],
        message:
          "\(node.typeName) in \(node.diagnosticName) has a viewport of \(rowCount) rows; a lazy "
          + "container realizes at most \(Self.maximumRealizedRows) rows at once, so it shows the "
          + "first \(Self.maximumRealizedRows) of them. Report the rows the "
          + "screen shows."))
  }

  /// The part's effect runs its pass.
  func runEffect() { runPass() }

  /// One pass: collect the rows, build the views of those in range (tracked), then realize
  /// them (untracked).
  private func runPass() {
    guard node.isMounted, let collect else { return }
    // The content closures run while the rows are collected and built: part of the update, as
    // a body is, so state they write is deferred (`HostCore.writeState`).
    let (wanted, range, collector) = node.host.evaluatingBody(of: node) { wantedRows(collect) }
    GraphEvaluation.untracked {
      realize(wanted, range: range, total: collector.count, collector: collector)
    }
  }

  /// Collects the content's rows and builds the views of those in range.
  private func wantedRows(
    _ collect: (inout RowCollector) -> Void
  ) -> (wanted: [WantedRow], range: Range<Int>, collector: RowCollector) {
    var collector = RowCollector(node: node)
    collect(&collector)
    let total = collector.count
    clampHostScroll(total: total)
    let range = realizedRange(total: total)
    // Built only when a `ForEach` here has editing actions: most passes (every scroll) need none.
    var listName: String?
    var wanted: [WantedRow] = []
    wanted.reserveCapacity(range.count)
    var start = 0
    for segment in collector.segments {
      let overlap = range.clamped(to: start..<(start + segment.count))
      for index in overlap {
        let local = index - start
        let row = segment.row(local)
        wanted.append(
          WantedRow(
            index: index, offset: local, key: segment.key(local),
            section: segment.section.map { collector.sections[$0].path }, row: row,
            editing: segment.editActions.map { actions in
              let name = listName ?? node.diagnosticName
              listName = name
              return EditableRowPart(
                actions: actions, offset: local, rowCount: segment.count, listName: name)
            },
            // Read here, tracked: a new selection re-runs the pass, which re-marks the rows.
            isSelected: selection.flatMap { selection in row.tag.map(selection.isSelected) }))
      }
      start += segment.count
    }
    return (wanted, range, collector)
  }

  private func realize(
    _ wanted: [WantedRow], range: Range<Int>, total: Int, collector: RowCollector
  ) {
    let host = node.host
    pass &+= 1
    let pass = self.pass
    var duplicates: [AnyHashable] = []
    // Sections first, so that their rows are created under shown sections.
    var shownSections: [LazySection] = []
    for entry in wanted {
      guard let path = entry.section else { continue }
      let section = sections[path] ?? makeSection(path)
      if section.claim != pass {
        section.claim = pass
        shownSections.append(section)
        host.show(section.node, in: node)
      }
    }
    var nowShown: [LazyRow] = []
    nowShown.reserveCapacity(wanted.count)
    for entry in wanted {
      let parent = entry.section.flatMap { sections[$0]?.node } ?? node
      var row = rows[entry.key]
      if let existing = row, existing.claim == pass {
        duplicates.append(entry.key.id ?? AnyHashable(entry.index))
        continue
      }
      if let existing = row, existing.parent !== parent {
        host.unmount(existing.node)
        rows[entry.key] = nil
        row = nil
      }
      let realized: LazyRow
      if let row {
        realized = row
      } else {
        let wrapper = ViewNode(
          parent: parent, key: .row, viewType: LazyRow.self,
          explicitID: entry.key.id.map(ExplicitID.init))
        wrapper.setTransparent()
        var key = entry.key
        if let id = key.id, id != id {
          // An id not equal to itself (NaN) finds no row: the row is made again by every pass.
          // Kept under a key of its own, equal to itself, so that it can be removed and
          // evicted; under its id it would stay in the table for good, one more each pass.
          if !reportedUnequalID {
            reportedUnequalID = true
            node.reportUnequalRowID(id.base, container: node.typeName)
          }
          key = RowKey(path: key.path, id: AnyHashable(ObjectIdentifier(wrapper)))
        }
        realized = LazyRow(key: key, node: wrapper, parent: parent)
        rows[key] = realized
      }
      realized.claim = pass
      realized.lastShown = pass
      realized.index = entry.index
      realized.offset = entry.offset
      realized.tag = entry.row.tag
      if let editing = entry.editing {
        realized.node.parts.part(EditableRowPart.self) { editing }.update(from: editing)
      } else if let stale = realized.node.parts[EditableRowPart.self] {
        stale.update(
          from: EditableRowPart(actions: RowEditActions(), offset: 0, rowCount: 0, listName: ""))
      }
      host.show(realized.node, in: parent)
      if let selection {
        // A tagged row can be selected: it says whether it is, and selecting it (a tap, a
        // renderer's activation) selects its tag. An untagged row is neither.
        realized.node.setAttributes(entry.isSelected.map { [.isSelected($0)] } ?? [])
        let selecting = realized.node.parts.part(RowSelectionPart.self) { RowSelectionPart() }
        selecting.tag = entry.isSelected == nil ? nil : entry.row.tag
        selecting.selection = selection
      }
      entry.row.update(realized.node)
      nowShown.append(realized)
    }
    for row in shown where row.claim != pass && row.node.isMounted { host.hide(row.node) }
    for section in sections.values where section.claim != pass { host.hide(section.node) }
    shown = nowShown
    removeRowsNoLongerInContent(collector)
    evictBeyondRetention()
    installChildren(shownSections: shownSections)
    // The rows a duplicate id dropped are not counted: the range and the total describe the
    // rows shown (found by a new user: 3 of 3 rows with 2 shown drew a phantom row). Only the
    // realized rows are looked at, so duplicates beyond them are counted once scrolled to.
    let shownRange = range.lowerBound..<(range.upperBound - duplicates.count)
    builtRows = (shownRange, total - duplicates.count)
    node.setAttributes(
      ElementAttributes(
        layoutAttributes + [.rows(shownRange, total: total - duplicates.count)]))
    if !duplicates.isEmpty { reportDuplicates(duplicates) }
  }

  private func makeSection(_ path: [Int]) -> LazySection {
    let sectionNode = ViewNode(
      parent: node, key: .row, viewType: LazySection.self, explicitID: nil)
    sectionNode.setContainer(kind: .section)
    node.host.hide(sectionNode)
    let section = LazySection(node: sectionNode)
    sections[path] = section
    return section
  }

  /// Destroys the hidden rows and sections whose identity is gone from the content.
  ///
  /// A hidden row of a `ForEach` whose data is the same array as at the last pass is still
  /// there. For a `ForEach` whose data changed, each hidden row is looked for near its offset:
  /// where it was, there moved by the change in the row count (rows inserted or removed before
  /// it), and one row either side (a row moved across it). So an edit, an insertion, a removal
  /// or a move of other rows costs O(hidden rows). The rows found in none of those places are
  /// looked for together in one scan of the `ForEach`'s data, by their own id type. (Found by a
  /// scaling hunt: every edit of a 100,000-row `List` with hidden rows boxed and hashed all
  /// 100,000 ids, about 40 ms.)
  private func removeRowsNoLongerInContent(_ collector: RowCollector) {
    var segments: [[Int]: RowSegment] = [:]
    // By segment: how many rows it gained (negative: lost) since the last pass, for the
    // segments whose data changed.
    var changed: [[Int]: Int] = [:]
    var data: [[Int]: RowData] = [:]
    for segment in collector.segments {
      segments[segment.path] = segment
      guard let segmentData = segment.data else { continue }
      data[segment.path] = segmentData
      let last = lastData[segment.path]
      if let last, last.isSame(segmentData.value) { continue }
      changed[segment.path] = segment.count - (last?.count ?? segment.count)
    }
    lastData = data
    let paths = Set(collector.sections.map(\.path))
    for (path, section) in sections where section.claim != pass && !paths.contains(path) {
      node.host.unmount(section.node)
      sections[path] = nil
    }
    var gone: [LazyRow] = []
    var unplaced: [[Int]: [LazyRow]] = [:]
    for row in rows.values where row.claim != pass {
      guard row.parent.isMounted, let segment = segments[row.key.path] else {
        gone.append(row)
        continue
      }
      guard let getID = segment.id, let shift = changed[segment.path], let id = row.key.id else {
        continue
      }
      if let offset = Self.offset(
        of: id, near: row.offset, shiftedBy: shift, count: segment.count, getID)
      {
        row.offset = offset
      } else {
        unplaced[segment.path, default: []].append(row)
      }
    }
    for (path, moved) in unplaced {
      let found = segments[path]?.locate?(moved.compactMap(\.key.id)) ?? [:]
      for row in moved {
        if let id = row.key.id, let offset = found[id] {
          row.offset = offset
        } else {
          gone.append(row)
        }
      }
    }
    for row in gone {
      if row.node.isMounted { node.host.unmount(row.node) }
      rows[row.key] = nil
      if let id = row.key.id { segments[row.key.path]?.onRemove?([id]) }
    }
  }

  /// Where `id` is among a segment's `count` rows, looking only near `offset`: at it, at it
  /// moved by `shift`, and one row either side of that. Nil when it is in none of those places.
  private static func offset(
    of id: AnyHashable, near offset: Int, shiftedBy shift: Int, count: Int,
    _ getID: (Int) -> AnyHashable
  ) -> Int? {
    let shifted = offset + shift
    for candidate in [offset, shifted, shifted - 1, shifted + 1]
    where (0..<count).contains(candidate) {
      if getID(candidate) == id { return candidate }
    }
    return nil
  }

  /// Destroys the hidden rows shown least recently, beyond the retention limit.
  private func evictBeyondRetention() {
    let limit = max(0, node.host.options.lazyRowRetention)
    let hiddenCount = rows.count - shown.count
    guard hiddenCount > limit else { return }
    let hidden = rows.values.filter { $0.claim != pass }.sorted { $0.lastShown < $1.lastShown }
    for row in hidden.prefix(hiddenCount - limit) {
      node.host.unmount(row.node)
      rows[row.key] = nil
    }
  }

  /// Installs the children lists: the shown rows and sections in order, then the hidden ones
  /// (which the renderers do not see).
  private func installChildren(shownSections: [LazySection]) {
    var top: [ViewNode] = []
    var bySection: [ObjectIdentifier: [ViewNode]] = [:]
    var placedSections = Set<ObjectIdentifier>()
    for row in shown {
      if row.parent === node {
        top.append(row.node)
      } else {
        let id = ObjectIdentifier(row.parent)
        if placedSections.insert(id).inserted { top.append(row.parent) }
        bySection[id, default: []].append(row.node)
      }
    }
    for row in rows.values where row.claim != pass {
      if row.parent === node {
        top.append(row.node)
      } else {
        bySection[ObjectIdentifier(row.parent), default: []].append(row.node)
      }
    }
    for section in sections.values where !placedSections.contains(ObjectIdentifier(section.node)) {
      top.append(section.node)
    }
    for section in sections.values {
      let children = bySection[ObjectIdentifier(section.node)] ?? []
      if !Self.same(section.node.children, children) {
        section.node.children = ChildList(children)
        node.host.markChildrenChanged(of: section.node)
      }
    }
    if !Self.same(node.children, top) {
      node.children = ChildList(top)
      node.host.markChildrenChanged(of: node)
    }
  }

  private static func same(_ lhs: ChildList<ViewNode>, _ rhs: [ViewNode]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 === $1 }
  }

  private func reportDuplicates(_ ids: [AnyHashable]) {
    // Each id once, however often it repeats.
    var seen = Set<AnyHashable>()
    let distinct = ids.filter { seen.insert($0).inserted }
    let shown = distinct.prefix(10).map { "\($0.base)" }.joined(separator: ", ")
    let name = node.enclosingViewName
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: [name],
        message:
          "\(node.typeName) in \(name) has duplicate row ids (\(shown)); only the first row "
          + "with each id is shown. Give every element a unique id."))
  }
}

/// A row of the content that the pass realizes: its place, identity, view and editing actions.
@MainActor
struct WantedRow {
  let index: Int
  /// The row's position in its segment (its `ForEach`'s rows).
  let offset: Int
  let key: RowKey
  let section: [Int]?
  let row: CollectedRow
  let editing: EditableRowPart?
  /// Whether the row is selected, for a tagged row in a list that selects; nil otherwise.
  let isSelected: Bool?
}

/// One realized row of a lazy container: a transparent node holding the row's view.
@MainActor
final class LazyRow {
  let key: RowKey
  let node: ViewNode
  /// The container or section node the row is under.
  let parent: ViewNode
  /// The pass that last claimed the row (shown it).
  var claim: UInt64 = 0
  /// The pass that last showed it, for the retention order.
  var lastShown: UInt64 = 0
  /// Its position among all rows when last shown.
  var index = 0
  /// Its position among its `ForEach`'s rows, when last shown or found.
  var offset = 0
  /// Its tag when last shown.
  var tag: AnyHashable?

  init(key: RowKey, node: ViewNode, parent: ViewNode) {
    self.key = key
    self.node = node
    self.parent = parent
  }
}

/// One realized section of a lazy container: a `Section` element around its realized rows.
@MainActor
final class LazySection {
  let node: ViewNode
  var claim: UInt64 = 0

  init(node: ViewNode) { self.node = node }
}
