/// Ownership: effects and scopes own the effects and scopes created while they run, and
/// dispose them with themselves (see `Effect` and `EffectScope`).
extension GraphNode {
  /// Takes `node` into this owner's care (effects and scopes own what is created while they
  /// run); other nodes own nothing.
  /// - Returns: this owner's depth when it is an effect (a child effect goes deeper), else nil.
  @discardableResult
  func adopt(_ node: GraphNode) -> Int? {
    switch self {
    case let effect as Effect:
      effect.owned.append(node)
      return effect.depth
    case let scope as EffectScope:
      scope.owned.append(node)
      return nil
    default: return nil
    }
  }

  /// Registers a cleanup with this owner.
  func addCleanup(_ action: @escaping @MainActor () -> Void) -> Bool {
    switch self {
    case let effect as Effect:
      effect.cleanups.append(action)
      return true
    case let scope as EffectScope:
      scope.cleanups.append(action)
      return true
    default:
      return false
    }
  }

  /// Disposes this effect or scope and everything it owns, at any depth.
  func disposeWithOwned() {
    guard let children = beginDisposingAsOwner() else { return }
    GraphNode.dispose(children, in: store)
    finishDisposingAsOwner()
  }

  /// Disposes `children` (an owner's, in creation order), most recent first, each with what it
  /// owns before its own cleanups: the order of disposing them one inside the other, taken with
  /// an explicit stack. Nested, a chain of 10,000 owners overflowed the stack; this loop keeps
  /// one frame per level on the heap. Untracked, whichever evaluation disposes them.
  static func dispose(_ children: [GraphNode], in store: NodeStore) {
    if children.isEmpty { return }
    store.withoutEvaluation {
      var stack: [(owner: GraphNode?, remaining: [GraphNode])] = [(nil, children)]
      while !stack.isEmpty {
        if let child = stack[stack.count - 1].remaining.popLast() {
          if let owned = child.beginDisposingAsOwner() { stack.append((child, owned)) }
        } else {
          // Everything the owner had is disposed (and released, so no release recurses).
          stack.removeLast().owner?.finishDisposingAsOwner()
        }
      }
    }
  }

  /// The first half of disposing an owner (nil when it is not one, or was disposed already).
  private func beginDisposingAsOwner() -> [GraphNode]? {
    switch self {
    case let effect as Effect: effect.beginDisposal()
    case let scope as EffectScope: scope.beginDisposal()
    default: nil
    }
  }

  /// The second half, once what it owned is disposed.
  private func finishDisposingAsOwner() {
    if let effect = self as? Effect { effect.finishDisposal() }
  }
}
