import Trellis

/// The view runtime end to end: mounting a list, one row's change, and an environment change
/// that 1% of the rows read.
///
/// The list is `VStack { ForEach(store.rows) { row in RowView(row: row) } }` with
/// `RowView` showing `Text(row.title)` (see `ListModels.swift`), mounted headlessly with
/// `ViewHost(…, executor: .manual)`; an update is a write followed by one `flush()`. Every
/// update case checks, for every measured batch, how many bodies re-ran.
struct ViewsSuite: BenchmarkSuite {
  let name = "views"
  let summary =
    "A list of N rows in a headless `ViewHost`: mount time (ms), one row's title change + "
    + "flush (ns per update; rows updated in a scattered order), one root environment change "
    + "read by 1% of 10,000 rows (ns per update), bodies re-run and renderer mutations per "
    + "update; `-quiet` cases with updates not logged; js-framework-benchmark's operations and "
    + "edits of large keyed lists (ms per edit, updates not logged); 10,000 rows that all read "
    + "one shared property, mounted and unmounted (ms); a lazy `List` of 100,000 "
    + "rows mounted and scrolled by a page (ms); one small change in a large app (a tab "
    + "switch, releasing a focused form, a toggle beside preference readers, a push onto a "
    + "deep stack)."

  static let perUpdate = "ns_per_update"
  static let bodiesPerUpdate = "bodies_per_update"
  static let mutationsPerUpdate = "mutations_per_update"
  /// The list sizes of the mount and update cases.
  private static let sizes = [1_000, 10_000, 100_000]

  func run(in context: SuiteContext) {
    // The tool's top-level code runs on the main thread, where the view runtime lives; the
    // context is used there only.
    let unchecked = UncheckedSendable(context)
    MainActor.assumeIsolated {
      let context = unchecked.value
      for size in Self.sizes {
        measureMount(PropertyLevelImplementation.self, size: size, in: context)
      }
      for size in Self.sizes {
        measureRowUpdates(PropertyLevelImplementation.self, size: size, in: context)
        measureRowUpdates(ObjectLevelImplementation.self, size: size, in: context)
      }
      measureEnvironmentChange(in: context)
      for size in Self.sizes {
        measureMount(PropertyLevelImplementation.self, size: size, logging: false, in: context)
      }
      for size in Self.sizes {
        measureRowUpdates(
          PropertyLevelImplementation.self, size: size, logging: false, in: context)
      }
      for structural in Self.structuralCases { measure(structural, in: context) }
      measureSharedRead(in: context)
      measureBoundList(in: context)
      measureLazyList(in: context)
      measureScaling(in: context)
    }
    context.target(
      "update-row-100k ÷ update-row-1k (trellis)", ("update-row-100k", .trellis, Self.perUpdate),
      over: ("update-row-1k", .trellis, Self.perUpdate), .atMost(1.5))
    context.target(
      "update-row-100k ÷ update-row-1k (object-level, for reference)",
      ("update-row-100k", .objectLevel, Self.perUpdate),
      over: ("update-row-1k", .objectLevel, Self.perUpdate), .atMost(1.5))
  }

  /// `1k`, `10k`, `100k`: the suffix of the per-size case names (the chart reads it back).
  static func sizeLabel(_ size: Int) -> String {
    size.isMultiple(of: 1000) ? "\(size / 1000)k" : "\(size)"
  }

  // MARK: - mount-N

  /// Mounts a new host over `size` new rows per sample; only the `ViewHost` initializer (which
  /// evaluates every body and, with `.manual`, flushes) is timed. Building the rows and
  /// releasing the host are not.
  @MainActor
  private func measureMount<L: ListImplementation>(
    _: L.Type, size: Int, logging: Bool = true, in context: SuiteContext
  ) {
    let caseName = "mount-\(Self.sizeLabel(size))" + (logging ? "" : "-quiet")
    let sampleCount = context.sampler.sampleCount
    var correct = true
    var checkedTree = false
    var samples: [Double] = []
    for sample in -1..<sampleCount {
      let rows = L.makeRows(size)
      let recorder = RecordingRenderer(recordsMutations: false)
      let (host, elapsed) = mountTimed(L.makeRoot(rows), logging: logging, renderer: recorder)
      correct =
        correct && host.bodyCount(of: "ListView") == 1 && host.bodyCount(of: "RowView") == size
        && host.bodyRunCount == size + 1
        && recorder.counts
          == RecordingRenderer.Counts(
            creates: 2 * size + 2, inserts: 2 * size + 2, commits: 1)
      if !checkedTree {
        // The rendered tree, once (building it is O(n)): one RowView with one Text per row.
        let tree = host.tree
        context.check(
          tree.findAll(kind: "RowView").count == size, caseName, L.implementation,
          "the tree has \(tree.findAll(kind: "RowView").count) RowView nodes, expected \(size)")
        let texts = tree.findAll(kind: "Text").map(\.text)
        context.check(
          texts == rows.map { Optional(L.title(of: $0)) }, caseName, L.implementation,
          "the rendered texts are not the rows' titles in order")
        checkedTree = true
      }
      if sample >= 0 { samples.append(elapsed.nanoseconds / 1e6) }
    }
    context.record(caseName, L.implementation, metric: "ms", samples: samples)
    context.check(
      correct, caseName, L.implementation,
      "a mount did not run exactly one ListView body and \(size) RowView bodies, or did not "
        + "create exactly one element per view")
  }

