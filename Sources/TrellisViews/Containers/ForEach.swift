import TrellisGraph

/// One view per element of a collection, each with the identity of its element's id, like
/// SwiftUI's `ForEach`.
///
/// - Keyed by id (`Identifiable` elements or `id:` key path): a row's state follows its
///   element through insertions, deletions and moves.
/// - `id: \.self` over positions, or a constant range: identity is the position, so state
///   stays with the position.
/// - A constant range (`ForEach(0..<3)`) whose count changes is reported (use `id:` for
///   dynamic ranges); the new range is used, so content is never asked for an index that is
///   out of range.
/// - Duplicate ids: one diagnostic per update naming them and the enclosing view; the first
///   element with a given id is shown, later ones are skipped. Never a crash.
///
/// Updating: when the `ForEach` is updated (its parent's body re-ran) or something its
/// content closure read changed, the content closure runs for every element, as in SwiftUI,
/// in the `ForEach`'s own tracked computation (so a read in the closure re-runs this pass, not
/// the parent's body). Each row is then matched by id, and a row whose view has the same
/// inputs as before is skipped without running its body (see `ComparisonPlan`). Reads made in
/// the rows' bodies re-run only that row; a read made in the closure itself (`ForEach(items)
/// { Text($0.title) }`) re-runs the closure for every row (SwiftUI re-runs that row's alone),
/// and is not listed in `ViewHost.bodyRuns`. For long lists, make the row a view of its own.
///
/// One shortcut keeps structural edits of long lists cheap: when the parent passes a content
/// closure that is the same closure as before (one that captures nothing, as
/// `ForEach(rows) { row in RowView(row: row) }`), and the previous pass read nothing that can
/// change, a row whose element is the same as before (by the rules of `ComparisonPlan`:
/// `==`, identity for objects) would get the same view again, so its closure is not called,
/// and keeps its id (an object whose id is a plain `var` that changed is not noticed then; a
/// `@Tracked` id is). Then only new, changed and moved rows cost more than an id comparison.
///
/// Ids are compared as their own type: the unchanged head and tail of the list, and rows that
/// kept their position, are matched by position; the rest through a table of the current ids.
///
/// Complexity: O(n) id comparisons per pass, plus, per row whose closure runs (all of them,
/// unless the shortcut applies), the closure and an input comparison, plus the work of the
/// rows that changed.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View,
  _PrimitiveView
{
  /// The elements.
  public let data: Data
  let identify: @MainActor (Data.Element) -> ID
  /// The key path behind `identify`, when it is one; nil when the element type decides (an
  /// `Identifiable` element's `id`, a range's values). Two `ForEach` values identify their
  /// elements the same way when these are equal.
  let identifyingKeyPath: KeyPath<Data.Element, ID>?
  let content: @MainActor (Data.Element) -> Content
  let isConstantRange: Bool
  /// The app's closure that `content` calls, when `content` is a wrapper made anew at each
  /// init (`ForEach($items)`, whose wrapper makes each element's binding): what tells two
  /// values apart instead of `content`.
  var wrappedContent: ClosureIdentity?

  /// Creates views over `data`, identified by `id`.
  /// - Parameters:
  ///   - data: the elements.
  ///   - id: the key path to each element's identity.
  ///   - content: the view for an element.
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping @MainActor (Data.Element) -> Content
  ) {
    self.data = data
    identify = { $0[keyPath: id] }
    identifyingKeyPath = id
    self.content = content
    isConstantRange = false
  }

  /// Renders one child per element (see the type's notes for identity rules).
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setTransparent()
    let part = node.parts.part(ForEachPart<Data, ID, Content>.self) { ForEachPart(node: node) }
    // `ForEach($items)`: the element bindings' state lives on this node.
    if let bindings = view.data as? any ElementBindingSource {
      part.onRowsRemoved = bindings.attach(to: node)
    }
    part.update(with: view)
  }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
  /// Creates views over identifiable `data`.
  /// - Parameters:
  ///   - data: the elements.
  ///   - content: the view for an element.
  public init(
    _ data: Data, @ViewBuilder content: @escaping @MainActor (Data.Element) -> Content
  ) {
    self.data = data
    identify = { $0.id }
    identifyingKeyPath = nil
    self.content = content
    isConstantRange = false
  }
}

