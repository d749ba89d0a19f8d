import Testing
import Trellis
import TrellisTracking
import TrellisViews

// A seeded differential fuzzer for the reconciler and the Renderer interface, written from the
// README and the DocC articles only. Random trees of nested stacks, `if`/`else`, keyed
// `ForEach`, lazy `List`s, environment overrides and readers, `@State` leaves and `.task`s are
// mutated at random; after every flush the fuzzer checks:
//   - the tree an independent renderer (DFRenderer) built from the commits equals `host.tree`;
//   - the renderer's calls are consistent (indices refer to the children at the moment of the
//     call, no call on a destroyed element, structural changes before text changes);
//   - the texts on screen equal what the model says;
//   - `@State` survives while the identity (path of ForEach ids) stays, and resets otherwise;
//   - appear / disappear pair up per mounted NodeView, task start / cancel too;
//   - pure reorders are moves only; text edits are one setText each; no-ops emit nothing;
//   - no NodeView body re-runs unless its node was written or it is new.
// TRELLIS_DF_SEED=<n> runs one seed; TRELLIS_DF_PROGRAMS=<n> sets how many programs run (250
// by default, a few seconds in a debug build; thousands were run when it was written);
// TRELLIS_DF_STEPS=<n> sets the steps per program; TRELLIS_DF_DUMP=1 adds the model and the
// tree to a failure.

// MARK: - Random

struct DFRandom: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &self) }
  mutating func chance(_ n: Int) -> Bool { int(0..<n) == 0 }
}

// MARK: - Model

enum DFKind: CaseIterable {
  case vstack, hstack, text, cond, env, reader, stateful, list, capture, ided, anyv, tabs, mixed
  var isContainer: Bool {
    [.vstack, .hstack, .cond, .env, .list, .capture, .ided, .anyv, .tabs, .mixed].contains(self)
  }
  var isToggled: Bool { self == .cond || self == .anyv || self == .mixed }
}

final class DFNode: Trackable, Identifiable {
  let id: Int
  let kind: DFKind
  @Tracked var text: String
  @Tracked var flag: Bool = true
  @Tracked var children: [DFNode] = []
  @Tracked var sel: Int = -1
  init(id: Int, kind: DFKind, text: String) {
    self.id = id
    self.kind = kind
    _text = Tracked(wrappedValue: text)
  }
}

struct DFTagKey: EnvironmentKey { static let defaultValue = "none" }
extension EnvironmentValues {
  var dfTag: String {
    get { self[DFTagKey.self] }
    set { self[DFTagKey.self] = newValue }
  }
}

@MainActor
final class DFLog {
  var appeared: Set<Int> = []
  var appearCount: [Int: Int] = [:]
  var disappearCount: [Int: Int] = [:]
  var failures: [String] = []
  var bodyHook: ((Int) -> Void)?
  var order: [(Bool, Int)] = []  // (appear?, id) in the order they ran
  func appear(_ id: Int) {
    order.append((true, id))
    appearCount[id, default: 0] += 1
    if !appeared.insert(id).inserted { failures.append("node \(id) appeared twice") }
  }
  func disappear(_ id: Int) {
    order.append((false, id))
    disappearCount[id, default: 0] += 1
    if appeared.remove(id) == nil { failures.append("node \(id) disappeared without appearing") }
  }
}

// MARK: - Views

struct DFRoot: View {
  let root: DFNode
  let log: DFLog
  var body: some View {
    VStack { DFNodeView(node: root, log: log) }
  }
}

struct DFNodeView: View {
  let node: DFNode
  let log: DFLog

  var body: some View {
    let _ = log.bodyHook?(node.id)
    inner
      .onAppear { [log, node] in log.appear(node.id) }
      .onDisappear { [log, node] in log.disappear(node.id) }
  }

