/// A memoized computation over other nodes and tracked properties, recomputed lazily.
///
/// The graph's counterpart of a computed signal. Its value is computed on first read and
/// again only when read after a dependency changed; a stale derived value that nobody reads is
/// never recomputed. When it recomputes to a value equal to the previous one (by `==` for the
/// `Equatable` initializer, by `equals` otherwise), its dependents are not disturbed: the
/// equality cut-off.
///
/// - Cycles: a computation that (directly or through others) reads its own value reports a
///   `GraphDiagnostic.Kind.dependencyCycle` naming the path, and the read returns the previous
///   value. If there is none yet, that is a programming error with no value to return, and it
///   stops with the same message.
/// - Depth: first evaluation of very deep chains continues on a large helper stack, so a
///   10,000-deep chain works; updates are walked iteratively at any depth.
///
/// Complexity: a read of an up-to-date value costs O(1); a read after a change costs the
/// dependencies checked until the first one that changed, plus the recomputations needed.
@MainActor
public final class Derived<Value>: GraphNode {
  @exclusivity(unchecked)
  private var storage: Value?
  private let compute: () -> Value
  private let isEqual: ((Value, Value) -> Bool)?

  /// Creates a derived value whose every recomputation counts as a change.
  /// - Parameters:
  ///   - name: a name for diagnostics and explanations; defaults to the type.
  ///   - compute: the computation; what it reads becomes its dependencies.
  public init(name: String? = nil, _ compute: @escaping @MainActor () -> Value) {
    self.compute = compute
    isEqual = nil
    super.init(kind: .derived, name: name)
  }

  /// Creates a derived value that cuts off propagation when it recomputes to an equal value.
  /// - Parameters:
  ///   - name: a name for diagnostics and explanations; defaults to the type.
  ///   - compute: the computation; what it reads becomes its dependencies.
  public init(name: String? = nil, _ compute: @escaping @MainActor () -> Value)
  where Value: Equatable {
    self.compute = compute
    isEqual = { $0 == $1 }
    super.init(kind: .derived, name: name)
  }

  /// Creates a derived value with a custom equality cut-off.
  /// - Parameters:
  ///   - name: a name for diagnostics and explanations; defaults to the type.
  ///   - equals: returns true when two results should count as the same (no propagation).
  ///     Pass `{ _, _ in false }` to propagate every recomputation.
  ///   - compute: the computation; what it reads becomes its dependencies.
  public init(
    name: String? = nil, equals: @escaping (Value, Value) -> Bool,
    _ compute: @escaping @MainActor () -> Value
  ) {
    self.compute = compute
    isEqual = equals
    super.init(kind: .derived, name: name)
  }

  /// The up-to-date value, recomputed first if a dependency changed. Reading it inside an
  /// evaluation records a dependency.
  public var value: Value {
    if flags.contains(.evaluating) { return valueInCycle() }
    if !flags.contains(.hasValue) || Propagation.needsUpdate(self) {
      _ = reevaluate()
    }
    Evaluation.recordRead(of: self)
    return storage!
  }

  override func reevaluate() -> Bool {
    flags.remove([.dirty, .pending])
    var computed: Value?
    Evaluation.run(self) { computed = compute() }
    guard let newValue = computed else { return false }
    let changed: Bool
    if let old = storage, let isEqual {
      changed = !isEqual(old, newValue)
    } else {
      changed = true
    }
    storage = newValue
    flags.insert(.hasValue)
    if changed { version &+= 1 }
    return changed
  }

  private func valueInCycle() -> Value {
    let path = Evaluation.evaluationPath(from: self).map(\.name) + [name]
    let message =
      "'\(name)' depends on itself through \(path.joined(separator: " → ")); "
      + "the read returns the previous value."
    guard let storage else {
      fatalError(
        "Trellis: dependency cycle: \(path.joined(separator: " → ")); '\(name)' has no "
          + "previous value to return. Break the cycle.")
    }
    GraphDiagnostics.report(GraphDiagnostic(kind: .dependencyCycle, nodes: path, message: message))
    return storage
  }

  override var defaultName: String { "Derived<\(Value.self)>" }
}
