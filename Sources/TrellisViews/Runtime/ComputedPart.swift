import TrellisGraph

/// A primitive view's own computation: what it reads while rendering (a binding's value, an
/// environment key) becomes the dependencies of this effect, not of the body that contains the
/// view. A change then re-renders the primitive alone (new text or attributes) and re-runs no
/// body.
///
/// Subclasses override `compute()`; the view's `_update` stores its latest value in the part
/// and calls `refresh()`, which runs the computation at once.
@MainActor
class ComputedPart: NodePart, EffectRunner {
  /// The node; the node owns the part and disposes the effect when it leaves the tree.
  unowned let node: ViewNode
  private var effect: Effect?

  init(node: ViewNode) { self.node = node }

  /// Renders the node: reads what it depends on and sets the node's text and attributes.
  func compute() {}

  /// Runs the computation now, creating its effect the first time.
  func refresh() {
    if effect == nil { effect = node.makeOwnComputation(named: node.typeName, runner: self) }
    effect?.run()
  }

  /// The computation's effect renders the node.
  func runEffect() { compute() }

  func nodeDidUnmount() { effect?.dispose() }
}

extension ViewNode {
  /// A computation of this node's own, for a part that renders it (a primitive's value, a
  /// container's pass over its children), whose body is `runner.runEffect()`: what it reads
  /// becomes its dependencies and re-runs it alone, ordered at the node's depth. It is made without running, and keeps no
  /// reasons (a part's re-run is not a body run to explain).
  func makeOwnComputation(named name: String, runner: any EffectRunner) -> Effect {
    Effect(name: name, in: host.graph, depth: depth, recordsReasons: false, runner: runner)
  }
}
