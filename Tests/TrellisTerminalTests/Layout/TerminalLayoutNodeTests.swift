import Testing
import TrellisTerminal

@Suite("Layout nodes")
struct TerminalLayoutNodeTests {
  @Test func nodesUpdatedInPlaceKeepTheirIdentity() {
    let title = text("Old")
    let root = vStack(alignment: .leading, title, text("body"))
    #expect(lines(of: root, width: 6, height: 2) == ["Old", "body"])
    title.content = .text("New title")
    #expect(root.children[0] === title)
    #expect(lines(of: root, width: 10, height: 2) == ["New title", "body"])
    #expect(title.frame == LayoutRect(x: 0, y: 0, width: 9, height: 1))
  }

  @Test func insertMoveAndRemoveChangeTheLayout() {
    let a = text("a")
    let b = text("b")
    let c = text("c")
    let root = vStack(alignment: .leading, a, b)
    root.insertChild(c, at: 1)
    #expect(lines(of: root, width: 1, height: 3) == ["a", "c", "b"])
    root.moveChild(from: 0, to: 2)
    #expect(lines(of: root, width: 1, height: 3) == ["c", "b", "a"])
    #expect(root.removeChild(at: 1) === b)
    #expect(b.parent == nil)
    #expect(lines(of: root, width: 1, height: 3) == ["c", "a", ""])
  }

  @Test func insertingANodeElsewhereRemovesItFromItsOldParent() {
    let child = text("x")
    let first = vStack(child)
    let second = vStack()
    second.appendChild(child)
    #expect(first.children.isEmpty)
    #expect(child.parent === second)
    second.appendChild(child)
    #expect(second.children.count == 1)
  }

  @Test func framesRecordWhereEachNodeWasPlaced() {
    let left = text("ab")
    let right = text("c", .padding(1))
    let root = hStack(alignment: .top, spacing: 2, left, right)
    _ = TerminalLayout.render(root, size: LayoutSize(width: 10, height: 4))
    #expect(root.frame == LayoutRect(x: 0, y: 0, width: 7, height: 3))
    #expect(left.frame == LayoutRect(x: 0, y: 0, width: 2, height: 1))
    #expect(right.frame == LayoutRect(x: 4, y: 0, width: 3, height: 3))
  }

