import TrellisViews

/// Scrolling: each `List` shows the rows that fit from its offset; the offset follows the
/// focused row, moves by pages, and every change of what a list shows is reported to the host.
extension TerminalRenderer {
  /// The first row `list` shows.
  /// - Parameter list: a `List` element.
  /// - Returns: its offset (0 for other elements).
  public func scrollOffset(of list: TerminalElement) -> Int {
    if case .verticalScroll(let offset) = list.body.content { return offset }
    return 0
  }

  /// Scrolls `list` so that its row `offset` is the first shown, clamped to its rows.
  /// - Parameters:
  ///   - list: a `List` element.
  ///   - offset: the first row to show.
  public func scroll(_ list: TerminalElement, to offset: Int) {
    guard case .verticalScroll(let current) = list.body.content else { return }
    let clamped = max(0, min(offset, lastOffset(of: list)))
    guard clamped != current else { return }
    list.body.content = .verticalScroll(offset: clamped)
    needsFrame = true
  }

  /// How many rows `list` showed in the last frame (at least 1).
  /// - Parameter list: a `List` element.
  /// - Returns: the page length.
  public func pageLength(of list: TerminalElement) -> Int {
    max(1, list.body.visibleChildren.count)
  }

  /// Scrolls the focused row's list (or else the first list shown) by `pages` pages and moves
  /// the focus as far, so that it keeps its place on the screen: Page Down and Page Up.
  /// - Parameter pages: pages down (negative: up).
  /// - Returns: whether anything moved.
  @discardableResult
  public func scrollPage(by pages: Int) -> Bool {
    guard let list = focusedElement.flatMap(enclosingList(of:)) ?? lists.first(where: \.isVisible)
    else { return false }
    let rows = pages * pageLength(of: list)
    let before = scrollOffset(of: list)
    scroll(list, to: before + rows)
    let focusMoved = focusedElement.map { isInside($0, list) } == true ? moveFocus(by: rows) : false
    return focusMoved || scrollOffset(of: list) != before
  }

  /// Scrolls the focused row's list (or else the first list shown) by `rows` rows, without
  /// moving the focus: the arrows in a list with nothing to focus.
  /// - Parameter rows: rows down (negative: up).
  /// - Returns: whether the list scrolled.
  @discardableResult
  public func scroll(byRows rows: Int) -> Bool {
    guard let list = focusedElement.flatMap(enclosingList(of:)) ?? lists.first(where: \.isVisible)
    else { return false }
    let before = scrollOffset(of: list)
    scroll(list, to: before + rows)
    return scrollOffset(of: list) != before
  }

  /// Moves the focus to the first (or last) row of the focused row's list: Home and End.
  /// - Parameter end: whether to go to the last row.
  /// - Returns: whether the focus moved.
  @discardableResult
  public func moveFocusToEdge(end: Bool) -> Bool {
    guard let focused = focusedElement, let list = enclosingList(of: focused) else { return false }
    return moveFocus(by: end ? list.children.count : -list.children.count)
  }

  /// The largest useful offset: the one whose rows fill the list's last height to the end.
  private func lastOffset(of list: TerminalElement) -> Int {
    let rows = list.children
    guard !rows.isEmpty else { return 0 }
    let frame = list.body.frame
    guard frame.height > 0 else { return rows.count - 1 }
    var used = 0
    var index = rows.count
    while index > 0 {
      let height = rowHeight(rows[index - 1], width: frame.width)
      if used + height > frame.height { break }
      used += height
      index -= 1
    }
    return min(index, rows.count - 1)
  }

  private func rowHeight(_ row: TerminalElement, width: Int) -> Int {
    guard !row.slot.isHidden else { return 0 }
    return TerminalLayout.sizeThatFits(row.slot, ProposedSize(width: width, height: nil)).height
  }

  /// Scrolls every list around the focused element so that the row holding it is shown, with
  /// the heights of the list's last frame.
  /// - Returns: whether an offset changed.
  @discardableResult
  func scrollToFocus() -> Bool {
    guard let focused = focusedElement else { return false }
    var changed = false
    var row = focused
    while let list = row.parent {
      defer { row = list }
      guard list.kind == .list, let index = row.indexInParent else { continue }
      let offset = scrollOffset(of: list)
      var target = offset
      if index < offset {
        target = index
      } else if list.body.frame.height == 0 {
        // Not laid out yet: the frame about to be drawn tells.
        continue
      } else if !rowsFit(offset...index, of: list) {
        target = offsetShowingLast(index, of: list)
      }
      if target != offset {
        list.body.content = .verticalScroll(offset: target)
        changed = true
      }
    }
    return changed
  }

  /// Whether `rows` fit whole in the list's last height; stops measuring at the first row
  /// that does not fit, so it costs at most a screenful of rows.
  private func rowsFit(_ rows: ClosedRange<Int>, of list: TerminalElement) -> Bool {
    let frame = list.body.frame
    var used = 0
    for index in rows {
      used += rowHeight(list.children[index], width: frame.width)
      if used > frame.height { return false }
    }
    return true
  }

  /// The offset at which row `index` is the last one fully shown (the row itself when even it
  /// does not fit).
  private func offsetShowingLast(_ index: Int, of list: TerminalElement) -> Int {
    let frame = list.body.frame
    let rows = list.children
    var used = rowHeight(rows[index], width: frame.width)
    var offset = index
    while offset > 0 {
      let height = rowHeight(rows[offset - 1], width: frame.width)
      if used + height > frame.height { break }
      used += height
      offset -= 1
    }
    return offset
  }

  /// Tells the host which rows each shown list showed, when that changed.
  func reportViewports() {
    lists.removeAll { !isInTree($0) }
    for list in lists {
      guard let id = list.id else { continue }
      let shown = list.body.visibleChildren
      let viewport = Viewport(offset: shown.lowerBound, length: shown.count)
      guard reportedViewports[id] != viewport else { continue }
      reportedViewports[id] = viewport
      connection?.reportViewport(viewport, for: id)
    }
  }
}
