import TrellisViews

/// Focus: which element keys reach first, how Tab and the arrows move it, and where it goes
/// when the focused element leaves or is covered.
///
/// Focusable elements are visited in tree order, skipping hidden levels and `Static` rows and
/// without entering a focusable element (a button's label is part of the button). Every walk
/// step finds an element's position through its cached index, so moving to the next row of a
/// long list is O(1).
extension TerminalRenderer {
  /// Which way focus moves.
  public enum FocusMovement: Sendable {
    /// The next focusable element in tree order, wrapping around (Tab). A list is one stop:
    /// from a row, the next element after the list; into a list, its first row shown.
    case next
    /// The previous one, wrapping around (Shift-Tab), with lists as one stop.
    case previous
    /// The next one inside the focused element's list, if any, without wrapping; from its
    /// last row, the element after the list (Down).
    case down
    /// The previous one inside the focused element's list, without wrapping (Up).
    case up
  }

  /// Moves the focus.
  /// - Parameter movement: where to.
  /// - Returns: whether the focus changed.
  @discardableResult
  public func moveFocus(_ movement: FocusMovement) -> Bool {
    var target: TerminalElement?
    switch movement {
    case .next, .previous:
      // A list is one stop: Tab leaves it whole, and enters it at its first row shown.
      let start = focusedElement.map { enclosingList(of: $0) ?? $0 }
      let candidate =
        movement == .next
        ? nextFocusable(after: start) ?? nextFocusable(after: nil)
        : previousFocusable(before: start) ?? previousFocusable(before: nil)
      if let candidate, let list = enclosingList(of: candidate),
        focusedElement.map({ !isInside($0, list) }) ?? true
      {
        return focusRow(list.scrollRow, of: list)
      }
      target = candidate
    case .down, .up:
      guard let focused = focusedElement else {
        // From nothing, an arrow does not enter a text field, as the automatic focus does
        // not: the letters typed next would land in it instead of reaching the app's keys
        // (found by a new user: Down while a list was loading focused its filter field, and
        // q typed instead of quitting). Tab enters a field.
        var candidate =
          movement == .down ? nextFocusable(after: nil) : previousFocusable(before: nil)
        let first = candidate
        while let element = candidate, ElementAppearance.isTextEntry(element.kind) {
          candidate =
            movement == .down
            ? nextFocusable(after: element) : previousFocusable(before: element)
          if candidate === first { candidate = nil }
        }
        target = candidate
        break
      }
      if let list = enclosingList(of: focused) {
        let step = movement == .down ? 1 : -1
        // Keys ahead of the rows: the row the focus is waiting for moves on.
        if let pending = pendingFocusRow, pending.list === list {
          let row = max(0, min(pending.row + step, rowCount(of: list) - 1))
          return row != pending.row && focusRow(row, of: list)
        }
        let candidate =
          movement == .down ? nextFocusable(after: focused) : previousFocusable(before: focused)
        target = candidate.flatMap { isInside($0, list) ? $0 : nil }
        if target == nil, let row = rowNumber(of: focused, in: list) {
          // Past the realized rows of a lazy list: the next row is asked for. Past its last
          // row (or before its first): out of the list, to what follows (or precedes) it.
          guard !(0..<rowCount(of: list)).contains(row + step) else {
            return focusRow(row + step, of: list)
          }
          target = candidate
        }
      } else {
        let candidate =
          movement == .down ? nextFocusable(after: focused) : previousFocusable(before: focused)
        target = candidate
      }
    }
    guard let target, target !== focusedElement else { return false }
    setFocus(target)
    return true
  }

  /// Moves the focus `count` focusable elements down (or up, for a negative count) inside the
  /// focused element's list, stopping at its ends; with no focus, focuses the first element.
  /// - Parameter count: how many rows.
  /// - Returns: whether the focus changed.
  @discardableResult
  public func moveFocus(by count: Int) -> Bool {
    guard let start = focusedElement else { return moveFocus(count >= 0 ? .down : .up) }
    var current = start
    for _ in 0..<abs(count) {
      let movement: FocusMovement = count >= 0 ? .down : .up
      let list = enclosingList(of: current)
      guard
        let next = movement == .down
          ? nextFocusable(after: current) : previousFocusable(before: current),
        list.map({ isInside(next, $0) }) ?? true
      else { break }
      current = next
    }
    guard current !== start else { return false }
    setFocus(current)
    return true
  }

