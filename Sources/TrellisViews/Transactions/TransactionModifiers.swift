import TrellisGraph

extension View {
  /// Animates the changes in this view with `animation` whenever `value` changes, like
  /// SwiftUI's `.animation(_:value:)`: the commit of an update in which `value` changed carries
  /// the animation for the mutations of this view's elements (unless the update's transaction
  /// disables animations). nil makes them explicitly unanimated.
  /// - Parameters:
  ///   - animation: the animation, or nil.
  ///   - value: the value whose changes animate.
  /// - Returns: the modified view.
  public func animation<V: Equatable>(
    _ animation: Animation?, value: V
  ) -> ModifiedContent<Self, AnimationModifier<V>> {
    modifier(AnimationModifier(animation: animation, value: value))
  }

  /// Changes the transaction of every change in this view, like SwiftUI's
  /// `.transaction(_:)`: `transform` receives the transaction the change was made in (after the
  /// scopes above this one) and may set its animation.
  ///
  /// `transform` is called once for each element below that a commit creates or changes (five
  /// times for a mount of five elements, three for an update of three texts), each time with
  /// the transaction as it came in, so it must be a pure function of its argument, as SwiftUI
  /// expects: a side effect in it repeats. Nothing calls it when nothing below changes.
  /// - Parameter transform: changes the transaction.
  /// - Returns: the modified view.
  public func transaction(
    _ transform: @escaping (inout Transaction) -> Void
  ) -> ModifiedContent<Self, TransactionModifier> {
    modifier(TransactionModifier(transform: transform))
  }

  /// Changes the transaction of the changes in this view with `transform`, but only in an
  /// update in which `value` changed, like SwiftUI's `.transaction(value:_:)`: the
  /// `.transaction(_:)` counterpart of `.animation(_:value:)`. Updates in which `value` stayed
  /// equal (and the mount, where it has nothing to differ from) leave the transaction alone.
  ///
  /// As with `.transaction(_:)`, `transform` is called once for each element below that such
  /// a commit creates or changes, with the transaction as it came in, so it must be a pure
  /// function of its argument.
  /// - Parameters:
  ///   - value: the value whose changes the transform applies to.
  ///   - transform: changes the transaction.
  /// - Returns: the modified view.
  public func transaction<V: Equatable>(
    value: V, _ transform: @escaping (inout Transaction) -> Void
  ) -> ModifiedContent<Self, ValueTransactionModifier<V>> {
    modifier(ValueTransactionModifier(value: value, transform: transform))
  }
}

/// The modifier behind `.animation(_:value:)`.
public struct AnimationModifier<V: Equatable>: _PrimitiveViewModifier {
  let animation: Animation?
  let value: V

  /// Records, for the commit this update goes into, whether the value changed.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    let animation = modifier.animation
    node.changeTransactions(whenChanged: modifier.value) { transaction in
      if !transaction.disablesAnimations { transaction.animation = animation }
    }
    node.updateModifier(content: content)
  }
}

/// The modifier behind `.transaction(_:)`.
public struct TransactionModifier: _PrimitiveViewModifier {
  let transform: (inout Transaction) -> Void

  /// Keeps the latest transform for the commits of this view's changes.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    let scope = node.transactionScope()
    let transform = modifier.transform
    scope.apply = { transaction, _ in transform(&transaction) }
    node.updateModifier(content: content)
  }
}

/// The modifier behind `.transaction(value:_:)`.
public struct ValueTransactionModifier<V: Equatable>: _PrimitiveViewModifier {
  let value: V
  let transform: (inout Transaction) -> Void

  /// Records, for the commit this update goes into, whether the value changed, and keeps the
  /// latest transform for that commit.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    node.changeTransactions(whenChanged: modifier.value, modifier.transform)
    node.updateModifier(content: content)
  }
}

/// One `.animation(_:value:)`, `.transaction(_:)` or `.transaction(value:_:)` in the environment
/// of the views below it, with the one above it.
@MainActor
final class TransactionScope: NodePart {
  let outer: TransactionScope?
  /// The update (`HostCore.updateNumber`) in which the value of an `.animation(_:value:)` or
  /// `.transaction(value:_:)` changed last.
  var changedInCommit: UInt32 = 0
  /// Changes a transaction for the commit of the update numbered by the second argument.
  var apply: @MainActor (inout Transaction, UInt32) -> Void = { _, _ in }
  @HostReference private var host: HostCore?

  init(outer: TransactionScope?, host: HostCore) {
    self.outer = outer
    self.host = host
    host.transactionModifierCount += 1
  }

  func nodeDidUnmount() { host?.transactionModifierCount -= 1 }
}

extension ViewNode {
  /// For a modifier that acts when `value` changes (`.animation(_:value:)`,
  /// `.transaction(value:_:)`): notes this update's value, and makes this node's scope apply
  /// `change` to the transactions of the commit of an update in which the value differed from
  /// the last update's.
  func changeTransactions<V: Equatable>(
    whenChanged value: V, _ change: @escaping (inout Transaction) -> Void
  ) {
    let scope = transactionScope()
    let last = parts.part(LastValue<V>.self) { LastValue(value) }
    if last.value != value {
      last.value = value
      scope.changedInCommit = host.updateNumber
    }
    scope.apply = { [unowned scope] transaction, commit in
      guard scope.changedInCommit == commit else { return }
      change(&transaction)
    }
  }

