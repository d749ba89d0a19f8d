/// A renderer behind a non-generic interface: the host talks to every attached renderer in
/// element handles, and each box translates handles to its renderer's own elements.
@MainActor
class RendererBox {
  /// The renderer's type, as diagnostics name it.
  var rendererName: String { "" }
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
  /// The host unmounted or goes away: removes `rootChildren` from the root and destroys every
  /// element still held, in one last commit numbered `number`, if there is anything to do.
  func finish(removing rootChildren: [ElementID], commitNumber number: Int) {}
}

/// The box for one renderer type: its elements by slot of the host's element table.
///
/// A generic class's methods are reached through its unspecialized bodies, where every access
/// to `elements` looks up the metadata of `[R.Element?]` (about 500 instructions per call,
/// more than the mutation itself). The runtime's own renderers get the non-generic subclasses
/// below, whose overrides call the specialized bodies; use `make(_:)` to create a box.
@MainActor
class TypedRendererBox<R: Renderer>: RendererBox {
  /// The box for `renderer`: a specialized one for the runtime's own renderers.
  static func make(_ renderer: R) -> RendererBox {
    if let tree = renderer as? TreeRenderer { return TreeRendererBox(tree) }
    if let recorder = renderer as? RecordingRenderer { return RecordingRendererBox(recorder) }
    return TypedRendererBox(renderer)
  }

  let renderer: R
  /// Opts out of dynamic exclusivity checks, a runtime call on every mutation of every
  /// renderer: the array is private, confined to the main actor, and every access is one
  /// statement (a renderer's own code runs before or after it, never inside it).
  @exclusivity(unchecked) private var elements: [R.Element?]

  init(_ renderer: R) {
    self.renderer = renderer
    elements = [renderer.rootElement]
  }

  override var rendererName: String { "\(R.self)" }

  private func element(_ id: ElementID) -> R.Element {
    guard let element = elements[Int(id.index)] else {
      preconditionFailure(
        "Trellis: the renderer was asked about element \(id), which it does not have.")
    }
    return element
  }

  override func create(_ description: ElementDescription) {
    let index = Int(description.id.index)
    // Nearly always one new slot at the end: appended one at a time, not as a sequence (the
    // generic `append(contentsOf:)` cost about 120 instructions per created element).
    while index >= elements.count { elements.append(nil) }
    // The renderer's code runs before the access to `elements` begins (see its declaration).
    let element = renderer.createElement(description)
    elements[index] = element
  }

  override func insert(_ child: ElementID, into parent: ElementID, at index: Int) {
    renderer.insert(element(child), into: element(parent), at: index)
  }

  override func move(
    _ child: ElementID, in parent: ElementID, from source: Int, to destination: Int
  ) {
    renderer.move(element(child), in: element(parent), from: source, to: destination)
  }

  override func remove(_ child: ElementID, from parent: ElementID, at index: Int) {
    renderer.remove(element(child), from: element(parent), at: index)
  }

  override func setText(_ text: String?, of element: ElementID) {
    renderer.setText(text, of: self.element(element))
  }

  override func setAttributes(_ attributes: ElementAttributes, of element: ElementID) {
    renderer.setAttributes(attributes, of: self.element(element))
  }

  override func beginCommit(_ commit: CommitInfo) { renderer.beginCommit(commit) }

  override func endCommit(_ commit: CommitInfo) { renderer.endCommit(commit) }

  override func release(_ element: ElementID) {
    let index = Int(element.index)
    guard index < elements.count, let dropped = elements[index] else { return }
    elements[index] = nil
    renderer.destroyElement(dropped)
  }

  override func finish(removing rootChildren: [ElementID], commitNumber number: Int) {
    guard !rootChildren.isEmpty || elements.dropFirst().contains(where: { $0 != nil }) else {
      return
    }
    let info = CommitInfo(number: number)
    renderer.beginCommit(info)
    let root = element(.root)
    for index in rootChildren.indices.reversed() {
      renderer.remove(element(rootChildren[index]), from: root, at: index)
    }
    for index in elements.indices.dropFirst() {
      guard let dropped = elements[index] else { continue }
      elements[index] = nil
      renderer.destroyElement(dropped)
    }
    renderer.endCommit(info)
  }
}

/// `TreeRenderer`'s box: its overrides are the specialized bodies (see `TypedRendererBox`).
///
/// It starts dormant: until something reads the tree, every mutation is dropped, so that a host
/// nobody asks for its tree (an app, a benchmark) does not build one element object per view.
/// The first read replays the elements the renderers have into it (`HostCore.renderedTree`);
/// from then on it follows every commit.
final class TreeRendererBox: TypedRendererBox<TreeRenderer> {
  /// Whether the tree has been built and follows the commits.
  private(set) var isActive = false

  /// Starts following the commits; the caller replays the current elements into the box.
  func activate() { isActive = true }

  override func create(_ description: ElementDescription) {
    if isActive { super.create(description) }
  }
  override func insert(_ child: ElementID, into parent: ElementID, at index: Int) {
    if isActive { super.insert(child, into: parent, at: index) }
  }
  override func move(
    _ child: ElementID, in parent: ElementID, from source: Int, to destination: Int
  ) {
    if isActive { super.move(child, in: parent, from: source, to: destination) }
  }
  override func remove(_ child: ElementID, from parent: ElementID, at index: Int) {
    if isActive { super.remove(child, from: parent, at: index) }
  }
  override func setText(_ text: String?, of element: ElementID) {
    if isActive { super.setText(text, of: element) }
  }
  override func setAttributes(_ attributes: ElementAttributes, of element: ElementID) {
    if isActive { super.setAttributes(attributes, of: element) }
  }
  override func beginCommit(_ commit: CommitInfo) {}
  override func endCommit(_ commit: CommitInfo) {}
  override func release(_ element: ElementID) {
    if isActive { super.release(element) }
  }
}

/// `RecordingRenderer`'s box: its overrides are the specialized bodies (see
/// `TypedRendererBox`).
final class RecordingRendererBox: TypedRendererBox<RecordingRenderer> {
  override func create(_ description: ElementDescription) { super.create(description) }
  override func insert(_ child: ElementID, into parent: ElementID, at index: Int) {
    super.insert(child, into: parent, at: index)
  }
  override func move(
    _ child: ElementID, in parent: ElementID, from source: Int, to destination: Int
  ) {
    super.move(child, in: parent, from: source, to: destination)
  }
  override func remove(_ child: ElementID, from parent: ElementID, at index: Int) {
    super.remove(child, from: parent, at: index)
  }
  override func setText(_ text: String?, of element: ElementID) {
    super.setText(text, of: element)
  }
  override func setAttributes(_ attributes: ElementAttributes, of element: ElementID) {
    super.setAttributes(attributes, of: element)
  }
  override func beginCommit(_ commit: CommitInfo) { super.beginCommit(commit) }
  override func endCommit(_ commit: CommitInfo) { super.endCommit(commit) }
  override func release(_ element: ElementID) { super.release(element) }
  override func finish(removing rootChildren: [ElementID], commitNumber number: Int) {
    super.finish(removing: rootChildren, commitNumber: number)
  }
}
