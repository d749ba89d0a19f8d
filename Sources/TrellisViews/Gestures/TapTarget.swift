/// What a tap on a view reaches: the view itself or the nearest view around it that takes
/// taps, as SwiftUI's hit testing gives a tap to the innermost view with a gesture or control
/// under it (a picker's option selects it). Used by `RendererConnection.activate(_:)`, for a
/// backend's clicks.
@MainActor
enum TapTarget {
  /// A button or link.
  case action(ActionPart)
  /// A toggle.
  case toggle(TogglePart)
  /// A single-tap gesture.
  case gesture(TapGesturePart)
  /// A selectable row of a `List(selection:)`.
  case row(RowSelectionPart)
  /// An option of a picker, by its tag.
  case option(PickerControl, tag: AnyHashable)

  /// What `node` takes a tap as, if it does.
  init?(_ node: ViewNode) {
    if let action = node.parts[ActionPart.self] {
      self = .action(action)
    } else if let toggle = node.parts[TogglePart.self] {
      self = .toggle(toggle)
    } else if let gesture = node.parts[TapGesturePart.self], gesture.count == 1 {
      self = .gesture(gesture)
    } else if let row = node.parts[RowSelectionPart.self], row.tag != nil {
      // A row of a list without a selection has no tag, and takes no tap.
      self = .row(row)
    } else {
      return nil
    }
  }
}

extension HostCore {
  /// What a tap on `node` reaches (see `TapTarget`), or nil: O(nodes), for a user's
  /// activation (see `shownPath(to:)`).
  func tapTarget(reaching node: ViewNode) -> TapTarget? {
    guard let path = shownPath(to: node) else { return nil }
    for candidate in path.reversed() {
      if let target = TapTarget(candidate) { return target }
      // A tap on an option (or inside it) selects it.
      if let picker = candidate.parts[PickerControl.self],
        let option = picker.options.first(where: { option in
          path.contains { $0 === option.node }
        })
      {
        return .option(picker, tag: option.tag)
      }
    }
    return nil
  }

  /// The nearest node on the way to `node` (itself first, then the views around it) that has
  /// a `Part` that `accepts` takes, with that part: the view a gesture on `node` reaches, as
  /// SwiftUI gives a gesture to the innermost view that has it. O(nodes) when `node` has none.
  func nearest<Part: NodePart>(
    _: Part.Type, reaching node: ViewNode, where accepts: (Part) -> Bool = { _ in true }
  ) -> (node: ViewNode, part: Part)? {
    if let part = node.parts[Part.self], accepts(part) { return (node, part) }
    for candidate in (shownPath(to: node) ?? []).reversed() {
      if let part = candidate.parts[Part.self], accepts(part) { return (candidate, part) }
    }
    return nil
  }

  /// The shown nodes from the top (the frontmost presentation, or the root) down to `node`,
  /// both included; nil when `node` is not shown there. Nodes do not link to their parents, so
  /// this walks the shown tree: O(nodes).
  func shownPath(to node: ViewNode) -> [ViewNode]? {
    guard let top = frontmostPresentation ?? root else { return nil }
    var path: [ViewNode] = []
    var stack = [(node: top, depth: 0)]
    while let (current, depth) = stack.popLast() {
      path.removeSubrange(depth...)
      path.append(current)
      if current === node { return path }
      for child in current.children.reversed() where child.isVisible {
        stack.append((child, depth + 1))
      }
    }
    return nil
  }
}
