import Testing
import TrellisGraph
import TrellisTracking
import TrellisViews

// `ForEach($items) { $item in … }`: each row's binding finds its element by id; once the
// element is removed, its binding never reaches the collection again.

/// A task in a to-do list, with a flag a toggle binds to.
struct Chore: Identifiable, Equatable {
  let id: Int
  var name: String
  var isDone = false
}

final class Chores: Trackable {
  @Tracked var chores: [Chore]

  init(_ names: String...) {
    _chores = Tracked(
      wrappedValue: names.enumerated().map { Chore(id: $0.offset + 1, name: $0.element) })
  }
}

/// Keeps the bindings rows hand out, and logs the uses of the collection's binding.
@MainActor
final class BindingLog {
  var kept: [Int: Binding<Chore>] = [:]
  var uses: [String] = []
}

struct ChoreList: View {
  let chores: Chores
  let log: BindingLog

  var body: some View {
    let chores = self.chores
    let log = self.log
    // Weak: the log keeps the bindings, which keep this one.
    let source = Binding<[Chore]>(
      get: { [weak log] in
        log?.uses.append("get")
        return chores.chores
      },
      set: { [weak log] in
        log?.uses.append("set \($0.map(\.name))")
        chores.chores = $0
      })
    VStack {
      ForEach(source) { $chore in
        ChoreRow(chore: $chore, log: log)
      }
    }
  }
}

struct ChoreRow: View {
  @Binding var chore: Chore
  let log: BindingLog

  var body: some View {
    HStack {
      Text(chore.name)
      Button("rename \(chore.name)") { chore.name += "!" }
      Toggle("done \(chore.name)", isOn: $chore.isDone)
    }
    .onAppear { [log, binding = $chore] in log.kept[binding.wrappedValue.id] = binding }
  }
}

struct ChoresByName: View {
  @Bindable var chores: Chores

  var body: some View {
    VStack {
      ForEach($chores.chores, id: \.name) { $chore in
        Toggle(chore.name, isOn: $chore.isDone)
      }
    }
  }
}

struct ChoreListOfList: View {
  @Bindable var chores: Chores

  var body: some View {
    List($chores.chores) { $chore in
      Button("rename \(chore.name)") { chore.name += "?" }
    }
  }
}

struct BoundChores: View {
  /// How many times the content closure ran (a static: a closure that captures nothing is the
  /// same closure at each body run, which lets the `ForEach` skip unchanged rows).
  @MainActor static var contentRuns = 0
  @MainActor static func noteContentRun() { contentRuns += 1 }
  @Bindable var chores: Chores

  var body: some View {
    VStack {
      ForEach($chores.chores) { $chore in
        let _ = BoundChores.noteContentRun()
        BoundChoreRow(chore: $chore)
      }
    }
  }
}

struct BoundChoreRow: View {
  @Binding var chore: Chore
  var body: some View { Text(chore.name) }
}

@MainActor
@Suite struct ForEachBindingsTests {
  let log = BindingLog()

  /// Found by a user measuring scaling: each row depended on the whole collection, so an edit
  /// of one element of 10,000 re-ran every row (43 ms).
  @Test func editingOneElementReRunsTheRowThatReadsItAlone() {
    let chores = Chores("a", "b", "c")
    let host = ViewHost(BoundChores(chores: chores), executor: .manual)
    host.clearLogs()
    BoundChores.contentRuns = 0
    chores.chores[1].name = "B"
    host.flush()
    #expect(host.runLog == ["BoundChores: Chores.chores", "BoundChoreRow #2: ForEach element"])
    #expect(host.tree.texts == ["a", "B", "c"])
    // The content closure ran for the changed element alone: the others are the same
    // elements of the same source.
    #expect(BoundChores.contentRuns == 1)
    // Any change to an element re-runs its row (which reads the element as a whole) alone.
    host.clearLogs()
    chores.chores[2].isDone = true
    host.flush()
    #expect(host.runLog == ["BoundChores: Chores.chores", "BoundChoreRow #3: ForEach element"])
  }

