import Testing
import Trellis

// A seeded fuzzer for a lazy `List` with small viewports, overscan and retention: scrolls,
// keyed edits and taps, checked after every flush against the List documentation (realized
// window = viewport plus overscan, clamped offset, hidden rows retained with their @State up to
// `lazyRowRetention`, the least recently shown evicted first) and against an independent renderer.

final class DFLRow: Trackable, Identifiable {
  let id: Int
  @Tracked var title: String
  init(id: Int) {
    self.id = id
    _title = Tracked(wrappedValue: "t")
  }
}

final class DFLModel: Trackable {
  @Tracked var rows: [DFLRow] = []
  @Tracked var rowsB: [DFLRow] = []
  @Tracked var flag = true
}

struct DFLStackScreen: View {
  let model: DFLModel
  let log: DFLog
  var body: some View {
    ScrollView {
      LazyVStack {
        Text("top")
        ForEach(model.rows) { DFLRowView(row: $0, log: log) }
        if model.flag { Text("mid") }
        ForEach(model.rowsB) { DFLRowView(row: $0, log: log, segment: 1) }
        Text("bottom")
      }
    }
  }
}

struct DFLMixedScreen: View {
  let model: DFLModel
  let log: DFLog
  var body: some View {
    List {
      Text("top")
      ForEach(model.rows) { DFLRowView(row: $0, log: log) }
      if model.flag { Text("mid") }
      ForEach(model.rowsB) { DFLRowView(row: $0, log: log, segment: 1) }
      Text("bottom")
    }
  }
}

struct DFLRowView: View {
  let row: DFLRow
  let log: DFLog
  var segment = 0
  @State private var taps = 0
  var body: some View {
    Button("L\(row.id):\(row.title) \(taps)") { taps += 1 }
      .onAppear { [log, row, segment] in log.appear(segment * 10_000 + row.id) }
      .onDisappear { [log, row, segment] in log.disappear(segment * 10_000 + row.id) }
  }
}

struct DFLScreen: View {
  let model: DFLModel
  let log: DFLog
  var body: some View {
    List(model.rows) { DFLRowView(row: $0, log: log) }
  }
}

@MainActor
final class DFLazyProgram {
  enum Item {
    case fixed(String, key: Int)
    case row(DFLRow, key: Int)
    var key: Int {
      switch self {
      case .fixed(_, let k), .row(_, let k): k
      }
    }
  }
  var rng: DFRandom
  let seed: UInt64
  let mixed: Bool
  let model = DFLModel()
  let log = DFLog()
  let renderer = DFRenderer()
  var host: ViewHost!
  var nextID = 0
  let overscan: Int
  let retention: Int
  var offset = 0
  var length: Int
  var time = 0
  var lastShown: [Int: Int] = [:]
  /// Items that exist (realized, shown or hidden), by key, with their taps; .some(nil): either
  /// kept or evicted (a tie at the retention boundary, which the documentation does not order).
  var taps: [Int: Int?] = [:]
  var failures: [String] = []

  init(seed: UInt64) {
    self.seed = seed
    rng = DFRandom(seed: seed)
    mixed = seed % 2 == 1
    overscan = rng.int(0..<3)
    retention = [0, 1, 2, 3, 1000][rng.int(0..<5)]
    length = rng.int(1..<6)
    for _ in 0..<rng.int(0..<12) { model.rows.append(make()) }
    if mixed { for _ in 0..<rng.int(0..<6) { model.rowsB.append(make()) } }
    let options = ViewHostOptions(
      defaultViewportRows: length, lazyOverscan: overscan, lazyRowRetention: retention)
    host =
      seed % 4 == 3
      ? ViewHost(
        DFLStackScreen(model: model, log: log), executor: .manual, options: options,
        renderer: renderer)
      : mixed
        ? ViewHost(
          DFLMixedScreen(model: model, log: log), executor: .manual, options: options,
          renderer: renderer)
        : ViewHost(
          DFLScreen(model: model, log: log), executor: .manual, options: options, renderer: renderer
        )
    settle(desc: "mount")
  }

  func make() -> DFLRow {
    defer { nextID += 1 }
    return DFLRow(id: nextID)
  }

