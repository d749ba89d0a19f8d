import Testing
import TrellisGraph
import TrellisTracking
import TrellisViews

// The tree behind `ViewHost.tree` is built on its first read, from the host's record of the
// elements the renderers have (`Rendering/TreeReplay.swift`), then follows every commit. These
// tests hold it to the tree a host that read it from the start has.

final class ReplayRow: Trackable, Identifiable {
  let id: Int
  @Tracked var title: String
  @Tracked var isMarked = false

  init(id: Int) {
    self.id = id
    _title = Tracked(wrappedValue: "row \(id)")
  }
}

final class ReplayModel: Trackable {
  @Tracked var rows: [ReplayRow] = []
  @Tracked var tab = "list"
  @Tracked var showsFooter = true
  private(set) var nextID = 1

  func makeRow() -> ReplayRow {
    defer { nextID += 1 }
    return ReplayRow(id: nextID)
  }
}

struct ReplayRowView: View {
  let row: ReplayRow
  var body: some View {
    HStack {
      Text(row.title).bold(row.isMarked)
      if row.isMarked { Text("marked") }
    }
  }
}

/// Rows (inserted, removed, moved, edited), a retained tab that hides and shows a subtree with
/// its elements, and a conditional footer.
struct ReplayScreen: View {
  @Bindable var model: ReplayModel
  var body: some View {
    VStack {
      TabView(selection: $model.tab) {
        VStack {
          ForEach(model.rows) { row in ReplayRowView(row: row) }
        }
        .tag("list")
        Text("\(model.rows.count) rows").padding(1).tag("summary")
      }
      if model.showsFooter { Text("footer").opacity(0.5) }
    }
  }
}

/// Two identical models, edited in lockstep.
@MainActor
struct ReplayPair {
  let models = (ReplayModel(), ReplayModel())

  func edit(using generator: inout SplitMix64) {
    let choice = Int.random(in: 0..<8, using: &generator)
    let count = models.0.rows.count
    let index = count == 0 ? 0 : Int.random(in: 0..<count, using: &generator)
    let other = count == 0 ? 0 : Int.random(in: 0..<count, using: &generator)
    for model in [models.0, models.1] {
      switch choice {
      case 0, 1: model.rows.insert(model.makeRow(), at: min(index, model.rows.count))
      case 2 where count > 0: model.rows.remove(at: index)
      case 3 where count > 1: model.rows.swapAt(index, other)
      case 4 where count > 0: model.rows[index].title += "'"
      case 5 where count > 0: model.rows[index].isMarked.toggle()
      case 6: model.tab = model.tab == "list" ? "summary" : "list"
      default: model.showsFooter.toggle()
      }
    }
  }
}

@MainActor
@Suite struct TreeReplayTests {
  /// Over random edit sequences, a host whose tree is first read after some edits has the
  /// same tree as one read after every edit, then and after every further edit (the built tree
  /// follows the commits). The tab switches leave elements created but out of the tree, which
  /// the first read must build too: inserting one it lacks would trap.
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
  func aTreeBuiltOnFirstReadMatchesOneFollowedFromTheStart(seed: UInt64) {
    var generator = SplitMix64(state: seed)
    let pair = ReplayPair()
    let followed = ViewHost(ReplayScreen(model: pair.models.0), executor: .manual)
    let late = ViewHost(ReplayScreen(model: pair.models.1), executor: .manual)
    let firstRead = Int.random(in: 0..<30, using: &generator)
    for step in 0..<60 {
      pair.edit(using: &generator)
      followed.flush()
      late.flush()
      let expected = followed.dump()
      guard step >= firstRead else { continue }
      #expect(late.dump() == expected, "seed \(seed), step \(step), first read at \(firstRead)")
    }
    // And both are the model's screen: the shown tab's texts, then the footer.
    let model = pair.models.1
    var texts: [String] = []
    if model.tab == "list" {
      for row in model.rows { texts += row.isMarked ? [row.title, "marked"] : [row.title] }
    } else {
      texts.append("\(model.rows.count) rows")
    }
    if model.showsFooter { texts.append("footer") }
    #expect(late.tree.texts == texts)
  }

  /// Pending changes are not in the built tree: it is the renderers' tree as of the last
  /// commit, and the next commit brings them.
  @Test func aTreeFirstReadBeforeAFlushShowsTheLastCommit() {
    let model = ReplayModel()
    model.rows = [model.makeRow(), model.makeRow()]
    let host = ViewHost(ReplayScreen(model: model), executor: .manual)
    model.rows[0].title = "edited"
    model.rows.remove(at: 1)
    #expect(host.tree.texts == ["row 1", "row 2", "footer"])
    host.flush()
    #expect(host.tree.texts == ["edited", "footer"])
  }

  /// Read for the first time from inside a commit, the tree cannot be built (half the elements
  /// are already the next commit's): the read is reported and gets `Empty`, and the next read
  /// after the commit builds it.
  @Test func aFirstReadFromInsideACommitIsReportedAndALaterReadBuildsTheTree() {
    final class Peeking: Renderer {
      let rootElement = 0
      var host: ViewHost?
      var seen: [RenderedNode] = []
      func createElement(_ description: ElementDescription) -> Int { 0 }
      func insert(_ child: Int, into parent: Int, at index: Int) {
        if let host, seen.isEmpty { seen.append(host.tree) }
      }
      func move(_ child: Int, in parent: Int, from source: Int, to destination: Int) {}
      func remove(_ child: Int, from parent: Int, at index: Int) {}
      func setText(_ text: String?, of element: Int) {}
      func setAttributes(_ attributes: ElementAttributes, of element: Int) {}
    }
    let model = ReplayModel()
    let renderer = Peeking()
    let host = ViewHost(ReplayScreen(model: model), executor: .manual, renderer: renderer)
    renderer.host = host
    model.rows.append(model.makeRow())
    let diagnostics = TrellisDiagnostics.capture { host.flush() }
    #expect(renderer.seen == [RenderedNode(kind: "Empty")])
    #expect(diagnostics.map(\.kind) == [.invalidInput])
    #expect(
      diagnostics.first?.message.hasPrefix("tree: read for the first time during a commit") == true)
    renderer.host = nil
    #expect(host.tree.texts == ["row 1", "footer"])
  }
}
