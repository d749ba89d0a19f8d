/// One lifecycle action the runtime performed, as recorded in `ViewHost.events`.
public struct LifecycleEvent: Equatable, Sendable, CustomStringConvertible {
  /// What happened.
  public enum Kind: Equatable, Sendable {
    /// `onAppear` ran.
    case appear
    /// `onDisappear` ran.
    case disappear
    /// A `.task` or `.task(id:)` started.
    case taskStart
    /// A task was cancelled (disappearance or id change).
    case taskCancel
    /// `onChange(of:)` ran with these old and new values.
    case change(old: String, new: String)
  }

  /// What happened.
  public let kind: Kind
  /// The view it happened to, such as `NoteRow #3`.
  public let view: String

  /// Creates an event; the runtime records these.
  /// - Parameters:
  ///   - kind: what happened.
  ///   - view: the view's display name.
  public init(_ kind: Kind, _ view: String) {
    self.kind = kind
    self.view = view
  }

  /// `appear NoteRow #3`, `change Counter 1 → 2`, …
  public var description: String {
    switch kind {
    case .appear: "appear \(view)"
    case .disappear: "disappear \(view)"
    case .taskStart: "task start \(view)"
    case .taskCancel: "task cancel \(view)"
    case .change(let old, let new): "change \(view) \(old) → \(new)"
    }
  }
}

/// One evaluation of a view's body, and why it happened, as recorded in `ViewHost.bodyRuns`.
///
/// In the spirit of SwiftUI's `Self._printChanges()`: the reasons name the changed state
/// (`@State Counter.count`), tracked property (`Note.title`), environment key
/// (`AccentKey in …`), input (`input note`), or identity (`inserted`).
///
/// Only bodies are listed. The content closures of `ForEach`, `List` and the lazy stacks run
/// in their container's own pass: a tracked property read inline there (`ForEach(items) {
/// Text($0.title) }`) re-runs that pass for every row, and no run is listed. Put the row in a
/// view of its own (`RowView(item: $0)`) to see it, and to re-run that row alone.
public struct BodyRun: Equatable, Sendable, CustomStringConvertible {
  /// The view's display name.
  public let view: String
  /// Why it ran.
  public let reasons: [String]

  /// Creates a record; the runtime records these.
  /// - Parameters:
  ///   - view: the view's display name.
  ///   - reasons: why its body ran.
  public init(view: String, reasons: [String]) {
    self.view = view
    self.reasons = reasons
  }

  /// `NoteRow #3: Note.title`.
  public var description: String {
    "\(view): \(reasons.isEmpty ? "re-evaluated" : reasons.joined(separator: ", "))"
  }
}