  @Test func aRowsBindingWritesItsOwnElementAfterAnInsertionBeforeIt() {
    let chores = Chores("a", "b")
    let host = ViewHost(ChoreList(chores: chores, log: log), executor: .manual)
    let keptB = log.kept[2]
    chores.chores.insert(Chore(id: 3, name: "c"), at: 0)
    host.flush()
    #expect(
      host.tree.texts == [
        "c", "rename c", "done c", "a", "rename a", "done a", "b", "rename b", "done b",
      ])
    // A binding made while b was second still writes b, now third.
    keptB?.wrappedValue.name = "B"
    #expect(chores.chores.map(\.name) == ["c", "a", "B"])
    host.flush()
    host.tap("rename a")
    #expect(chores.chores.map(\.name) == ["c", "a!", "B"])
    host.flush()
    host.setToggle("done B", to: true)
    #expect(chores.chores.map(\.isDone) == [false, false, true])
    host.flush()
    #expect(
      host.tree.texts == [
        "c", "rename c", "done c", "a!", "rename a!", "done a!", "B", "rename B", "done B",
      ])
  }

  @Test func aRowsBindingFollowsItsElementWhenTheCollectionIsReordered() {
    let chores = Chores("a", "b", "c")
    let host = ViewHost(ChoreList(chores: chores, log: log), executor: .manual)
    chores.chores.reverse()
    host.flush()
    log.kept[1]?.wrappedValue.name = "A"
    #expect(chores.chores.map(\.name) == ["c", "b", "A"])
    host.flush()
    #expect(
      host.tree.texts == [
        "c", "rename c", "done c", "b", "rename b", "done b", "A", "rename A", "done A",
      ])
  }

  @Test func removingAnElementRunsNoGetterOrSetterOfItsBinding() {
    let chores = Chores("a", "b", "c")
    var host: ViewHost?
    let mount = TrellisDiagnostics.capture {
      host = ViewHost(ChoreList(chores: chores, log: log), executor: .manual)
    }
    #expect(mount.isEmpty)
    host?.clearLogs()
    log.uses = []
    let diagnostics = TrellisDiagnostics.capture {
      chores.chores.remove(at: 1)
      host?.flush()
    }
    #expect(diagnostics.isEmpty)
    // The list read the collection once, and each row that stays found its element again
    // once (its element's derived value, which every read in its body and its toggle shares).
    // Those rows re-ran because their bindings are new values (made with `Binding(get:set:)`,
    // whose source cannot be told), not because of the collection: their elements compared
    // the same. The removed row did not run, nor did its toggle read its binding (that would
    // be reported).
    #expect(log.uses == Array(repeating: "get", count: 1 + 2))
    #expect(
      host?.runLog == [
        "ChoreList: Chores.chores", "ChoreRow #1: input chore", "ChoreRow #3: input chore",
      ])
    #expect(host?.tree.texts == ["a", "rename a", "done a", "c", "rename c", "done c"])
  }

  @Test func aStaleBindingReadsTheLastValueDropsWritesAndReportsEachOnce() {
    let chores = Chores("a", "b")
    let host = ViewHost(ChoreList(chores: chores, log: log), executor: .manual)
    let keptB = log.kept[2]
    chores.chores[1].name = "b2"
    host.flush()
    chores.chores.removeLast()
    host.flush()
    log.uses = []
    var read: Chore?
    let diagnostics = TrellisDiagnostics.capture {
      read = keptB?.wrappedValue
      keptB?.wrappedValue.name = "zombie"
      _ = keptB?.wrappedValue
    }
    #expect(read == Chore(id: 2, name: "b2"))
    #expect(keptB?.wrappedValue == Chore(id: 2, name: "b2"))
    #expect(chores.chores == [Chore(id: 1, name: "a")])
    #expect(log.uses == [])
    // The write through a property reads the element first: both are reported, once each,
    // so that the dropped write is not hidden behind the read.
    #expect(diagnostics.map(\.kind) == [.invalidInput, .invalidInput])
    #expect(diagnostics.map(\.nodes) == [["2"], ["2"]])
    #expect(
      diagnostics.map(\.message) == [
        "A binding to the ForEach element with id 2 was read after the element was removed; "
          + "reads give its last value. Do not keep a row's binding beyond the row.",
        "A binding to the ForEach element with id 2 was written after the element was removed; "
          + "the write is dropped (the element is not in the collection to write to). Do not "
          + "keep a row's binding beyond the row.",
      ])
  }

  @Test func aLazyListOfBindingsResolvesEachRowByID() {
    let chores = Chores("a", "b")
    let host = ViewHost(ChoreListOfList(chores: chores), executor: .manual)
    chores.chores.insert(Chore(id: 3, name: "c"), at: 0)
    host.flush()
    host.tap("rename b")
    #expect(chores.chores.map(\.name) == ["c", "a", "b?"])
    host.flush()
    #expect(host.tree.texts == ["rename c", "rename a", "rename b?"])
  }

  /// Found by a new user: each element made a binding for its id, and the last moved the
  /// shared box, so the row shown (the first element's) read and wrote the last duplicate.
  @Test func aRepeatedIDsRowReadsAndWritesTheFirstElementWithIt() {
    let chores = Chores("a", "b", "c")
    chores.chores[2] = Chore(id: 1, name: "dup")
    var hosts: [ViewHost] = []
    let diagnostics = TrellisDiagnostics.capture {
      hosts = [
        ViewHost(ChoreListOfList(chores: chores), executor: .manual),
        ViewHost(BoundChores(chores: chores), executor: .manual),
      ]
    }
    let (host, eager) = (hosts[0], hosts[1])
    #expect(host.tree.texts == ["rename a", "rename b"])
    #expect(eager.tree.texts == ["a", "b"])
    host.tap("rename a")
    #expect(chores.chores.map(\.name) == ["a?", "b", "dup"])
    host.flush()
    eager.flush()
    #expect(host.tree.texts == ["rename a?", "rename b"])
    #expect(eager.tree.texts == ["a?", "b"])
    #expect(diagnostics.count == 2 && diagnostics.allSatisfy { $0.message.contains("duplicate") })
  }

  @Test func aStaleBindingStaysStaleWhenAnElementWithItsIDComesBack() {
    let chores = Chores("a", "b")
    let host = ViewHost(ChoreList(chores: chores, log: log), executor: .manual)
    let stale = log.kept[2]
    chores.chores.removeLast()
    host.flush()
    chores.chores.append(Chore(id: 2, name: "b again"))
    host.flush()
    var read: String?
    let diagnostics = TrellisDiagnostics.capture {
      read = stale?.wrappedValue.name
      stale?.wrappedValue.name = "zombie"
    }
    #expect(read == "b")
    #expect(
      diagnostics.map { $0.message.prefix(61) } == [
        "A binding to the ForEach element with id 2 was read after the",
        "A binding to the ForEach element with id 2 was written after ",
      ])
    // The new row has a binding of its own, which reaches the new element.
    #expect(chores.chores.map(\.name) == ["a", "b again"])
    log.kept[2]?.wrappedValue.name = "B"
    #expect(chores.chores.map(\.name) == ["a", "B"])
  }

  @Test func bindingsIdentifiedByAKeyPathResolveByThatKey() {
    let chores = Chores("a", "b")
    let host = ViewHost(ChoresByName(chores: chores), executor: .manual)
    chores.chores.insert(Chore(id: 3, name: "c"), at: 0)
    host.flush()
    host.setToggle("b", to: true)
    #expect(chores.chores.map(\.isDone) == [false, false, true])
  }
}
