import Foundation
import TrellisGraph

/// A view made of one view per element of a collection, like SwiftUI's `DynamicViewContent`:
/// `ForEach`, and a `ForEach` with editing actions. `.onDelete` and `.onMove` apply to it.
@MainActor
public protocol DynamicViewContent: View {
  /// The type of the collection.
  associatedtype Data: Collection
  /// The collection.
  var data: Data { get }
}

extension ForEach: DynamicViewContent {}

/// A modifier that keeps a view dynamic content (an editing action).
public protocol _EditActionModifier: ViewModifier {}

extension ModifiedContent: DynamicViewContent
where Content: DynamicViewContent, Modifier: _EditActionModifier {
  /// The modified content's collection.
  public var data: Content.Data { content.data }
}

extension DynamicViewContent {
  /// Lets rows be deleted, like SwiftUI's `.onDelete(perform:)`: a swipe (or the edit mode's
  /// delete control) calls `action` with the offsets of the rows to delete. A host deletes a
  /// row with `ViewHost.delete(_:)`. nil turns deleting off.
  /// - Parameter action: receives the offsets, in the collection, of the rows to delete.
  /// - Returns: the editable content.
  public func onDelete(
    perform action: (@MainActor (IndexSet) -> Void)?
  ) -> ModifiedContent<Self, OnDeleteModifier> {
    modifier(OnDeleteModifier(action: action))
  }

  /// Lets rows be moved, like SwiftUI's `.onMove(perform:)`: `action` receives the offsets of
  /// the moved rows and the destination offset, as `move(fromOffsets:toOffset:)` takes them. A
  /// host moves a row with `ViewHost.move(_:toOffset:)`. nil turns moving off.
  /// - Parameter action: receives the source offsets and the destination.
  /// - Returns: the editable content.
  public func onMove(
    perform action: (@MainActor (IndexSet, Int) -> Void)?
  ) -> ModifiedContent<Self, OnMoveModifier> {
    modifier(OnMoveModifier(action: action))
  }
}

/// The modifier behind `.onDelete(perform:)`.
public struct OnDeleteModifier: _PrimitiveViewModifier, _EditActionModifier {
  let action: (@MainActor (IndexSet) -> Void)?

  /// Keeps the latest action on the node.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    node.parts.part(DeletePart.self) { DeletePart() }.action = modifier.action
    node.updateModifier(content: content)
  }
}

/// The modifier behind `.onMove(perform:)`.
public struct OnMoveModifier: _PrimitiveViewModifier, _EditActionModifier {
  let action: (@MainActor (IndexSet, Int) -> Void)?

  /// Keeps the latest action on the node.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    node.parts.part(MovePart.self) { MovePart() }.action = modifier.action
    node.updateModifier(content: content)
  }
}

/// The editing actions of a `ForEach` in a lazy container, which does not build the modifier
/// nodes around its rows: each realized row carries them with its offset instead.
@MainActor
struct RowEditActions {
  var delete: (@MainActor (IndexSet) -> Void)?
  var move: (@MainActor (IndexSet, Int) -> Void)?
  var isEmpty: Bool { delete == nil && move == nil }
}

/// An editing modifier, which applies to a `ForEach` as a whole rather than to each row.
@MainActor
protocol RowEditModifier {
  func add(to actions: inout RowEditActions)
}

extension OnDeleteModifier: RowEditModifier {
  func add(to actions: inout RowEditActions) { actions.delete = action }
}

extension OnMoveModifier: RowEditModifier {
  func add(to actions: inout RowEditActions) { actions.move = action }
}

/// A lazy container's row with its `ForEach`'s editing actions, its offset in the `ForEach`'s
/// data and how many rows that has.
@MainActor
final class EditableRowPart: NodePart {
  private(set) var actions: RowEditActions
  private(set) var offset: Int
  private(set) var rowCount: Int
  /// The lazy container's name, for diagnostics.
  private(set) var listName: String

  init(actions: RowEditActions, offset: Int, rowCount: Int, listName: String) {
    self.actions = actions
    self.offset = offset
    self.rowCount = rowCount
    self.listName = listName
  }

  func update(from other: EditableRowPart) {
    actions = other.actions
    offset = other.offset
    rowCount = other.rowCount
    listName = other.listName
  }
}

/// An `.onDelete` action.
@MainActor
final class DeletePart: NodePart {
  var action: (@MainActor (IndexSet) -> Void)?
}

/// An `.onMove` action.
@MainActor
final class MovePart: NodePart {
  var action: (@MainActor (IndexSet, Int) -> Void)?
}

