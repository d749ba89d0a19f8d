import TrellisGraph

extension ViewHost {
  /// The rendered tree now, built on demand from the nodes (O(n) in the tree's size; nothing
  /// is maintained between updates).
  public var tree: RenderedNode {
    guard let root = core.root else { return RenderedNode(kind: "Empty") }
    let rendered = root.render(parentID: nil)
    return rendered.count == 1 ? rendered[0] : RenderedNode(kind: "Root", children: rendered)
  }

  /// The rendered tree as text; see `RenderedNode.dump(maxChildren:maxDepth:maxTextLength:)`.
  /// - Parameters:
  ///   - maxChildren: show at most this many children per node.
  ///   - maxDepth: show at most this many levels.
  ///   - maxTextLength: shorten longer texts.
  /// - Returns: the dump.
  public func dump(maxChildren: Int = .max, maxDepth: Int = .max, maxTextLength: Int = .max)
    -> String
  {
    tree.dump(maxChildren: maxChildren, maxDepth: maxDepth, maxTextLength: maxTextLength)
  }

  /// Invokes the action of the first button or navigation link (pre-order) whose title is
  /// `title`, as a tap would. Pending work runs at the next `flush()`.
  /// - Parameter title: the button's title (its label's text).
  /// - Returns: false, with a diagnostic, when no such button exists.
  @discardableResult
  public func tap(_ title: String) -> Bool {
    guard let button = core.root?.firstNode(where: { $0.action != nil && $0.title == title }),
      let action = button.action
    else {
      reportMissing("button", title)
      return false
    }
    action()
    return true
  }

  /// Sets the first toggle (pre-order) titled `title` to `isOn`, through its binding.
  /// - Parameters:
  ///   - title: the toggle's title.
  ///   - isOn: the new value.
  /// - Returns: false, with a diagnostic, when no such toggle exists.
  @discardableResult
  public func setToggle(_ title: String, to isOn: Bool) -> Bool {
    guard let toggle = core.root?.firstNode(where: { $0.kind == "Toggle" && $0.text == title }),
      let binding = toggle.toggle
    else {
      reportMissing("toggle", title)
      return false
    }
    binding.wrappedValue = isOn
    return true
  }

  private func reportMissing(_ kind: String, _ title: String) {
    GraphDiagnostics.report(
      GraphDiagnostic(
        kind: .invalidInput, nodes: [title],
        message: "No \(kind) titled \"\(title)\" is in the tree."))
  }
}

extension ViewNode {
  /// The node's rendered form: itself with its rendered children, or, when transparent, its
  /// children's rendered forms in its place.
  func render(parentID: AnyHashable?) -> [RenderedNode] {
    let shownID = explicitID != parentID ? explicitID : nil
    var rendered: [RenderedNode] = []
    let nextParentID = showsInTree ? explicitID : parentID
    for child in children {
      rendered.append(contentsOf: child.render(parentID: nextParentID))
    }
    guard showsInTree else {
      if !attributes.isEmpty, !rendered.isEmpty {
        rendered[0].attributes += attributes.map { "\($0.0)=\($0.1)" }
      }
      return rendered
    }
    var attributes = self.attributes.map { "\($0.0)=\($0.1)" }
    if let toggle { attributes.append("isOn=\(toggle.wrappedValue)") }
    return [
      RenderedNode(
        kind: kind, text: text, id: shownID.map(ViewNode.describeID), attributes: attributes,
        children: rendered)
    ]
  }

  /// A button's title: its own text, or its label's texts.
  var title: String? {
    if let text { return text }
    let texts = render(parentID: nil).flatMap { $0.texts }
    return texts.isEmpty ? nil : texts.joined(separator: " ")
  }

  /// The first node, pre-order, that satisfies `predicate`.
  func firstNode(where predicate: (ViewNode) -> Bool) -> ViewNode? {
    var stack = [self]
    while let node = stack.popLast() {
      if predicate(node) { return node }
      stack.append(contentsOf: node.children.reversed())
    }
    return nil
  }
}
