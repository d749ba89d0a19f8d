import Testing
import Trellis

// The code of the article "Writing a renderer" (Trellis.docc/WritingARenderer.md).

final class OutlineRenderer: Renderer {
  final class Box {
    let kind: ElementKind
    var text: String?
    var children: [Box] = []

    init(kind: ElementKind, text: String?) {
      self.kind = kind
      self.text = text
    }
  }

  let rootElement = Box(kind: ElementKind("Root"), text: nil)
  private(set) var frames: [String] = []

  func createElement(_ description: ElementDescription) -> Box {
    Box(kind: description.kind, text: description.text)
  }

  func insert(_ child: Box, into parent: Box, at index: Int) {
    parent.children.insert(child, at: index)
  }

  func move(_ child: Box, in parent: Box, from source: Int, to destination: Int) {
    parent.children.remove(at: source)
    parent.children.insert(child, at: destination)
  }

  func remove(_ child: Box, from parent: Box, at index: Int) {
    parent.children.remove(at: index)
  }

  func setText(_ text: String?, of element: Box) {
    element.text = text
  }

  func setAttributes(_ attributes: ElementAttributes, of element: Box) {}

  func endCommit(_ commit: CommitInfo) {
    frames.append(texts(in: rootElement).joined(separator: " | "))
  }

  private func texts(in box: Box) -> [String] {
    (box.text.map { [$0] } ?? []) + box.children.flatMap { texts(in: $0) }
  }
}

@MainActor
@Suite struct WritingARendererArticleTests {
  @Test func theOutlineRendererDrawsOneFramePerCommit() {
    let list = GroceryList()
    let outline = OutlineRenderer()
    let host = ViewHost(GroceriesView(list: list), executor: .manual, renderer: outline)
    list.items[0].name = "Oat milk"
    host.flush()
    list.items.swapAt(0, 1)
    host.flush()
    #expect(outline.frames == ["Milk | Bread", "Oat milk | Bread", "Bread | Oat milk"])
  }

  @Test func aRecordingRendererListsEachCommitsMutations() {
    let list = GroceryList()
    let recorder = RecordingRenderer()
    let host = ViewHost(GroceriesView(list: list), executor: .manual, renderer: recorder)
    recorder.clear()
    list.items.append(Grocery(id: 3, name: "Eggs"))
    list.items[0].name = "Oat milk"
    host.flush()
    #expect(
      recorder.lastCommit.map(\.description) == [
        "create GroceryRow@7 #3",
        #"create Text@8 "Eggs""#,
        "insert Text@8 into GroceryRow@7 at 0",
        "insert GroceryRow@7 into List@2 at 2",
        #"setText Text@4 "Oat milk""#,
        "setAttributes List@2 rows=0..<3/3",
      ])
  }
}