  /// This modifier node's transaction scope, made (and put in its subtree's environment) the
  /// first time.
  func transactionScope() -> TransactionScope {
    if let scope = parts[TransactionScope.self] { return scope }
    let outer = GraphEvaluation.untracked { environment.object(TransactionScope.self) }
    let scope = parts.part(TransactionScope.self) { TransactionScope(outer: outer, host: host) }
    ensureOwnEnvironment()
    environment.setObject(scope)
    return scope
  }
}

extension HostCore {
  /// Records, while this update records them (a transaction was used), the change context
  /// under which `id` changed: the transaction of the writes that re-ran the body or
  /// computation making the change (see `TransactionContexts`). The latest change wins.
  @inline(__always)
  func noteChangeContext(of id: ElementID) {
    if recordsChangeContexts { recordChangeContext(of: id) }
  }

  private func recordChangeContext(of id: ElementID) {
    let context = ChangeContext.current
    changeContexts[id] = context
    if context != 0 { latestChangeContext = context }
  }

  /// The commit's transactions: the update's own, and, for each element whose change the
  /// commit sends (the new elements of an inserted subtree included), the transaction after
  /// the scopes above it. Empty (and free) when there is neither a transaction nor a scope.
  ///
  /// An element starts from the transaction of the writes that changed it, when the update
  /// recorded them: a plain write's changes are not animated because an animated write was
  /// flushed with it. A change made by the commit itself (an attribute an element inherits),
  /// and the elements of a new subtree, take that of the nearest changed element above them.
  /// The update's own transaction is the latest one a change was recorded under: empty when
  /// the writes made inside a transaction changed nothing.
  func commitTransactions() -> (Transaction, [ElementID: Transaction]) {
    // An update that records no contexts has none (they are cleared after the commit that
    // follows a recording): nothing to read, and no access check for reading it.
    guard recordsChangeContexts || transactionModifierCount > 0 else { return (Transaction(), [:]) }
    let base = TransactionContexts.transaction(for: latestChangeContext)
    guard transactionModifierCount > 0 || !changeContexts.isEmpty else { return (base, [:]) }
    var result: [ElementID: Transaction] = [:]
    // The context recorded for `id`, or for the nearest element above it that has one.
    func start(_ id: ElementID) -> Transaction {
      guard !changeContexts.isEmpty else { return base }
      var current = id
      while true {
        transactionWalkSteps += 1
        if let context = changeContexts[current] {
          return TransactionContexts.transaction(for: context)
        }
        guard let owner = elements.owner(of: current) else { return base }
        current = owner.hostParent
      }
    }
    func resolve(_ id: ElementID) {
      guard result[id] == nil else { return }
      resolve(id, from: start(id))
    }
    // `id`'s transaction, from `start`: the scopes around it applied in order.
    func resolve(_ id: ElementID, from start: Transaction) {
      guard result[id] == nil, let node = elements.owner(of: id) else { return }
      var scopes: [TransactionScope] = []
      if transactionModifierCount > 0 {
        var scope = GraphEvaluation.untracked { node.environment.object(TransactionScope.self) }
        while let current = scope {
          scopes.append(current)
          scope = current.outer
        }
      }
      var transaction = start
      for scope in scopes.reversed() { scope.apply(&transaction, updateNumber) }
      if transaction != base { result[id] = transaction }
    }
    // The elements a rebuild of a changed container will create: each new element below it
    // (through structural wrappers) and its whole subtree. Each carries down the context it
    // starts from (its own recorded one, or its nearest element's above it), and a subtree
    // is walked once, however many of its containers changed (a new element is marked as one
    // too). Looking the context up from each new element, and walking each changed
    // container's new subtree, were both O(depth) per element: a new 10,000-level subtree
    // took minutes to commit.
    var walked: Set<ElementID> = []
    func resolveNewElements(below id: ElementID) {
      guard walked.insert(id).inserted, let container = elements.owner(of: id) else { return }
      let containerStart = start(id)
      var stack = container.children.map { ($0, containerStart) }
      while let (node, inherited) = stack.popLast() {
        transactionWalkSteps += 1
        var own = inherited
        if let id = node.elementID {
          guard !node.isElementCreated, walked.insert(id).inserted else { continue }
          if let context = changeContexts[id] {
            own = TransactionContexts.transaction(for: context)
          }
          resolve(id, from: own)
        }
        for child in node.children { stack.append((child, own)) }
      }
    }
    for id in changedChildren {
      resolve(id)
      resolveNewElements(below: id)
    }
    for node in changedText { if let id = node.elementID { resolve(id) } }
    for id in changedAttributes { resolve(id) }
    return (base, result)
  }
}
