import Trellis

/// A list whose every row reads one property they all share (a theme, as an app's rows read its
/// accent or its selection) besides their own title: that property has one subscriber per row.
enum SharedReadList {
  typealias Row = PropertyLevelList.Row

  final class Theme: Trackable {
    @Tracked var mark = "•"
  }

  struct ListView: View {
    let rows: [Row]
    let theme: Theme
    var body: some View {
      VStack {
        ForEach(rows) { row in RowView(row: row, theme: theme) }
      }
    }
  }

  struct RowView: View {
    let row: Row
    let theme: Theme
    var body: some View { Text("\(theme.mark) \(row.title)") }
  }
}

extension ViewsSuite {
  /// Mounts, then unmounts, 10,000 rows that all read one shared property, each step timed on
  /// its own (updates not logged). One property with a subscriber per row is what these cases
  /// measure: each step must stay O(rows).
  @MainActor
  func measureSharedRead(in context: SuiteContext) {
    let size = 10_000
    let mountCase = "mount-shared-\(Self.sizeLabel(size))"
    let unmountCase = "unmount-shared-\(Self.sizeLabel(size))"
    var mounts: [Double] = []
    var unmounts: [Double] = []
    var correct = true
    for sample in -1..<context.sampler.sampleCount {
      let theme = SharedReadList.Theme()
      let root = SharedReadList.ListView(
        rows: PropertyLevelImplementation.makeRows(size), theme: theme)
      let clock = ContinuousClock()
      let start = clock.now
      let host = ViewHost(
        root, executor: .manual, options: ViewHostOptions(logsUpdates: false),
        renderer: RecordingRenderer(recordsMutations: false))
      let mounted = clock.now
      correct = correct && host.bodyCount(of: "RowView") == size
      host.unmount()
      let unmounted = clock.now
      // With every row gone, a write to the shared property reaches no body.
      theme.mark = "-"
      host.flush()
      correct = correct && host.bodyCount(of: "RowView") == size
      if sample >= 0 {
        mounts.append((mounted - start).nanoseconds / 1e6)
        unmounts.append((unmounted - mounted).nanoseconds / 1e6)
      }
    }
    context.record(mountCase, .trellis, metric: "ms", samples: mounts)
    context.record(unmountCase, .trellis, metric: "ms", samples: unmounts)
    context.check(
      correct, mountCase, .trellis,
      "a mount did not run \(size) row bodies, or a write after the unmount ran one")
  }
}
