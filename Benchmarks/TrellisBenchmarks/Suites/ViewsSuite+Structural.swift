import Trellis

/// A host over `KeyedRowList`, as production would run it (updates not logged), with a
/// counting renderer attached: the fixture of the structural cases.
@MainActor
final class StructuralFixture {
  let store: KeyedRowList.Store
  let recorder = RecordingRenderer(recordsMutations: false)
  let host: ViewHost
  private var nextID = 0

  init(rows count: Int) {
    store = KeyedRowList.Store(rows: [])
    host = ViewHost(
      KeyedRowList.ListView(store: store), executor: .manual,
      options: ViewHostOptions(logsUpdates: false), renderer: recorder)
    store.rows = makeRows(count)
    host.flush()
  }

  /// `count` rows with ids never used before.
  func makeRows(_ count: Int) -> [KeyedRowList.Row] {
    defer { nextID += count }
    return (nextID..<nextID + count).map { KeyedRowList.Row(id: $0, title: "Row \($0)") }
  }

  /// Whether the rendered tree shows exactly the store's rows, in order.
  var treeShowsTheRows: Bool {
    host.tree.findAll(kind: "Text").map(\.text) == store.rows.map { KeyedRowList.text(of: $0) }
  }
}

/// One structural case: an edit of the list (timed, with its flush), the mutations it must
/// send, and the untimed undo that restores the list's size between edits, if it needs one.
struct StructuralCase {
  let name: String
  let rows: Int
  /// The renderer's counts for one edit.
  let expected: RecordingRenderer.Counts
  let edit: @MainActor (StructuralFixture) -> Void
  var undo: (@MainActor (StructuralFixture) -> Void)?
  /// Untimed preparation, once, before the first edit.
  var prepare: (@MainActor (StructuralFixture) -> Void)?
  /// Record `mutations_per_update` as well.
  var recordsMutationsPerUpdate = false
}

extension ViewsSuite {
  /// js-framework-benchmark's operations on a keyed list, then edits of large lists.
  static let structuralCases: [StructuralCase] = [
    StructuralCase(
      name: "create-1k", rows: 0, expected: .init(creates: 2_000, inserts: 2_000, commits: 1),
      edit: { $0.store.rows = $0.makeRows(1_000) }, undo: { $0.store.rows = [] }),
    StructuralCase(
      name: "replace-1k", rows: 1_000,
      expected: .init(creates: 2_000, inserts: 2_000, removes: 1_000, commits: 1),
      edit: { $0.store.rows = $0.makeRows(1_000) }),
    StructuralCase(
      name: "update-every-10th-1k", rows: 1_000, expected: .init(textUpdates: 100, commits: 1),
      edit: { fixture in
        for index in stride(from: 0, to: fixture.store.rows.count, by: 10) {
          let row = fixture.store.rows[index]
          row.title =
            row.title.hasSuffix(" !!!") ? String(row.title.dropLast(4)) : row.title + " !!!"
        }
      }),
    StructuralCase(
      name: "select-1k", rows: 1_000, expected: .init(textUpdates: 2, commits: 1),
      edit: { fixture in
        let rows = fixture.store.rows
        let selected = rows.firstIndex { $0.isSelected } ?? 0
        rows[selected].isSelected = false
        rows[(selected + 7) % rows.count].isSelected = true
      }, prepare: { $0.store.rows[0].isSelected = true }),
    StructuralCase(
      name: "swap-1k", rows: 1_000, expected: .init(moves: 2, commits: 1),
      edit: { $0.store.rows.swapAt(1, 998) }),
    StructuralCase(
      name: "remove-1k", rows: 1_000, expected: .init(removes: 1, commits: 1),
      edit: { $0.store.rows.remove(at: 4) },
      undo: { $0.store.rows.insert(contentsOf: $0.makeRows(1), at: 4) }),
    StructuralCase(
      name: "create-10k", rows: 0, expected: .init(creates: 20_000, inserts: 20_000, commits: 1),
      edit: { $0.store.rows = $0.makeRows(10_000) }, undo: { $0.store.rows = [] }),
    StructuralCase(
      name: "append-1k-to-10k", rows: 10_000,
      expected: .init(creates: 2_000, inserts: 2_000, commits: 1),
      edit: { $0.store.rows += $0.makeRows(1_000) },
      undo: { $0.store.rows.removeLast(1_000) }),
    StructuralCase(
      name: "clear-10k", rows: 10_000, expected: .init(removes: 10_000, commits: 1),
      edit: { $0.store.rows = [] }, undo: { $0.store.rows = $0.makeRows(10_000) }),
    StructuralCase(
      name: "append-one-10k", rows: 10_000, expected: .init(creates: 2, inserts: 2, commits: 1),
      edit: { $0.store.rows.append(contentsOf: $0.makeRows(1)) },
      undo: { $0.store.rows.removeLast() }),
    StructuralCase(
      name: "remove-first-10k", rows: 10_000, expected: .init(removes: 1, commits: 1),
      edit: { $0.store.rows.removeFirst() },
      undo: { $0.store.rows.insert(contentsOf: $0.makeRows(1), at: 0) }),
    StructuralCase(
      name: "swap-two-10k", rows: 10_000, expected: .init(moves: 2, commits: 1),
      edit: { $0.store.rows.swapAt(1, 9_998) }, recordsMutationsPerUpdate: true),
    StructuralCase(
      name: "append-one-100k", rows: 100_000,
      expected: .init(creates: 2, inserts: 2, commits: 1),
      edit: { $0.store.rows.append(contentsOf: $0.makeRows(1)) },
      undo: { $0.store.rows.removeLast() }),
    StructuralCase(
      name: "remove-first-100k", rows: 100_000, expected: .init(removes: 1, commits: 1),
      edit: { $0.store.rows.removeFirst() },
      undo: { $0.store.rows.insert(contentsOf: $0.makeRows(1), at: 0) }),
  ]