  var items: [Item] {
    guard mixed else { return model.rows.map { .row($0, key: $0.id) } }
    var out: [Item] = [.fixed("top", key: -1)]
    out += model.rows.map { .row($0, key: $0.id) }
    if model.flag { out.append(.fixed("mid", key: -2)) }
    out += model.rowsB.map { .row($0, key: 10_000 + $0.id) }
    out.append(.fixed("bottom", key: -3))
    return out
  }

  var window: [Item] {
    let all = items
    let n = all.count
    let lo = max(0, offset - overscan)
    let hi = min(n, offset + length + overscan)
    return lo < hi ? Array(all[lo..<hi]) : []
  }

  func settle(desc: String) {
    let all = items
    offset = min(offset, max(0, all.count - length))
    time += 1
    let shown = window.map(\.key)
    for k in shown { lastShown[k] = time }
    let keys = Set(all.map(\.key))
    var hidden = taps.keys.filter { keys.contains($0) && !shown.contains($0) }
    for k in taps.keys where !keys.contains(k) { taps[k] = nil }
    for k in shown where taps[k] == nil { taps[k] = .some(0) }
    if hidden.count > retention {
      hidden.sort { (lastShown[$0] ?? 0) > (lastShown[$1] ?? 0) }
      let boundary = lastShown[hidden[retention]] ?? 0
      for (i, k) in hidden.enumerated() where i >= retention {
        if retention > 0 && (lastShown[k] ?? 0) == boundary
          && (lastShown[hidden[retention - 1]] ?? 0) == boundary
        {
          taps[k] = .some(nil)
        } else {
          taps[k] = nil
        }
      }
      if retention > 0 {
        for (i, k) in hidden.enumerated() where i < retention && (lastShown[k] ?? 0) == boundary {
          if (lastShown[hidden[retention]] ?? 0) == boundary { taps[k] = .some(nil) }
        }
      }
    }
    check(desc: desc)
  }

  func check(desc: String) {
    var local: [String] = []
    let shown = window
    let tree = host.tree
    let got = tree.texts
    if got.count != shown.count {
      local.append(
        "texts \(got) but window \(shown.map(\.key)) (offset \(offset), length \(length))")
    } else {
      for (text, item) in zip(got, shown) {
        switch item {
        case .fixed(let t, _):
          if text != t { local.append("fixed row \(text), expected \(t)") }
        case .row(let row, let key):
          let prefix = "L\(row.id):\(row.title) "
          if let t = taps[key], let count = t {
            if text != prefix + "\(count)" {
              local.append("row \(key): \(text), expected \(prefix)\(count)")
            }
          } else if !text.hasPrefix(prefix) {
            local.append("row \(key): \(text), expected \(prefix)*")
          }
          if let t = taps[key], t == nil, let n = Int(text.dropFirst(prefix.count)) {
            taps[key] = .some(n)
          }
        }
      }
    }
    var mine: [String] = []
    for c in renderer.rootElement.children { dfShape(c, into: &mine) }
    var theirs: [String] = []
    dfShape(tree, into: &theirs)
    if mine != theirs { local.append("renderer tree != host.tree:\n\(mine)\n\(theirs)") }
    var lazyElement: DFRenderer.El?
    var search = renderer.rootElement.children
    while let e = search.popLast() {
      if "\(e.attributes)".contains("rows=") {
        lazyElement = e
        break
      }
      search += e.children
    }
    if let list = lazyElement {
      let n = items.count
      let attr = "\(list.attributes)"
      let realized =
        "rows=\(max(0, offset - overscan))..<\(min(n, offset + length + overscan))/\(n)"
      if !attr.contains(realized) { local.append("List attributes \(attr), expected \(realized)") }
    }
    // Elements alive in the renderer: the tree, plus those of retained hidden items
    // (3 per row: DFLRowView, Button, Text; 1 per fixed Text); evicted ones destroyed.
    if !taps.values.contains(where: { $0 == nil }) {
      var reachable = 0
      var stack = renderer.rootElement.children
      while let e = stack.popLast() {
        reachable += 1
        stack += e.children
      }
      let shownKeys = Set(shown.map(\.key))
      let hiddenElements = taps.keys.filter { !shownKeys.contains($0) }.map { $0 < 0 ? 1 : 3 }
        .reduce(0, +)
      if renderer.allElements.count != reachable + hiddenElements {
        local.append(
          "\(renderer.allElements.count) live elements, expected \(reachable) + \(hiddenElements) hidden"
        )
      }
    }
    let shownRowKeys = Set(shown.map(\.key).filter { $0 >= 0 })
    if log.appeared != shownRowKeys {
      local.append("appeared \(log.appeared.sorted()) != window \(shownRowKeys.sorted())")
    }
    local += log.failures
    log.failures = []
    local += renderer.violations
    renderer.violations = []
    if !local.isEmpty {
      failures.append(
        "seed \(seed) (mixed \(mixed), overscan \(overscan), retention \(retention)) [\(desc)] items \(items.map(\.key)):\n"
          + local.joined(separator: "\n"))
    }
  }