extension ViewNode {
  /// The rows of the `ForEach` below an editing modifier: the children of the first node
  /// below that is not a built-in modifier.
  var editableRows: ChildList<ViewNode> {
    var cursor = self
    while cursor.role == .modifier, let content = cursor.children.first { cursor = content }
    return cursor.children
  }

  /// Whether this row is the one called `title`: one of its texts, or all of them joined.
  func isRow(titled title: String) -> Bool {
    let texts = self.texts
    return texts.contains(title) || texts.joined(separator: " ") == title
  }
}

extension RangeReplaceableCollection where Self: MutableCollection {
  /// Removes the elements at `offsets`, like SwiftUI's `remove(atOffsets:)`, for the offsets
  /// `.onDelete` passes.
  /// - Parameter offsets: the offsets to remove, in this collection.
  public mutating func remove(atOffsets offsets: IndexSet) {
    for offset in offsets.reversed() {
      remove(at: index(startIndex, offsetBy: offset))
    }
  }
}

extension MutableCollection where Self: RangeReplaceableCollection {
  /// Moves the elements at `source` to `destination`, like SwiftUI's
  /// `move(fromOffsets:toOffset:)`, for the offsets `.onMove` passes: `destination` is an offset
  /// in the collection before the move (so moving one row down by one is `toOffset: row + 2`).
  /// - Parameters:
  ///   - source: the offsets of the elements to move.
  ///   - destination: where they go, as an offset before the move.
  public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
    let moved = source.map { self[index(startIndex, offsetBy: $0)] }
    let before = source.filter { $0 < destination }.count
    remove(atOffsets: source)
    insert(contentsOf: moved, at: index(startIndex, offsetBy: destination - before))
  }
}

extension ViewHost {
  /// Deletes the row called `row` of an editable list, as a swipe to delete does: calls its
  /// `.onDelete` action with the row's offset. Pending updates run first, so the offset is
  /// the row's place in the data as it is now.
  /// - Parameter row: one of the row's texts (or all of them, joined by spaces).
  /// - Returns: false, with a diagnostic, when no row of a `ForEach` with `.onDelete` is called
  ///   that, several are, or the list is disabled.
  @discardableResult
  public func delete(_ row: String) -> Bool {
    guard let match = editableRow(row, DeletePart.self, effect: "nothing was deleted"),
      let action = match.actions.delete
    else { return false }
    action(IndexSet(integer: match.offset))
    return true
  }

  /// Moves the row called `row` of an editable list to `destination`, as a drag in edit mode
  /// does: calls its `.onMove` action with the row's offset and `destination` (an offset before
  /// the move, as `move(fromOffsets:toOffset:)` takes it). Pending updates run first.
  /// - Parameters:
  ///   - row: one of the row's texts (or all of them, joined by spaces).
  ///   - destination: the destination offset.
  /// - Returns: false, with a diagnostic, when the row cannot be found, the list is disabled,
  ///   or the destination is outside `0...count`.
  @discardableResult
  public func move(_ row: String, toOffset destination: Int) -> Bool {
    guard let match = editableRow(row, MovePart.self, effect: "nothing was moved"),
      let action = match.actions.move
    else { return false }
    let count = match.rowCount
    guard (0...count).contains(destination) else {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [row],
          message:
            "move(\"\(row)\", toOffset: \(destination)): the list in \(match.listName) "
            + "has \(count) rows, so the destination must be in 0...\(count); nothing was moved."))
      return false
    }
    action(IndexSet(integer: match.offset), destination)
    return true
  }

  /// The row called `row` of a list with an action of type `Part`: its list (the editing
  /// node, or the lazy container), its offset, the list's row count and its actions. Rows of
  /// an eager `ForEach` are found under the editing modifier's node; rows of a lazy container
  /// carry their `ForEach`'s actions themselves.
  private func editableRow<Part: NodePart>(
    _ row: String, _ part: Part.Type, effect: String
  ) -> EditableRowMatch? {
    flushBeforeEditing()
    var matches: [EditableRowMatch] = []
    for list in nodes(where: { $0.parts.contains(Part.self) }) {
      let rows = list.editableRows
      let actions = RowEditActions(
        delete: list.parts[DeletePart.self]?.action, move: list.parts[MovePart.self]?.action)
      for (offset, node) in rows.enumerated() where node.isRow(titled: row) {
        matches.append(
          EditableRowMatch(
            listName: list.diagnosticName, row: node, offset: offset, rowCount: rows.count,
            actions: actions))
      }
    }
    let wantsDelete = part == DeletePart.self
    for node in nodes(where: { $0.parts.contains(EditableRowPart.self) }) {
      guard let editing = node.parts[EditableRowPart.self],
        wantsDelete ? editing.actions.delete != nil : editing.actions.move != nil,
        node.isRow(titled: row)
      else { continue }
      matches.append(
        EditableRowMatch(
          listName: editing.listName, row: node, offset: editing.offset,
          rowCount: editing.rowCount, actions: editing.actions))
    }
    let noun = wantsDelete ? "deletable row" : "movable row"
    guard
      let node = unique(matches.map(\.row), kind: noun, title: row, effect: effect),
      let match = matches.first(where: { $0.row === node }),
      enabled(node, noun: "row", title: row, effect: effect)
    else { return nil }
    return match
  }
}