  @ViewBuilder private var inner: some View {
    switch node.kind {
    case .vstack:
      VStack { ForEach(node.children) { DFNodeView(node: $0, log: log) } }
    case .hstack:
      HStack { ForEach(node.children) { DFNodeView(node: $0, log: log) } }
    case .text:
      Text("T\(node.id):\(node.text)")
    case .cond:
      if node.flag {
        VStack { ForEach(node.children) { DFNodeView(node: $0, log: log) } }
      } else {
        Text("else\(node.id)")
      }
    case .env:
      VStack { ForEach(node.children) { DFNodeView(node: $0, log: log) } }
        .environment(\.dfTag, node.text)
    case .reader:
      DFReader(id: node.id)
    case .stateful:
      VStack { DFStateful(id: node.id) }.task {}
    case .list:
      List(node.children) { DFNodeView(node: $0, log: log) }
    case .capture:
      let prefix = node.text
      VStack { ForEach(node.children) { child in Text("C\(child.id)<\(prefix)") } }
    case .ided:
      VStack { ForEach(node.children) { DFNodeView(node: $0, log: log) } }.id(node.text)
    case .anyv:
      if true {
        node.flag
          ? AnyView(VStack { ForEach(node.children) { DFNodeView(node: $0, log: log) } })
          : AnyView(HStack { ForEach(node.children) { DFNodeView(node: $0, log: log) } })
      }
    case .mixed:
      let split = max(0, min(node.sel, node.children.count))
      VStack {
        Text("h\(node.id)")
        ForEach(node.children.prefix(split)) { DFNodeView(node: $0, log: log) }
        if node.flag { Text("m\(node.id)") }
        Group {
          ForEach(node.children.dropFirst(split)) { DFNodeView(node: $0, log: log) }
          ForEach(0..<0) { _ in Text("never") }
        }
        Text("t\(node.id)")
      }
    case .tabs:
      TabView(selection: Binding(get: { [node] in node.sel }, set: { [node] in node.sel = $0 })) {
        ForEach(node.children) { child in
          DFNodeView(node: child, log: log).tabItem { Text("tab\(child.id)") }.tag(child.id)
        }
      }
    }
  }
}

struct DFReader: View {
  let id: Int
  @Environment(\.dfTag) private var tag
  var body: some View { Text("R\(id)=\(tag)") }
}

struct DFStateful: View {
  let id: Int
  @State private var count = 0
  var body: some View { Button("S\(id):\(count)") { count += 1 } }
}

// MARK: - Renderer

@MainActor
final class DFRenderer: Renderer {
  final class El {
    let id: ElementID?
    let kind: ElementKind
    var text: String?
    var attributes: ElementAttributes
    var explicitID: AnyHashable?
    var children: [El] = []
    weak var parent: El?
    var destroyed = false
    init(id: ElementID?, kind: ElementKind, text: String?, attributes: ElementAttributes) {
      self.id = id
      self.kind = kind
      self.text = text
      self.attributes = attributes
    }
  }

  enum Op { case create, insert, move, remove, setText, setAttributes, destroy }

  let rootElement = El(id: nil, kind: ElementKind("DFRoot"), text: nil, attributes: [])
  var violations: [String] = []
  var inCommit = false
  var commitOps: [Op] = []
  var commits = 0
  var allElements: [ElementID: El] = [:]
  private var sawContentChange = false
  private var phase: [ObjectIdentifier: Int] = [:]  // 0 removals, 1 moves/inserts

  func note(_ s: String) { if violations.count < 20 { violations.append(s) } }

