import Trellis

/// The lazy list of the lazy cases: `List(store.rows) { RowView(row:) }` over the property-level
/// rows, so that the eager `mount-100k` case (the same rows in a `VStack`) is its reference.
enum LazyRowList {
  typealias Store = PropertyLevelList.Store
  typealias Row = PropertyLevelList.Row

  struct LazyListView: View {
    let store: Store
    var body: some View {
      List(store.rows) { row in RowView(row: row) }
    }
  }

  struct RowView: View {
    let row: Row
    var body: some View { Text(row.title) }
  }
}

extension ViewsSuite {
  /// The rows a lazy list realizes before any viewport is reported: the host's default viewport
  /// (20 rows) plus the overscan below it (2 rows).
  private static let realizedOnMount = 22
  /// Rows per page in the scroll case: the default viewport.
  private static let page = 20

  /// Mounts a lazy `List` over 100,000 new rows per sample (only the `ViewHost` initializer is
  /// timed), then scrolls one host by a page at a time. Every mount is checked for the rows it
  /// realized; every batch of scrolls for the rows the tree shows after its last scroll.
  @MainActor
  func measureLazyList(in context: SuiteContext) {
    let size = 100_000
    let mountCase = "mount-list-100k"
    var realizedCorrectly = true
    var samples: [Double] = []
    for sample in -1..<context.sampler.sampleCount {
      let store = LazyRowList.Store(rows: PropertyLevelImplementation.makeRows(size))
      let clock = ContinuousClock()
      let start = clock.now
      let host = ViewHost(
        LazyRowList.LazyListView(store: store), executor: .manual,
        options: ViewHostOptions(logsUpdates: false))
      let elapsed = clock.now - start
      realizedCorrectly =
        realizedCorrectly && host.bodyCount(of: "RowView") == Self.realizedOnMount
      if sample >= 0 { samples.append(elapsed.nanoseconds / 1e6) }
    }
    context.record(mountCase, .trellis, metric: "ms", samples: samples)
    context.check(
      realizedCorrectly, mountCase, .trellis,
      "a mount realized a number of rows other than the \(Self.realizedOnMount) of its viewport")

    measureLazyScroll(size: size, in: context)
    measureLazySwap(size: size, in: context)
  }

  /// One host over `size` rows; each operation scrolls the list down by a page and flushes,
  /// wrapping to the top past the end.
  @MainActor
  private func measureLazyScroll(size: Int, in context: SuiteContext) {
    let scrollCase = "scroll-page-100k"
    let rows = PropertyLevelImplementation.makeRows(size)
    let store = LazyRowList.Store(rows: rows)
    let host = ViewHost(
      LazyRowList.LazyListView(store: store), executor: .manual,
      options: ViewHostOptions(logsUpdates: false))
    var offset = 0
    var wrongTrees = 0
    var realizedPerScroll: [Double] = []
    let samples = context.sampler.nanosecondsPerOperation { n in
      var elapsed = Duration.zero
      host.clearLogs()
      for _ in 0..<n {
        offset = offset + Self.page < size ? offset + Self.page : 0
        let clock = ContinuousClock()
        let start = clock.now
        host.scroll(toRow: offset)
        host.flush()
        elapsed += clock.now - start
      }
      realizedPerScroll.append(Double(host.bodyCount(of: "RowView")) / Double(n))
      let shown = host.tree.findAll(kind: "Text").compactMap(\.text)
      let expected = rows[offset..<min(size, offset + Self.page)].map(\.title)
      if !shown.contains(expected) { wrongTrees += 1 }
      return elapsed
    }
    context.record(scrollCase, .trellis, metric: "ms", samples: samples.map { $0 / 1e6 })
    // A page down realizes the page's rows that were not yet realized (the overscan was).
    context.record(
      scrollCase, .trellis, metric: "rows_realized_per_scroll",
      samples: Array(realizedPerScroll.suffix(context.sampler.sampleCount)))
    context.check(
      wrongTrees == 0, scrollCase, .trellis,
      "\(wrongTrees) batches ended with a tree that does not show the page scrolled to")
  }
}

extension ViewsSuite {
  /// One host over `size` rows, scrolled down five pages so that it has hidden rows; each
  /// operation swaps two rows far from the viewport (the 10th and the 10th from the end) and
  /// flushes. The list's pass runs, and must re-run no row body. Every batch checks the page the
  /// tree shows.
  @MainActor
  fileprivate func measureLazySwap(size: Int, in context: SuiteContext) {
    let swapCase = "swap-two-list-100k"
    let rows = PropertyLevelImplementation.makeRows(size)
    let store = LazyRowList.Store(rows: rows)
    let host = ViewHost(
      LazyRowList.LazyListView(store: store), executor: .manual,
      options: ViewHostOptions(logsUpdates: false))
    let shownFrom = 5 * 20
    for page in 1...5 {
      host.scroll(toRow: page * 20)
      host.flush()
    }
    var wrongTrees = 0
    var rowBodies = 0
    let samples = context.sampler.nanosecondsPerOperation { n in
      host.clearLogs()
      let clock = ContinuousClock()
      let start = clock.now
      for _ in 0..<n {
        store.rows.swapAt(10, size - 10)
        host.flush()
      }
      let elapsed = clock.now - start
      rowBodies += host.bodyCount(of: "RowView")
      let shown = host.tree.findAll(kind: "Text").compactMap(\.text)
      let expected = store.rows[shownFrom..<shownFrom + 20].map(\.title)
      if !shown.contains(expected) { wrongTrees += 1 }
      return elapsed
    }
    context.record(swapCase, .trellis, metric: "ms", samples: samples.map { $0 / 1e6 })
    context.check(
      wrongTrees == 0 && rowBodies == 0, swapCase, .trellis,
      "\(wrongTrees) batches ended with a tree that does not show the page scrolled to, and "
        + "\(rowBodies) row bodies re-ran (expected none)")
  }
}

extension Array where Element: Equatable {
  /// Whether `other` appears in this array, contiguous and in order.
  fileprivate func contains(_ other: [Element]) -> Bool {
    guard !other.isEmpty else { return true }
    guard other.count <= count else { return false }
    return (0...(count - other.count)).contains { start in
      self[start..<start + other.count].elementsEqual(other)
    }
  }
}
