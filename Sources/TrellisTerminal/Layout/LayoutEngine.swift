/// One layout pass over a tree: measuring (the child chooses its size for a proposal) and
/// placing (the parent puts each child at a position, and the child draws itself there).
///
/// A node is measured layer by layer: its outermost modifier is offered the proposal, turns it
/// into a proposal for the next modifier in, and so on down to the content; sizes come back out
/// the same way. Measurements are cached per node (`SizeCache`). Placing walks the same layers
/// from the outside in and draws as it goes, so backgrounds and borders are drawn before the
/// content in front of them, and later `ZStack` children over earlier ones.
///
/// Both walks recurse once per nesting level. Past `maximumDepth` levels a subtree is treated
/// as empty and `exceededMaximumDepth` is set, rather than overflowing the stack.
struct LayoutEngine {
  /// Nodes nested deeper than this are not laid out.
  let maximumDepth: Int
  /// Whether some subtree was skipped for being nested too deeply.
  private(set) var exceededMaximumDepth = false

  init(maximumDepth: Int) {
    self.maximumDepth = maximumDepth
  }

  // MARK: Measuring

  /// The size `node` (with all its modifiers) chooses for `proposal`.
  mutating func measure(
    _ node: TerminalLayoutNode, _ proposal: ProposedSize, axis: StackAxis?, depth: Int
  ) -> LayoutSize {
    measure(node, layer: effectiveModifierCount(of: node), proposal, axis: axis, depth: depth)
  }

  /// The size of `node` with only its innermost `layer` modifiers applied.
  mutating func measure(
    _ node: TerminalLayoutNode, layer: Int, _ proposal: ProposedSize, axis: StackAxis?,
    depth: Int
  ) -> LayoutSize {
    guard depth <= maximumDepth else {
      exceededMaximumDepth = true
      return .zero
    }
    let isCached = layer == 0 || layer == effectiveModifierCount(of: node)
    let key = SizeCache.Key(axis: axis, layer: layer, proposal: proposal)
    if isCached, let size = node.sizeCache.size(for: key) { return size }
    let size: LayoutSize
    if layer == 0 {
      size = measureContent(node, proposal, axis: axis, depth: depth)
    } else {
      let modifier = node.modifiers[layer - 1]
      let childSize = measure(
        node, layer: layer - 1, modifier.childProposal(for: proposal), axis: axis, depth: depth)
      size = modifier.size(for: proposal, childSize: childSize)
    }
    if isCached { node.sizeCache.store(size, for: key) }
    return size
  }

  private mutating func measureContent(
    _ node: TerminalLayoutNode, _ proposal: ProposedSize, axis: StackAxis?, depth: Int
  ) -> LayoutSize {
    switch node.content {
    case .empty:
      return .zero
    case .text(let string, let lineLimit, _):
      return textLayout(of: node, string, lineLimit: lineLimit, proposal: proposal).size
    case .singleLine(let string, let index):
      return singleLineLayout(of: node, string, keeping: index, proposal: proposal).size
    case .vStack, .hStack, .group:
      let stack = stackLayout(of: node)
      let arranged = stack.arrange(
        arrangedChildren(of: node), proposal: proposal, engine: &self, depth: depth + 1)
      return stack.size(of: arranged)
    case .zStack:
      var size = LayoutSize.zero
      for child in arrangedChildren(of: node) {
        let childSize = measure(child, proposal, axis: nil, depth: depth + 1)
        size.width = max(size.width, childSize.width)
        size.height = max(size.height, childSize.height)
      }
      return size
    case .verticalScroll(let offset):
      return measureScroll(node, offset: offset, proposal, depth: depth)
    case .spacer(let minLength):
      let least = max(0, minLength ?? 0)
      switch axis {
      case .vertical:
        return LayoutSize(width: 0, height: max(least, proposal.height ?? least))
      case .horizontal:
        return LayoutSize(width: max(least, proposal.width ?? least), height: 0)
      case nil:
        return LayoutSize(
          width: max(least, proposal.width ?? least), height: max(least, proposal.height ?? least))
      }
    case .divider:
      return axis == .horizontal
        ? LayoutSize(width: 1, height: proposal.height ?? 0)
        : LayoutSize(width: proposal.width ?? 0, height: 1)
    case .progressBar(let label, _):
      return LayoutSize(
        width: proposal.width ?? LayoutDrawing.idealProgressBarWidth(label: label), height: 1)
    }
  }

  /// The text broken into lines for `proposal`, reusing the node's last layout when it was for
  /// the same width and line count.
  func textLayout(
    of node: TerminalLayoutNode, _ string: String, lineLimit: Int?, proposal: ProposedSize
  ) -> TextLayout {
    var maximumLines = lineLimit.map { max(1, $0) }
    if let height = proposal.height, height != .max {
      maximumLines = min(maximumLines ?? .max, max(1, height))
    }
    let width = proposal.width == .max ? nil : proposal.width
    if let cached = node.textCache, cached.proposedWidth == width,
      cached.maximumLines == maximumLines
    {
      return cached
    }
    let layout = TextLayout(string, width: width, maximumLines: maximumLines)
    node.textCache = layout
    return layout
  }

