import Testing
import TrellisTracking
import TrellisViews

// Seeded random edits of a keyed list (inserts, removals, moves, swaps, a row taken out and put
// back, title edits, taps, the whole list hidden and shown; for a lazy list, scrolls), applied
// in batches of one to four before each flush, and checked after every flush against a model
// of SwiftUI's identity rules: what the screen shows, which rows kept their `@State` (a row
// keeps it while its id stays in the list from one update to the next, wherever it moves, and
// in a lazy list also while it is scrolled out; a row that left and came back, or a list that
// was hidden, starts again), which rows have appeared and not disappeared, and the preference
// the shown rows set.

final class FuzzRow: Trackable, Identifiable {
  let id: Int
  @Tracked var title: String
  init(id: Int) {
    self.id = id
    _title = Tracked(wrappedValue: "t\(id)")
  }
}

final class FuzzModel: Trackable {
  @Tracked var rows: [FuzzRow] = []
  @Tracked var showsList = true
  @Tracked var header = 0
}

/// The rows that have appeared and not disappeared, and every mismatched event.
@MainActor
final class AppearanceLog {
  private(set) var visible: Set<Int> = []
  private(set) var failures: [String] = []
  /// The ids the shown rows set as a preference, in order.
  var names: [String] = []

  func appear(_ id: Int) {
    if !visible.insert(id).inserted { failures.append("row \(id) appeared twice") }
  }
  func disappear(_ id: Int) {
    if visible.remove(id) == nil { failures.append("row \(id) disappeared without appearing") }
  }
}

struct FuzzRowView: View {
  let row: FuzzRow
  let log: AppearanceLog
  @State private var taps = 0

  var body: some View {
    VStack {
      Button("\(row.id): \(row.title) \(taps)") { taps += 1 }
      // A conditional child inside a keyed row.
      if row.title.count.isMultiple(of: 2) { Text("even \(row.id)") }
    }
    .preference(key: NamesKey.self, value: ["\(row.id)"])
    .onAppear { log.appear(row.id) }
    .onDisappear { log.disappear(row.id) }
  }
}

struct FuzzScreen: View {
  let model: FuzzModel
  let log: AppearanceLog
  let isLazy: Bool

  var body: some View {
    VStack {
      Text("header \(model.header)")
      if model.showsList {
        if isLazy {
          ScrollView {
            LazyVStack { ForEach(model.rows) { row in FuzzRowView(row: row, log: log) } }
          }
        } else {
          ForEach(model.rows) { row in FuzzRowView(row: row, log: log) }
        }
      }
    }
    .onPreferenceChange(NamesKey.self) { log.names = $0 }
  }
}

@MainActor
@Suite struct RandomViewProgramTests {
  @Test(arguments: 0..<30)
  func randomEditsKeepIdentityStateAndLifecycleAsSwiftUIDoes(seed: UInt64) {
    run(RandomViewProgram(seed: seed, isLazy: false), seed: seed)
  }

  @Test(arguments: 0..<30)
  func randomEditsAndScrollsOfALazyListDoTooAndHiddenRowsSetNoPreference(seed: UInt64) {
    run(RandomViewProgram(seed: seed, isLazy: true), seed: seed)
  }

  private func run(_ program: RandomViewProgram, seed: UInt64) {
    var program = program
    for step in 0..<60 {
      program.step()
      let failures = program.check()
      #expect(failures.isEmpty, "seed \(seed), step \(step): \(failures)")
      if !failures.isEmpty { break }
    }
  }

  /// The checks can fail: a model that forgot a tap is caught.
  @Test func aWrongModelIsCaught() {
    var program = RandomViewProgram(seed: 3, isLazy: false)
    for _ in 0..<10 { program.step() }
    program.showAndTapFirstRow()
    #expect(program.check().isEmpty)
    program.forgetTaps()
    #expect(!program.check().isEmpty)
  }
}

@MainActor
struct RandomViewProgram {
  private var random: SplitMix64
  private let model = FuzzModel()
  private let log = AppearanceLog()
  private let host: ViewHost
  private let isLazy: Bool
  private var nextID = 0
  /// The model: taps per row id, for the rows shown at the last flush.
  private var taps: [Int: Int] = [:]
  /// A row taken out of the list, to be put back later (with the same id).
  private var removed: [FuzzRow] = []

  init(seed: UInt64, isLazy: Bool) {
    random = SplitMix64(state: seed)
    self.isLazy = isLazy
    host = ViewHost(FuzzScreen(model: model, log: log, isLazy: isLazy), executor: .manual)
    for _ in 0..<(isLazy ? 12 : 4) { model.rows.append(makeRow()) }
    host.flush()
  }

