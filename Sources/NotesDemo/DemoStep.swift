/// The scripted walk through the notes list → detail demo, in order.
///
/// Each step names the data-flow behaviour it is there to show; `--steps` prints them.
enum DemoStep: Int, CaseIterable, Sendable {
  /// The list appears with a loading state, then shows the notes once they arrive.
  case mount = 1
  /// The list fetches its notes again, like pull to refresh.
  case refresh
  /// Note A is pushed; its detail shows the title at once and loads the body.
  case pushNoteA
  /// Note B replaces A before A's body arrives; A's load is cancelled, B's starts.
  case switchToNoteB
  /// B's title changes in the store; only B's row and the detail title are recomputed.
  case editTitle
  /// An environment value that only a few rows read changes; only those rows are recomputed.
  case changeEnvironment
  /// The detail is popped and the list is shown again.
  case pop

  /// Short name, as used in logs.
  var name: String {
    switch self {
    case .mount: "mount"
    case .refresh: "refresh"
    case .pushNoteA: "push note A"
    case .switchToNoteB: "switch to note B"
    case .editTitle: "edit B's title"
    case .changeEnvironment: "change an environment value"
    case .pop: "pop"
    }
  }

  /// What happens and what the step demonstrates.
  var summary: String {
    switch self {
    case .mount:
      "the list shows its loading state, then the notes once they arrive"
    case .refresh:
      "the notes are fetched again; nothing changed, so no body re-runs"
    case .pushNoteA:
      "note A's detail opens with its title and fetches its body"
    case .switchToNoteB:
      "note B replaces A before A's body arrives, so A's fetch is cancelled"
    case .editTitle:
      "B's title changes in the store; exactly one row and the detail title recompute"
    case .changeEnvironment:
      "an environment value read by a few rows changes; only those rows recompute"
    case .pop:
      "the detail closes; the list shows again, so its .task restarts and fetches the notes"
    }
  }

  /// One line for `--steps`: `3. push note A: note A's detail opens ...`.
  var line: String {
    "\(rawValue). \(name): \(summary)"
  }
}