  /// Runs one structural case: ms per edit. Every edit is checked for its exact mutation
  /// counts, and every batch for the rendered tree after its last edit.
  @MainActor
  func measure(_ structural: StructuralCase, in context: SuiteContext) {
    let fixture = StructuralFixture(rows: structural.rows)
    if let prepare = structural.prepare {
      prepare(fixture)
      fixture.host.flush()
    }
    var edits = 0
    var wrongCounts: [RecordingRenderer.Counts] = []
    var treeMismatches = 0
    var mutationsPerUpdate: [Double] = []
    let samples = context.sampler.nanosecondsPerOperation { n in
      var elapsed = Duration.zero
      var mutations = 0
      for index in 0..<n {
        fixture.recorder.clear()
        let clock = ContinuousClock()
        let start = clock.now
        structural.edit(fixture)
        fixture.host.flush()
        elapsed += clock.now - start
        edits += 1
        mutations += fixture.recorder.counts.total
        if fixture.recorder.counts != structural.expected, wrongCounts.count < 3 {
          wrongCounts.append(fixture.recorder.counts)
        }
        if index == n - 1, !fixture.treeShowsTheRows { treeMismatches += 1 }
        if let undo = structural.undo {
          undo(fixture)
          fixture.host.flush()
        }
      }
      mutationsPerUpdate.append(Double(mutations) / Double(n))
      return elapsed
    }
    context.record(
      structural.name, .trellis, metric: "ms", samples: samples.map { $0 / 1e6 })
    if structural.recordsMutationsPerUpdate {
      context.record(
        structural.name, .trellis, metric: Self.mutationsPerUpdate,
        samples: Array(mutationsPerUpdate.suffix(context.sampler.sampleCount)))
    }
    context.check(
      wrongCounts.isEmpty, structural.name, .trellis,
      "\(edits) edits; some sent \(wrongCounts), expected \(structural.expected) each")
    context.check(
      treeMismatches == 0, structural.name, .trellis,
      "\(treeMismatches) batches ended with a rendered tree that does not show the rows")
  }
}