extension ViewHost {
  /// Runs pending updates before an editing gesture looks for its row, as the screen would
  /// have been updated before the user's next gesture: otherwise a second `delete(_:)` after a
  /// first, with no `flush()` between, would find the row at its old offset and hand the
  /// app's action an offset that is no longer in its data.
  func flushBeforeEditing() {
    if core.graph.hasPendingWork { flush() }
  }
}

/// A row found by `delete(_:)` or `move(_:toOffset:)`.
@MainActor
struct EditableRowMatch {
  let listName: String
  let row: ViewNode
  let offset: Int
  let rowCount: Int
  let actions: RowEditActions
}

/// A horizontal edge, like SwiftUI's `HorizontalEdge`.
public enum HorizontalEdge: Hashable, Sendable, CaseIterable {
  /// The leading edge.
  case leading
  /// The trailing edge.
  case trailing
}

extension View {
  /// Adds actions revealed by swiping the row from `edge`, like SwiftUI's
  /// `.swipeActions(edge:allowsFullSwipe:content:)`. The actions are built when the row is
  /// swiped, as in SwiftUI, not rendered with the row. A host swipes with
  /// `ViewHost.swipe(_:edge:tap:)`.
  /// - Parameters:
  ///   - edge: the edge the swipe starts from (default `.trailing`).
  ///   - allowsFullSwipe: whether a full swipe runs the first action (default true).
  ///   - content: the actions, as buttons.
  /// - Returns: the modified row.
  public func swipeActions<Actions: View>(
    edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true,
    @ViewBuilder content: @escaping @MainActor () -> Actions
  ) -> ModifiedContent<Self, SwipeActionsModifier<Actions>> {
    modifier(SwipeActionsModifier(edge: edge, allowsFullSwipe: allowsFullSwipe, content: content))
  }
}

/// The modifier behind `.swipeActions(edge:allowsFullSwipe:content:)`.
public struct SwipeActionsModifier<Actions: View>: _PrimitiveViewModifier {
  let edge: HorizontalEdge
  let allowsFullSwipe: Bool
  let content: @MainActor () -> Actions

  /// Keeps the latest actions on the node, per edge.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    let part = node.parts.part(SwipeActionsPart.self) { SwipeActionsPart() }
    let build = modifier.content
    part.edges[modifier.edge] = SwipeActionsPart.Actions(
      allowsFullSwipe: modifier.allowsFullSwipe,
      reveal: { node, title in node.revealSwipeActions(build, tapping: title) })
    node.updateModifier(content: content)
  }
}

/// A row's swipe actions, per edge.
@MainActor
final class SwipeActionsPart: NodePart {
  struct Actions {
    let allowsFullSwipe: Bool
    /// Builds the actions below the row's node and taps the one titled by the second argument
    /// (nil: the first, a full swipe); returns the titles of the actions, and whether one ran.
    let reveal: @MainActor (ViewNode, String?) -> (titles: [String], tapped: Bool)
  }

  var edges: [HorizontalEdge: Actions] = [:]

