import Trellis

/// What the status line says: the last keys, and which bodies re-ran for them and why (the
/// host's explanation log, live).
@MainActor
final class StatusModel: Trackable {
  /// `⏎ · 2 bodies re-ran: NavigationStack: Router.path · NoteDetail: re-evaluated`.
  @Tracked var explanation = "Press a key: the bodies it re-runs, and why, show here."

  /// Records what one batch of input made re-run.
  /// - Parameters:
  ///   - inputs: the keys and pastes of the batch, in order; a batch with none (a resize)
  ///     leaves the line as it is.
  ///   - runs: the body runs since the previous batch, the status line's own left out.
  func record(inputs: [Input], runs: [BodyRun]) {
    guard !inputs.isEmpty else { return }
    explanation = Self.describe(inputs: inputs, runs: runs)
  }

  /// What a refresh says it did: `r (refreshed)`, or, when the fetch failed, why, on one line
  /// (found by a new user: a refresh of a file made unreadable said `refreshed`).
  /// - Parameter error: the failed fetch's error (`NotesStore.loadError`), if any.
  static func refreshLabel(error: String?) -> String {
    guard let error else { return "r (refreshed)" }
    let line = error.split(whereSeparator: \.isNewline).joined(separator: " ")
    return "r (refresh failed: \(line); the notes shown are the last ones loaded)"
  }

  /// Records what a piece of work that finished later made re-run.
  /// - Parameters:
  ///   - label: what finished, such as `r (refreshed)`.
  ///   - runs: the body runs it caused.
  func record(_ label: String, runs: [BodyRun]) {
    explanation = Self.describe(label: label, runs: runs)
  }

  /// One input of a batch: a key, or a paste of so many characters.
  enum Input {
    case key(KeyPress)
    case paste(characterCount: Int)

    /// How the status line names it: `⏎`, `q`, `paste (12 characters)`.
    var symbol: String {
      switch self {
      case .key(let press): StatusModel.symbol(of: press)
      case .paste(let count): count == 1 ? "paste (1 character)" : "paste (\(count) characters)"
      }
    }

    var isKey: Bool {
      if case .key = self { true } else { false }
    }
  }

  static func describe(inputs: [Input], runs: [BodyRun]) -> String {
    let names = inputs.map(\.symbol)
    let noun = inputs.allSatisfy(\.isKey) ? "keys" : "inputs"
    let label =
      names.count <= 3
      ? names.joined(separator: " ") : "\(names.count) \(noun) (\(names.last!) last)"
    return describe(label: label, runs: runs)
  }

  static func describe(label: String, runs: [BodyRun]) -> String {
    let count = runs.count == 1 ? "1 body re-ran" : "\(runs.count) bodies re-ran"
    guard !runs.isEmpty else { return "\(label) · \(count)" }
    return "\(label) · \(count): " + runs.map(\.description).joined(separator: " · ")
  }

  /// The keys the help line names by a symbol or a short word.
  private nonisolated static let keySymbols: [KeyEquivalent: String] = [
    .upArrow: "↑", .downArrow: "↓", .leftArrow: "←", .rightArrow: "→", .return: "⏎",
    .escape: "esc", .tab: "tab", .pageUp: "pgup", .pageDown: "pgdn", .home: "home", .end: "end",
    .space: "space",
  ]

  /// A key as the help line names it, after the modifiers held with it: `⏎`, `control+↑`, `f5`.
  nonisolated static func symbol(of press: KeyPress) -> String {
    guard let key = keySymbols[press.key] else { return press.description }
    // Before, a modifier was dropped: Control-↑ showed as ↑. The words are `KeyPress`'s.
    let held: [(EventModifiers, String)] = [
      (.control, "control+"), (.option, "option+"), (.command, "command+"), (.shift, "shift+"),
    ]
    return held.filter { press.modifiers.contains($0.0) }.map(\.1).joined() + key
  }
}