  // MARK: - update-row-N

  /// One host over `size` rows; each update gives one row a new title and flushes. Rows are
  /// taken in a scattered order (stride 7,919, coprime with every size here), so that large
  /// lists are not measured on one row that stays in cache.
  @MainActor
  private func measureRowUpdates<L: ListImplementation>(
    _: L.Type, size: Int, logging: Bool = true, in context: SuiteContext
  ) {
    let caseName = "update-row-\(Self.sizeLabel(size))" + (logging ? "" : "-quiet")
    let implementation = L.implementation
    let rows = L.makeRows(size)
    let originals = rows.map { L.title(of: $0) }
    // Short enough to be stored inline: a write allocates nothing.
    let alternates = originals.map { $0 + "'" }
    var isAlternate = [Bool](repeating: false, count: size)
    let recorder = RecordingRenderer(recordsMutations: false)
    let host = ViewHost(
      L.makeRoot(rows), executor: .manual, options: ViewHostOptions(logsUpdates: logging),
      renderer: recorder)
    let stride = 7_919
    var cursor = 0
    var updates = 0
    var rowBodies = 0
    var allBodies = 0
    var mutations = RecordingRenderer.Counts()
    var bodiesPerUpdate: [Double] = []
    var mutationsPerUpdate: [Double] = []
    let samples = context.sampler.nanosecondsPerOperation { n in
      host.clearLogs()
      recorder.clear()
      let elapsed = timedOnMainActor {
        for _ in 0..<n {
          cursor = (cursor + stride) % size
          isAlternate[cursor].toggle()
          L.setTitle(rows[cursor], isAlternate[cursor] ? alternates[cursor] : originals[cursor])
          host.flush()
        }
      }
      updates += n
      rowBodies += host.bodyCount(of: "RowView")
      allBodies += host.bodyRunCount
      mutations.textUpdates += recorder.counts.textUpdates
      mutations.commits += recorder.counts.commits
      mutations.creates += recorder.counts.total - recorder.counts.textUpdates
      bodiesPerUpdate.append(Double(host.bodyRunCount) / Double(n))
      mutationsPerUpdate.append(Double(recorder.counts.total) / Double(n))
      return elapsed
    }
    context.record(caseName, implementation, metric: Self.perUpdate, samples: samples)
    context.record(
      caseName, implementation, metric: Self.bodiesPerUpdate,
      samples: Array(bodiesPerUpdate.suffix(context.sampler.sampleCount)))
    context.record(
      caseName, implementation, metric: Self.mutationsPerUpdate,
      samples: Array(mutationsPerUpdate.suffix(context.sampler.sampleCount)))
    // Calibration batches included: every update must re-run exactly one RowView body and
    // send exactly one text mutation, in its own commit.
    context.check(
      rowBodies == updates && allBodies == updates, caseName, implementation,
      "\(updates) updates re-ran \(rowBodies) RowView bodies and \(allBodies) bodies in all; "
        + "expected exactly one RowView per update")
    context.check(
      mutations
        == RecordingRenderer.Counts(
          creates: 0, textUpdates: updates, commits: updates), caseName, implementation,
      "\(updates) updates sent \(mutations.textUpdates) text mutations and "
        + "\(mutations.creates) others in \(mutations.commits) commits; expected exactly one text "
        + "mutation per update")
    let expected = (0..<size).map { isAlternate[$0] ? alternates[$0] : originals[$0] }
    context.check(
      host.tree.findAll(kind: "Text").map(\.text) == expected.map(Optional.init), caseName,
      implementation, "the rendered texts do not match the rows' current titles")
  }

  // MARK: - env-change

