import Trellis

// The list of the `views` suite in two implementations with the same shape: a store holding
// an array of rows, each row an `id` and a `title`; a list view whose body is
// `VStack { ForEach(store.rows) { row in RowView(row: row) } }`; a row view whose body is
// `Text(row.title)`. The view types have the same names in both namespaces, so that
// `ViewHost.bodyCount(of: "RowView")` counts the row bodies of either.

/// Property-level rows (`Trackable` + `@Tracked`): a row's body depends on `row.title` only.
enum PropertyLevelList {
  final class Store: Trackable {
    @Tracked var rows: [Row]
    init(rows: [Row]) { _rows = Tracked(wrappedValue: rows) }
  }

  final class Row: Trackable, Identifiable {
    let id: Int
    @Tracked var title: String
    /// Read only by the structural cases' rows (`KeyedRowList`).
    @Tracked var isSelected = false
    init(id: Int, title: String) {
      self.id = id
      _title = Tracked(wrappedValue: title)
    }
  }

  struct ListView: View {
    let store: Store
    var body: some View {
      VStack {
        ForEach(store.rows) { row in RowView(row: row) }
      }
    }
  }

  struct RowView: View {
    let row: Row
    var body: some View { Text(row.title) }
  }
}

/// Object-level rows (`ObjectTrackable` + `@ObjectTracked`, `@ObservedObject` in the views):
/// a row's body depends on the whole row object. Each row is its own object, so one row's
/// change still re-runs one row.
enum ObjectLevelList {
  final class Store: ObjectTrackable {
    let objectChanges = ObjectChangeNotifier()
    @ObjectTracked var rows: [Row]
    init(rows: [Row]) { _rows = ObjectTracked(wrappedValue: rows) }
  }

  final class Row: ObjectTrackable, Identifiable {
    let objectChanges = ObjectChangeNotifier()
    let id: Int
    @ObjectTracked var title: String
    init(id: Int, title: String) {
      self.id = id
      _title = ObjectTracked(wrappedValue: title)
    }
  }

  struct ListView: View {
    @ObservedObject var store: Store
    var body: some View {
      VStack {
        ForEach(store.rows) { row in RowView(row: row) }
      }
    }
  }

  struct RowView: View {
    @ObservedObject var row: Row
    var body: some View { Text(row.title) }
  }
}

/// The environment key of `env-change`, read by one row in a hundred.
struct RowAccentKey: EnvironmentKey {
  static let defaultValue = 0
}

extension EnvironmentValues {
  /// The value `env-change` changes at the root.
  var rowAccent: Int {
    get { self[RowAccentKey.self] }
    set { self[RowAccentKey.self] = newValue }
  }
}

/// The list of `env-change`: property-level rows; the rows whose `id` is a multiple of 100
/// (1%) show `AccentRowView`, which reads `@Environment(\.rowAccent)`; the others show the
/// plain `RowView`, which reads nothing from the environment.
enum EnvironmentList {
  struct ListView: View {
    let store: PropertyLevelList.Store
    var body: some View {
      VStack {
        ForEach(store.rows) { row in
          if row.id % 100 == 0 {
            AccentRowView(row: row)
          } else {
            PropertyLevelList.RowView(row: row)
          }
        }
      }
    }
  }

  struct AccentRowView: View {
    let row: PropertyLevelList.Row
    @Environment(\.rowAccent) private var accent
    var body: some View { Text("\(row.title) \(accent)") }
  }
}

/// The list of the structural cases (js-framework-benchmark's operations, large-list edits):
/// the property-level rows, each shown by `RowView` as one `Text` that also reads the row's
/// selection (the selected row's text starts with `* `).
enum KeyedRowList {
  typealias Store = PropertyLevelList.Store
  typealias Row = PropertyLevelList.Row

  struct ListView: View {
    let store: Store
    var body: some View {
      VStack {
        ForEach(store.rows) { row in RowView(row: row) }
      }
    }
  }

  struct RowView: View {
    let row: Row
    var body: some View { Text(row.isSelected ? "* \(row.title)" : row.title) }
  }

  /// The text `RowView` shows for `row`.
  static func text(of row: Row) -> String { row.isSelected ? "* \(row.title)" : row.title }
}
