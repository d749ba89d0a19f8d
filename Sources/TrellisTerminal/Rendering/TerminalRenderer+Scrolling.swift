import TrellisViews

/// Scrolling: each `List` shows the rows that fit from its offset; the offset follows the
/// focused row, moves by pages, and every change of what a list shows is reported to the host.
///
/// A `List` is lazy: its element's children are only the rows the host realized (the viewport
/// this renderer reported, plus the host's overscan), and its `rows` attribute says which of
/// all the rows they are. Offsets and row numbers here count all the rows. Moving the focus to
/// a row that is not realized yet (Page Down, End) scrolls, reports the new viewport, and gives
/// the row the focus in the commit that realizes it.
extension TerminalRenderer {
  /// The first row `list` shows, counted among all of its rows.
  /// - Parameter list: a `List` element.
  /// - Returns: its offset (0 for other elements).
  public func scrollOffset(of list: TerminalElement) -> Int {
    ElementAppearance.scrollsRows(list.kind) ? list.scrollRow : 0
  }

  /// How many rows `list` has in all (realized or not).
  /// - Parameter list: a `List` element.
  /// - Returns: its row count.
  public func rowCount(of list: TerminalElement) -> Int {
    list.totalRows ?? rowElements(of: list).count
  }

  /// The realized rows of `list`, in order: its children, with each `Section`'s header, rows and
  /// footer in place of the section, as the host counts rows (and the layout shows them).
  func rowElements(of list: TerminalElement) -> [TerminalElement] {
    guard list.children.contains(where: { $0.kind == .section }) else { return list.children }
    var rows: [TerminalElement] = []
    var pending = Array(list.children.reversed())
    while let element = pending.popLast() {
      if element.kind == .section {
        pending += element.children.reversed()
      } else {
        rows.append(element)
      }
    }
    return rows
  }

  /// Scrolls `list` so that its row `offset` is the first shown, clamped to its rows.
  /// - Parameters:
  ///   - list: a `List` element.
  ///   - offset: the first row to show, among all of its rows.
  public func scroll(_ list: TerminalElement, to offset: Int) {
    guard ElementAppearance.scrollsRows(list.kind) else { return }
    let clamped = max(0, min(offset, lastOffset(of: list)))
    guard clamped != list.scrollRow else { return }
    list.scrollRow = clamped
    ElementAppearance.update(list)
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
    guard let list = focusedElement.flatMap(enclosingList(of:)) ?? shownLists.first
    else { return false }
    let rows = pages * pageLength(of: list)
    let before = scrollOffset(of: list)
    scroll(list, to: before + rows)
    // Keys ahead of the rows (several pages in one batch): the row the focus is waiting for
    // is where the focus is, for the next page.
    let waiting = pendingFocusRow.flatMap { $0.list === list ? $0.row : nil }
    guard
      let row = waiting ?? focusedElement.flatMap({ rowNumber(of: $0, in: list) })
    else {
      return scrollOffset(of: list) != before
    }
    let target = max(0, min(row + rows, rowCount(of: list) - 1))
    return focusRow(target, of: list) || scrollOffset(of: list) != before
  }

  /// Scrolls the focused row's list (or else the first list shown) by `rows` rows, without
  /// moving the focus: the arrows in a list with nothing to focus.
  /// - Parameter rows: rows down (negative: up).
  /// - Returns: whether the list scrolled.
  @discardableResult
  public func scroll(byRows rows: Int) -> Bool {
    guard let list = focusedElement.flatMap(enclosingList(of:)) ?? shownLists.first
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
    let count = rowCount(of: list)
    guard count > 0 else { return false }
    scroll(list, to: end ? count : 0)
    return focusRow(end ? count - 1 : 0, of: list)
  }

  /// Gives the focus to the first focusable element of row `row` of `list` (counted among all
  /// of its rows): at once when the row is realized, else in the commit that realizes it.
  /// - Returns: whether the focus moved or will.
  @discardableResult
  func focusRow(_ row: Int, of list: TerminalElement) -> Bool {
    pendingFocusRow = nil
    let local = row - (list.realizedRows?.lowerBound ?? 0)
    let rows = rowElements(of: list)
    guard local >= 0, local < rows.count else {
      // Not realized: scroll so that it will be shown, and ask the host for those rows now,
      // so that the update of this turn realizes them.
      pendingFocusRow = (list, row)
      let page = max(pageLength(of: list), list.body.frame.height, 1)
      if row < list.scrollRow {
        list.scrollRow = row
      } else if row >= list.scrollRow + page {
        list.scrollRow = row - page + 1
      }
      ElementAppearance.update(list)
      reportViewport(of: list)
      needsFrame = true
      return true
    }
    let element = rows[local]
    if element.parent === list { element.indexHint = local }
    guard let target = firstFocusable(in: element) else { return false }
    guard target !== focusedElement else { return false }
    setFocus(target)
    return true
  }

  /// After a commit: the row a page or edge move is waiting for, once realized, takes the
  /// focus; a list that left the tree drops the wait.
  func resolvePendingFocus() {
    guard let (list, row) = pendingFocusRow else { return }
    guard isInTree(list) else {
      pendingFocusRow = nil
      return
    }
    let local = row - (list.realizedRows?.lowerBound ?? 0)
    if local >= 0, local < rowElements(of: list).count { focusRow(row, of: list) }
  }