extension ForEach where Data == Range<Int>, ID == Int {
  /// Creates views over a constant range, identified by position.
  /// - Parameters:
  ///   - data: the range; it should not change (see the type's notes).
  ///   - content: the view for an index.
  public init(_ data: Range<Int>, @ViewBuilder content: @escaping @MainActor (Int) -> Content) {
    self.data = data
    identify = { $0 }
    identifyingKeyPath = nil
    self.content = content
    isConstantRange = true
  }
}

/// A closure of any type, kept with its bits: two are equal when they are the very same
/// closure (the same code and the same captured context). The closure is kept alive, so that
/// while two are compared, neither's context can be freed and its address reused.
///
/// Invariant of its one unsafe construct: `withUnsafeBytes(of:)` copies the closure value's own
/// bytes (a function pointer and a context pointer) inside the call; nothing is read through
/// them, and no pointer outlives the call. It pays for `ForEach($items)`'s skip of unchanged
/// rows (`edit-bound-row-10k`, 43 → 21 ms); `ForEachBindingsTests`, run under AddressSanitizer
/// in CI, exercise it.
struct ClosureIdentity: Equatable {
  private let closure: Any
  private let bits: [UInt8]

  init<Closure>(_ closure: Closure) {
    self.closure = closure
    bits = withUnsafeBytes(of: closure) { Array($0) }
  }

  static func == (lhs: ClosureIdentity, rhs: ClosureIdentity) -> Bool { lhs.bits == rhs.bits }
}

