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
/// inputs as before is skipped without running its body (see `ComparisonPlan`); only rows
/// with new inputs, new rows and removed rows cost more than the pass. Ids are compared as
/// their own type: the unchanged head and tail of the list are matched by position, the rest
/// through a table of the current ids. Reads made in the rows' bodies re-run only that row.
///
/// Complexity: O(n) content calls and id comparisons per pass (tens of nanoseconds per row),
/// plus the work of the rows that changed.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
  /// The elements.
  public let data: Data
  let identify: (Data.Element) -> ID
  let content: @MainActor (Data.Element) -> Content
  let isConstantRange: Bool

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
    self.content = content
    isConstantRange = false
  }

  /// Renders one child per element (see the type's notes for identity rules).
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setTransparent()
    let part = node.parts.part(ForEachPart<Data, ID, Content>.self) { ForEachPart(node: node) }
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
    self.content = content
    isConstantRange = true
  }
}

/// A `ForEach`'s state: its latest value, its content pass, and its rows by id.
@MainActor
final class ForEachPart<Data: RandomAccessCollection, ID: Hashable, Content: View>: NodePart {
  unowned let node: ViewNode
  private var view: ForEach<Data, ID, Content>?
  private var effect: Effect?
  /// The rows' ids, in the order of `node.children`.
  private var ids: [ID] = []
  /// Every current row by id.
  private var rows: [ID: ViewNode] = [:]
  /// The content pass's output, kept between passes for its capacity.
  private var produced: [(id: ID, view: Content)] = []
  /// The count a constant range started with.
  private var constantRangeCount: Int?

  init(node: ViewNode) { self.node = node }

  func update(with view: ForEach<Data, ID, Content>) {
    self.view = view
    if view.isConstantRange { checkConstantRange(view.data.count) }
    if effect == nil {
      let effect = Effect(
        name: "ForEach", in: node.host.graph, depth: node.depth, runImmediately: false
      ) { [unowned self] in
        runContent()
      }
      effect.recordsReasons = false
      self.effect = effect
    }
    effect?.run()
  }

  func nodeDidUnmount() {
    effect?.dispose()
    rows = [:]
    produced = []
  }

  /// The content pass: the closure for every element (tracked), then the rows (untracked).
  private func runContent() {
    guard let view, node.isMounted else { return }
    produced.removeAll(keepingCapacity: true)
    produced.reserveCapacity(view.data.count)
    for element in view.data { produced.append((view.identify(element), view.content(element))) }
    GraphEvaluation.untracked { reconcile() }
  }

  private func reconcile() {
    let host = node.host
    let stamp = host.nextClaimStamp()
    let oldRows = node.children
    let oldCount = ids.count
    let newCount = produced.count
    var newIDs: [ID] = []
    var newRows: [ViewNode] = []
    newIDs.reserveCapacity(newCount)
    newRows.reserveCapacity(newCount)
    var duplicates: [ID] = []

    var head = 0
    while head < oldCount, head < newCount, ids[head] == produced[head].id {
      let row = oldRows[head]
      row.claimStamp = stamp
      Content._update(produced[head].view, in: row)
      newIDs.append(ids[head])
      newRows.append(row)
      head += 1
    }
    // The unchanged tail, matched by position, unless an element before it claims one of its
    // ids (then the earlier element wins and the tail is matched by id like the rest).
    var tail = 0
    while tail < oldCount - head, tail < newCount - head,
      ids[oldCount - 1 - tail] == produced[newCount - 1 - tail].id
    {
      tail += 1
    }
    if tail > 0 {
      let tailStamp = host.nextClaimStamp()
      for position in (oldCount - tail)..<oldCount { oldRows[position].claimStamp = tailStamp }
      for position in head..<(newCount - tail)
      where rows[produced[position].id]?.claimStamp == tailStamp {
        tail = 0
        break
      }
    }
    for position in head..<(newCount - tail) {
      let (id, content) = produced[position]
      if let row = rows[id] {
        guard row.claimStamp != stamp else {
          duplicates.append(id)
          continue
        }
        row.claimStamp = stamp
        Content._update(content, in: row)
        newIDs.append(id)
        newRows.append(row)
      } else {
        let row = ViewNode(
          parent: node, key: .row, viewType: Content.self, explicitID: AnyHashable(id))
        row.claimStamp = stamp
        rows[id] = row
        newIDs.append(id)
        newRows.append(row)
        Content._update(content, in: row)
      }
    }
    for offset in 0..<tail {
      let row = oldRows[oldCount - tail + offset]
      row.claimStamp = stamp
      Content._update(produced[newCount - tail + offset].view, in: row)
      newIDs.append(ids[oldCount - tail + offset])
      newRows.append(row)
    }
    var changed = newRows.count != oldCount
    for (position, row) in oldRows.enumerated() where row.claimStamp != stamp {
      rows[ids[position]] = nil
      host.unmount(row)
      changed = true
    }
    if !changed {
      for position in head..<newRows.count where newRows[position] !== oldRows[position] {
        changed = true
        break
      }
    }
    ids = newIDs
    produced.removeAll(keepingCapacity: true)
    if changed {
      node.children = newRows
      host.markChildrenChanged(of: node)
    }
    if !duplicates.isEmpty { reportDuplicates(duplicates) }
  }

  private func reportDuplicates(_ duplicates: [ID]) {
    let shown = duplicates.prefix(10).map { "\($0)" }.joined(separator: ", ")
    let name = node.enclosingViewName
    GraphDiagnostics.report(
      GraphDiagnostic(
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
    GraphDiagnostics.report(
      GraphDiagnostic(
        kind: .invalidInput, nodes: [name],
        message:
          "ForEach(_:content:) in \(name) was given a constant range of \(initial) elements, "
          + "now \(count). Use ForEach(_:id:content:) for a range that changes; the new range "
          + "is used."))
    constantRangeCount = count
  }
}