  /// The position of the row holding `element` among all of `list`'s rows.
  func rowNumber(of element: TerminalElement, in list: TerminalElement) -> Int? {
    var row = element
    var sectionRow: TerminalElement?
    while let parent = row.parent, parent !== list {
      if parent.kind == .section && parent.parent === list { sectionRow = row }
      row = parent
    }
    guard row.parent === list else { return nil }
    let base = list.realizedRows?.lowerBound ?? 0
    guard let sectionRow else {
      guard let index = row.indexInParent else { return nil }
      return base + index
    }
    // In a section: its place among the list's rows, sections opened.
    guard let index = rowElements(of: list).firstIndex(where: { $0 === sectionRow }) else {
      return nil
    }
    return base + index
  }

  /// The lists in the tree and shown, in the order they were made.
  var shownLists: [TerminalElement] { listElements.alive().filter(\.isVisible) }

  /// The largest useful offset: the one whose rows fill the list's last height to the end.
  /// Rows not realized count one line each.
  private func lastOffset(of list: TerminalElement) -> Int {
    let count = rowCount(of: list)
    guard count > 0 else { return 0 }
    let frame = list.body.frame
    guard frame.height > 0 else { return count - 1 }
    var used = 0
    var index = count
    while index > 0 {
      let height = rowHeight(row: index - 1, of: list, width: frame.width)
      if used + height > frame.height { break }
      used += height
      index -= 1
    }
    return min(index, count - 1)
  }

  /// The height of row `row` (among all the rows) at `width`: measured when realized, else 1.
  private func rowHeight(row: Int, of list: TerminalElement, width: Int) -> Int {
    let local = row - (list.realizedRows?.lowerBound ?? 0)
    let rows = rowElements(of: list)
    guard local >= 0, local < rows.count else { return 1 }
    let element = rows[local]
    guard !element.slot.isHidden else { return 0 }
    return TerminalLayout.sizeThatFits(element.slot, ProposedSize(width: width, height: nil)).height
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
      // The focused element's row, counted with sections opened (the row below the list may
      // be a section holding it).
      guard ElementAppearance.scrollsRows(list.kind), pendingFocusRow?.list !== list,
        let index = rowNumber(of: focused, in: list)
      else { continue }
      let offset = list.scrollRow
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
        list.scrollRow = target
        ElementAppearance.update(list)
        changed = true
      }
    }
    return changed
  }

  /// Scrolls back every shown list whose offset leaves room below its last row (the window
  /// grew, or rows went), so that it is filled to the end, as a SwiftUI list never scrolls
  /// past its end. Uses the heights of the list's last frame.
  /// - Returns: whether an offset changed.
  func clampScrollOffsets() -> Bool {
    var changed = false
    for list in shownLists where list.body.frame.height > 0 && pendingFocusRow?.list !== list {
      let last = lastOffset(of: list)
      guard list.scrollRow > last else { continue }
      list.scrollRow = last
      ElementAppearance.update(list)
      changed = true
    }
    return changed
  }

  /// Whether `rows` fit whole in the list's last height; stops measuring at the first row
  /// that does not fit, so it costs at most a screenful of rows.
  private func rowsFit(_ rows: ClosedRange<Int>, of list: TerminalElement) -> Bool {
    let frame = list.body.frame
    var used = 0
    for index in rows {
      used += rowHeight(row: index, of: list, width: frame.width)
      if used > frame.height { return false }
    }
    return true
  }

  /// The offset at which row `index` is the last one fully shown (the row itself when even it
  /// does not fit).
  private func offsetShowingLast(_ index: Int, of list: TerminalElement) -> Int {
    let frame = list.body.frame
    var used = rowHeight(row: index, of: list, width: frame.width)
    var offset = index
    while offset > 0 {
      let height = rowHeight(row: offset - 1, of: list, width: frame.width)
      if used + height > frame.height { break }
      used += height
      offset -= 1
    }
    return offset
  }

  /// Tells the host which rows each shown list shows, when that changed: from its offset, as
  /// many rows as its height could hold (rows are at least one line), so that the host
  /// realizes every row the next frame can show.
  /// - Returns: whether a viewport was reported.
  @discardableResult
  func reportViewports() -> Bool {
    var reported = false
    for list in shownLists where reportViewport(of: list) { reported = true }
    return reported
  }

  /// Reports `list`'s viewport if it changed.
  @discardableResult
  private func reportViewport(of list: TerminalElement) -> Bool {
    guard let id = list.id else { return false }
    let length = max(list.body.visibleChildren.count, list.body.frame.height)
    // A list with no room (a window too small for it) shows nothing for now: its rows, and
    // the focus on one of them, stay as they are until it has room again.
    guard length > 0 else { return false }
    let viewport = Viewport(offset: list.scrollRow, length: length)
    guard reportedViewports[id] != viewport else { return false }
    reportedViewports[id] = viewport
    connection?.reportViewport(viewport, for: id)
    return true
  }
}