/// A `ForEach`'s state: its latest value, its content pass, and its rows by id.
@MainActor
final class ForEachPart<Data: RandomAccessCollection, ID: Hashable, Content: View>: NodePart,
  EffectRunner
{
  unowned let node: ViewNode
  private var view: ForEach<Data, ID, Content>?
  private var effect: Effect?
  /// The rows' ids and elements, in the order of `node.children`.
  private var ids: [ID] = []
  private var elements: [Data.Element] = []
  /// Every current row by id, once `rowsAreIndexed`.
  private var rows: [ID: ViewNode] = [:]
  /// Whether `rows` holds every current row. Until a pass needs to find a row by an id whose
  /// hash value a current row has, `rows` stays empty and `rowHashes` stands in for it: each
  /// insertion into `rows` is a call into the unspecialized dictionary, about 1,100
  /// instructions per mounted row (7% of a mount), while a set of integers is specialized.
  /// A list that is mounted, updated in place, appended to with new ids, or replaced by rows
  /// with new ids never builds the table.
  private var rowsAreIndexed = true
  /// While `rows` is not built: the hash values of the current rows' ids, one per row (they
  /// are distinct; equal hash values build the table).
  private var rowHashes: Set<Int> = []
  /// Whether the next pass may skip the closure for rows whose element did not change.
  private var reusesRows = false
  /// The count a constant range started with.
  private var constantRangeCount: Int?
  /// Whether an id not equal to itself (NaN) was reported: once per `ForEach`.
  private var reportedUnequalID = false
  private let elementPlan = ComparisonPlan.elementPlan(for: Data.Element.self)
  /// Told the ids of the rows removed by a pass (`ForEach($items)` retires their bindings).
  var onRowsRemoved: (@MainActor ([AnyHashable]) -> Void)?

  init(node: ViewNode) { self.node = node }

  func update(with view: ForEach<Data, ID, Content>) {
    if let previous = self.view, let effect, !effect.hasDependencies {
      reusesRows = Self.sameClosures(previous, view)
    }

    self.view = view
    if view.isConstantRange { checkConstantRange(view.data.count) }
    if effect == nil {
      effect = node.makeOwnComputation(named: "ForEach", runner: self)
    }
    effect?.run()
  }

  func nodeDidUnmount() {
    effect?.dispose()
    rows = [:]
    rowsAreIndexed = true
    rowHashes = []
    elements = []
  }

  /// Whether two values identify elements the same way and carry the very same content
  /// closure (the same code and the same captured context, compared bit for bit).
  private static func sameClosures(
    _ old: ForEach<Data, ID, Content>, _ new: ForEach<Data, ID, Content>
  ) -> Bool {
    guard old.identifyingKeyPath == new.identifyingKeyPath else { return false }
    if let wrapped = old.wrappedContent { return wrapped == new.wrappedContent }
    return withUnsafeBytes(of: old.content) { old in
      withUnsafeBytes(of: new.content) { new in old.elementsEqual(new) }
    }
  }

  /// The part's effect runs its pass.
  func runEffect() { runContent() }

  /// The content pass. Matching and the closure run here, tracked; creating and updating rows
  /// runs untracked.
  ///
  /// The new list is matched in three regions: the head and the tail that keep their ids in
  /// place, and the middle between them, where a row is matched at its old position when its
  /// id is still there, else through `rows`. When rows may be reused (see the type's notes),
  /// the head and tail of elements that are bit for bit the same are found first, in one scan,
  /// and their ids are not asked for again.
  private func runContent() {
    guard let view, node.isMounted else { return }
    let reuse = reusesRows
    reusesRows = false
    let oldElements = elements
    let oldCount = ids.count
    let newElements = Array(view.data)
    let newCount = newElements.count
    var sameHead = 0
    var sameTail = 0
    // Whether the element at each position below both counts is the same bits as the old one
    // there, found in one pass over raw memory for element types compared by their bits. A
    // same element keeps its id, which then need not be asked for again.
    var sameBits: [Bool] = []
    if reuse, let size = elementPlan.bitwiseSize {
      (sameHead, sameTail) = Self.unchangedEnds(oldElements, newElements, size: size)
      sameBits = Self.sameElements(
        oldElements, newElements, at: sameHead..<min(newCount - sameTail, oldCount - sameTail),
        size: size)
    }
    var newIDs: [ID] = []
    newIDs.reserveCapacity(newCount)
    newIDs.append(contentsOf: ids[0..<sameHead])
    // Runs of same elements are copied in bulk: one generic copy per run, not per id.
    let changedEnd = newCount - sameTail
    var position = sameHead
    while position < changedEnd {
      var runEnd = position
      while runEnd < changedEnd, runEnd - sameHead < sameBits.count, sameBits[runEnd - sameHead] {
        runEnd += 1
      }
      if runEnd > position {
        newIDs.append(contentsOf: ids[position..<runEnd])
        position = runEnd
      } else {
        newIDs.append(view.identify(newElements[position]))
        position += 1
      }
    }
    newIDs.append(contentsOf: ids[(oldCount - sameTail)..<oldCount])
    let oldIDs = ids
    var head = sameHead
    while head < oldCount - sameTail, head < newCount - sameTail, oldIDs[head] == newIDs[head] {
      head += 1
    }
    var tail = sameTail
    while tail < oldCount - head, tail < newCount - head,
      oldIDs[oldCount - 1 - tail] == newIDs[newCount - 1 - tail]
    {
      tail += 1
    }
    let plan = elementPlan
    var middle = Middle(count: newCount - head - tail)
    // Which old rows an element claimed, by old position: kept beside the rows rather than in
    // them, so that a row kept in place is never loaded, and no claim outlives the pass (a
    // swap in 10,000 rows loaded every row twice; 8.9% fewer instructions per swap).
    var claimed = [Bool](repeating: false, count: oldCount)
    func isSame(_ position: Int) -> Bool {
      guard reuse else { return false }
      let offset = position - sameHead
      if offset >= 0, offset < sameBits.count { return sameBits[offset] }
      return plan.inputsEqual(oldElements[position], newElements[position])
    }
    matching: while true {
      let oldMiddleEnd = oldCount - tail
      for offset in 0..<middle.count {
        let position = head + offset
        let sameOffset = position - sameHead
        if position < oldMiddleEnd, sameOffset < sameBits.count, sameBits[sameOffset] {
          // The same element in the same place (so the same id): no generic id to compare.
          if !claimed[position] {
            claimed[position] = true
            middle.inPlace[offset] = true
            middle.sameElement[offset] = true
            continue
          }
        }
        let id = newIDs[position]
        if position < oldMiddleEnd, oldIDs[position] == id, !claimed[position] {
          claimed[position] = true
          middle.inPlace[offset] = true
          middle.sameElement[offset] = isSame(position)
        } else if oldCount > 0, let row = indexedRow(id) {
          let oldPosition = row.listPosition
          if oldPosition >= oldMiddleEnd {
            // An element before the unchanged tail takes one of its ids: match it all by id.
            claimed = [Bool](repeating: false, count: oldCount)
            tail = 0
            middle = Middle(count: newCount - head)
            continue matching
          }
          if oldPosition < head || claimed[oldPosition] {
            middle.isDuplicate[offset] = true
          } else {
            claimed[oldPosition] = true
            middle.rows[offset] = row
          }
        }
      }
      break
    }

    // The positions of the rows that need a new view, in order, then their views. The
    // positions and the views are kept apart: appending to an array of `(Int, Content)` tuples
    // looked the array's type up at each append. The views are made in one loop after sizing
    // their array: an append inside a filtered loop still looked `[Content]` up each time (it
    // cannot be hoisted past the filter), about 330 instructions per mounted row. They are
    // appended to a local array, sized first: appended to the captured `views` (a boxed
    // variable), each append looked the type up again.
    var viewPositions: [Int] = []
    for position in sameHead..<head where !isSame(position) {
      viewPositions.append(position)
    }
    for offset in 0..<middle.count where !middle.isDuplicate[offset] && !middle.sameElement[offset]
    {
      viewPositions.append(head + offset)
    }
    for offset in 0..<(tail - min(tail, sameTail)) {
      let old = oldCount - tail + offset
      let new = newCount - tail + offset
      if !(reuse && plan.inputsEqual(oldElements[old], newElements[new])) {
        viewPositions.append(new)
      }
    }
    var views: [Content] = []
    // The content closure is part of the update, as a body is: state it writes is deferred.
    node.host.evaluatingBody(of: node) {
      var made: [Content] = []
      made.reserveCapacity(viewPositions.count)
      for position in viewPositions { made.append(view.content(newElements[position])) }
      views = made
    }
    GraphEvaluation.untracked {
      apply(
        Pass(
          oldCount: oldCount, newIDs: newIDs, newElements: newElements, head: head, tail: tail,
          middle: middle, viewPositions: viewPositions, views: views, claimed: claimed))
    }
  }

  /// The current row with `id`, building the table of rows by id first when a current row's
  /// id has the same hash value (see `rowsAreIndexed`).
  private func indexedRow(_ id: ID) -> ViewNode? {
    if !rowsAreIndexed {
      guard rowHashes.contains(id.hashValue) else { return nil }
      indexRows(except: [])
    }
    return rows.isEmpty ? nil : rows[id]
  }

  /// Fills `rows` from the current rows (in the order of `ids`) but those at the positions of
  /// `excluded`.
  private func indexRows(except excluded: [ViewNode]) {
    rowsAreIndexed = true
    rowHashes = []
    let children = node.children
    rows.reserveCapacity(ids.count)
    for position in ids.indices { rows[ids[position]] = children[position] }
    for row in excluded { rows[ids[row.listPosition]] = nil }
  }

  /// Keeps `rowHashes` in step with a pass that removes `removed` and creates rows for the ids
  /// at `newPositions`; false when a new hash value is already there, and the table must be
  /// built instead.
  private func updateRowHashes(
    removing removed: [ViewNode], keeping keptRows: Int, adding newPositions: [Int], of pass: Pass
  ) -> Bool {
    // Edited as a local (moved out, then back): each edit of the stored set would be a
    // dynamic exclusivity check, about 80 instructions per mounted row.
    var hashes = rowHashes
    rowHashes = []
    if keptRows == 0 {
      hashes.removeAll(keepingCapacity: true)
    } else {
      for row in removed { hashes.remove(ids[row.listPosition].hashValue) }
    }
    hashes.reserveCapacity(hashes.count + newPositions.count)
    for position in newPositions where !hashes.insert(pass.newIDs[position].hashValue).inserted {
      return false
    }
    rowHashes = hashes
    return true
  }

  /// How many elements at the start and at the end are the same bits in both lists (without
  /// overlapping). One pass over raw memory: no copies, no generic calls per element.
  nonisolated private static func unchangedEnds(
    _ old: [Data.Element], _ new: [Data.Element], size: Int
  ) -> (head: Int, tail: Int) {
    old.withUnsafeBytes { old in
      new.withUnsafeBytes { new in
        let stride = MemoryLayout<Data.Element>.stride
        let oldCount = old.count / stride
        let newCount = new.count / stride
        func same(_ oldIndex: Int, _ newIndex: Int) -> Bool {
          ComparisonPlan.bitsEqual(
            old.baseAddress! + oldIndex * stride, new.baseAddress! + newIndex * stride, size)
        }
        var head = 0
        while head < oldCount, head < newCount, same(head, head) { head += 1 }
        var tail = 0
        while tail < oldCount - head, tail < newCount - head,
          same(oldCount - 1 - tail, newCount - 1 - tail)
        {
          tail += 1
        }
        return (head, tail)
      }
    }
  }

  /// For each position in `positions`, whether the old and the new element there are the same
  /// bits.
  nonisolated private static func sameElements(
    _ old: [Data.Element], _ new: [Data.Element], at positions: Range<Int>, size: Int
  ) -> [Bool] {
    guard !positions.isEmpty else { return [] }
    var result = [Bool](repeating: false, count: positions.count)
    let stride = MemoryLayout<Data.Element>.stride
    old.withUnsafeBytes { old in
      new.withUnsafeBytes { new in
        let oldBase = old.baseAddress!
        let newBase = new.baseAddress!
        for index in result.indices {
          let byteOffset = (positions.lowerBound + index) * stride
          result[index] = ComparisonPlan.bitsEqual(
            oldBase + byteOffset, newBase + byteOffset, size)
        }
      }
    }
    return result
  }

  /// The middle region's matches: a row kept at its old position (`inPlace`), or the row
  /// matched from elsewhere or created (`rows`), or a duplicate.
  private struct Middle {
    let count: Int
    var inPlace: [Bool]
    var rows: [ViewNode?]
    var isDuplicate: [Bool]
    var sameElement: [Bool]

    init(count: Int) {
      self.count = count
      inPlace = [Bool](repeating: false, count: count)
      rows = [ViewNode?](repeating: nil, count: count)
      isDuplicate = [Bool](repeating: false, count: count)
      sameElement = [Bool](repeating: false, count: count)
    }
  }

  /// What one pass found, for `apply(_:)`.
  private struct Pass {
    let oldCount: Int
    let newIDs: [ID]
    let newElements: [Data.Element]
    let head: Int
    let tail: Int
    var middle: Middle
    /// The positions that get a new view, in order, and their views.
    let viewPositions: [Int]
    let views: [Content]
    /// Whether an element claimed the old row at each old position.
    let claimed: [Bool]
  }

  /// Creates the new rows, updates those with a new view, removes the old rows no element
  /// kept, and installs the new order, changing only the middle of the rows' list.
  private func apply(_ pass: Pass) {
    let host = node.host
    var pass = pass
    let oldCount = pass.oldCount
    let newCount = pass.newIDs.count
    let oldMiddle = pass.head..<(oldCount - pass.tail)
    // Room for every new row at once: grown one insertion at a time, the table is rehashed
    // about log₂(n) times over a mount (about 320 instructions per mounted row).
    var newRows = 0
    for offset in 0..<pass.middle.count
    where !pass.middle.inPlace[offset] && pass.middle.rows[offset] == nil {
      newRows += 1
    }
    var removed: [ViewNode] = []
    do {
      // Scoped: a second reference to the array would make the edits below copy it.
      let children = node.children
      for position in oldMiddle where !pass.claimed[position] {
        removed.append(children[position])
      }
    }
    // The removed rows leave `rows` before the new rows enter: no new row has one of their ids
    // (an element with an old row's id claims that row). When every row goes (a clear, or a
    // replace of all the rows), the table is emptied in one call: one removal per row is a call
    // into the unspecialized dictionary, about 110 ns each for 10,000 rows.
    let keptRows = oldCount - removed.count
    if rowsAreIndexed, keptRows == 0, newRows > 0 {
      // A mount, or every row replaced: the table waits (see `rowsAreIndexed`).
      rows.removeAll()
      rowsAreIndexed = false
    }
    if !rowsAreIndexed {
      var newPositions: [Int] = []
      newPositions.reserveCapacity(newRows)
      for offset in 0..<pass.middle.count
      where !pass.middle.inPlace[offset] && pass.middle.rows[offset] == nil {
        newPositions.append(pass.head + offset)
      }
      if !updateRowHashes(removing: removed, keeping: keptRows, adding: newPositions, of: pass) {
        // Two ids with one hash value, maybe one id twice: the table tells, and reports it.
        indexRows(except: removed)
      }
    } else if !removed.isEmpty {
      if keptRows == 0 {
        rows.removeAll(keepingCapacity: newRows > 0)
      } else {
        for row in removed { rows[ids[row.listPosition]] = nil }
      }
    }
    if newRows > 1, rowsAreIndexed { rows.reserveCapacity(rows.count + newRows) }
    // Only when there are rows to create: the optimizer makes the pass's arrays unique before
    // a loop that may edit them, and the caller still holds them, so entering the loop copied
    // every middle array, even for an edit that creates nothing (a swap in 10,000 rows: about
    // 300,000 instructions more).
    if newRows > 0 {
      for offset in 0..<pass.middle.count
      where !pass.middle.inPlace[offset] && pass.middle.rows[offset] == nil
        && !pass.middle.isDuplicate[offset]
      {
        let id = pass.newIDs[pass.head + offset]
        // An id not equal to itself (NaN) finds no row, so its row is made again by every
        // pass that does not keep it in place: reported once, and never put in the table,
        // from which it could not be removed either (each such pass would leak a row).
        // Checked only for rows made by an update, never on a mount.
        let isUnequal = oldCount > 0 && id != id
        if isUnequal, !reportedUnequalID {
          reportedUnequalID = true
          node.reportUnequalRowID(id, container: "ForEach")
        }
        let row = ViewNode(
          parent: node, key: .row, viewType: Content.self, explicitID: ExplicitID(value: id))
        if !rowsAreIndexed || isUnequal {
          pass.middle.rows[offset] = row
        } else if let earlier = rows.updateValue(row, forKey: id) {
          // New ids that repeat each other (neither had a row): the first one keeps it.
          rows[id] = earlier
          pass.middle.isDuplicate[offset] = true
        } else {
          pass.middle.rows[offset] = row
        }
      }
    }
    let hasDuplicates = pass.middle.isDuplicate.contains(true)
    let movedOrNew = pass.middle.inPlace.contains(false)
    let changed = !removed.isEmpty || pass.middle.count != oldMiddle.count || movedOrNew
    // The views, in new order; a duplicate got one too (its closure ran), which is dropped.
    for (index, position) in pass.viewPositions.enumerated() {
      let offset = position - pass.head
      let row: ViewNode
      if position < pass.head {
        row = node.children[position]
      } else if offset < pass.middle.count {
        guard !pass.middle.isDuplicate[offset] else { continue }
        row = pass.middle.inPlace[offset] ? node.children[position] : pass.middle.rows[offset]!
      } else {
        row = node.children[oldCount - (newCount - position)]
      }
      Content._update(pass.views[index], in: row)
    }
    for row in removed { host.unmount(row) }
    if let onRowsRemoved, !removed.isEmpty {
      onRowsRemoved(removed.map { AnyHashable(ids[$0.listPosition]) })
    }
    var middleIDs = pass.newIDs[pass.head..<(newCount - pass.tail)]
    var duplicates: [ID] = []
    if hasDuplicates {
      var kept: [ID] = []
      for offset in 0..<pass.middle.count {
        if pass.middle.isDuplicate[offset] {
          duplicates.append(middleIDs[middleIDs.startIndex + offset])
        } else {
          kept.append(middleIDs[middleIDs.startIndex + offset])
        }
      }
      middleIDs = kept[...]
    }
    if changed, removed.isEmpty, !hasDuplicates, pass.middle.count == oldMiddle.count {
      // The same rows, some in other places (a swap, a move within the list): only those
      // places change.
      for offset in 0..<pass.middle.count where !pass.middle.inPlace[offset] {
        let position = pass.head + offset
        let row = pass.middle.rows[offset]!
        node.children[position] = row
        ids[position] = pass.newIDs[position]
        row.listPosition = position
      }
      host.markChildrenChanged(of: node)
    } else if changed {
      var middleRows: [ViewNode] = []
      middleRows.reserveCapacity(pass.middle.count)
      for offset in 0..<pass.middle.count where !pass.middle.isDuplicate[offset] {
        middleRows.append(
          pass.middle.inPlace[offset]
            ? node.children[pass.head + offset] : pass.middle.rows[offset]!)
      }
      ids.replaceSubrange(oldMiddle, with: middleIDs)
      node.children.replaceSubrange(oldMiddle, with: middleRows)
      let children = node.children
      for position in pass.head..<children.count where children[position].listPosition != position {
        children[position].listPosition = position
      }
      host.markChildrenChanged(of: node)
    }
    if hasDuplicates {
      var keptElements: [Data.Element] = []
      for position in 0..<newCount {
        let offset = position - pass.head
        if offset >= 0, offset < pass.middle.count, pass.middle.isDuplicate[offset] { continue }
        keptElements.append(pass.newElements[position])
      }
      elements = keptElements
    } else {
      elements = pass.newElements
    }
    if !duplicates.isEmpty { reportDuplicates(duplicates) }
  }

  private func reportDuplicates(_ duplicates: [ID]) {
    // Each id once, however often it repeats (three elements with id 1 are one duplicate id).
    var seen = Set<ID>()
    let distinct = duplicates.filter { seen.insert($0).inserted }
    let shown = distinct.prefix(10).map { "\($0)" }.joined(separator: ", ")
    let name = node.enclosingViewName
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: [name],
        message:
          "ForEach in \(name) has duplicate ids (\(shown)); only the first element with each "
          + "id is shown. Give every element a unique id."))
  }

  private func checkConstantRange(_ count: Int) {
    guard let initial = constantRangeCount else {
      constantRangeCount = count
      return
    }
    guard initial != count else { return }
    let name = node.enclosingViewName
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: [name],
        message:
          "ForEach(_:content:) in \(name) was given a constant range of \(initial) elements, "
          + "now \(count). Use ForEach(_:id:content:) for a range that changes; the new range "
          + "is used."))
    constantRangeCount = count
  }
}
