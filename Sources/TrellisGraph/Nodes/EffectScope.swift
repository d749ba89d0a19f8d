/// A group of effects that are disposed together, like alien-signals' and Vue's
/// `effectScope`.
///
/// Every `Effect` (and nested scope) created inside `run(_:)` belongs to the scope: the scope
/// keeps it alive, and `dispose()`, or releasing the scope, disposes all of them, most recent
/// first after running the scope's cleanups. Reads inside `run(_:)` itself record no
/// dependency; the effects record their own.
@MainActor
public final class EffectScope: GraphNode {
  /// Effects and scopes created inside `run(_:)`.
  @exclusivity(unchecked) var owned: [GraphNode] = []
  /// Cleanups registered inside `run(_:)` (outside any effect).
  @exclusivity(unchecked) var cleanups: [@MainActor () -> Void] = []

  /// Creates an empty scope. A scope created while an effect runs (or inside another scope)
  /// is owned by it.
  /// - Parameter name: a name for diagnostics; defaults to `EffectScope`.
  public init(name: String? = nil) {
    super.init(kind: .scope, name: name, update: { _ in false })
    store.currentOwnerNode?.adopt(self)
  }

  /// Runs `body`; the effects it creates belong to this scope. After `dispose()`, `body` still
  /// runs, and what it creates is disposed when it returns (after an effect's first run);
  /// that is reported (Vue warns of an inactive scope too), since those effects never react.
  /// - Parameter body: the code that creates effects.
  /// - Returns: what `body` returns.
  public func run<Result>(_ body: () throws -> Result) rethrows -> Result {
    if isDisposed {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [name],
          message:
            "'\(name)' was run after it was disposed; the effects created in it are disposed "
            + "when run(_:) returns, so they run once and never again. Create a new EffectScope."
        ))
    }
    let result = try store.withOwner(self, body)
    if isDisposed { disposeOwned() }
    return result
  }

  /// Whether `dispose()` was called.
  public var isDisposed: Bool { flags.contains(.disposed) }

  /// Runs the scope's cleanups (most recent first) and disposes every effect and scope it owns.
  /// Calling it again does nothing.
  public func dispose() { disposeWithOwned() }

  /// The first half of `dispose()`: marks the scope disposed, runs its cleanups and hands over
  /// what it owns (see `GraphNode.disposeWithOwned()`); nil if it was disposed already.
  func beginDisposal() -> [GraphNode]? {
    if flags.contains(.disposed) { return nil }
    flags.insert(.disposed)
    store.withoutEvaluation {
      let actions = cleanups
      cleanups = []
      for action in actions.reversed() { action() }
    }
    let children = owned
    owned = []
    return children
  }

  private func disposeOwned() {
    let children = owned
    owned = []
    GraphNode.dispose(children, in: store)
  }

  isolated deinit {
    // Released is disposed, as the type's notes say: its cleanups run too.
    disposeWithOwned()
  }

  override var defaultName: String { "EffectScope" }
}

/// Registers `action` to run before the running effect's next run and when it is disposed, or,
/// inside `EffectScope.run(_:)`, when the scope is disposed. Cleanups run most recent first.
///
/// Called anywhere else (outside an effect or scope, or in a `Derived` computation, which must
/// stay free of side effects), it reports a `TrellisDiagnostic.Kind.invalidInput` and `action`
/// never runs.
/// - Parameter action: the cleanup.
@MainActor
public func onCleanup(_ action: @escaping @MainActor () -> Void) {
  let store = NodeStore.shared
  if let owner = store.currentOwnerNode, owner.addCleanup(action) { return }
  // A derived value being computed is named: it is the likelier mistake to fix.
  let running = store.innermostEvaluation
  if running >= 0, store.nodes[Int(running)].kind == .derived,
    let node = store.object(at: running)
  {
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: [node.name],
        message:
          "onCleanup(_:) was called while the derived value \(node.name) computed, which must "
          + "stay free of side effects; the cleanup will never run. Register cleanups from "
          + "inside an Effect's body or an EffectScope.run(_:)."))
    return
  }
  TrellisDiagnostics.report(
    TrellisDiagnostic(
      kind: .invalidInput, nodes: [],
      message:
        "onCleanup(_:) was called outside an effect or an EffectScope.run(_:); the cleanup will "
        + "never run. Register cleanups from inside an Effect's body."))
}
