// A small todo app written as a SwiftUI developer writes one. It compiles against SwiftUI with
// only the model declarations changed: `@Observable` becomes `Trackable` with `@Tracked`
// properties, and `ObservableObject` with `@Published` becomes `ObjectTrackable` with
// `@ObjectTracked` properties and `let objectChanges = ObjectChangeNotifier()`. The settings
// are a sheet, `SettingsView`.
import Trellis

// @Observable
final class TodoStore: Trackable {
  @Tracked var items: [TodoItem] = []
  @Tracked private var lastID = 0

  var remaining: Int { items.filter { !$0.isDone }.count }

  var progress: Double {
    items.isEmpty ? 0 : Double(items.count - remaining) / Double(items.count)
  }

  func add(_ title: String) {
    lastID += 1
    items.append(TodoItem(id: lastID, title: title))
  }

  func remove(_ removed: [TodoItem]) {
    items.removeAll { item in removed.contains { $0 === item } }
  }
}

// @Observable
final class TodoItem: Trackable, Identifiable {
  let id: Int
  @Tracked var title: String
  @Tracked var isDone = false
  @Tracked var priority = 0

  init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}

// final class TodoSettings: ObservableObject { @Published var … }
final class TodoSettings: ObjectTrackable {
  let objectChanges = ObjectChangeNotifier()
  @ObjectTracked var showsPriority = true
  @ObjectTracked var accent: Color = .blue
}

enum Filter: String, CaseIterable, Hashable {
  case all
  case active
  case done

  var title: String { rawValue.capitalized }
}

/// How many rows are done, flowing up from the rows.
struct DoneCountKey: PreferenceKey {
  static let defaultValue = 0
  static func reduce(value: inout Int, nextValue: () -> Int) { value += nextValue() }
}

struct TodoApp: View {
  let store: TodoStore
  let settings: TodoSettings

  var body: some View {
    TodoListView()
      .environment(store)
      .environmentObject(settings)
  }
}

struct TodoListView: View {
  @Environment(TodoStore.self) private var store
  @EnvironmentObject private var settings: TodoSettings
  @State private var newTitle = ""
  @State private var filter: Filter = .all
  @State private var search = ""
  @State private var doneCount = 0
  @State private var showsSettings = false
  @FocusState private var isAdding: Bool
  @AppStorage("todo.compact") private var compact = false

  private var visible: [TodoItem] {
    store.items.filter { item in
      switch filter {
      case .all: true
      case .active: !item.isDone
      case .done: item.isDone
      }
    }
    .filter { search.isEmpty || $0.title.localizedCaseInsensitiveContains(search) }
  }

  var body: some View {
    VStack(alignment: .leading, spacing: compact ? 4 : 8) {
      HStack {
        Text("Todos").font(.largeTitle).bold()
        Spacer()
        Text("\(store.remaining)").bold() + Text(" left, \(doneCount) done")
        Button("Settings") { showsSettings = true }
      }
      HStack {
        TextField("New todo", text: $newTitle)
          .focused($isAdding)
          .onSubmit(add)
        Button("Add", action: add)
          .disabled(newTitle.isEmpty)
      }
      Picker("Filter", selection: $filter) {
        ForEach(Filter.allCases, id: \.self) { filter in
          Text(filter.title).tag(filter)
        }
      }
      ProgressView(value: store.progress)
        .transaction { $0.animation = nil }
      List {
        ForEach(visible) { item in
          TodoRow(item: item, showsPriority: settings.showsPriority)
        }
        .onDelete { offsets in
          let visible = self.visible
          store.remove(offsets.map { visible[$0] })
        }
      }
      .searchable(text: $search, prompt: "Search todos")
      .animation(.spring, value: filter)
      .onPreferenceChange(DoneCountKey.self) { doneCount = $0 }
      Divider()
      Label("\(store.items.count) items", systemImage: "checklist")
        .font(.footnote)
        .foregroundStyle(.secondary)
    }
    .padding()
    .tint(settings.accent)
    .sheet(isPresented: $showsSettings) {
      SettingsView()
    }
    .onChange(of: filter) {
      isAdding = false
    }
  }

  private func add() {
    let title = newTitle.trimmingCharacters(in: .whitespaces)
    guard !title.isEmpty else { return }
    store.add(title)
    newTitle = ""
    isAdding = true
  }
}

struct TodoRow: View {
  @Bindable var item: TodoItem
  let showsPriority: Bool

  var body: some View {
    HStack(spacing: 4) {
      Toggle(isOn: $item.isDone) {
        Text(item.title).strikethrough(item.isDone)
      }
      Spacer()
      if showsPriority {
        Stepper("Priority \(item.priority)", value: $item.priority, in: 0...3)
        Image(systemName: item.priority > 1 ? "exclamationmark.circle" : "circle")
      }
    }
    .frame(maxWidth: .infinity, alignment: .leading)
    .onTapGesture(count: 2) { item.isDone.toggle() }
    .preference(key: DoneCountKey.self, value: item.isDone ? 1 : 0)
  }
}

struct SettingsView: View {
  @EnvironmentObject private var settings: TodoSettings
  @AppStorage("todo.compact") private var compact = false

  var body: some View {
    Form {
      Toggle("Show priority", isOn: $settings.showsPriority)
      Toggle("Compact rows", isOn: $compact)
      Picker("Accent", selection: $settings.accent) {
        Text("Blue").tag(Color.blue)
        Text("Green").tag(Color.green)
      }
    }
  }
}