  /// 10,000 rows; the 100 whose id is a multiple of 100 read `@Environment(\.rowAccent)`. Each
  /// update sets the root's value (alternating 1 and 2, so every write is a change) and
  /// flushes: exactly those 100 bodies must re-run.
  @MainActor
  private func measureEnvironmentChange(in context: SuiteContext) {
    let caseName = "env-change"
    let size = 10_000
    let readers = size / 100
    let rows = PropertyLevelImplementation.makeRows(size)
    let host = ViewHost(
      EnvironmentList.ListView(store: PropertyLevelList.Store(rows: rows)), executor: .manual)
    context.check(
      host.bodyCount(of: "AccentRowView") == readers
        && host.bodyCount(of: "RowView") == size - readers,
      caseName, .trellis,
      "mounted \(host.bodyCount(of: "AccentRowView")) AccentRowView and "
        + "\(host.bodyCount(of: "RowView")) RowView bodies; expected \(readers) and "
        + "\(size - readers)")
    var accent = 0
    var updates = 0
    var readerBodies = 0
    var allBodies = 0
    var bodiesPerUpdate: [Double] = []
    let samples = context.sampler.nanosecondsPerOperation { n in
      host.clearLogs()
      let elapsed = timedOnMainActor {
        for _ in 0..<n {
          accent = accent == 1 ? 2 : 1
          host.environment.setValue(accent, for: RowAccentKey.self)
          host.flush()
        }
      }
      updates += n
      readerBodies += host.bodyCount(of: "AccentRowView")
      allBodies += host.bodyRunCount
      bodiesPerUpdate.append(Double(host.bodyRunCount) / Double(n))
      return elapsed
    }
    context.record(caseName, .trellis, metric: Self.perUpdate, samples: samples)
    context.record(
      caseName, .trellis, metric: Self.bodiesPerUpdate,
      samples: Array(bodiesPerUpdate.suffix(context.sampler.sampleCount)))
    context.check(
      readerBodies == readers * updates && allBodies == readers * updates, caseName, .trellis,
      "\(updates) changes re-ran \(readerBodies) AccentRowView bodies and \(allBodies) bodies "
        + "in all; expected exactly \(readers) per change")
    let suffix = " \(accent)"
    let accentTexts = host.tree.findAll(kind: "AccentRowView").compactMap {
      $0.children.first?.text
    }
    context.check(
      accentTexts.count == readers && accentTexts.allSatisfy { $0.hasSuffix(suffix) }, caseName,
      .trellis, "the rows that read the environment do not all show the latest value")
  }
}

/// Times `body`, which runs on the main actor (as `timed(_:)` does for nonisolated code).
@MainActor
private func timedOnMainActor(_ body: () -> Void) -> Duration {
  let clock = ContinuousClock()
  let start = clock.now
  body()
  return clock.now - start
}

/// Mounts `root` with the manual executor and `renderer`, and times it.
@MainActor
private func mountTimed<Root: View>(
  _ root: Root, logging: Bool, renderer: RecordingRenderer
) -> (ViewHost, Duration) {
  let clock = ContinuousClock()
  let start = clock.now
  let host = ViewHost(
    root, executor: .manual, options: ViewHostOptions(logsUpdates: logging), renderer: renderer)
  return (host, clock.now - start)
}

/// One implementation of the `views` list (see `ListModels.swift`), for the generic cases.
@MainActor
protocol ListImplementation {
  associatedtype Row: AnyObject
  associatedtype Root: View
  static var implementation: Implementation { get }
  /// `count` new rows with ids 0..<count and titles `Row <id>`.
  static func makeRows(_ count: Int) -> [Row]
  /// The list view over a new store holding `rows`.
  static func makeRoot(_ rows: [Row]) -> Root
  static func title(of row: Row) -> String
  static func setTitle(_ row: Row, _ title: String)
}

enum PropertyLevelImplementation: ListImplementation {
  static let implementation = Implementation.trellis

  static func makeRows(_ count: Int) -> [PropertyLevelList.Row] {
    (0..<count).map { PropertyLevelList.Row(id: $0, title: "Row \($0)") }
  }

  static func makeRoot(_ rows: [PropertyLevelList.Row]) -> PropertyLevelList.ListView {
    PropertyLevelList.ListView(store: PropertyLevelList.Store(rows: rows))
  }

  static func title(of row: PropertyLevelList.Row) -> String { row.title }

  static func setTitle(_ row: PropertyLevelList.Row, _ title: String) { row.title = title }
}

enum ObjectLevelImplementation: ListImplementation {
  static let implementation = Implementation.objectLevel

  static func makeRows(_ count: Int) -> [ObjectLevelList.Row] {
    (0..<count).map { ObjectLevelList.Row(id: $0, title: "Row \($0)") }
  }

  static func makeRoot(_ rows: [ObjectLevelList.Row]) -> ObjectLevelList.ListView {
    ObjectLevelList.ListView(store: ObjectLevelList.Store(rows: rows))
  }

  static func title(of row: ObjectLevelList.Row) -> String { row.title }

  static func setTitle(_ row: ObjectLevelList.Row, _ title: String) { row.title = title }
}
