import Testing
import Trellis

// The code of the article "Lifetime" (Trellis.docc/Lifetime.md).

struct Drawer: View {
  @State private var isOpen = true

  var body: some View {
    VStack {
      Button("Open or close") { isOpen.toggle() }
      if isOpen {
        Tally(label: "inside")
      }
    }
  }
}

@MainActor
final class Journal {
  var lines: [String] = []
}

struct Page: View {
  let name: String
  let journal: Journal

  var body: some View {
    Text(name)
      .onAppear { journal.lines.append("appear \(name)") }
      .onDisappear { journal.lines.append("disappear \(name)") }
  }
}

struct Book: View {
  let journal: Journal
  @State private var isOpen = true
  @State private var chapter = 1

  var body: some View {
    VStack {
      Button("Next chapter") {
        isOpen.toggle()
        chapter += 1
      }
      if isOpen {
        VStack {
          Page(name: "left", journal: journal)
          Page(name: "right", journal: journal)
        }
        .onAppear { journal.lines.append("appear spread") }
        .onDisappear { journal.lines.append("disappear spread") }
      } else {
        Page(name: "cover", journal: journal)
      }
    }
    .onChange(of: chapter) { old, new in journal.lines.append("chapter \(old) to \(new)") }
  }
}

struct Chapters: View {
  let journal: Journal
  @State private var path: [Int] = []

  var body: some View {
    NavigationStack(path: $path) {
      VStack {
        Button("Read chapter 1") { path.append(1) }
        Page(name: "contents", journal: journal)
      }
      .navigationDestination(for: Int.self) { chapter in
        Page(name: "chapter \(chapter)", journal: journal)
      }
    }
  }
}

struct Ticker: View {
  let journal: Journal

  var body: some View {
    Text("ticking")
      .task {
        journal.lines.append("started")
        do {
          try await Task.sleep(for: .seconds(3600))
          journal.lines.append("slept")
        } catch {
          journal.lines.append("cancelled")
        }
      }
  }
}

struct TickerSwitch: View {
  let journal: Journal
  @State private var showsTicker = true

  var body: some View {
    VStack {
      Button("Stop") { showsTicker = false }
      if showsTicker {
        Ticker(journal: journal)
      }
    }
  }
}

struct Search: View {
  let journal: Journal
  @State private var query = "a"

  var body: some View {
    VStack {
      Button("Search b") { query = "b" }
      Text("results for \(query)")
        .task(id: query) { [query] in
          journal.lines.append(Task.isCancelled ? "\(query) cancelled" : "load \(query)")
        }
    }
  }
}

@MainActor
@Suite struct LifetimeArticleTests {
  @Test func stateLivesAsLongAsItsIdentity() {
    let host = ViewHost(Drawer(), executor: .manual)
    host.tap("inside: 0")
    host.flush()
    #expect(host.tree.texts == ["Open or close", "inside: 1"])
    host.tap("Open or close")
    host.flush()
    host.tap("Open or close")
    host.flush()
    #expect(host.tree.texts == ["Open or close", "inside: 0"])
  }

  @Test func appearancesComeInnermostFirstAfterTheCommit() {
    let journal = Journal()
    _ = ViewHost(Book(journal: journal), executor: .manual)
    #expect(journal.lines == ["appear left", "appear right", "appear spread"])
  }

  @Test func aPushHidesTheLevelBelowAndAPopShowsItAgain() {
    let journal = Journal()
    let host = ViewHost(Chapters(journal: journal), executor: .manual)
    host.tap("Read chapter 1")
    host.flush()
    host.dismiss()
    host.flush()
    #expect(
      journal.lines == [
        "appear contents", "disappear contents", "appear chapter 1", "disappear chapter 1",
        "appear contents",
      ])
  }

  @Test func disappearancesComeFirstThenChangesThenAppearances() {
    let journal = Journal()
    let host = ViewHost(Book(journal: journal), executor: .manual)
    journal.lines = []
    host.tap("Next chapter")
    host.flush()
    #expect(
      journal.lines == [
        "disappear spread", "disappear left", "disappear right", "chapter 1 to 2", "appear cover",
      ])
  }

  @Test func aTaskIsCancelledWhenItsViewGoes() async {
    let journal = Journal()
    let host = ViewHost(TickerSwitch(journal: journal), executor: .manual)
    host.tap("Stop")
    host.flush()
    await host.waitForTasks()
    #expect(journal.lines == ["started", "cancelled"])
    #expect(host.events.map(\.description) == ["task start Ticker", "task cancel Ticker"])
  }

  @Test func aTaskWithAnIdRestartsWhenTheIdChanges() async {
    let journal = Journal()
    let host = ViewHost(Search(journal: journal), executor: .manual)
    host.tap("Search b")
    host.flush()
    await host.waitForTasks()
    #expect(journal.lines.sorted() == ["a cancelled", "load b"])
    #expect(
      host.events.map(\.description) == [
        "task start Search", "task cancel Search", "task start Search",
      ])
  }
}