  /// Gives `element` the focus (nil clears it).
  /// - Parameter element: a focusable element in the tree, or nil.
  public func setFocus(_ element: TerminalElement?) {
    focusIsAutomatic = false
    guard element !== focusedElement else { return }
    // The host's focus (`@FocusState`, the field typing goes to) follows; inside a commit it
    // follows once the commit is over (`syncHostFocusIfNeeded()`).
    defer {
      if isCommitting { needsHostFocusSync = true } else { syncHostFocus() }
    }
    if let old = focusedElement {
      old.isFocused = false
      ElementAppearance.update(old)
    }
    focusedElement = element
    if let element {
      element.isFocused = true
      ElementAppearance.update(element)
    }
    needsFrame = true
  }

  /// Tells the host where the terminal's focus is, if a commit moved it: the control takes
  /// the host's focus too, and a link (no control) takes it from every control.
  /// - Returns: whether the host's focus moved (its bindings were written: flush the host).
  @discardableResult
  public func syncHostFocusIfNeeded() -> Bool {
    guard needsHostFocusSync else { return false }
    needsHostFocusSync = false
    return syncHostFocus()
  }

  @discardableResult
  func syncHostFocus() -> Bool {
    guard let connection else { return false }
    if let element = focusedElement, ElementAppearance.isHostControl(element.kind),
      let id = element.id
    {
      guard connection.focusedElement != id else { return false }
      return connection.focus(id)
    }
    guard connection.focusedElement != nil else { return false }
    connection.clearFocus()
    return true
  }

  /// After a commit: a control the host gave the focus (a `@FocusState` the app set) takes
  /// the terminal's.
  func applyHostFocusRequest() {
    guard let request = hostFocusRequest else { return }
    hostFocusRequest = nil
    guard request.hasHostFocus, request.isFocusable, request.isVisible else { return }
    setFocus(request)
  }

  /// Runs the focused element's action: presses a button, follows a link, flips a toggle. A
  /// picker, stepper or slider has none (Left and Right adjust it): it is left alone.
  /// - Returns: whether there was a focused element to activate.
  @discardableResult
  public func activateFocused() -> Bool {
    guard let focused = focusedElement, let id = focused.id, let connection else { return false }
    // Activated, they were reported as elements "gone or without an action" on every Return
    // (found by a user).
    guard !ElementAppearance.isAdjustable(focused.kind) else { return false }
    return connection.activate(id)
  }

  /// Adjusts the focused picker, stepper or slider `steps` places (Left and Right): the next
  /// option, a step, an increment. Other elements are left alone.
  /// - Parameter steps: how far, and which way.
  /// - Returns: whether a control took it.
  @discardableResult
  public func adjustFocused(by steps: Int) -> Bool {
    guard let focused = focusedElement, ElementAppearance.isAdjustable(focused.kind),
      let id = focused.id, let connection
    else { return false }
    _ = connection.adjust(id, by: steps)
    return true
  }

