import Trellis

/// A list of plain values in a model, shown with `ForEach($store.items)`: each row gets a
/// binding to its element and reads it (an editable list, as SwiftUI apps write one).
enum BoundList {
  struct Item: Identifiable, Equatable {
    var id: Int
    var title: String
  }

  final class Store: Trackable {
    @Tracked var items: [Item]
    init(items: [Item]) { _items = Tracked(wrappedValue: items) }
  }

  struct ListView: View {
    @Bindable var store: Store
    var body: some View {
      VStack {
        ForEach($store.items) { $item in RowView(item: $item) }
      }
    }
  }

  struct RowView: View {
    @Binding var item: Item
    var body: some View { Text(item.title) }
  }

  static func makeItems(_ count: Int) -> [Item] {
    (0..<count).map { Item(id: $0, title: "Item \($0)") }
  }
}

extension ViewsSuite {
  /// Mounts 10,000 rows that each read their element's binding (updates not logged), then
  /// edits one element at a time through the model. A row's binding finds its element where it
  /// was last: the mount is O(rows) (it was O(rows²), each row's first read searching from the
  /// start). An edit re-runs the edited row alone (its body depends on its element, not on the
  /// collection), but the list's body re-runs (it read the collection to make the `ForEach`),
  /// and the `ForEach` compares every element: O(rows), and measured as such.
  @MainActor
  func measureBoundList(in context: SuiteContext) {
    let size = 10_000
    let mountCase = "mount-bindings-\(Self.sizeLabel(size))"
    let editCase = "edit-bound-row-\(Self.sizeLabel(size))"
    var mounts: [Double] = []
    var correct = true
    var host: ViewHost?
    var store = BoundList.Store(items: [])
    for sample in -1..<context.sampler.sampleCount {
      store = BoundList.Store(items: BoundList.makeItems(size))
      host = nil
      let root = BoundList.ListView(store: store)
      let elapsed = timed {
        host = ViewHost(
          root, executor: .manual, options: ViewHostOptions(logsUpdates: false),
          renderer: RecordingRenderer(recordsMutations: false))
      }
      correct = correct && host?.bodyCount(of: "RowView") == size
      if sample >= 0 { mounts.append(elapsed.nanoseconds / 1e6) }
    }
    context.record(mountCase, .trellis, metric: "ms", samples: mounts)
    context.check(correct, mountCase, .trellis, "a mount did not run \(size) row bodies")
    guard let host else { return }
    var next = 0
    var edits = 0
    let samples = context.sampler.nanosecondsPerOperation { n in
      timed {
        for _ in 0..<n {
          next = (next + 7_919) % size
          edits += 1
          store.items[next].title = "Edit \(edits)"
          host.flush()
        }
      }
    }
    context.record(editCase, .trellis, metric: Self.perUpdate, samples: samples)
    let shown = host.tree.texts
    context.check(
      shown.count == size && shown[next] == "Edit \(edits)", editCase, .trellis,
      "the last edited row shows \(shown.count > next ? shown[next] : "nothing")")
  }
}
