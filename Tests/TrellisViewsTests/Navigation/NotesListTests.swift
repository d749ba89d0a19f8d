import Testing
import TrellisGraph
import TrellisTracking
import TrellisViews

// A notes list shaped like SwiftUI's canonical example: a stack without a path, a `List` of
// value links, a destination for the note type, the list loaded by `.task` and reloaded by
// `.refreshable`, and a detail that loads its note's text with `.task(id:)`. Only the model
// macro is replaced (`Trackable` and `@Tracked` for `@Observable`).

struct Memo: Identifiable, Hashable {
  let id: Int
  var title: String
}

/// What the server holds; each fetch logs itself.
@MainActor
final class MemoServer {
  var memos: [Memo] = [Memo(id: 1, title: "Groceries"), Memo(id: 2, title: "Trip")]
  var texts: [Int: String] = [1: "milk, eggs", 2: "passport"]
  private(set) var fetches: [String] = []

  func fetchMemos() async -> [Memo] {
    fetches.append("list")
    return memos
  }

  func fetchText(of id: Int) async -> String {
    fetches.append("text \(id)")
    return texts[id] ?? ""
  }
}

@MainActor
final class MemoStore: Trackable {
  @Tracked var memos: [Memo] = []
  let server: MemoServer

  init(server: MemoServer) { self.server = server }

  func load() async { memos = await server.fetchMemos() }
}

struct MemosView: View {
  let store: MemoStore

  var body: some View {
    NavigationStack {
      List(store.memos) { memo in
        NavigationLink(memo.title, value: memo)
      }
      .navigationTitle("Memos")
      .navigationDestination(for: Memo.self) { memo in
        MemoDetail(memo: memo, server: store.server)
      }
      .task { await store.load() }
      .refreshable { await store.load() }
    }
  }
}

struct MemoDetail: View {
  let memo: Memo
  let server: MemoServer
  @State private var text: String?

  var body: some View {
    VStack {
      Text(memo.title)
      Text(text ?? "Loading…")
    }
    .navigationTitle("Memo")
    .task(id: memo.id) { text = await server.fetchText(of: memo.id) }
  }
}

@MainActor
@Suite struct NotesListTests {
  let server = MemoServer()

  @Test func theListLoadsRefreshesPushesLoadsTheDetailAndPops() async {
    let store = MemoStore(server: server)
    let host = ViewHost(MemosView(store: store), executor: .manual)
    #expect(host.tree.texts == [])
    await host.waitForTasks()
    #expect(server.fetches == ["list"])
    #expect(
      host.dump() == """
        MemosView
          NavigationStack
            List rows=0..<2/2 title="Memos"
              NavigationLink #1
                Text "Groceries"
              NavigationLink #2
                Text "Trip"

        """)

    // Refresh: the server's new list replaces the rows.
    server.memos.append(Memo(id: 3, title: "Books"))
    host.clearLogs()
    #expect(await host.refresh())
    #expect(server.fetches == ["list", "list"])
    #expect(host.tree.texts == ["Groceries", "Trip", "Books"])
    // The path binds the same state as before: only the root is a changed input (the
    // optional path binding was once never equal, and named as a reason for every re-run).
    #expect(host.runLog == ["MemosView: MemoStore.memos", "NavigationStack: input root"])

    // Push: the list is covered, the detail appears and loads its text.
    host.clearLogs()
    host.tap("Trip")
    host.flush()
    #expect(host.tree.texts == ["Trip", "Loading…"])
    // The list's task had finished: covering it cancels nothing.
    #expect(host.eventLog == ["task start MemoDetail"])
    await host.waitForTasks()
    #expect(server.fetches == ["list", "list", "text 2"])
    #expect(
      host.dump() == """
        MemosView
          NavigationStack
            Destination title="Memo"
              MemoDetail
                VStack
                  Text "Trip"
                  Text "passport"

        """)

    // Pop: the list appears again and its task (the only event) reloads it.
    host.clearLogs()
    #expect(host.dismiss())
    host.flush()
    #expect(host.tree.texts == ["Groceries", "Trip", "Books"])
    #expect(host.events.map(\.kind) == [.taskStart])
    await host.waitForTasks()
    #expect(server.fetches == ["list", "list", "text 2", "list"])

    // Another note is a new detail identity: it loads its own text.
    host.tap("Groceries")
    host.flush()
    #expect(host.tree.texts == ["Groceries", "Loading…"])
    await host.waitForTasks()
    #expect(host.tree.texts == ["Groceries", "milk, eggs"])
    #expect(server.fetches == ["list", "list", "text 2", "list", "text 1"])

    // The popped detail was destroyed: pushed again, it starts loading afresh.
    #expect(host.dismiss())
    host.flush()
    host.tap("Trip")
    host.flush()
    #expect(host.tree.texts == ["Trip", "Loading…"])
    await host.waitForTasks()
    #expect(host.tree.texts == ["Trip", "passport"])
  }
}