  /// After a commit: a focused element that left the tree gives the focus to the element that
  /// took its place among its siblings (the next row of a list, as when a focused row is
  /// deleted), or else to the one before it; one that was covered (or is beside a presentation
  /// just shown, which is modal) is remembered; then the latest remembered element that is in
  /// reach again, or else the first focusable element in reach, takes it.
  func repairFocus() {
    let modal = modalRoot
    let isReachable = { (element: TerminalElement) in
      element.isVisible && self.isInReach(element, of: modal)
    }
    let removedPlace = removedFocusPlace
    removedFocusPlace = nil
    if let focused = focusedElement {
      if isReachable(focused) {
        // Gone elsewhere by itself when what had it was covered (a tab's label, when a level
        // pushed in the tab has no control): it comes back once that is in reach again, as
        // a pop gives the pushed row the focus back (found by a new user).
        guard focusIsAutomatic, let element = focusHistory.alive().last(where: isReachable)
        else { return }
        focusHistory.remove(element)
        setFocus(element)
        return
      }
      if !isInTree(focused), let place = removedPlace, let heir = heir(of: place),
        isReachable(heir)
      {
        // Remembered too: a level that a push covers leaves the tree with its focused row
        // (the host takes hidden elements out), and the pop brings the same element back,
        // which then takes the focus back (found by a new user: a detail with a control of
        // its own was the heir, and the pop gave the focus to the first row built). A row
        // that is gone for good is released, and forgotten.
        focusHistory.append(focused)
        setFocus(heir)
        return
      }
      // Hidden (a covered level, a row scrolled out), beside a presentation just shown, or
      // gone: if it is only out of reach, it takes the focus back when it is in reach again.
      focusHistory.append(focused)
      setFocus(nil)
    }
    // A page or edge move gives the focus to its row when that row arrives.
    if pendingFocusRow != nil { return }
    if let element = focusHistory.alive().last(where: isReachable) {
      focusHistory.remove(element)
      setFocus(element)
    } else {
      setFocus(automaticFocus())
      focusIsAutomatic = true
    }
  }

  /// The first focusable element of the sibling now at a removed element's place, or else of
  /// the sibling before it; nil when the parent left the tree too.
  private func heir(of place: (parent: TerminalElement, index: Int)) -> TerminalElement? {
    guard isInTree(place.parent) else { return nil }
    let siblings = place.parent.children
    for index in [place.index, place.index - 1] where siblings.indices.contains(index) {
      if let element = firstFocusable(in: siblings[index]) { return element }
    }
    return nil
  }

  /// Where the focus goes by itself: the first focusable element that is no text field, so
  /// that keys are the app's until the user moves into a field (Tab, or an arrow from the
  /// control beside it) or the app
  /// focuses one (`@FocusState`), and no destructive button while another can take it, so that
  /// Return in a new alert does not delete (SwiftUI never makes a destructive button the
  /// default). Nil when only fields can take it.
  private func automaticFocus() -> TerminalElement? {
    var first: TerminalElement?
    var candidate = nextFocusable(after: nil)
    while let element = candidate {
      if !ElementAppearance.isTextEntry(element.kind) {
        let isDestructive = element.attributes.contains {
          if case .control(.role(.destructive)) = $0 { true } else { false }
        }
        if !isDestructive { return element }
        if first == nil { first = element }
      }
      candidate = nextFocusable(after: element)
      if candidate === first { break }
    }
    return first
  }

  // MARK: - Walking the tree

  /// `element` if it is focusable, else the first focusable element inside it.
  func firstFocusable(in element: TerminalElement) -> TerminalElement? {
    if element.isFocusable { return element }
    guard let next = nextFocusable(after: nil, from: element), isInside(next, element) else {
      return nil
    }
    return next
  }

  /// The first focusable element after `start` in tree order (from the top when nil), within
  /// the frontmost presentation while one is shown (see `modalRoot`).
  func nextFocusable(after start: TerminalElement?, from top: TerminalElement? = nil)
    -> TerminalElement?
  {
    let modal = modalRoot
    var current =
      start.map { successor(of: $0, enteringChildren: false) }
      ?? firstChild(of: top ?? modal)
    while let element = current {
      if element.isFocusable && isInReach(element, of: modal) {
        return element
      }
      current = successor(of: element, enteringChildren: true)
    }
    return nil
  }

  /// The last focusable element before `start` in tree order (from the bottom when nil),
  /// within the frontmost presentation while one is shown.
  func previousFocusable(before start: TerminalElement?) -> TerminalElement? {
    let modal = modalRoot
    var current = start.map(predecessor(of:)) ?? lastDescendant(of: modal)
    while let element = current {
      if element.isFocusable && isInReach(element, of: modal) {
        return element
      }
      current = predecessor(of: element)
    }
    return nil
  }