  @Test func changingAChildMeasuresItsAncestorsAgainButNotItsSiblings() {
    let rows = (0..<3).map { text("row \($0)") }
    let list = TerminalLayoutNode(.vStack(alignment: .leading), children: rows)
    let root = vStack(alignment: .leading, text("header"), list)
    #expect(lines(of: root, width: 8, height: 4) == ["header", "row 0", "row 1", "row 2"])
    rows[1].content = .text("row one, edited")
    #expect(
      lines(of: root, width: 16, height: 4) == ["header", "row 0", "row one, edited", "row 2"])
    rows[1].content = .text("short")
    #expect(lines(of: root, width: 16, height: 4) == ["header", "row 0", "short", "row 2"])
  }

  // The next three change a node two levels below a child of the root, with a sibling after
  // that child: the root places the sibling by the child's cached size, so an ancestor whose
  // cache were kept would draw the sibling over the new rows.

  @Test func severalChangesBetweenTwoLayoutsAreAllLaidOut() {
    let leaf = text("leaf")
    let inner = vStack(alignment: .leading, leaf, text("m"))
    let root = vStack(
      alignment: .leading, text("top"), vStack(alignment: .leading, inner), text("end"))
    #expect(lines(of: root, width: 12, height: 6) == ["top", "leaf", "m", "end", "", ""])
    inner.insertChild(text("new"), at: 1)
    // Its ancestors were just cleared: this walk up stops at the first of them.
    leaf.content = .text("leaf, longer\nand taller")
    #expect(
      lines(of: root, width: 12, height: 6) == [
        "top", "leaf, longer", "and taller", "new", "m", "end",
      ])
  }

  @Test func aChangeInsideAHiddenSubtreeShowsWhenItIsShown() {
    let inner = text("a")
    let hidden = vStack(alignment: .leading, inner)
    hidden.isHidden = true
    let root = vStack(
      alignment: .leading, text("top"), vStack(alignment: .leading, vStack(hidden)), text("end"))
    #expect(lines(of: root, width: 8, height: 4) == ["top", "end", "", ""])
    inner.content = .text("changed")
    hidden.appendChild(text("added"))
    #expect(lines(of: root, width: 8, height: 4) == ["top", "end", "", ""])
    hidden.isHidden = false
    #expect(lines(of: root, width: 8, height: 4) == ["top", "changed", "added", "end"])
  }

  @Test func aChangeInsideAGroupTheStackLaysOutInItsPlaceIsLaidOut() {
    // The stack measures the group's children, never the group: the group has no cached
    // sizes while the stack's depend on what is inside it.
    let inner = text("a")
    let group = TerminalLayoutNode(.group, children: [inner, text("b")])
    let root = vStack(
      alignment: .leading, text("top"), vStack(alignment: .leading, group), text("end"))
    #expect(lines(of: root, width: 8, height: 5) == ["top", "a", "b", "end", ""])
    inner.content = .text("two\nlines")
    #expect(lines(of: root, width: 8, height: 5) == ["top", "two", "lines", "b", "end"])
  }

  @Test func aSubtreeWithChildrenMovedDeeperIsLaidOutThere() {
    let branch = vStack(alignment: .leading, text("b1"), text("b2"))
    let holder = vStack(alignment: .leading)
    let root = vStack(
      alignment: .leading, branch, vStack(alignment: .leading, holder), text("end"))
    #expect(lines(of: root, width: 4, height: 4) == ["b1", "b2", "end", ""])
    holder.appendChild(vStack(alignment: .leading, text("h")))
    holder.children[0].appendChild(branch)
    #expect(lines(of: root, width: 4, height: 4) == ["h", "b1", "b2", "end"])
  }

  @Test func aChangedModifierIsLaidOutAgain() {
    let node = text("x")
    let root = hStack(spacing: 0, node, text("|"))
    #expect(lines(of: root, width: 6, height: 1) == ["x|"])
    node.modifiers = [.padding(TerminalEdgeInsets(leading: 2, trailing: 1))]
    #expect(lines(of: root, width: 6, height: 1) == ["  x |"])
  }

  @Test func aTextStyleChangeShowsWithoutALayoutChange() {
    let node = text("x")
    #expect(show(node, width: 1, height: 1).cell(column: 0, row: 0).style == .plain)
    node.textStyle = TerminalTextStyle(foreground: .cyan)
    #expect(show(node, width: 1, height: 1).cell(column: 0, row: 0).style.foreground == .cyan)
  }

  @Test func subtreesNestedBeyondTheMaximumDepthAreLeftOutAndReported() {
    let leaf = text("deep")
    var node = leaf
    for _ in 0..<(TerminalLayout.maximumDepth + 10) { node = vStack(node) }
    let root = vStack(alignment: .leading, text("top"), node)
    let result = TerminalLayout.render(root, size: LayoutSize(width: 5, height: 2))
    #expect(result.exceededMaximumDepth)
    #expect(result.grid.lines == ["top", ""])
    let shallow = TerminalLayout.render(vStack(text("ok")), size: LayoutSize(width: 5, height: 1))
    #expect(!shallow.exceededMaximumDepth)
  }

  @Test func aTreeNestedJustWithinTheMaximumDepthIsLaidOut() {
    var node = text("deep")
    for _ in 0..<(TerminalLayout.maximumDepth - 1) {
      node = vStack(modifiers: [.padding(TerminalEdgeInsets())], node)
    }
    let result = TerminalLayout.render(node, size: LayoutSize(width: 5, height: 1))
    #expect(!result.exceededMaximumDepth)
    #expect(result.grid.lines == ["deep"])
  }

  @Test func releasingAVeryDeepTreeDoesNotOverflowTheStack() {
    var node = text("leaf")
    for _ in 0..<100_000 { node = vStack(node) }
    #expect(node.children.count == 1)
  }
}