  private mutating func makeRow() -> FuzzRow {
    defer { nextID += 1 }
    return FuzzRow(id: nextID)
  }

  private mutating func index() -> Int? {
    model.rows.isEmpty ? nil : Int.random(in: 0..<model.rows.count, using: &random)
  }

  /// One to four edits, then a flush; or a tap, or a scroll of a lazy list, which flush.
  mutating func step() {
    let shownBefore = shownIDs
    let onScreen = rowsOnScreen
    if !onScreen.isEmpty, Int.random(in: 0..<5, using: &random) == 0 {
      let id = onScreen[Int.random(in: 0..<onScreen.count, using: &random)]
      let row = model.rows.first { $0.id == id }!
      #expect(host.tap(title(of: row)), "row \(row.id) is not on the screen")
      host.flush()
      taps[row.id, default: 0] += 1
      return
    }
    if isLazy, model.showsList, Int.random(in: 0..<4, using: &random) == 0 {
      host.scroll(
        toRow: Int.random(in: 0...model.rows.count + 2, using: &random),
        visibleRows: Int.random(in: 1...6, using: &random))
      host.flush()
      return
    }
    for _ in 0..<Int.random(in: 1...4, using: &random) { edit() }
    host.flush()
    // State survives for the ids shown before and after this update; the rest start again.
    let kept = shownBefore.intersection(shownIDs)
    taps = taps.filter { kept.contains($0.key) }
  }

  private mutating func edit() {
    switch Int.random(in: 0..<10, using: &random) {
    case 0, 1:
      model.rows.insert(makeRow(), at: Int.random(in: 0...model.rows.count, using: &random))
    case 2: if let index = index() { removed.append(model.rows.remove(at: index)) }
    case 3:
      if let index = index(), let destination = self.index() {
        model.rows.insert(model.rows.remove(at: index), at: destination)
      }
    case 4: if let index = index(), let other = self.index() { model.rows.swapAt(index, other) }
    case 5:
      if !removed.isEmpty {
        let row = removed.remove(at: Int.random(in: 0..<removed.count, using: &random))
        model.rows.insert(row, at: Int.random(in: 0...model.rows.count, using: &random))
      }
    case 6: if let index = index() { model.rows[index].title += "'" }
    case 7: model.showsList.toggle()
    case 8: model.header += 1
    default: if model.rows.count > 1 { model.rows.reverse() }
    }
  }

  private var shownIDs: Set<Int> { model.showsList ? Set(model.rows.map(\.id)) : [] }

  private func title(of row: FuzzRow) -> String { "\(row.id): \(row.title) \(taps[row.id] ?? 0)" }

  /// The ids of the rows on the screen, in order (a lazy list shows a window of them).
  private var rowsOnScreen: [Int] {
    host.tree.texts.dropFirst().compactMap { text in
      text.hasPrefix("even ") ? nil : text.split(separator: ":").first.flatMap { Int($0) }
    }
  }

  /// What the screen, the rows' state and the lifecycle must be now; what differs.
  func check() -> [String] {
    var expected = ["header \(model.header)"]
    // A lazy list shows a window of the rows, one run of them in order.
    let onScreen = rowsOnScreen
    var shown = model.showsList ? model.rows : []
    if isLazy, let first = onScreen.first, let start = shown.firstIndex(where: { $0.id == first }) {
      shown = Array(shown[start..<min(shown.count, start + onScreen.count)])
    }
    if model.showsList {
      for row in shown {
        expected.append(title(of: row))
        if row.title.count.isMultiple(of: 2) { expected.append("even \(row.id)") }
      }
    }
    var failures = log.failures
    let texts = host.tree.texts
    if texts != expected { failures.append("the screen is \(texts), not \(expected)") }
    let shownIDs = Set(onScreen)
    if log.visible != shownIDs {
      failures.append(
        "appeared and not disappeared: \(log.visible.sorted()), not \(shownIDs.sorted())")
    }
    if log.names != onScreen.map(String.init) {
      failures.append("the rows' preference is \(log.names), not \(onScreen)")
    }
    if isLazy, model.showsList, !model.rows.isEmpty, onScreen.isEmpty {
      failures.append("the lazy list shows no row of \(model.rows.count)")
    }
    return failures
  }

  /// Shows the list and taps its first row (for the test of the checks).
  mutating func showAndTapFirstRow() {
    if !model.showsList {
      model.showsList = true
      host.flush()
      taps = [:]
    }
    if model.rows.isEmpty {
      model.rows.append(makeRow())
      host.flush()
    }
    #expect(host.tap(title(of: model.rows[0])))
    host.flush()
    taps[model.rows[0].id, default: 0] += 1
  }

  /// Makes the model forget every tap (for the test of the checks).
  mutating func forgetTaps() { taps = [:] }
}