  /// Where keys can reach: the frontmost shown presentation (the last in tree order), or the
  /// whole tree when none is shown. A presentation is modal, as in SwiftUI and in the host,
  /// which refuses input to what it covers; the terminal draws a sheet in place of the view it
  /// is attached to, so the views beside that one stay on screen, out of reach.
  var modalRoot: TerminalElement {
    var frontmost = rootElement
    var stack = [rootElement]
    while let element = stack.popLast() {
      if element !== rootElement && ElementAppearance.isPresentation(element.kind) {
        frontmost = element
      }
      guard element.container != nil else { continue }
      for child in element.children.reversed() where !child.slot.isHidden { stack.append(child) }
    }
    return frontmost
  }

  /// The next element in pre-order among the shown ones.
  private func successor(of element: TerminalElement, enteringChildren: Bool)
    -> TerminalElement?
  {
    if enteringChildren, canEnter(element), let first = firstChild(of: element) { return first }
    var current = element
    while let parent = current.parent, let index = current.indexInParent {
      var next = index + 1
      while next < parent.children.count {
        let sibling = parent.children[next]
        if !sibling.slot.isHidden {
          sibling.indexHint = next
          return sibling
        }
        next += 1
      }
      current = parent
    }
    return nil
  }

  /// The previous element in pre-order among the shown ones; never the root.
  private func predecessor(of element: TerminalElement) -> TerminalElement? {
    guard let parent = element.parent, let index = element.indexInParent else { return nil }
    var previous = index - 1
    while previous >= 0, parent.children[previous].slot.isHidden { previous -= 1 }
    guard previous >= 0 else { return parent === rootElement ? nil : parent }
    let sibling = parent.children[previous]
    sibling.indexHint = previous
    return lastDescendant(of: sibling) ?? sibling
  }

  private func firstChild(of element: TerminalElement) -> TerminalElement? {
    guard element.container != nil else { return nil }
    for (index, child) in element.children.enumerated() where !child.slot.isHidden {
      child.indexHint = index
      return child
    }
    return nil
  }

  /// The last shown element of `element`'s subtree, descending through non-focusable
  /// containers; nil when it has no shown children.
  private func lastDescendant(of element: TerminalElement) -> TerminalElement? {
    var current: TerminalElement?
    var next: TerminalElement? = element
    while let candidate = next, canEnter(candidate) {
      guard candidate.container != nil,
        let index = candidate.children.lastIndex(where: { !$0.slot.isHidden })
      else { break }
      let child = candidate.children[index]
      child.indexHint = index
      current = child
      next = child
    }
    return current
  }

  /// Focus walks into containers, but not into focusable elements (their children are their
  /// label) or `Static` rows.
  private func canEnter(_ element: TerminalElement) -> Bool {
    !element.isFocusable && element.container != nil
  }

  /// The nearest `List` around `element`.
  func enclosingList(of element: TerminalElement) -> TerminalElement? {
    var current = element.parent
    while let candidate = current {
      if ElementAppearance.scrollsRows(candidate.kind) { return candidate }
      current = candidate.parent
    }
    return nil
  }

  /// Whether keys can reach `element` while `modal` is the `modalRoot`: the whole tree when
  /// it is the root (no walk then), else only what is inside it.
  func isInReach(_ element: TerminalElement, of modal: TerminalElement) -> Bool {
    modal === rootElement || isInside(element, modal)
  }

  /// Whether `element` is `ancestor` or inside it.
  func isInside(_ element: TerminalElement, _ ancestor: TerminalElement) -> Bool {
    var current: TerminalElement? = element
    while let candidate = current {
      if candidate === ancestor { return true }
      current = candidate.parent
    }
    return false
  }

  /// Whether `first` comes before `second` in tree order (an element before its descendants).
  func isBefore(_ first: TerminalElement, _ second: TerminalElement) -> Bool {
    let firstPath = indexPath(of: first)
    let secondPath = indexPath(of: second)
    for (a, b) in zip(firstPath, secondPath) where a != b { return a < b }
    return firstPath.count < secondPath.count
  }

  /// The positions from the root down to `element`.
  private func indexPath(of element: TerminalElement) -> [Int] {
    var path: [Int] = []
    var current = element
    while let index = current.indexInParent, let parent = current.parent {
      path.append(index)
      current = parent
    }
    return path.reversed()
  }

  /// Whether `element` is in this renderer's tree (not removed).
  func isInTree(_ element: TerminalElement) -> Bool { isInside(element, rootElement) }
}
