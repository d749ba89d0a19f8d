import Testing
import TrellisGraph
import TrellisTracking

final class ExportedNote: Trackable {
  @Tracked var title: String
  @Tracked var isPinned = false
  init(_ title: String) { self.title = title }
}

final class ExportedLibrary: Trackable {
  @Tracked var notes: [ExportedNote]
  @Tracked var filter = ""
  init(_ notes: [ExportedNote]) { self.notes = notes }
}

@MainActor
@Suite struct DependencyGraphExportTests {
  @Test func aChainIsExportedFromWhatWasReadToWhoReadIt() {
    let graph = Graph(executor: .manual)
    let count = Cell(1, name: "count")
    let doubled = Derived(name: "doubled") { count.value * 2 }
    let effect = Effect(name: "print", in: graph) { _ = doubled.value }
    #expect(
      graph.exportDOT() == """
        digraph Trellis {
          // 3 nodes, 2 edges; an edge points from what was read to who read it.
          rankdir=LR;
          node [fontname="Helvetica", fontsize=11];
          n0 [label="effect\\nprint", shape=box];
          n1 [label="derived\\ndoubled", shape=box, style="rounded"];
          n2 [label="cell\\ncount", shape=ellipse];
          n1 -> n0;
          n2 -> n1;
        }

        """)
    withExtendedLifetime(effect) {}
  }

  @Test func namesWithLineBreaksAndQuotesStayInsideTheirLabel() {
    let graph = Graph(executor: .manual)
    let cell = Cell(1, name: "a\r\nb \"c\"\\")
    let effect = Effect(name: "e", in: graph) { _ = cell.value }
    let dot = graph.exportDOT()
    #expect(dot.contains(#"n1 [label="cell\na\nb \"c\"\\", shape=ellipse];"#))
    #expect(!dot.contains("\r"))
    withExtendedLifetime(effect) {}
  }

  @Test func onlyThisGraphsLiveEffectsAndWhatTheyReadAreExported() {
    let graph = Graph(executor: .manual)
    let other = Graph(executor: .manual)
    let shared = Cell(0, name: "shared")
    let unread = Cell(0, name: "unread")
    let kept = Effect(name: "kept", in: graph) { _ = shared.value }
    let disposed = Effect(name: "disposed", in: graph) { _ = shared.value }
    let elsewhere = Effect(name: "elsewhere", in: other) { _ = shared.value }
    disposed.dispose()
    let extra = Derived(name: "extra") { unread.value + 1 }
    _ = extra.value
    #expect(
      graph.exportDOT(including: [extra]) == """
        digraph Trellis {
          // 4 nodes, 2 edges; an edge points from what was read to who read it.
          rankdir=LR;
          node [fontname="Helvetica", fontsize=11];
          n0 [label="effect\\nkept", shape=box];
          n1 [label="derived\\nextra", shape=box, style="rounded"];
          n2 [label="cell\\nshared", shape=ellipse];
          n3 [label="cell\\nunread", shape=ellipse];
          n2 -> n0;
          n3 -> n1;
        }

        """)
    withExtendedLifetime((kept, elsewhere)) {}
  }

  @Test func trackedPropertiesAreNamedByObjectAndProperty() {
    let graph = Graph(executor: .manual)
    let first = ExportedNote("A")
    let second = ExportedNote("B")
    let library = Cell(ExportedLibrary([first, second]), name: "library")
    let loose = ExportedNote("not reachable")
    let list = Effect(name: "list", in: graph) {
      for note in library.value.notes { _ = note.title }
    }
    let badge = Effect(name: "badge", in: graph) { _ = loose.isPinned }
    #expect(
      graph.exportDOT() == """
        digraph Trellis {
          // 7 nodes, 5 edges; an edge points from what was read to who read it.
          rankdir=LR;
          node [fontname="Helvetica", fontsize=11];
          n0 [label="effect\\nlist", shape=box];
          n1 [label="effect\\nbadge", shape=box];
          n2 [label="cell\\nlibrary", shape=ellipse];
          n3 [label="tracked\\nExportedLibrary.notes", shape=ellipse, style="dashed"];
          n4 [label="tracked\\nExportedNote#1.title", shape=ellipse, style="dashed"];
          n5 [label="tracked\\nExportedNote#2.title", shape=ellipse, style="dashed"];
          n6 [label="tracked\\ntracked property (owner not found)", shape=ellipse, style="dashed"];
          n2 -> n0;
          n3 -> n0;
          n4 -> n0;
          n5 -> n0;
          n6 -> n1;
        }

        """)
    #expect(graph.exportDOT(naming: [loose]).contains("tracked\\nExportedNote#3.isPinned"))
    withExtendedLifetime((list, badge)) {}
  }

  @Test func theLastChangeIsHighlightedWhenRecorded() {
    let graph = Graph(executor: .manual)
    graph.recordsLastChange = true
    let note = ExportedNote("A")
    let a = Cell(1, name: "a")
    let b = Cell(1, name: "b")
    let isOdd = Derived(name: "isOdd") { a.value % 2 == 1 }
    let first = Effect(name: "first", in: graph) { _ = isOdd.value }
    let second = Effect(name: "second", in: graph) {
      _ = b.value
      _ = note.title
    }
    b.value = 2
    graph.flush()
    a.value = 3
    note.title = "B"
    graph.flush()
    #expect(
      graph.exportDOT(naming: [note], highlightingLastChange: true) == """
        digraph Trellis {
          // 6 nodes, 4 edges; an edge points from what was read to who read it.
          // Filled: changed or re-evaluated in the last change. Orange outline: marked stale by it.
          rankdir=LR;
          node [fontname="Helvetica", fontsize=11];
          n0 [label="effect\\nfirst", shape=box, color="#e65100"];
          n1 [label="effect\\nsecond", shape=box, fillcolor="#ffcc80", color="#e65100", style="filled"];
          n2 [label="derived\\nisOdd", shape=box, fillcolor="#ffcc80", color="#e65100", style="rounded,filled"];
          n3 [label="cell\\nb", shape=ellipse];
          n4 [label="tracked\\nExportedNote.title", shape=ellipse, fillcolor="#ffcc80", color="#e65100", style="dashed,filled"];
          n5 [label="cell\\na", shape=ellipse, fillcolor="#ffcc80", color="#e65100", style="filled"];
          n2 -> n0;
          n3 -> n1;
          n4 -> n1;
          n5 -> n2;
        }

        """)
    withExtendedLifetime((first, second)) {}
  }

  /// The marks made beyond a value with several readers (by the walk of pending values, where
  /// the marks of a chain are made on the way) are recorded too: the walk that notes nothing
  /// is taken only when no change is recorded.
  @Test func marksBeyondAValueWithSeveralReadersAreHighlighted() {
    let graph = Graph(executor: .manual)
    graph.recordsLastChange = true
    let a = Cell(1, name: "a")
    let parity = Derived(name: "parity") { a.value % 2 }
    let left = Derived(name: "left") { parity.value + 1 }
    let right = Derived(name: "right") { parity.value + 2 }
    let first = Effect(name: "first", in: graph) { _ = left.value }
    let second = Effect(name: "second", in: graph) { _ = right.value }
    // A first change seals the one the first evaluations were recorded in.
    a.value = 5
    graph.flush()
    a.value = 3
    graph.flush()
    let lines = graph.exportDOT(highlightingLastChange: true).split(separator: "\n")
    func line(_ label: String) -> String {
      lines.first { $0.contains("label=\"\(label)\"") }.map(String.init) ?? ""
    }
    // Marked, not re-evaluated: parity recomputed to the same value.
    for label in ["derived\\nleft", "derived\\nright", "effect\\nfirst", "effect\\nsecond"] {
      #expect(line(label).contains("color=\"#e65100\""), "\(label) is marked")
      #expect(!line(label).contains("filled"), "\(label) did not evaluate")
    }
    #expect(line("derived\\nparity").contains("filled"))
    withExtendedLifetime((first, second)) {}
  }

  @Test func highlightingWithoutARecordedChangeSaysSoAndHighlightsNothing() {
    let graph = Graph(executor: .manual)
    let a = Cell(1, name: "a")
    let effect = Effect(name: "reader", in: graph) { _ = a.value }
    a.value = 2
    graph.flush()
    let text = graph.exportDOT(highlightingLastChange: true)
    #expect(
      text.split(separator: "\n").dropFirst(2).first.map(String.init)
        == "  // The last change is not highlighted: it was not recorded. "
        + "Set Graph.recordsLastChange before the change.")
    #expect(!text.contains("filled"))
    withExtendedLifetime(effect) {}
  }

  @Test func namesAreEscaped() {
    let graph = Graph(executor: .manual)
    let cell = Cell(0, name: #"say "hi" \ bye"#)
    let effect = Effect(name: "two\nlines", in: graph) { _ = cell.value }
    let text = graph.exportDOT()
    #expect(text.contains(#"n0 [label="effect\ntwo\nlines", shape=box];"#))
    #expect(text.contains(#"n1 [label="cell\nsay \"hi\" \\ bye", shape=ellipse];"#))
    withExtendedLifetime(effect) {}
  }
}