  func step() {
    var desc: [String] = []
    let n = items.count
    switch rng.int(0..<10) {
    case 0, 1:
      let r = rng.int(0..<(n + 3))
      let v: Int? = rng.chance(2) ? nil : rng.int(0..<6)
      host.scroll(toRow: r, visibleRows: v)
      offset = r
      if let v { length = v }
      desc.append("scroll \(r) \(v.map(String.init) ?? "-")")
    case 2:
      let rows = window.compactMap { item -> (DFLRow, Int)? in
        if case .row(let r, let k) = item { return (r, k) } else { return nil }
      }
      if let (row, key) = rows.randomElement(using: &rng), let t = taps[key], let count = t {
        let title = "L\(row.id):\(row.title) \(count)"
        if !host.tap(title) { failures.append("seed \(seed): tap \(title) found nothing") }
        taps[key] = .some(count + 1)
        desc.append("tap \(key)")
      }
    default:
      for _ in 0..<rng.int(1..<4) {
        let useB = mixed && rng.chance(3)
        var rows = useB ? model.rowsB : model.rows
        let n = rows.count
        switch rng.int(0..<9) {
        case 0:
          let r = make()
          rows.insert(r, at: rng.int(0..<(n + 1)))
          desc.append("insert \(r.id)")
        case 1 where n > 0:
          let r = rows.remove(at: rng.int(0..<n))
          desc.append("remove \(r.id)")
        case 2 where n > 1:
          let i = rng.int(0..<n)
          let r = rows.remove(at: i)
          let j = rng.int(0..<n)
          rows.insert(r, at: j)
          desc.append("move \(r.id) \(i)->\(j)")
        case 3 where n > 1:
          rows.swapAt(rng.int(0..<n), rng.int(0..<n))
          desc.append("swap")
        case 4 where n > 1:
          rows.reverse()
          desc.append("reverse")
        case 5 where n > 0:
          let r = rows[rng.int(0..<n)]
          r.title += "x"
          desc.append("title \(r.id)")
        case 6 where mixed:
          model.flag.toggle()
          desc.append("flag \(model.flag)")
        case 7 where mixed && n > 0:
          // Move a row to the other ForEach: a new identity.
          let r = rows.remove(at: rng.int(0..<n))
          if useB {
            model.rows.insert(r, at: rng.int(0..<(model.rows.count + 1)))
          } else {
            model.rowsB.insert(r, at: rng.int(0..<(model.rowsB.count + 1)))
          }
          desc.append("cross \(r.id)")
        default:
          rows.shuffle(using: &rng)
          desc.append("shuffle")
        }
        if useB { model.rowsB = rows } else { model.rows = rows }
      }
    }
    let d = TrellisDiagnostics.capture { host.flush() }
    if !d.isEmpty { failures.append("seed \(seed) [\(desc)]: diagnostics \(d)") }
    settle(desc: desc.joined(separator: "; "))
  }
}

@MainActor
@Suite struct LazyRowsFuzzTests {
  @Test func lazyListProgramsAgreeWithTheModel() {
    let env = ProcessInfo.processInfo.environment
    let seeds: [UInt64] =
      env["TRELLIS_DF_SEED"].flatMap(UInt64.init).map { [$0] }
      ?? Array(0..<UInt64(env["TRELLIS_DF_PROGRAMS"].flatMap(Int.init) ?? 300))
    var failing: [String] = []
    for seed in seeds {
      let p = DFLazyProgram(seed: seed)
      var i = 0
      while p.failures.isEmpty && i < 30 {
        p.step()
        i += 1
      }
      if !p.failures.isEmpty {
        failing.append(p.failures.prefix(2).joined(separator: "\n"))
        if failing.count >= 6 { break }
      }
    }
    #expect(failing.isEmpty, "\(failing.count) failing:\n\(failing.joined(separator: "\n====\n"))")
  }
}