  /// The window of a `singleLine` node for the proposed width, cached like `textLayout`.
  func singleLineLayout(
    of node: TerminalLayoutNode, _ string: String, keeping index: Int, proposal: ProposedSize
  ) -> TextLayout {
    let width = proposal.width == .max ? nil : proposal.width
    if let cached = node.textCache, cached.proposedWidth == width, cached.maximumLines == 1 {
      return cached
    }
    let layout = TextLayout(singleLine: string, width: width, keeping: index)
    node.textCache = layout
    return layout
  }

  // MARK: Placing and drawing

  /// Places `node` at `origin` with the size it chooses for `proposal`, draws it, and places
  /// its children. `inherited` is the text style of the node's parent.
  mutating func place(
    _ node: TerminalLayoutNode, at origin: (x: Int, y: Int), proposal: ProposedSize,
    axis: StackAxis?, inherited: CellStyle, depth: Int, into grid: inout CellGrid
  ) {
    guard depth <= maximumDepth else {
      exceededMaximumDepth = true
      node.frame = LayoutRect(x: origin.x, y: origin.y, width: 0, height: 0)
      return
    }
    let style = node.textStyle.resolved(over: inherited)
    var rect = LayoutRect(
      x: origin.x, y: origin.y, size: measure(node, proposal, axis: axis, depth: depth))
    node.frame = rect
    var proposal = proposal
    for layer in stride(from: effectiveModifierCount(of: node), to: 0, by: -1) {
      let modifier = node.modifiers[layer - 1]
      LayoutDrawing.draw(modifier, in: rect, style: style, into: &grid)
      let childProposal = modifier.childProposal(for: proposal)
      let childSize = measure(node, layer: layer - 1, childProposal, axis: axis, depth: depth)
      rect = modifier.childRect(in: rect, childSize: childSize)
      proposal = childProposal
    }
    placeContent(
      node, in: rect, proposal: proposal, axis: axis, style: style, depth: depth,
      into: &grid)
  }

  private mutating func placeContent(
    _ node: TerminalLayoutNode, in rect: LayoutRect, proposal: ProposedSize, axis: StackAxis?,
    style: CellStyle, depth: Int, into grid: inout CellGrid
  ) {
    switch node.content {
    case .empty, .spacer:
      return
    case .text(let string, let lineLimit, let alignment):
      let layout = textLayout(of: node, string, lineLimit: lineLimit, proposal: proposal)
      LayoutDrawing.draw(layout, in: rect, alignment: alignment, style: style, into: &grid)
    case .singleLine(let string, let index):
      let layout = singleLineLayout(of: node, string, keeping: index, proposal: proposal)
      LayoutDrawing.draw(layout, in: rect, alignment: .leading, style: style, into: &grid)
    case .divider:
      LayoutDrawing.drawDivider(in: rect, vertical: axis == .horizontal, style: style, into: &grid)
    case .progressBar(let label, let fraction):
      LayoutDrawing.drawProgressBar(
        label: label, fraction: fraction, in: rect, style: style, into: &grid)
    case .vStack, .hStack, .group:
      let stack = stackLayout(of: node)
      let children = arrangedChildren(of: node)
      let arranged = stack.arrange(
        children, proposal: proposal, engine: &self, depth: depth + 1)
      let alignment = crossAlignment(of: node.content)
      var along = stack.axis == .vertical ? rect.y : rect.x
      let thickness = stack.thickness(of: rect.size)
      for (child, placement) in zip(children, arranged) {
        let across =
          (stack.axis == .vertical ? rect.x : rect.y)
          + alignment(stack.thickness(of: placement.size), thickness)
        let origin = stack.axis == .vertical ? (across, along) : (along, across)
        place(
          child, at: origin, proposal: placement.proposal, axis: stack.axis,
          inherited: inheritedStyle(of: child, in: node, style: style), depth: depth + 1,
          into: &grid)
        along = along.saturatingAdd(stack.length(of: placement.size)).saturatingAdd(
          stack.spacing)
      }
      updateGroupFrames(in: node)
    case .verticalScroll(let offset):
      placeScroll(node, offset: offset, in: rect, style: style, depth: depth, into: &grid)
    case .zStack(let alignment):
      let children = arrangedChildren(of: node)
      for child in children {
        let size = measure(child, proposal, axis: nil, depth: depth + 1)
        let offset = alignment.offset(child: size, in: rect.size)
        place(
          child, at: (rect.x + offset.x, rect.y + offset.y), proposal: proposal, axis: nil,
          inherited: inheritedStyle(of: child, in: node, style: style), depth: depth + 1,
          into: &grid)
      }
      updateGroupFrames(in: node)
    }
  }

  // MARK: Scrolling