  func beginCommit(_ commit: CommitInfo) {
    if inCommit { note("nested beginCommit") }
    inCommit = true
    commitOps = []
    sawContentChange = false
    placed = [:]
    snapshots = [:]
    opLog = []
    phase = [:]
  }
  func endCommit(_ commit: CommitInfo) {
    if !inCommit { note("endCommit without beginCommit") }
    checkPlacementOrder()
    checkMinimal()
    inCommit = false
    commits += 1
  }
  private func checkLive(_ el: El, _ what: String) {
    if !inCommit { note("\(what) outside a commit") }
    if el.destroyed { note("\(what) on destroyed \(el.kind) \(el.text ?? "")") }
  }
  private var placed: [ObjectIdentifier: (El, [El])] = [:]
  /// Per container touched in this commit: its children before the first change, and the
  /// moves, inserts and removals it received.
  private var snapshots: [ObjectIdentifier: (El, [El], moves: Int, inserts: Int, removes: Int)] =
    [:]
  private func snapshot(_ parent: El) {
    let key = ObjectIdentifier(parent)
    if snapshots[key] == nil { snapshots[key] = (parent, parent.children, 0, 0, 0) }
  }
  private func checkMinimal() {
    for (_, (parent, before, moves, inserts, removes)) in snapshots {
      // Containers created in this commit are not checked.
      if parent.parent == nil && parent !== rootElement { continue }
      let beforeIDs = before.map { ObjectIdentifier($0) }
      let afterIDs = parent.children.map { ObjectIdentifier($0) }
      var beforeIndex: [ObjectIdentifier: Int] = [:]
      for (i, b) in beforeIDs.enumerated() { beforeIndex[b] = i }
      let afterSet = Set(afterIDs)
      let kept = afterIDs.filter { beforeIndex[$0] != nil }
      let gone = beforeIDs.filter { !afterSet.contains($0) }.count
      let new = afterIDs.count - kept.count
      let positions = kept.map { beforeIndex[$0]! }
      // Longest increasing subsequence.
      var tails: [Int] = []
      for x in positions {
        var lo = 0
        var hi = tails.count
        while lo < hi {
          let mid = (lo + hi) / 2
          if tails[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        if lo == tails.count { tails.append(x) } else { tails[lo] = x }
      }
      let minimalMoves = kept.count - tails.count
      if moves != minimalMoves || inserts != new || removes != gone {
        note(
          "not minimal in \(parent.kind): \(moves) moves (fewest \(minimalMoves)), \(inserts) inserts (new \(new)), \(removes) removes (gone \(gone)); ops \(opLog)"
        )
      }
    }
    snapshots = [:]
  }
  var opLog: [String] = []
  private func structural(_ parent: El, removal: Bool, child: El? = nil) {
    if sawContentChange { note("structural change after a text/attribute change in one commit") }
    let key = ObjectIdentifier(parent)
    if removal {
      if phase[key] == 1 { note("removal after a move/insert in \(parent.kind)") }
      phase[key] = 0
    } else if let child {
      placed[key, default: (parent, [])].1.append(child)
      phase[key] = 1
    }
  }
  private func checkPlacementOrder() {
    // Moves and insertions come in ascending final position, per container.
    for (_, (parent, children)) in placed {
      var index: [ObjectIdentifier: Int] = [:]
      for (i, c) in parent.children.enumerated() { index[ObjectIdentifier(c)] = i }
      let finals = children.compactMap { index[ObjectIdentifier($0)] }
      if finals != finals.sorted() || Set(finals).count != finals.count {
        note(
          "moves/inserts in \(parent.kind) not in ascending final position: \(finals); ops \(opLog)"
        )
      }
    }
    placed = [:]
  }

  func createElement(_ d: ElementDescription) -> El {
    if !inCommit { note("create outside a commit") }
    commitOps.append(.create)
    let el = El(id: d.id, kind: d.kind, text: d.text, attributes: d.attributes)
    el.explicitID = d.explicitID
    if allElements[d.id] != nil { note("element id \(d.id) created twice") }
    allElements[d.id] = el
    return el
  }
  func insert(_ child: El, into parent: El, at index: Int) {
    snapshot(parent)
    snapshots[ObjectIdentifier(parent)]!.inserts += 1
    checkLive(child, "insert child")
    checkLive(parent, "insert parent")
    commitOps.append(.insert)
    structural(parent, removal: false, child: child)
    opLog.append("insert \(child.text ?? child.kind.description) at \(index)")
    if child.parent != nil { note("insert of \(child.kind) that is still attached") }
    guard index >= 0, index <= parent.children.count else {
      note("insert index \(index) out of 0...\(parent.children.count) in \(parent.kind)")
      parent.children.append(child)
      child.parent = parent
      return
    }
    parent.children.insert(child, at: index)
    child.parent = parent
  }
  func move(_ child: El, in parent: El, from source: Int, to destination: Int) {
    snapshot(parent)
    snapshots[ObjectIdentifier(parent)]!.moves += 1
    checkLive(child, "move child")
    commitOps.append(.move)
    structural(parent, removal: false, child: child)
    opLog.append("move \(child.kind) \(source)->\(destination)")
    guard source >= 0, source < parent.children.count, parent.children[source] === child else {
      note("move source \(source) does not hold \(child.kind) \(child.text ?? "")")
      return
    }
    parent.children.remove(at: source)
    guard destination >= 0, destination <= parent.children.count else {
      note("move destination \(destination) out of range")
      parent.children.append(child)
      return
    }
    parent.children.insert(child, at: destination)
  }
  func remove(_ child: El, from parent: El, at index: Int) {
    snapshot(parent)
    snapshots[ObjectIdentifier(parent)]!.removes += 1
    checkLive(child, "remove child")
    commitOps.append(.remove)
    structural(parent, removal: true)
    opLog.append("remove at \(index)")
    guard index >= 0, index < parent.children.count, parent.children[index] === child else {
      note("remove index \(index) does not hold \(child.kind) \(child.text ?? "")")
      if let i = parent.children.firstIndex(where: { $0 === child }) {
        parent.children.remove(at: i)
      }
      child.parent = nil
      return
    }
    parent.children.remove(at: index)
    child.parent = nil
  }
  func setText(_ text: String?, of element: El) {
    checkLive(element, "setText")
    commitOps.append(.setText)
    sawContentChange = true
    if text == element.text { note("setText to the same text \(text ?? "nil")") }
    element.text = text
  }
  func setAttributes(_ attributes: ElementAttributes, of element: El) {
    checkLive(element, "setAttributes")
    commitOps.append(.setAttributes)
    sawContentChange = true
    element.attributes = attributes
  }
  func destroyElement(_ element: El) {
    if element.destroyed { note("destroyed twice: \(element.kind)") }
    commitOps.append(.destroy)
    element.destroyed = true
    if let id = element.id { allElements[id] = nil }
  }

  func count(_ op: Op) -> Int { commitOps.filter { $0 == op }.count }
}

// MARK: - Comparing trees

@MainActor
func dfShape(_ el: DFRenderer.El, depth: Int = 0, into out: inout [String]) {
  out.append(
    String(repeating: " ", count: depth)
      + "\(el.kind) \(el.text ?? "-") [\(el.attributes)] id=\(el.explicitID.map { "\($0.base)" } ?? "-")"
  )
  for c in el.children { dfShape(c, depth: depth + 1, into: &out) }
}

func dfShape(_ node: RenderedNode, depth: Int = 0, into out: inout [String]) {
  out.append(
    String(repeating: " ", count: depth)
      + "\(node.kind) \(node.text ?? "-") [\(node.attributes.joined(separator: " "))] id=\(node.id ?? "-")"
  )
  for c in node.children { dfShape(c, depth: depth + 1, into: &out) }
}

// MARK: - The program

func dfDedupe(_ nodes: [DFNode]) -> [DFNode] {
  var seen: Set<Int> = []
  return nodes.filter { seen.insert($0.id).inserted }
}

@MainActor
final class DFProgram {
  var rng: DFRandom
  let seed: UInt64
  let log = DFLog()
  let renderer = DFRenderer()
  var host: ViewHost!
  let root: DFNode
  var nextID = 1
  var failures: [String] = []
  /// Expected state count per stateful identity path, for the identities mounted at the last flush.
  var stateCounts: [[Int]: Int] = [:]
  var mountedPaths: [Int: [Int]] = [:]  // node id -> identity path, NodeViews mounted
  var bodyRunIDs: [Int] = []
  var taskBalance: [String: Int] = [:]
  var pending: [String] = []

  init(seed: UInt64) {
    self.seed = seed
    rng = DFRandom(seed: seed)
    root = DFNode(id: 0, kind: .vstack, text: "root")
    for _ in 0..<rng.int(1..<5) { root.children.append(makeSubtree(depth: 0)) }
    log.bodyHook = { [unowned self] id in self.bodyRunIDs.append(id) }
    host = ViewHost(DFRoot(root: root, log: log), executor: .manual, renderer: renderer)
    host.flush()
    consumeEvents()
    let (paths, existing, _) = expected(realize: true)
    mountedPaths = paths
    existingPaths = existing
    check(step: -1, desc: "mount")
  }

  func makeSubtree(depth: Int) -> DFNode {
    let kinds: [DFKind] =
      depth >= 4
      ? [.text, .reader, .stateful] : DFKind.allCases + [.text, .text, .stateful]
    let kind = kinds[rng.int(0..<kinds.count)]
    let n = DFNode(id: nextID, kind: kind, text: "v\(rng.int(0..<5))")
    nextID += 1
    if kind.isToggled { n.flag = rng.chance(3) ? false : true }
    if kind.isContainer {
      for _ in 0..<rng.int(0..<(kind == .list ? 5 : 4)) {
        n.children.append(makeSubtree(depth: depth + 1))
      }
    }
    if kind == .tabs { n.sel = n.children.first?.id ?? -1 }
    if kind == .mixed { n.sel = rng.int(0..<(n.children.count + 1)) }
    return n
  }

  // All nodes reachable in the model (including unmounted ones under cond=false or capture).
  func allNodes() -> [(DFNode, DFNode?)] {
    var out: [(DFNode, DFNode?)] = [(root, nil)]
    var stack = [root]
    while let n = stack.popLast() {
      for c in n.children {
        out.append((c, n))
        stack.append(c)
      }
    }
    return out
  }
  func node(_ id: Int) -> DFNode? { allNodes().first { $0.0.id == id }?.0 }

  /// Interned texts, for `.id(text)` segments of identity paths.
  var interned: [String: Int] = [:]
  func intern(_ t: String) -> Int {
    if let i = interned[t] { return i }
    interned[t] = interned.count
    return interned.count - 1
  }
  /// Tabs realized (selected at least once while present), per tab view identity path.
  var realizedTabs: [[Int]: Set<Int>] = [:]
  /// Identity paths that exist (visible or retained hidden), at the last flush.
  var existingPaths: Set<[Int]> = []
  var existingByID: [Int: [Int]] = [:]

  /// The NodeViews visible (id -> identity path), the identity paths that exist (visible or
  /// hidden in a tab view), and the texts on screen, in order. `realize` records the tabs shown.
  func expected(realize: Bool = false) -> ([Int: [Int]], Set<[Int]>, [String]) {
    var paths: [Int: [Int]] = [:]
    var byID: [Int: [Int]] = [:]
    var existing: Set<[Int]> = []
    var texts: [String] = []
    var newRealized: [[Int]: Set<Int>] = [:]
    func visit(_ n: DFNode, path: [Int], tag: String, visible: Bool) {
      existing.insert(path)
      byID[n.id] = path
      if visible { paths[n.id] = path }
      func kids(_ prefix: [Int], _ tag: String) {
        for c in dfDedupe(n.children) {
          visit(c, path: path + prefix + [c.id], tag: tag, visible: visible)
        }
      }
      switch n.kind {
      case .vstack, .hstack, .list: kids([], tag)
      case .text: if visible { texts.append("T\(n.id):\(n.text)") }
      case .cond:
        if n.flag { kids([-1], tag) } else if visible { texts.append("else\(n.id)") }
      case .env: kids([], n.text)
      case .reader: if visible { texts.append("R\(n.id)=\(tag)") }
      case .stateful: if visible { texts.append("S\(n.id):\(stateCounts[path] ?? 0)") }
      case .capture:
        if visible { for c in dfDedupe(n.children) { texts.append("C\(c.id)<\(n.text)") } }
      case .ided: kids([-1000 - intern(n.text)], tag)
      case .anyv: kids([n.flag ? -2 : -3], tag)
      case .mixed:
        let split = max(0, min(n.sel, n.children.count))
        if visible { texts.append("h\(n.id)") }
        for c in n.children.prefix(split) {
          visit(c, path: path + [-10, c.id], tag: tag, visible: visible)
        }
        if visible && n.flag { texts.append("m\(n.id)") }
        for c in n.children.dropFirst(split) {
          visit(c, path: path + [-11, c.id], tag: tag, visible: visible)
        }
        if visible { texts.append("t\(n.id)") }
      case .tabs:
        let ids = Set(n.children.map(\.id))
        var realized = (realizedTabs[path] ?? []).intersection(ids)
        if ids.contains(n.sel) { realized.insert(n.sel) }
        newRealized[path] = realized
        for c in n.children where c.id == n.sel {
          visit(c, path: path + [c.id], tag: tag, visible: visible)
        }
        for c in n.children where c.id != n.sel && realized.contains(c.id) {
          visit(c, path: path + [c.id], tag: tag, visible: false)
        }
        if visible { for c in n.children { texts.append("tab\(c.id)") } }
      }
    }
    visit(root, path: [0], tag: "none", visible: true)
    if realize {
      realizedTabs = newRealized
      existingByID = byID
    }
    return (paths, existing, texts)
  }

  func containers(mountedOnly: Bool) -> [DFNode] {
    let mounted = Set(mountedPaths.keys)
    return allNodes().map(\.0).filter {
      $0.kind.isContainer && (!mountedOnly || mounted.contains($0.id))
    }
  }

  enum Expect {
    case none
    case textOnly(Int)
    case reorderOnly, nothing
  }

  /// One batch of edits and a flush.
  func step(_ step: Int) {
    var expect = Expect.none
    var written: Set<Int> = []
    var descs: [String] = []
    for n in allNodes().map(\.0) where dfDedupe(n.children).count != n.children.count {
      n.children = dfDedupe(n.children)
      written.insert(n.id)
    }
    var expectDuplicate = false
    let mode = rng.int(0..<11)
    if mode == 0 {
      // A tap on a mounted stateful leaf.
      let stateful = mountedPaths.keys.sorted().compactMap(node).filter { $0.kind == .stateful }
      if let s = stateful.randomElement(using: &rng), let path = mountedPaths[s.id] {
        let title = "S\(s.id):\(stateCounts[path] ?? 0)"
        if !host.tap(title) { failures.append("tap \(title) found nothing") }
        stateCounts[path, default: 0] += 1
        descs.append("tap \(title)")
      }
    } else if mode == 1 {
      // Text edits of mounted text leaves only: exactly one setText each.
      let texts = mountedPaths.keys.sorted().compactMap(node).filter { $0.kind == .text }
      var n = 0
      for t in texts where rng.chance(2) {
        t.text += "!"
        written.insert(t.id)
        n += 1
        descs.append("text \(t.id)")
      }
      expect = .textOnly(n)
    } else if mode == 2 {
      // A pure reorder of one mounted stack or list.
      let cs = containers(mountedOnly: true).filter {
        [.vstack, .hstack, .list].contains($0.kind) && $0.children.count > 1
      }
      if let c = cs.randomElement(using: &rng) {
        let before = c.children.map(\.id)
        switch rng.int(0..<3) {
        case 0: c.children.reverse()
        case 1: c.children.shuffle(using: &rng)
        default:
          let i = rng.int(0..<c.children.count)
          let j = rng.int(0..<c.children.count)
          c.children.swapAt(i, j)
        }
        written.insert(c.id)
        descs.append("reorder \(c.id) \(before) -> \(c.children.map(\.id))")
        expect = before == c.children.map(\.id) ? .nothing : .reorderOnly
      }
    } else if mode == 10 {
      let cs = containers(mountedOnly: true).filter {
        ![.mixed, .tabs].contains($0.kind) && !$0.children.isEmpty
          && !($0.kind == .cond && !$0.flag)
      }
      if let c = cs.randomElement(using: &rng) {
        let dup = c.children[rng.int(0..<c.children.count)]
        c.children.insert(dup, at: rng.int(0..<(c.children.count + 1)))
        written.insert(c.id)
        expectDuplicate = true
        descs.append("duplicate \(dup.id) in \(c.id): \(c.children.map(\.id))")
      }
    } else if mode == 3 {
      // No-ops: an equal text, the same children array.
      let all = allNodes().map(\.0)
      let n = all[rng.int(0..<all.count)]
      n.text = n.text
      n.children = n.children
      written.insert(n.id)
      descs.append("noop \(n.id)")
      expect = .nothing
    } else {
      for _ in 0..<rng.int(1..<4) { descs.append(randomEdit(&written)) }
    }
    for t in allNodes().map(\.0) where t.kind == .tabs {
      if !t.children.contains(where: { $0.id == t.sel }) {
        t.sel = t.children.first?.id ?? -1
        written.insert(t.id)
      }
    }
    let emptyTabs = allNodes().contains { $0.0.kind == .tabs && $0.0.children.isEmpty }
    let before = mountedPaths
    let pathsBefore = existingByID
    log.order = []
    bodyRunIDs = []
    let commitsBefore = renderer.commits
    renderer.commitOps = []
    let diagnostics = TrellisDiagnostics.capture { host.flush() }
    var unexpected = diagnostics.filter { !(emptyTabs && $0.description.contains("selection")) }
    if expectDuplicate {
      let dups = unexpected.filter { $0.kind == .invalidInput && $0.message.contains("duplicate") }
      if dups.count != 1 {
        pending.append("expected one duplicate-id diagnostic, got \(diagnostics)")
      }
      unexpected.removeAll { $0.kind == .invalidInput && $0.message.contains("duplicate") }
    }
    if !unexpected.isEmpty {
      failures.append("seed \(seed) step \(step) [\(descs)] diagnostics: \(unexpected)")
    }
    let runsSnapshot = host.bodyRuns
    consumeEvents()
    // Expected identities and state.
    let (paths, existing, _) = expected(realize: true)
    mountedPaths = paths
    let keptPaths = existingPaths.intersection(existing)
    existingPaths = existing
    stateCounts = stateCounts.filter { keptPaths.contains($0.key) }
    // Lifecycle order: disappearances first (a view before the views inside it), then
    // appearances (a view after the views inside it).
    let order = log.order
    if let firstAppear = order.firstIndex(where: { $0.0 }),
      order[firstAppear...].contains(where: { !$0.0 })
    {
      pending.append("a disappear ran after an appear: \(order)")
    }
    func isAncestor(_ a: [Int]?, _ b: [Int]?) -> Bool {
      guard let a, let b, a.count < b.count else { return false }
      return Array(b.prefix(a.count)) == a
    }
    for (i, x) in order.enumerated() {
      for y in order[(i + 1)...] where x.0 == y.0 {
        if x.0, isAncestor(existingByID[x.1], existingByID[y.1]) {
          pending.append("\(x.1) appeared before \(y.1) inside it: \(order)")
        }
        if !x.0, isAncestor(pathsBefore[y.1], pathsBefore[x.1]) {
          pending.append("\(x.1) disappeared before \(y.1) around it: \(order)")
        }
      }
    }
    // Mutation expectations.
    let ops = renderer.commits > commitsBefore ? renderer.commitOps : []
    switch expect {
    case .textOnly(let n):
      if ops.count != n || renderer.count(.setText) != n {
        pending.append("\(n) text edits gave \(ops)")
      }
    case .reorderOnly:
      let structural = ops.filter { $0 != .setAttributes }
      if structural.isEmpty || structural.contains(where: { $0 != .move }) {
        pending.append("a reorder gave \(ops)")
      }
    case .nothing:
      if !ops.isEmpty { pending.append("a no-op gave \(ops)") }
    case .none: break
    }
    // Bodies: an environment reader or a stateful leaf re-runs only for what it read.
    if mode <= 3 {
      let runs = runsSnapshot.map(\.view)
      let readers = runs.filter { $0.hasPrefix("DFReader") }.count
      let statefuls = runs.filter { $0.hasPrefix("DFStateful") }.count
      if readers != 0 || statefuls != (mode == 0 && !descs.isEmpty ? 1 : 0) {
        pending.append("bodies re-ran: \(runsSnapshot.map(\.description))")
      }
    }
    // Bodies: a NodeView runs only if its node was written or it is new.
    let newIDs = Set(paths.keys).subtracting(before.keys)
    let changedPath = Set(existingByID.keys.filter { !keptPaths.contains(existingByID[$0]!) })
    for id in bodyRunIDs
    where !written.contains(id) && !newIDs.contains(id) && !changedPath.contains(id) {
      pending.append(
        "NodeView \(id) re-ran though its node was not written (kind \(node(id).map { "\($0.kind)" } ?? "?"))"
      )
    }
    check(step: step, desc: descs.joined(separator: "; "))
  }

  func randomEdit(_ written: inout Set<Int>) -> String {
    let all = allNodes()
    let cs = all.map(\.0).filter { $0.kind.isContainer }
    switch rng.int(0..<13) {
    case 12 where rng.chance(2):
      let mixed = all.map(\.0).filter { $0.kind == .mixed }
      guard let m = mixed.randomElement(using: &rng) else { return "skip" }
      m.sel = rng.int(0..<(m.children.count + 1))
      written.insert(m.id)
      return "split \(m.sel) in \(m.id)"
    case 11, 12:
      let tabs = all.map(\.0).filter { $0.kind == .tabs && !$0.children.isEmpty }
      guard let t = tabs.randomElement(using: &rng) else { return "skip" }
      t.sel = t.children[rng.int(0..<t.children.count)].id
      written.insert(t.id)
      return "select \(t.sel) in \(t.id)"
    case 0, 1:
      let c = cs[rng.int(0..<cs.count)]
      if c.children.count < 6 {
        let n = makeSubtree(depth: 2)
        c.children.insert(n, at: rng.int(0..<(c.children.count + 1)))
        written.insert(c.id)
        return "insert \(n.id) into \(c.id)"
      }
      return "skip"
    case 2:
      let c = cs[rng.int(0..<cs.count)]
      if !c.children.isEmpty {
        let r = c.children.remove(at: rng.int(0..<c.children.count))
        written.insert(c.id)
        return "remove \(r.id) from \(c.id)"
      }
      return "skip"
    case 3:
      let c = cs[rng.int(0..<cs.count)]
      if c.children.count > 1 {
        let i = rng.int(0..<c.children.count)
        let x = c.children.remove(at: i)
        let j = rng.int(0..<(c.children.count + 1))
        c.children.insert(x, at: j)
        written.insert(c.id)
        return "move \(x.id) in \(c.id) \(i)->\(j)"
      }
      return "skip"
    case 4:
      // Reparent a node (not the root, not into its own subtree).
      let movable = all.filter { $0.1 != nil }
      guard !movable.isEmpty else { return "skip" }
      let (n, p) = movable[rng.int(0..<movable.count)]
      var inside: Set<Int> = []
      var st = [n]
      while let x = st.popLast() {
        inside.insert(x.id)
        st += x.children
      }
      let targets = cs.filter { !inside.contains($0.id) && $0.children.count < 6 }
      guard let t = targets.randomElement(using: &rng) else { return "skip" }
      p!.children.removeAll { $0 === n }
      t.children.insert(n, at: rng.int(0..<(t.children.count + 1)))
      written.insert(p!.id)
      written.insert(t.id)
      return "reparent \(n.id) \(p!.id)->\(t.id)"
    case 5, 6:
      let n = all[rng.int(0..<all.count)].0
      n.text = "v\(rng.int(0..<6))"
      written.insert(n.id)
      return "text \(n.id)=\(n.text)"
    case 7, 8:
      let conds = all.map(\.0).filter { $0.kind.isToggled }
      guard let c = conds.randomElement(using: &rng) else { return "skip" }
      c.flag.toggle()
      written.insert(c.id)
      if rng.chance(4) {
        c.flag.toggle()
        return "flip-and-back \(c.id)"
      }
      return "flip \(c.id)"
    case 9:
      let c = cs[rng.int(0..<cs.count)]
      if c.children.count > 1 {
        c.children.reverse()
        written.insert(c.id)
        return "reverse \(c.id)"
      }
      return "skip"
    default:
      let c = cs[rng.int(0..<cs.count)]
      if c.children.count > 1 {
        c.children.swapAt(0, c.children.count - 1)
        written.insert(c.id)
        return "swap \(c.id)"
      }
      return "skip"
    }
  }

  func consumeEvents() {
    let evs = host.events
    for e in evs {
      switch e.kind {
      case .taskStart: taskBalance[e.view, default: 0] += 1
      case .taskCancel: taskBalance[e.view, default: 0] -= 1
      default: break
      }
    }
    host.clearLogs()
  }

  /// Odd seeds leave the host's tree dormant until the end: the texts are read from the
  /// renderer, and the first read of `host.tree` (a replay) is compared at the end.
  var dormant: Bool { seed % 2 == 1 && !treeRead }
  var treeRead = false

  func rendererTexts() -> [String] {
    var out: [String] = []
    var stack = Array(renderer.rootElement.children.reversed())
    while let e = stack.popLast() {
      if let t = e.text { out.append(t) }
      stack += e.children.reversed()
    }
    return out
  }

  func check(step: Int, desc: String) {
    var local: [String] = pending
    pending = []
    let (paths, _, texts) = expected()
    if dormant {
      if rendererTexts() != texts {
        local.append("renderer texts:\n  got      \(rendererTexts())\n  expected \(texts)")
      }
    }
    let tree = dormant ? RenderedNode(kind: "dormant") : host.tree
    if !dormant && tree.texts != texts {
      local.append("texts:\n  got      \(tree.texts)\n  expected \(texts)")
    }
    var mine: [String] = []
    for c in renderer.rootElement.children { dfShape(c, into: &mine) }
    var theirs: [String] = []
    dfShape(tree, into: &theirs)
    if !dormant && mine != theirs {
      local.append(
        "renderer tree != host.tree:\n" + mine.joined(separator: "\n") + "\n---\n"
          + theirs.joined(separator: "\n"))
    }
    if log.appeared != Set(paths.keys) {
      local.append(
        "appeared \(log.appeared.sorted()) != mounted \(paths.keys.sorted())")
    }
    local += log.failures
    log.failures = []
    local += renderer.violations
    renderer.violations = []
    for (view, balance) in taskBalance where balance < 0 {
      local.append("task balance \(balance) for \(view)")
    }
    let statefulMounted = paths.keys.compactMap(node).filter { $0.kind == .stateful }.count
    let running = taskBalance.values.reduce(0, +)
    if running != statefulMounted {
      local.append(
        "\(running) tasks running, \(statefulMounted) stateful views mounted: \(taskBalance)")
    }
    if !local.isEmpty, ProcessInfo.processInfo.environment["TRELLIS_DF_DUMP"] != nil {
      local.append(modelDump())
      if !dormant { local.append(host.dump()) }
    }
    if !local.isEmpty {
      failures.append("seed \(seed) step \(step) [\(desc)]:\n" + local.joined(separator: "\n"))
    }
  }

  func modelDump() -> String {
    var out: [String] = []
    func go(_ n: DFNode, _ d: Int) {
      out.append(
        String(repeating: "  ", count: d)
          + "\(n.id) \(n.kind) text=\(n.text) flag=\(n.flag) sel=\(n.sel) visible=\(mountedPaths[n.id] != nil) exists=\(existingByID[n.id] != nil)"
      )
      for c in n.children { go(c, d + 1) }
    }
    go(root, 0)
    return out.joined(separator: "\n")
  }

  func finish() {
    if dormant {
      treeRead = true
      check(step: 999, desc: "first read of host.tree (replay)")
      if !failures.isEmpty { return }
    }
    host.unmount()
    consumeEvents()
    if !log.appeared.isEmpty {
      failures.append("seed \(seed): still appeared after unmount: \(log.appeared)")
    }
    if !renderer.rootElement.children.isEmpty {
      failures.append("seed \(seed): renderer root not empty after unmount")
    }
    if !renderer.allElements.isEmpty {
      failures.append(
        "seed \(seed): \(renderer.allElements.count) elements not destroyed after unmount")
    }
    for (view, balance) in taskBalance where balance != 0 {
      failures.append("seed \(seed): task balance \(balance) for \(view) after unmount")
    }
    failures += renderer.violations
  }
}

@MainActor
@Suite struct RendererFuzzTests {
  @Test func randomProgramsAgreeWithTheModel() {
    let env = ProcessInfo.processInfo.environment
    let seeds: [UInt64]
    if let s = env["TRELLIS_DF_SEED"].flatMap(UInt64.init) {
      seeds = [s]
    } else {
      seeds = Array(0..<UInt64(env["TRELLIS_DF_PROGRAMS"].flatMap(Int.init) ?? 250))
    }
    let steps = env["TRELLIS_DF_STEPS"].flatMap(Int.init) ?? 20
    var failing: [String] = []
    for seed in seeds {
      let program = DFProgram(seed: seed)
      var step = 0
      while program.failures.isEmpty && step < steps {
        program.step(step)
        step += 1
      }
      if program.failures.isEmpty { program.finish() }
      if !program.failures.isEmpty {
        failing.append(program.failures.prefix(3).joined(separator: "\n"))
        if failing.count >= 8 { break }
      }
    }
    #expect(
      failing.isEmpty,
      "\(failing.count) failing programs:\n\(failing.joined(separator: "\n====\n"))")
  }
}
