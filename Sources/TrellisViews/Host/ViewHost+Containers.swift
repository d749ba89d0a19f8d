import TrellisGraph

extension ViewHost {
  /// Scrolls the lazy container on screen (`List`, or the `ScrollView` around a `LazyVStack` or
  /// `LazyHStack`) so that row `row` is the first visible one, as a user's scroll, or a
  /// renderer's `reportViewport(_:for:)`, would. The rows that come in are realized and appear,
  /// those that leave disappear, at the next `flush()`.
  /// - Parameters:
  ///   - row: the first visible row (0 is the top); a row past the end shows the last rows, as
  ///     a scroll to the end would, and is taken back to the first of them, as a scroll view's
  ///     offset is clamped to its content (so are later ones when the rows shrink: rows added
  ///     again appear after the ones shown, not where the offset was). A negative row is
  ///     reported and taken as 0.
  ///   - visibleRows: how many rows are visible; by default, as many as before. A negative
  ///     count is reported and taken as 0.
  /// - Returns: false, with a diagnostic, when no lazy container is shown, or when several are
  ///   (which one to scroll would be a guess, so nothing scrolls).
  @discardableResult
  public func scroll(toRow row: Int, visibleRows: Int? = nil) -> Bool {
    let containers = nodes { $0.parts.contains(LazyRowsPart.self) }
    guard containers.count == 1, let part = containers[0].parts[LazyRowsPart.self],
      let element = part.viewportElement
    else {
      let places = containers.prefix(5).map(\.diagnosticName).joined(separator: ", ")
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [],
          message: containers.isEmpty
            ? "scroll(toRow:): no lazy container (List, LazyVStack, LazyHStack) is shown."
              + core.unmountedNote
            : "scroll(toRow:): \(containers.count) lazy containers are shown (in \(places)); "
              + "nothing was scrolled. Scroll through each one's renderer instead."))
      return false
    }
    let length = visibleRows ?? part.viewport.rows.count
    if row < 0 || length < 0 {
      let container = containers[0]
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [container.diagnosticName],
          message:
            "scroll(toRow: \(row), visibleRows: \(length)) on the \(container.typeName) in "
            + "\(container.diagnosticName): a row and a count of rows cannot be negative; 0 is "
            + "used instead."))
    }
    let viewport = Viewport(offset: max(0, row), length: max(0, length))
    core.hostScrolledViewports.insert(element)
    guard core.viewports[element] != viewport else { return true }
    core.viewports[element] = viewport
    core.viewportDidChange(for: element)
    return true
  }

  /// Goes back, as a back button or the Escape key would: dismisses the frontmost presentation
  /// (sheet, cover, alert, dialog), or else pops the top level of the frontmost navigation
  /// stack (or clears the frontmost split-view selection). Pending work runs at the next
  /// `flush()`, except that a second `dismiss()` before it first applies the one before, so
  /// that each goes back one level, as two presses of a back key do.
  /// - Returns: false, with a diagnostic, when nothing is presented or pushed.
  @discardableResult
  public func dismiss() -> Bool { core.dismissFrontmost() }
}

extension RendererConnection {
  /// Goes back, as `ViewHost.dismiss()` does (for a renderer's back key); the update runs at
  /// the next update cycle.
  /// - Returns: false, with a diagnostic, when nothing is presented or pushed, or the host was
  ///   released.
  @discardableResult
  public func dismiss() -> Bool { liveCore(for: "dismiss()")?.dismissFrontmost() ?? false }

  /// `dismiss()` with no diagnostic when nothing is left to dismiss: for a renderer that
  /// checked its own tree first, which a back not yet committed makes stale (TrellisTerminal's
  /// Escape, pressed twice on the last level).
  /// - Returns: whether something was dismissed.
  package func dismissIfPresented() -> Bool {
    core?.dismissFrontmost(reportsNothing: false) ?? false
  }
}

