/// A renderer behind a non-generic interface: the host talks to every attached renderer in
/// element handles, and each box translates handles to its renderer's own elements.
@MainActor
class RendererBox {
  func create(_ description: ElementDescription) {}
  func insert(_ child: ElementID, into parent: ElementID, at index: Int) {}
  func move(_ child: ElementID, in parent: ElementID, from source: Int, to destination: Int) {}
  func remove(_ child: ElementID, from parent: ElementID, at index: Int) {}
  func setText(_ text: String?, of element: ElementID) {}
  func setAttributes(_ attributes: ElementAttributes, of element: ElementID) {}
  func beginCommit(_ commit: CommitInfo) {}
  func endCommit(_ commit: CommitInfo) {}
  /// Forgets an element that was removed (its own removal or its subtree's).
  func release(_ element: ElementID) {}
}

/// The box for one renderer type: its elements by slot of the host's element table.
///
/// The methods are specialized for the runtime's own renderers: in unspecialized code every
/// access to `elements` looks up the metadata of `[R.Element?]`, which costs more than the
/// mutation itself.
@MainActor
final class TypedRendererBox<R: Renderer>: RendererBox {
  let renderer: R
  private var elements: [R.Element?]

  init(_ renderer: R) {
    self.renderer = renderer
    elements = [renderer.rootElement]
  }

  private func element(_ id: ElementID) -> R.Element {
    guard let element = elements[Int(id.index)] else {
      preconditionFailure(
        "Trellis: the renderer was asked about element \(id), which it does not have.")
    }
    return element
  }

  @_specialize(where R == TreeRenderer)
  @_specialize(where R == RecordingRenderer)
  override func create(_ description: ElementDescription) {
    let index = Int(description.id.index)
    if index >= elements.count {
      elements.append(contentsOf: repeatElement(nil, count: index - elements.count + 1))
    }
    elements[index] = renderer.createElement(description)
  }

  @_specialize(where R == TreeRenderer)
  @_specialize(where R == RecordingRenderer)
  override func insert(_ child: ElementID, into parent: ElementID, at index: Int) {
    renderer.insert(element(child), into: element(parent), at: index)
  }

  @_specialize(where R == TreeRenderer)
  @_specialize(where R == RecordingRenderer)
  override func move(
    _ child: ElementID, in parent: ElementID, from source: Int, to destination: Int
  ) {
    renderer.move(element(child), in: element(parent), from: source, to: destination)
  }

  @_specialize(where R == TreeRenderer)
  @_specialize(where R == RecordingRenderer)
  override func remove(_ child: ElementID, from parent: ElementID, at index: Int) {
    renderer.remove(element(child), from: element(parent), at: index)
  }

  @_specialize(where R == TreeRenderer)
  @_specialize(where R == RecordingRenderer)
  override func setText(_ text: String?, of element: ElementID) {
    renderer.setText(text, of: self.element(element))
  }

  @_specialize(where R == TreeRenderer)
  @_specialize(where R == RecordingRenderer)
  override func setAttributes(_ attributes: ElementAttributes, of element: ElementID) {
    renderer.setAttributes(attributes, of: self.element(element))
  }

  override func beginCommit(_ commit: CommitInfo) { renderer.beginCommit(commit) }

  override func endCommit(_ commit: CommitInfo) { renderer.endCommit(commit) }

  @_specialize(where R == TreeRenderer)
  @_specialize(where R == RecordingRenderer)
  override func release(_ element: ElementID) {
    let index = Int(element.index)
    if index < elements.count { elements[index] = nil }
  }
}
