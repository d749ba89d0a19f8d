import Trellis

/// What the status line says: the last keys, and which bodies re-ran for them and why (the
/// host's explanation log, live).
@MainActor
final class StatusModel: Trackable {
  /// `⏎ · 2 bodies re-ran: NavigationStack: Router.path · NoteDetail: re-evaluated`.
  @Tracked var explanation = "Press a key: the bodies it re-runs, and why, show here."

  /// Records what one batch of keys made re-run.
  /// - Parameters:
  ///   - keys: the keys of the batch, in order.
  ///   - runs: the body runs since the previous batch, the status line's own left out.
  func record(keys: [KeyPress], runs: [BodyRun]) {
    guard !keys.isEmpty else { return }
    explanation = Self.describe(keys: keys, runs: runs)
  }

  /// Records what a piece of work that finished later made re-run.
  /// - Parameters:
  ///   - label: what finished, such as `r (refreshed)`.
  ///   - runs: the body runs it caused.
  func record(_ label: String, runs: [BodyRun]) {
    explanation = Self.describe(label: label, runs: runs)
  }

  static func describe(keys: [KeyPress], runs: [BodyRun]) -> String {
    let names = keys.map(symbol(of:))
    let label =
      names.count <= 3 ? names.joined(separator: " ") : "\(names.count) keys (\(names.last!) last)"
    return describe(label: label, runs: runs)
  }

  static func describe(label: String, runs: [BodyRun]) -> String {
    let count = runs.count == 1 ? "1 body re-ran" : "\(runs.count) bodies re-ran"
    guard !runs.isEmpty else { return "\(label) · \(count)" }
    return "\(label) · \(count): " + runs.map(\.description).joined(separator: " · ")
  }

  /// A key as the help line names it.
  static func symbol(of press: KeyPress) -> String {
    switch press.key {
    case .upArrow: "↑"
    case .downArrow: "↓"
    case .return: "⏎"
    case .escape: "esc"
    case .tab: press.modifiers.contains(.shift) ? "shift+tab" : "tab"
    case .pageUp: "pgup"
    case .pageDown: "pgdn"
    case .home: "home"
    case .end: "end"
    case .space: "space"
    default: press.description
    }
  }
}
