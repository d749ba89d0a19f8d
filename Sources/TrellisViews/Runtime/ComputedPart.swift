import TrellisGraph

/// A primitive view's own computation: what it reads while rendering (a binding's value, an
/// environment key) becomes the dependencies of this effect, not of the body that contains the
/// view. A change then re-renders the primitive alone (new text or attributes) and re-runs no
/// body.
///
/// Subclasses override `compute()`; the view's `_update` stores its latest value in the part
/// and calls `refresh()`, which runs the computation at once.
@MainActor
class ComputedPart: NodePart {
  /// The node; the node owns the part and disposes the effect when it leaves the tree.
  unowned let node: ViewNode
  private var effect: Effect?

  init(node: ViewNode) { self.node = node }

  /// Renders the node: reads what it depends on and sets the node's text and attributes.
  func compute() {}

  /// Runs the computation now, creating its effect the first time.
  func refresh() {
    if effect == nil {
      let effect = Effect(
        name: node.typeName, in: node.host.graph, depth: node.depth, runImmediately: false
      ) { [unowned self] in
        compute()
      }
      effect.recordsReasons = false
      self.effect = effect
    }
    effect?.run()
  }

  func nodeDidUnmount() { effect?.dispose() }
}
