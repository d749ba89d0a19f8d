import TrellisGraph

/// The action a tap runs: a `Button`'s, or a `NavigationLink`'s push.
@MainActor
final class ActionPart: NodePart {
  var action: @MainActor () -> Void
  /// An action that can refuse, in place of `action` when set: a link whose value nothing can
  /// show reports why and returns false.
  var refusableAction: (@MainActor () -> Bool)?

  init(_ action: @escaping @MainActor () -> Void) { self.action = action }

  /// Runs the action; false when it refused (it reported why).
  @discardableResult
  func perform() -> Bool {
    if let refusableAction {
      guard refusableAction() else { return false }
    } else {
      action()
    }
    afterAction?()
    return true
  }

  // Presentations: a button of an alert or a confirmation dialog dismisses it after its action.

  /// Runs after the action: set, for buttons inside an alert or a dialog, to dismiss it.
  var afterAction: (@MainActor () -> Void)?
}

extension ViewNode {
  /// Sets the action a tap on this node runs.
  func setAction(_ action: @escaping @MainActor () -> Void) {
    parts.part(ActionPart.self) { makeActionPart(action) }.action = action
  }

  /// Sets this node's tap action to one that can refuse: it returns false, after reporting
  /// why, when it could not act, and the tap then counts as not made.
  func setRefusableAction(_ action: @escaping @MainActor () -> Bool) {
    parts.part(ActionPart.self) { makeActionPart({}) }.refusableAction = action
  }

  /// The texts of this node's subtree, pre-order: a button's title is its label's texts.
  var texts: [String] {
    var result: [String] = []
    var stack = [self]
    while let node = stack.popLast() {
      if let text = node.text { result.append(text) }
      stack.append(contentsOf: node.children.reversed())
    }
    return result
  }

  /// A control's title: its label's texts, joined by spaces; with no text, the names of its
  /// images (`Button { Image(systemName: "trash") }` is titled `trash`).
  var title: String? {
    let texts = self.texts
    if !texts.isEmpty { return texts.joined(separator: " ") }
    var names: [String] = []
    var stack = [self]
    while let node = stack.popLast() {
      if let image = node.parts[ImageNamePart.self] { names.append(image.name) }
      stack.append(contentsOf: node.children.reversed())
    }
    return names.isEmpty ? nil : names.joined(separator: " ")
  }
}