  /// A scroll view takes what it is proposed; only an unspecified dimension asks the children
  /// (from the first one shown), which is O(children) and happens in inline mode only.
  private mutating func measureScroll(
    _ node: TerminalLayoutNode, offset: Int, _ proposal: ProposedSize, depth: Int
  ) -> LayoutSize {
    if let width = proposal.width, let height = proposal.height {
      return LayoutSize(width: width, height: height)
    }
    let rows = node.scrollRows
    var width = 0
    var height = 0
    for index in max(0, min(offset, rows.count))..<rows.count where !rows[index].isHidden {
      let size = measure(
        rows[index], ProposedSize(width: proposal.width, height: nil), axis: .vertical,
        depth: depth + 1)
      width = max(width, size.width)
      height = height.saturatingAdd(size.height)
    }
    return LayoutSize(width: proposal.width ?? width, height: proposal.height ?? height)
  }

  /// Places the rows from `offset` down while they fit, the last one cut to the rows left.
  private mutating func placeScroll(
    _ node: TerminalLayoutNode, offset: Int, in rect: LayoutRect, style: CellStyle, depth: Int,
    into grid: inout CellGrid
  ) {
    let rows = node.scrollRows
    let start = max(0, min(offset, rows.count))
    let bottom = rect.y.saturatingAdd(rect.height)
    var y = rect.y
    var index = start
    while index < rows.count, y < bottom {
      let row = rows[index]
      index += 1
      guard !row.isHidden else { continue }
      var proposal = ProposedSize(width: rect.width, height: nil)
      var size = measure(row, proposal, axis: .vertical, depth: depth + 1)
      if size.height > bottom - y {
        proposal.height = bottom - y
        size = measure(row, proposal, axis: .vertical, depth: depth + 1)
      }
      place(
        row, at: (rect.x, y), proposal: proposal, axis: .vertical,
        inherited: style, depth: depth + 1, into: &grid)
      y = y.saturatingAdd(max(0, min(size.height, bottom - y)))
    }
    node.visibleChildren = start..<index
  }

  // MARK: Containers

  /// Groups take no modifiers (see `TerminalLayoutContent.group`).
  private func effectiveModifierCount(of node: TerminalLayoutNode) -> Int {
    if case .group = node.content { return 0 }
    return node.modifiers.count
  }

  private func stackLayout(of node: TerminalLayoutNode) -> StackLayout {
    StackLayout(axis: node.content.stackAxis ?? .vertical, spacing: node.content.spacing)
  }

  /// The offset across the stack's axis of a child `child` cells thick in `container` cells.
  private func crossAlignment(of content: TerminalLayoutContent) -> (Int, Int) -> Int {
    switch content {
    case .vStack(let alignment, _): { alignment.offset(child: $0, in: $1) }
    case .hStack(let alignment, _): { alignment.offset(child: $0, in: $1) }
    default: { TerminalAlignment.Horizontal.center.offset(child: $0, in: $1) }
    }
  }

  /// The children a container arranges: its own, with groups replaced by their children.
  func arrangedChildren(of node: TerminalLayoutNode) -> [TerminalLayoutNode] {
    let children = node.children
    guard
      children.contains(where: {
        if $0.isHidden { return true }
        if case .group = $0.content { return true }
        return false
      })
    else {
      return children
    }
    var result: [TerminalLayoutNode] = []
    var pending = Array(children.reversed())
    while let child = pending.popLast() {
      if child.isHidden { continue }
      if case .group = child.content {
        pending.append(contentsOf: child.children.reversed())
      } else {
        result.append(child)
      }
    }
    return result
  }

  /// The text style `child` inherits inside `container`: the container's, with the styles of
  /// the groups between them applied.
  private func inheritedStyle(
    of child: TerminalLayoutNode, in container: TerminalLayoutNode, style: CellStyle
  ) -> CellStyle {
    guard let parent = child.parent, parent !== container else { return style }
    var groups: [TerminalLayoutNode] = []
    var node: TerminalLayoutNode? = parent
    while let current = node, current !== container {
      groups.append(current)
      node = current.parent
    }
    return groups.reversed().reduce(style) { $1.textStyle.resolved(over: $0) }
  }

  /// Sets each group child's frame to the union of its children's frames, innermost first.
  private func updateGroupFrames(in container: TerminalLayoutNode) {
    for child in container.children {
      guard case .group = child.content else { continue }
      updateGroupFrames(in: child)
      let frames = child.children.map(\.frame)
      guard let first = frames.first else {
        child.frame = .zero
        continue
      }
      var left = first.x
      var top = first.y
      var right = first.x.saturatingAdd(first.width)
      var bottom = first.y.saturatingAdd(first.height)
      for frame in frames.dropFirst() {
        left = min(left, frame.x)
        top = min(top, frame.y)
        right = max(right, frame.x.saturatingAdd(frame.width))
        bottom = max(bottom, frame.y.saturatingAdd(frame.height))
      }
      child.frame = LayoutRect(
        x: left, y: top, width: right.saturatingSubtract(left),
        height: bottom.saturatingSubtract(top))
    }
  }
}
