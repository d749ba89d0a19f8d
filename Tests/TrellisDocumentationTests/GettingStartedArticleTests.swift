import Foundation
import Testing
import Trellis

// The code of the article "Getting started" (Trellis.docc/GettingStarted.md).

struct Counter: View {
  @State private var count = 0

  var body: some View {
    VStack {
      Text("Count: \(count)")
      Button("Add one") { count += 1 }
    }
  }
}

final class Grocery: Trackable, Identifiable {
  let id: Int
  @Tracked var name: String

  init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}

final class GroceryList: Trackable {
  @Tracked var items = [Grocery(id: 1, name: "Milk"), Grocery(id: 2, name: "Bread")]
}

struct GroceryRow: View {
  let item: Grocery
  var body: some View { Text(item.name) }
}

struct GroceriesView: View {
  let list: GroceryList

  var body: some View {
    List(list.items) { item in
      GroceryRow(item: item)
    }
  }
}

@MainActor
@Suite struct GettingStartedArticleTests {
  /// The dependency the article tells an app to add names this package and its umbrella
  /// product.
  @Test func theManifestSnippetNamesThisPackageAndItsUmbrellaProduct() throws {
    let snippet = """
      dependencies: [
        .package(path: "../Trellis")
      ],
      targets: [
        .executableTarget(
          name: "MyApp",
          dependencies: [.product(name: "Trellis", package: "Trellis")]
        )
      ]
      """
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let manifest = try String(
      contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    #expect(snippet.contains(#".product(name: "Trellis", package: "Trellis")"#))
    #expect(manifest.contains(#"name: "Trellis","#))
    #expect(manifest.contains(#".library(name: "Trellis", targets: ["Trellis"])"#))
  }

  @Test func theCounterReRunsItsBodyOnlyWhenTheHostFlushes() {
    let host = ViewHost(Counter(), executor: .manual)
    host.tap("Add one")
    #expect(host.tree.texts == ["Count: 0", "Add one"])
    host.flush()
    #expect(host.tree.texts == ["Count: 1", "Add one"])
    #expect(
      host.dump() == """
        Counter
          VStack
            Text "Count: 1"
            Button
              Text "Add one"

        """)
    #expect(
      host.bodyRuns.map(\.description) == ["Counter: inserted", "Counter: @State Counter.count"])
  }

  @Test func editingOneGroceryReRunsOnlyItsRowAndAppendingOneReRunsTheList() {
    let list = GroceryList()
    let host = ViewHost(GroceriesView(list: list), executor: .manual)
    host.clearLogs()
    list.items[1].name = "Rye bread"
    host.flush()
    #expect(host.bodyRuns.map(\.description) == ["GroceryRow #2: Grocery.name"])
    #expect(
      host.dump() == """
        GroceriesView
          List rows=0..<2/2
            GroceryRow #1
              Text "Milk"
            GroceryRow #2
              Text "Rye bread"

        """)
    host.clearLogs()
    list.items.append(Grocery(id: 3, name: "Eggs"))
    host.flush()
    #expect(
      host.bodyRuns.map(\.description) == [
        "GroceriesView: GroceryList.items", "GroceryRow #3: inserted",
      ])
    #expect(host.tree.texts == ["Milk", "Rye bread", "Eggs"])
  }
}