/// How presented content and pushed levels end themselves: the frontmost one shown is what a
/// host's or renderer's "back" dismisses.
@MainActor
final class DismissPart: NodePart {
  var dismiss = DismissAction {}
  /// Whether it ends presented content (which is in front of every pushed level).
  let isPresentation: Bool
  /// The count of the host's presented contents, which counts this one while its node is in
  /// the tree. The count, not the host: a weak reference to the host made its side table,
  /// which a host alive at exit shows to LeakSanitizer as a leak.
  private var count: PresentationCount?

  /// A pushed level's part.
  init() { isPresentation = false }

  /// Presented content's part, counted by `host` while its node is in the tree.
  init(presentationIn host: HostCore) {
    isPresentation = true
    count = host.mountedPresentations
    host.mountedPresentations.value += 1
  }

  func nodeDidUnmount() {
    count?.value -= 1
    count = nil
  }
}

/// A host's count of the presented contents in its tree (see `HostCore.mountedPresentations`).
@MainActor
final class PresentationCount {
  var value = 0
}

extension HostCore {
  /// The node of the frontmost shown presentation (the last one pre-order), if any.
  var frontmostPresentation: ViewNode? {
    // Without one in the tree, no search: an activation was O(n) in the tree (26 ms beside
    // 100,000 rows; found by a user measuring scaling).
    guard let root, mountedPresentations.value > 0 else { return nil }
    var frontmost: ViewNode?
    var stack = [root]
    while let node = stack.popLast() {
      if node.parts[DismissPart.self]?.isPresentation == true { frontmost = node }
      for child in node.children.reversed() where child.isVisible { stack.append(child) }
    }
    return frontmost
  }

  /// Why input cannot reach `node` now, if it cannot: it is hidden (a tab switched away, a row
  /// scrolled out, a covered navigation level), or a presentation it is not in covers it (a
  /// shown sheet, cover, alert or dialog is modal, as in SwiftUI). O(1) while no presented
  /// content is in the tree, else O(n) in the tree.
  func unreachability(of node: ViewNode) -> String? {
    guard node.isVisible else {
      return "is hidden (a tab switched away, a row scrolled out or a covered navigation level)"
    }
    guard let presentation = frontmostPresentation else { return nil }
    var stack = [presentation]
    while let current = stack.popLast() {
      if current === node { return nil }
      stack.append(contentsOf: current.children)
    }
    return "is covered by the presentation shown from \(presentation.enclosingViewName) (a "
      + "sheet, cover, alert or dialog is modal)"
  }

  /// Dismisses the frontmost shown presentation (the last one pre-order), or else the
  /// frontmost pushed level. A presentation with a button of role `.cancel` (an alert's, a
  /// dialog's) is dismissed by running that button, whose action runs first.
  /// - Parameter reportsNothing: whether finding nothing to dismiss is reported.
  func dismissFrontmost(reportsNothing: Bool = true) -> Bool {
    // A back already asked for and not yet applied (two Escapes in one batch of input) is
    // applied first, so this one goes a level further, as two presses in two turns do. Before,
    // both found the same level in the committed tree: two backs went back once.
    if hasPendingDismissal { runUpdateCycle() }
    var presentation: DismissPart?
    var presentationNode: ViewNode?
    var level: DismissPart?
    if let root {
      var stack = [root]
      while let node = stack.popLast() {
        if let part = node.parts[DismissPart.self] {
          if part.isPresentation {
            presentation = part
            presentationNode = node
          } else {
            level = part
          }
        }
        for child in node.children.reversed() where child.isVisible { stack.append(child) }
      }
    }
    // An alert or a dialog with a cancel button is dismissed through it, so that its action
    // runs, as Escape does in SwiftUI.
    if let presentationNode,
      GraphEvaluation.untracked({
        presentationNode.environment.object(DismissingButtons.self) != nil
      }),
      let cancel = CancelButton.find(in: presentationNode)
    {
      cancel.perform()
      hasPendingDismissal = true
      return true
    }
    guard let frontmost = presentation ?? level else {
      guard reportsNothing else { return false }
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [],
          message: "dismiss(): nothing is presented or pushed; nothing was dismissed."))
      return false
    }
    frontmost.dismiss()
    hasPendingDismissal = true
    return true
  }
}
