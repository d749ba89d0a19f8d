import Foundation
import TrellisGraph

/// Gestures a backend sends by element, as a hit-testing renderer sees them: each goes to the
/// element's view or the nearest view around it with that gesture, as SwiftUI gives a gesture
/// to the innermost view under it that has one. They do what the host's drivers by title do
/// (`ViewHost.longPress(_:)`, `drag(_:by:steps:)`, `swipe(_:edge:tap:)`), with the same
/// diagnostics.
extension RendererConnection {
  /// Long-presses the element, as a press held past the gesture's `minimumDuration`: the
  /// nearest `.onLongPressGesture` (or `.gesture(LongPressGesture())`) on the way to it gets
  /// its pressing callback with true, then its action, then (for `onLongPressGesture`) its
  /// pressing callback with false. Pending work runs at the next update cycle.
  ///
  /// An element whose own view has no such gesture is looked up in the shown tree: O(n) in
  /// its size.
  /// - Parameter element: the element pressed.
  /// - Returns: false, with a diagnostic, when the element is gone, no view on the way to it
  ///   has a long-press gesture, that view is disabled, hidden or covered by a shown
  ///   presentation, or the host was released.
  @discardableResult
  public func longPress(_ element: ElementID) -> Bool {
    guard
      let (_, part) = gestureTarget(
        LongPressGesturePart.self, element, call: "longPress(_:)",
        noun: "a long-press gesture", effect: "nothing was pressed")
    else { return false }
    part.press()
    return true
  }

  /// Drags the element by `translation` in `steps` equal moves, from its view's origin: the
  /// nearest `DragGesture` on the way to it gets `onChanged` once per step (the last with the
  /// whole translation), then `onEnded` with the last value. Pending work runs at the next
  /// update cycle.
  ///
  /// An element whose own view has no drag gesture is looked up in the shown tree: O(n) in
  /// its size.
  /// - Parameters:
  ///   - element: the element dragged.
  ///   - translation: how far.
  ///   - steps: how many moves (default 1; less than 1 counts as 1).
  /// - Returns: false, with a diagnostic, when the element is gone, no view on the way to it
  ///   has a drag gesture, that view is disabled, hidden or covered by a shown presentation,
  ///   the drag is shorter than the gesture's `minimumDistance` (or NaN long), as such a drag
  ///   is not recognized, or the host was released.
  @discardableResult
  public func drag(_ element: ElementID, by translation: CGSize, steps: Int = 1) -> Bool {
    guard
      let (node, part) = gestureTarget(
        DragGesturePart.self, element, call: "drag(_:by:steps:)", noun: "a drag gesture",
        effect: "nothing was dragged")
    else { return false }
    return part.drag(
      by: translation, steps: steps, subject: "element \(element)", name: "\(element)", in: node)
  }

  /// Swipes the row the element is in from `edge` and taps the swipe action titled `action`,
  /// or, with no action, swipes all the way, which runs the first action when the row allows
  /// full swipes (`.swipeActions(edge:allowsFullSwipe:content:)`). Pending work runs at the
  /// next update cycle.
  ///
  /// An element that is not the row itself is looked up in the shown tree: O(n) in its size.
  /// - Parameters:
  ///   - element: the row's element, or one inside the row.
  ///   - edge: the edge the swipe starts from (default `.trailing`).
  ///   - action: the title of the action to tap, or nil for a full swipe.
  /// - Returns: false, with a diagnostic, when the element is gone, is in no row with swipe
  ///   actions on that edge, the row is disabled, hidden or covered by a shown presentation,
  ///   the row does not allow a full swipe (with no action), no enabled action has that title,
  ///   or the host was released.
  @discardableResult
  public func swipe(
    _ element: ElementID, edge: HorizontalEdge = .trailing, tap action: String? = nil
  ) -> Bool {
    guard
      let (node, part) = gestureTarget(
        SwipeActionsPart.self, element, call: "swipe(_:edge:tap:)",
        noun: "\(edge) swipe actions", effect: "nothing was swiped",
        where: { $0.edges[edge] != nil })
    else { return false }
    return part.swipe(
      node, edge: edge, tap: action, subject: "of element \(element)", name: "\(element)")
  }

  /// The nearest view on the way to `element` with a `Part` that `accepts` takes (see
  /// `HostCore.nearest(_:reaching:where:)`), if it is enabled and reachable; otherwise nil,
  /// with a diagnostic that names `call`, the element, and `effect`.
  private func gestureTarget<Part: NodePart>(
    _: Part.Type, _ element: ElementID, call: String, noun: String, effect: String,
    where accepts: (Part) -> Bool = { _ in true }
  ) -> (node: ViewNode, part: Part)? {
    guard let core = liveCore(for: "\(call.prefix { $0 != "(" })(\(element))") else { return nil }
    guard let node = core.elements.owner(of: element), node.isMounted else {
      report("\(call): element \(element) is gone; \(effect).", element)
      return nil
    }
    guard let (target, part) = core.nearest(Part.self, reaching: node, where: accepts) else {
      report(
        "\(call): element \(element) (in \(node.diagnosticName)) is in no view with \(noun); "
          + "\(effect).", element)
      return nil
    }
    if let reason = target.isEnabledInEnvironment ? core.unreachability(of: target) : "is disabled"
    {
      report(
        "\(call): the view with \(noun) at element \(element) (in \(target.diagnosticName)) "
          + "\(reason); \(effect).", element)
      return nil
    }
    return (target, part)
  }

  private func report(_ message: String, _ element: ElementID) {
    TrellisDiagnostics.report(
      TrellisDiagnostic(kind: .invalidInput, nodes: ["\(element)"], message: message))
  }
}
