import Testing
import TrellisEnvironment
import TrellisGraph
import TrellisTracking
import TrellisViews

private struct ExportRow: View {
  let note: Note
  var body: some View { Text(note.title) }
}

private struct ExportList: View {
  let notebook: Notebook
  @State private var showsPinned = false
  @Environment(\.accent) private var accent

  var body: some View {
    VStack {
      Text("\(accent) \(showsPinned)")
      ForEach(notebook.notes) { note in ExportRow(note: note) }
    }
  }
}

private struct OwnerBadge: View {
  @Environment(Notebook.self) private var notebook
  @Environment(\.accent) private var accent
  var body: some View { Text("\(notebook.owner.name) \(accent)") }
}

@MainActor
@Suite struct GraphExportTests {
  @Test func theHostExportsBodiesAndWhatTheyReadByName() {
    let notebook = Notebook([Note(id: 1, title: "A"), Note(id: 2, title: "B")])
    let host = ViewHost(ExportList(notebook: notebook), executor: .manual)
    host.graph.recordsLastChange = true
    notebook.notes[1].title = "B2"
    host.flush()
    // The body reads `accent` (not overridden: the graph records a read of the key's
    // overrides), its state, and the list; each row reads its note's title. The edit re-ran
    // row #2 only. Dotted lines: the list contains both rows.
    #expect(
      host.exportDOT(highlightingLastChange: true) == """
        digraph Trellis {
          // 9 nodes, 5 edges; an edge points from what was read to who read it.
          // Dotted: the view above contains the view below.
          // Filled: changed or re-evaluated in the last change. Orange outline: marked stale by it.
          rankdir=LR;
          node [fontname="Helvetica", fontsize=11];
          n0 [label="body\\nExportList", shape=box, style="bold"];
          n1 [label="effect\\nForEach", shape=box];
          n2 [label="body\\nExportRow #1", shape=box, style="bold"];
          n3 [label="body\\nExportRow #2", shape=box, fillcolor="#ffcc80", color="#e65100", style="bold,filled"];
          n4 [label="environment\\noverrides of AccentKey", shape=hexagon];
          n5 [label="state\\n@State ExportList.showsPinned", shape=ellipse];
          n6 [label="tracked\\nNotebook.notes", shape=ellipse, style="dashed"];
          n7 [label="tracked\\nNote#1.title", shape=ellipse, style="dashed"];
          n8 [label="tracked\\nNote#2.title", shape=ellipse, fillcolor="#ffcc80", color="#e65100", style="dashed,filled"];
          n4 -> n0;
          n5 -> n0;
          n6 -> n0;
          n7 -> n2;
          n8 -> n3;
          n0 -> n2 [style=dotted, color="#9e9e9e", arrowhead=none];
          n0 -> n3 [style=dotted, color="#9e9e9e", arrowhead=none];
        }

        """)
  }

  @Test func environmentValuesAndObjectsAreNamedByKeyAndScope() {
    let notebook = Notebook([])
    let host = ViewHost(
      OwnerBadge().environment(\.accent, "red").environment(notebook), executor: .manual)
    // Each read of a key records its overrides and the value of the scope that has it; the
    // injected object's properties are named by reflecting the object in its cell.
    #expect(
      host.exportDOT() == """
        digraph Trellis {
          // 7 nodes, 6 edges; an edge points from what was read to who read it.
          rankdir=LR;
          node [fontname="Helvetica", fontsize=11];
          n0 [label="body\\nOwnerBadge", shape=box, style="bold"];
          n1 [label="environment\\noverrides of Notebook", shape=hexagon];
          n2 [label="environment\\nNotebook in root", shape=hexagon];
          n3 [label="environment\\noverrides of AccentKey", shape=hexagon];
          n4 [label="environment\\nAccentKey in root", shape=hexagon];
          n5 [label="tracked\\nNotebook.owner", shape=ellipse, style="dashed"];
          n6 [label="tracked\\nOwner.name", shape=ellipse, style="dashed"];
          n1 -> n0;
          n2 -> n0;
          n3 -> n0;
          n4 -> n0;
          n5 -> n0;
          n6 -> n0;
        }

        """)
  }
}