extension ViewHost {
  /// Invokes the action of the button, navigation link or `.onTapGesture` view whose title is
  /// `title`, as a tap would; with none, selects the row of a `List(selection:)` whose title it
  /// is, as a click on it does. Pending work runs at the next `flush()`.
  /// - Parameters:
  ///   - title: the view's title (its label's texts, joined by spaces; for a label with no
  ///     text, its images' names).
  ///   - count: the number of taps (default 1); `count: 2` triggers `.onTapGesture(count: 2)`.
  /// - Returns: false, with a diagnostic, when no such view exists, when several do (a tap
  ///   would be a guess, so nothing is tapped), when it is disabled, or when it cannot act (a
  ///   navigation link whose value no destination shows, or that is in no stack), and for a
  ///   `count` below 1.
  @discardableResult
  public func tap(_ title: String, count: Int = 1) -> Bool {
    guard count >= 1 else {
      // Not "no such view": the view may well be there.
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [title],
          message:
            "tap(\"\(title)\", count: \(count)): a tap needs a count of at least 1; nothing was "
            + "tapped."))
      return false
    }
    let isMatch = { (node: ViewNode) -> Bool in
      let tappable =
        count == 1
        ? node.parts.contains(ActionPart.self) || node.parts[TapGesturePart.self]?.count == 1
        : node.parts[TapGesturePart.self]?.count == count
      return tappable && node.title == title
    }
    if count == 1, nodes(where: isMatch).isEmpty {
      // No button: a selectable row with that title, if there is one.
      let isRow = { (node: ViewNode) -> Bool in
        node.parts[RowSelectionPart.self]?.tag != nil && node.title == title
      }
      if !nodes(where: isRow).isEmpty {
        guard
          let row = uniqueNode(
            kind: "list row", title: title, effect: "nothing was selected", where: isRow),
          enabled(row, noun: "list row", title: title, effect: "nothing was selected"),
          let part = row.parts[RowSelectionPart.self]
        else { return false }
        return part.select("\"\(title)\" in \(row.diagnosticName)")
      }
    }
    let noun = count == 1 ? "button" : "view with a \(count)-tap gesture"
    guard
      let node = uniqueNode(kind: noun, title: title, effect: "nothing was tapped", where: isMatch),
      enabled(node, noun: noun, title: title, effect: "nothing was tapped")
    else { return false }
    if count == 1, let action = node.parts[ActionPart.self] {
      return action.perform()
    } else {
      node.parts[TapGesturePart.self]?.action()
    }
    return true
  }

  /// Sets the toggle titled `title` to `isOn`, through its binding.
  /// - Parameters:
  ///   - title: the toggle's title (for `Toggle(isOn:label:)`, its label's texts).
  ///   - isOn: the new value.
  /// - Returns: false, with a diagnostic, when no such toggle exists, several do, or it is
  ///   disabled.
  @discardableResult
  public func setToggle(_ title: String, to isOn: Bool) -> Bool {
    guard let part = control(TogglePart.self, titled: title, effect: "none was set") else {
      return false
    }
    part.isOn.wrappedValue = isOn
    return true
  }

  /// Pulls to refresh: awaits the action of the first refreshable view (pre-order), then
  /// flushes, as the end of a refresh gesture would. While that view's refresh runs, another
  /// call starts none: it waits for the running one, as a pull during a refresh does.
  /// - Returns: false, with a diagnostic, when no view is refreshable.
  @discardableResult
  public func refresh() async -> Bool {
    guard let node = nodes(where: { $0.parts.contains(RefreshPart.self) }).first,
      let refresh = node.parts[RefreshPart.self]
    else {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [],
          message: "refresh(): no view in the tree is refreshable."))
      return false
    }
    await refresh.refresh()
    flush()
    return true
  }

  /// The mounted nodes that satisfy `predicate`, pre-order. Hidden subtrees (a tab switched
  /// away, a row scrolled out, a covered navigation level) are not searched: what is not shown
  /// cannot be tapped. While a presentation is shown (a sheet, a cover, an alert, a dialog),
  /// only the frontmost one is searched: it is modal, as in SwiftUI, so the views it covers
  /// cannot be reached either.
  /// - Parameter includingCovered: search the views a presentation covers too (for
  ///   diagnostics: what the driver could not reach, and why).
  func nodes(where predicate: (ViewNode) -> Bool, includingCovered: Bool = false) -> [ViewNode] {
    guard let root = core.root else { return [] }
    var result: [ViewNode] = []
    var stack = [includingCovered ? root : core.frontmostPresentation ?? root]
    while let node = stack.popLast() {
      if predicate(node) { result.append(node) }
      for child in node.children.reversed() where child.isVisible { stack.append(child) }
    }
    return result
  }

  /// The one shown node that satisfies `predicate` (see `nodes(where:)`); otherwise nil, with
  /// the diagnostic of `unique(_:kind:title:effect:where:)`.
  func uniqueNode(
    kind: String, title: String, effect: String, where predicate: @escaping (ViewNode) -> Bool
  ) -> ViewNode? {
    unique(nodes(where: predicate), kind: kind, title: title, effect: effect, where: predicate)
  }

  /// For a view not found: the lazy containers shown whose content has rows they have not
  /// built (found by a new user, who tapped row 150 of a list that had built its first rows).
  private func unbuiltRowsNote() -> String {
    let partial = nodes {
      $0.parts[LazyRowsPart.self].map { $0.builtRows.range.count < $0.builtRows.total } ?? false
    }
    guard let first = partial.first, let part = first.parts[LazyRowsPart.self] else { return "" }
    let (range, total) = part.builtRows
    let others = partial.count > 1 ? " (and \(partial.count - 1) other lazy containers)" : ""
    return
      " The \(first.typeName) in \(first.diagnosticName)\(others) builds only the rows in its "
      + "viewport (rows \(range.lowerBound)..<\(range.upperBound) of \(total) are built): if the "
      + "view is in a row outside them, scroll to it first (scroll(toRow:), or the "
      + "renderer's viewport), then flush()."
  }

  /// The one node of `matches`; otherwise a diagnostic (none, or several, naming where they
  /// are).
  /// - Parameter predicate: what `matches` were found by, if they were found among the shown
  ///   nodes; when none was and a presentation is shown, it finds those the presentation
  ///   covers, for the diagnostic.
  func unique(
    _ matches: [ViewNode], kind: String, title: String, effect: String,
    where predicate: ((ViewNode) -> Bool)? = nil
  ) -> ViewNode? {
    if matches.count == 1 { return matches[0] }
    let message: String
    if matches.isEmpty {
      let presentation = core.frontmostPresentation
      let covered =
        presentation == nil ? [] : predicate.map { nodes(where: $0, includingCovered: true) } ?? []
      if let first = covered.first, let presentation {
        message =
          "The \(kind) titled \"\(title)\" (in \(first.diagnosticName)) is covered by the "
          + "presentation shown from \(presentation.enclosingViewName) (a sheet, cover, alert or "
          + "dialog is modal); \(effect). Dismiss the presentation first."
      } else if core.root == nil {
        message =
          "No \(kind) titled \"\(title)\" is in the tree: the host was unmounted, and has no "
          + "tree. Create a new ViewHost to show a view again."
      } else if core.hasPendingWork {
        // The usual cause: a change made just before (a scroll of a lazy list to the row, a
        // write that shows the control) is waiting for the update that would show it.
        message =
          "No \(kind) titled \"\(title)\" is in the tree yet: changes wait for the next update "
          + "(a scroll, a write). Call flush() first."
      } else {
        message = "No \(kind) titled \"\(title)\" is in the tree." + unbuiltRowsNote()
      }
    } else {
      message =
        "\(matches.count) \(kind)s are titled \"\(title)\" (\(Self.places(of: matches))); \(effect). "
        + "Give them distinct titles."
    }
    TrellisDiagnostics.report(
      TrellisDiagnostic(kind: .invalidInput, nodes: [title], message: message))
    return nil
  }

  /// Where the matching controls are, by the view that holds them, in tree order: "both in
  /// Form", "all 3 in Form", or "2 in Form, 1 in Sheet" (at most five views). A list of the
  /// same name repeated would not tell them apart.
  private static func places(of matches: [ViewNode]) -> String {
    var names: [String] = []
    var counts: [String: Int] = [:]
    for match in matches {
      let name = match.diagnosticName
      if counts[name] == nil { names.append(name) }
      counts[name, default: 0] += 1
    }
    if names.count == 1 {
      return (matches.count == 2 ? "both in " : "all \(matches.count) in ") + names[0]
    }
    let shown = names.prefix(5).map { "\(counts[$0] ?? 0) in \($0)" }
    return shown.joined(separator: ", ") + (names.count > 5 ? ", …" : "")
  }
}
