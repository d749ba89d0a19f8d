/// A problem the runtime detected and recovered from, reported instead of hanging, crashing or
/// silently producing a wrong value.
///
/// Every layer reports through the same sink (`TrellisDiagnostics`), so a test can assert the
/// exact diagnostics a piece of code produces. Hashable, so that a sink can count repeats.
public struct TrellisDiagnostic: Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: String, Sendable, Hashable {
    /// Derived values that depend on each other; the cycle is broken at the named node.
    case dependencyCycle = "dependency cycle"
    /// A view's body wrote state ("modifying state during view update"); the view runtime
    /// applies the write after the update.
    case modifiedDuringUpdate = "modifying state during update"
    /// Work kept scheduling itself again within one flush; the flush stopped.
    case updateCycle = "update cycle"
    /// An evaluation nested so deep that it would have exhausted the stack; it was not run.
    case evaluationTooDeep = "evaluation too deep"
    /// A derived value's computation threw, and it was read without `try`.
    case evaluationFailed = "evaluation failed"
    /// A problem reported by a higher layer (views, environment).
    case invalidInput = "invalid input"
  }

  /// The category of the problem.
  public let kind: Kind
  /// The names involved, in a meaningful order, for a test to match without parsing the
  /// message: from the graph, its nodes' names (a cycle's path; the writer first); from the
  /// view layer, the views involved (type name, with the explicit id when there is one) and
  /// the titles of the controls, keys or types the problem is about. A control without a
  /// title is left out rather than named by an empty string; the list is empty when the
  /// problem is about a call rather than anything named (a negative count passed to the host,
  /// say).
  public let nodes: [String]
  /// A sentence a user can act on, naming the nodes, properties or keys involved.
  public let message: String

  /// Creates a diagnostic.
  /// - Parameters:
  ///   - kind: the category.
  ///   - nodes: the names of the nodes involved.
  ///   - message: the actionable explanation.
  public init(kind: Kind, nodes: [String], message: String) {
    self.kind = kind
    self.nodes = nodes
    self.message = message
  }

  /// `Trellis: <kind>: <message>`.
  public var description: String { "Trellis: \(kind.rawValue): \(message)" }
}
