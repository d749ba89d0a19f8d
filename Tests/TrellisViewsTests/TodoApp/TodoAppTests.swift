import Testing
import Trellis

/// The todo app, driven as a user would: add, toggle, filter, search, delete, and the settings
/// sheet.
@MainActor
@Suite struct TodoAppTests {
  /// A host for the app, with its own storage.
  private func app(
    _ store: TodoStore = TodoStore(), settings: TodoSettings = TodoSettings(),
    storage: InMemoryAppStorage = InMemoryAppStorage(), renderer: RecordingRenderer? = nil
  ) -> ViewHost {
    let root = TodoApp(store: store, settings: settings).defaultAppStorage(storage)
    guard let renderer else { return ViewHost(root, executor: .manual) }
    return ViewHost(root, executor: .manual, renderer: renderer)
  }

  /// The titles of the rows the list shows, in order.
  private func rows(_ host: ViewHost) -> [String] {
    host.tree.findAll(kind: "List").first?.children.compactMap { row in row.texts.first } ?? []
  }

  @Test func addingByReturnAndByTheButtonAppendsRowsAndKeepsTheFieldFocused() {
    let store = TodoStore()
    let host = app(store)
    #expect(rows(host) == [])
    #expect(host.type("Buy milk", into: "New todo"))
    #expect(host.submit())
    host.flush()
    #expect(rows(host) == ["Buy milk"])
    #expect(host.focusedControl == "New todo")
    #expect(host.tree.texts.contains("1 left, 0 done"))

    // The button is disabled while the field is empty, and says so.
    let disabled = TrellisDiagnostics.capture { _ = host.tap("Add") }
    #expect(
      disabled.map(\.message) == [
        "The button \"Add\" in TodoListView is disabled; nothing was tapped."
      ])
    host.type("Walk dog")
    host.flush()
    #expect(host.tap("Add"))
    host.flush()
    #expect(rows(host) == ["Buy milk", "Walk dog"])
    #expect(store.items.map(\.title) == ["Buy milk", "Walk dog"])
    #expect(host.tree.texts.contains("2 left, 0 done"))

    // Changing the filter takes the focus from the field (`.onChange(of:)` with no values).
    #expect(host.select("Done", in: "Filter"))
    host.flush()
    #expect(host.focusedControl == nil)
  }

  @Test func togglingARowRerunsTheRowAndTheCountsAndTheDoneCountFlowsUp() {
    let store = TodoStore()
    store.add("Buy milk")
    store.add("Walk dog")
    let recorder = RecordingRenderer()
    let host = app(store, renderer: recorder)
    recorder.clear()
    host.clearLogs()
    #expect(host.setToggle("Buy milk", to: true))
    host.flush()
    #expect(store.items.map(\.isDone) == [true, false])
    #expect(
      host.runLog == [
        "TodoListView: TodoItem.isDone", "TodoRow #1: TodoItem.isDone",
        "TodoListView: @State TodoListView.doneCount",
      ])
    #expect(host.tree.texts.contains("1 left, 1 done"))
    // A double tap on the row (titled by all its texts) toggles it.
    #expect(host.tap("Walk dog Priority 0", count: 2))
    host.flush()
    #expect(store.items.map(\.isDone) == [true, true])
    #expect(host.tree.texts.contains("0 left, 2 done"))
  }

  @Test func filteringAndSearchingNarrowTheRows() {
    let store = TodoStore()
    for title in ["Buy milk", "Walk dog", "Buy bread"] { store.add(title) }
    store.items[1].isDone = true
    let host = app(store)
    #expect(host.select("Active", in: "Filter"))
    host.flush()
    #expect(rows(host) == ["Buy milk", "Buy bread"])
    #expect(host.select("Done", in: "Filter"))
    host.flush()
    #expect(rows(host) == ["Walk dog"])
    #expect(host.select("All", in: "Filter"))
    #expect(host.type("buy", into: "Search todos"))
    host.flush()
    #expect(rows(host) == ["Buy milk", "Buy bread"])
    let missing = TrellisDiagnostics.capture { _ = host.select("Later", in: "Filter") }
    #expect(
      missing.map(\.message) == [
        "The picker \"Filter\" in TodoListView has no option labelled \"Later\" (its options: "
          + "\"All\", \"Active\", \"Done\"); nothing was selected."
      ])
  }

  @Test func deletingARowOfTheFilteredListRemovesThatItem() {
    let store = TodoStore()
    for title in ["Buy milk", "Walk dog", "Buy bread"] { store.add(title) }
    let host = app(store)
    host.type("buy", into: "Search todos")
    host.flush()
    #expect(host.delete("Buy bread"))
    host.flush()
    #expect(store.items.map(\.title) == ["Buy milk", "Walk dog"])
    #expect(rows(host) == ["Buy milk"])
    let gone = TrellisDiagnostics.capture { _ = host.delete("Walk dog") }
    #expect(gone.count == 1)
  }

  @Test func theSettingsSheetChangesTheAppThroughTheEnvironmentObjectAndAppStorage() {
    let store = TodoStore()
    store.add("Buy milk")
    let settings = TodoSettings()
    let storage = InMemoryAppStorage()
    let host = app(store, settings: settings, storage: storage)
    #expect(!host.tree.findAll(kind: "Stepper").isEmpty)
    #expect(host.tree.findAll(kind: "Sheet").isEmpty)
    #expect(host.tap("Settings"))
    host.flush()
    // The sheet reads the environment object and the storage of the place it is attached to.
    #expect(
      host.tree.findAll(kind: "Sheet").map(\.texts) == [
        ["Show priority", "Compact rows", "Accent", "Blue", "Green"]
      ])
    #expect(host.setToggle("Show priority", to: false))
    host.flush()
    #expect(settings.showsPriority == false)
    #expect(host.tree.findAll(kind: "Stepper").isEmpty)

    #expect(host.tree.findAll(kind: "VStack").first?.attributes.contains("spacing=8") == true)
    #expect(host.setToggle("Compact rows", to: true))
    host.flush()
    #expect(storage.object(forKey: "todo.compact") as? Bool == true)
    #expect(host.tree.findAll(kind: "VStack").first?.attributes.contains("spacing=4") == true)

    #expect(host.select("Green", in: "Accent"))
    host.flush()
    #expect(settings.accent == .green)
    #expect(host.tree.findAll(kind: "VStack").first?.attributes.contains("tint=green") == true)
    #expect(host.dismiss())
    host.flush()
    #expect(host.tree.findAll(kind: "Sheet").isEmpty)
  }
}
