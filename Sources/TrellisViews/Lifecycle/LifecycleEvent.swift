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
/// In the spirit of SwiftUI's `Self._printChanges()`: the reasons name what changed, each
/// once per run: the view's changed inputs first, then the rest in the order the changes were
/// made:
/// - `@State Counter.count`: a state (`@State Owner.property`);
/// - `Note.title`: a tracked property (`Type.property`, named after the type, not the
///   instance: two types with one name, or two objects of a type, read alike);
/// - `AccentKey in Settings`: an environment key, `Store in Settings` an environment object
///   (injected, replaced or cleared), with the view that set it (`root` for the host's root
///   environment, and for a modifier outside every view's body);
/// - `overrides of AccentKey`: the first value set for a key nobody set before, which re-runs
///   every reader of that key once;
/// - `input note`: a changed input of the view (a stored property, closures included, which
///   are never equal);
/// - `inserted`: the view's first run at its identity.
///
/// `ViewHost.bodyRuns` lists runs in the order they happened: in one round, parents before
/// their children, then in the order the views were created (not their places in the tree).
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