  /// Swipes the row `node` from `edge` and taps the action titled `action` (nil: a full swipe,
  /// the first action, when the row allows one). Returns false, with a diagnostic naming
  /// `subject` (and `name` as its node), when there are no actions on that edge, the row does
  /// not allow a full swipe, or no enabled action has that title.
  func swipe(
    _ node: ViewNode, edge: HorizontalEdge, tap action: String?, subject: String, name: String
  ) -> Bool {
    guard let actions = edges[edge] else {
      report(
        "The row \(subject) in \(node.diagnosticName) has no \(edge) swipe actions; nothing was "
          + "swiped.", nodes: [name])
      return false
    }
    if action == nil, !actions.allowsFullSwipe {
      report(
        "The row \(subject) in \(node.diagnosticName) does not allow a full swipe; name the "
          + "action to tap.", nodes: [name])
      return false
    }
    let (titles, tapped) = actions.reveal(node, action)
    guard tapped else {
      report(
        "Swiping the row \(subject) in \(node.diagnosticName) shows "
          + (titles.isEmpty ? "no actions" : titles.map { "\"\($0)\"" }.joined(separator: ", "))
          + (action.map { "; none is an enabled action titled \"\($0)\"" } ?? "")
          + "; nothing was tapped.", nodes: [name] + (action.map { [$0] } ?? []))
      return false
    }
    return true
  }

  private func report(_ message: String, nodes: [String]) {
    TrellisDiagnostics.report(
      TrellisDiagnostic(kind: .invalidInput, nodes: nodes, message: message))
  }
}

extension ViewNode {
  /// Builds `content` in a node of its own below this one (not rendered), taps the button
  /// titled `title` (or the first one), and takes the node down again.
  func revealSwipeActions<Actions: View>(
    _ content: () -> Actions, tapping title: String?
  ) -> (titles: [String], tapped: Bool) {
    let revealed = ViewNode(parent: self, key: .index(1), viewType: Actions.self, explicitID: nil)
    Actions._update(content(), in: revealed)
    defer { host.unmount(revealed) }
    var buttons: [ViewNode] = []
    var stack = [revealed]
    while let node = stack.popLast() {
      if node.parts.contains(ActionPart.self) {
        buttons.append(node)
        continue
      }
      stack.append(contentsOf: node.children.reversed())
    }
    let titles = buttons.compactMap(\.title)
    let chosen = title.map { title in buttons.first { $0.title == title } } ?? buttons.first
    guard let button = chosen, button.isEnabledInEnvironment,
      let action = button.parts[ActionPart.self]
    else { return (titles, false) }
    action.perform()
    return (titles, true)
  }
}

extension ViewHost {
  /// Swipes the row called `row` from `edge` and taps the action titled `action`, or, with no
  /// action, swipes all the way, which runs the first action when the row allows full swipes.
  /// - Parameters:
  ///   - row: one of the row's texts (or all of them, joined by spaces).
  ///   - edge: the edge the swipe starts from (default `.trailing`).
  ///   - action: the title of the action to tap, or nil for a full swipe.
  /// - Returns: false, with a diagnostic, when no row with swipe actions on that edge is called
  ///   that, several are, the row is disabled, or the action cannot be found (or is disabled).
  @discardableResult
  public func swipe(_ row: String, edge: HorizontalEdge = .trailing, tap action: String? = nil)
    -> Bool
  {
    flushBeforeEditing()
    let matches = nodes {
      $0.parts[SwipeActionsPart.self]?.edges[edge] != nil && $0.isRow(titled: row)
    }
    let noun = "row with \(edge) swipe actions"
    guard let node = unique(matches, kind: noun, title: row, effect: "nothing was swiped"),
      enabled(node, noun: "row", title: row, effect: "nothing was swiped"),
      let part = node.parts[SwipeActionsPart.self]
    else { return false }
    return part.swipe(node, edge: edge, tap: action, subject: "\"\(row)\"", name: row)
  }
}

/// A button that switches the enclosing `\.editMode` between active and inactive, like
/// SwiftUI's `EditButton`: titled "Edit", or "Done" while editing. A `NavigationStack` gives
/// its content an edit mode when none is inherited, as SwiftUI's does; elsewhere, give one with
/// `.environment(\.editMode, $mode)`. Tapped with no edit mode, it reports that, naming the
/// view that holds it, and does nothing.
public struct EditButton: View {
  @Environment(\.editMode) private var editMode
  private let holder = StackHolder()

  /// Creates the button.
  public init() {}

  /// A button titled by the edit mode.
  public var body: some View {
    let isEditing = editMode?.wrappedValue.isEditing ?? false
    let holder = holder
    Button(isEditing ? "Done" : "Edit") { [editMode] in
      guard let editMode else {
        TrellisDiagnostics.report(
          TrellisDiagnostic(
            kind: .invalidInput, nodes: [holder.name],
            message:
              "The EditButton in \(holder.name) has no edit mode to switch: put it inside a "
              + "NavigationStack, or give one with .environment(\\.editMode, $mode); the tap "
              + "does nothing."))
        return
      }
      editMode.wrappedValue = isEditing ? .inactive : .active
    }
  }
}
