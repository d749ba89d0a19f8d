/// An error a throwing graph read (`Derived.get()`) can throw besides the computation's own.
public enum GraphError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Reading the value now would close a dependency cycle: the path lists the evaluations
  /// involved, outermost first, ending with the value read again.
  case dependencyCycle(path: [String])
  /// Computing the value would have exhausted the thread's stack (see `Derived`).
  case evaluationTooDeep(node: String)

  /// A sentence naming the nodes involved.
  public var description: String {
    switch self {
    case .dependencyCycle(let path):
      "dependency cycle: \(path.joined(separator: " → "))"
    case .evaluationTooDeep(let node):
      "'\(node)' could not be computed: its evaluation nested too deep for the stack"
    }
  }
}
