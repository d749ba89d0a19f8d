/// A memoized computation over other nodes and tracked properties, recomputed lazily.
///
/// The graph's counterpart of a computed signal. Its value is computed on first read and
/// again only when read after a dependency changed; a stale derived value that nobody reads is
/// never recomputed. When it recomputes to a value equal to the previous one (by `==` for the
/// `Equatable` initializers, by `equals` otherwise), its dependents are not disturbed: the
/// equality cut-off. The previous value is kept and the new result dropped, so every reader
/// sees the same value, and the next result is compared with the value readers last saw (as
/// Solid's `createMemo` and Angular's `computed` do with a custom equality).
///
/// - Errors: a computation made with `init(throwing:)` may throw. The error is cached like a
///   value, until a dependency changes, and rethrown by `get()` to every reader (a computation
///   that reads it with `try get()` and does not catch fails the same way). Reading `value` of
///   a failed derived value reports the error and returns the last good value.
/// - Cycles: a computation that (directly or through others) reads its own value is a
///   dependency cycle. `get()` throws `GraphError.dependencyCycle` naming the path; `value`
///   reports a `TrellisDiagnostic.Kind.dependencyCycle` and returns the previous value. A value
///   computed from such a read, or from another such value, keeps it while the cycle stays
///   closed, and every read of it reports the cycle again (`get()` throws it), once per read.
///   Both recover once the cycle is broken.
/// - Depth: updates are walked iteratively at any depth. A first evaluation is recursive by
///   nature (a computation reads its input, which computes, …); when that nesting leaves too
///   little of the thread's stack, the evaluation is refused with a diagnostic
///   (`TrellisDiagnostic.Kind.evaluationTooDeep`) and `get()` throws
///   `GraphError.evaluationTooDeep`. A 10,000-deep chain fits on a main thread in a release
///   build. Evaluation never moves to another thread.
/// - With no previous value to return (a first read that meets a cycle, an error or the depth
///   limit), `value` stops the program with the same message: use `get()` where that can
///   happen.
/// - Other threads: a tracked property written on another thread reaches the graph through
///   an inbox on the main actor. A read outside every evaluation, a flush and an effect run
///   apply what waits there first, so a read after the write (once the writing thread is done)
///   sees it. Inside a host's update cycle (its lifecycle actions, such as `onAppear` and
///   `onChange`) the inbox is held, so that a thread that keeps writing cannot keep the cycle
///   going: a read there sees such a change only once the cycle has ended (the next read
///   outside it, or the next flush, applies it). A running evaluation reads derived values as they were when it began; a change
///   posted meanwhile makes it stale: an effect re-runs at the next flush, a derived value at
///   its next read. A property is observed when the evaluation that first reads it ends; a
///   write on another thread that lands while that evaluation runs, after the read, finds
///   nobody to tell, so the evaluation checks for one when it starts to observe the property
///   and counts the change as if it had been posted: the value recomputes at its next read, an
///   effect or body re-runs at the next flush (its reason is "a property written on another
///   thread"). Apple's Observation has that window open. It stays open for a write made inside
///   a tracking scope on the other thread (an `Observations` closure), and for `withTracking`,
///   `TrackingObserver` and `Observations` themselves.
/// - Observers: `withTracking` records tracked properties, not graph nodes, so it does not see
///   a derived value change (nor the properties behind it: the value is memoized). Observe a
///   derived value with an `Effect`.
///
/// Complexity: a read of an up-to-date value costs O(1); a read after a change costs the
/// dependencies checked until the first one that changed, plus the recomputations needed.
@MainActor
public final class Derived<Value>: GraphNode {
  @exclusivity(unchecked) @usableFromInline var storage: Value?
  @exclusivity(unchecked) @usableFromInline var error: (any Error)?
  /// What the value is computed with; see `DerivedComputation` for why it is a separate object.
  ///
  /// Held as one manually counted reference (taken in `init`, handed to the store's graveyard
  /// by `deinit`), rather than a strong `let`: a strong property would be released after the
  /// deinits of the node's superclass have run, where the store may already have dropped the
  /// graveyard's reference, so the computation, and the chain of nodes its closure captured,
  /// would be released recursively. Calls borrow it (`withGuaranteedObject`), so a
  /// recomputation neither retains the object nor its closure's context.
  @usableFromInline let computation: Unmanaged<DerivedComputation<Value>>

  @inlinable var isEqual: ((Value, Value) -> Bool)? {
    computation.takeUnretainedValue().isEqual
  }

  @inlinable
  init(
    name: String?, isEqual: ((Value, Value) -> Bool)?, compute: (@MainActor () -> Value)?,
    throwingCompute: (@MainActor () throws -> Value)?,
    update: @escaping @MainActor (GraphNode) -> Bool = { Derived<Value>.recompute($0) }
  ) {
    computation = Unmanaged.passRetained(
      DerivedComputation(
        compute: compute ?? { fatalError("Trellis internal error: throwing Derived") },
        throwingCompute: throwingCompute, isEqual: isEqual))
    super.init(kind: .derived, name: name, update: update)
  }

  isolated deinit {
    // The computation's closure holds what it reads, often the previous value of a chain:
    // releasing it here would release that node from inside this deinit, and so on down the
    // chain, one nested deinit per level. The store releases it later, in a loop.
    store.releaseLater(computation.takeRetainedValue())
  }

  /// Creates a derived value whose every recomputation counts as a change.
  /// - Parameters:
  ///   - name: a name for diagnostics and explanations; defaults to the type.
  ///   - compute: the computation; what it reads becomes its dependencies.
  @inlinable
  public convenience init(name: String? = nil, _ compute: @escaping @MainActor () -> Value) {
    self.init(name: name, isEqual: nil, compute: compute, throwingCompute: nil)
  }

  /// Creates a derived value that cuts off propagation when it recomputes to an equal value.
  /// - Parameters:
  ///   - name: a name for diagnostics and explanations; defaults to the type.
  ///   - compute: the computation; what it reads becomes its dependencies.
  @inlinable
  public convenience init(name: String? = nil, _ compute: @escaping @MainActor () -> Value)
  where Value: Equatable {
    self.init(
      name: name, isEqual: { $0 == $1 }, compute: compute, throwingCompute: nil,
      update: { Derived<Value>.recomputeEquatable($0) })
  }

  /// Creates a derived value with a custom equality cut-off.
  /// - Parameters:
  ///   - name: a name for diagnostics and explanations; defaults to the type.
  ///   - equals: returns true when two results should count as the same: the new one is then
  ///     dropped, the previous one kept, and nothing propagates. Each result is compared with
  ///     the value kept, so changes that each count as equal cannot add up unseen.
  ///     Pass `{ _, _ in false }` to propagate every recomputation.
  ///   - compute: the computation; what it reads becomes its dependencies.
  @inlinable
  public convenience init(
    name: String? = nil, equals: @escaping (Value, Value) -> Bool,
    _ compute: @escaping @MainActor () -> Value
  ) {
    self.init(name: name, isEqual: equals, compute: compute, throwingCompute: nil)
  }

  /// Creates a derived value whose computation may throw; read it with `get()`.
  /// - Parameters:
  ///   - name: a name for diagnostics and explanations; defaults to the type.
  ///   - compute: the computation; what it reads becomes its dependencies, also when it throws.
  @inlinable
  public convenience init(
    name: String? = nil, throwing compute: @escaping @MainActor () throws -> Value
  ) {
    self.init(name: name, isEqual: nil, compute: nil, throwingCompute: compute)
  }

  /// Creates a derived value whose computation may throw, with the equality cut-off.
  /// - Parameters:
  ///   - name: a name for diagnostics and explanations; defaults to the type.
  ///   - compute: the computation; what it reads becomes its dependencies, also when it throws.
  @inlinable
  public convenience init(
    name: String? = nil, throwing compute: @escaping @MainActor () throws -> Value
  ) where Value: Equatable {
    self.init(
      name: name, isEqual: { $0 == $1 }, compute: nil, throwingCompute: compute,
      update: { Derived<Value>.recomputeEquatable($0) })
  }

  /// The up-to-date value, recomputed first if a dependency changed. Reading it inside an
  /// evaluation records a dependency. See the type's notes for cycles, errors and depth.
  @inlinable
  public var value: Value {
    // Always inlined, with `NodeStore.recordRead`: a read of an up-to-date value makes no call
    // that could release an object, so a caller reading derived values out of an array or an
    // enum keeps no retain and release around each read.
    @inline(__always) get {
      let flags = self.flags
      if flags.isDisjoint(with: NodeFlags.stale.union(.onStack).union(.cycleMet))
        && flags.contains(.hasValue), error == nil, let storage
      {
        // Inside an evaluation, the flush, effect run or outer read that began it applied the
        // changes posted from other threads; outside, they apply before the read.
        if store.currentSubscriber >= 0 {
          store.recordRead(of: slot)
          return storage
        }
        if !store.postedChanges.isSet { return storage }
      }
      return slowValue()
    }
  }

  /// The up-to-date value, or the error its computation threw.
  /// - Returns: the value.
  /// - Throws: the computation's error (cached until a dependency changes),
  ///   `GraphError.dependencyCycle` when reading it now closes a cycle, or
  ///   `GraphError.evaluationTooDeep` when computing it would exhaust the stack.
  @inlinable
  public func get() throws -> Value {
    // The refresh applies the changes posted from other threads first.
    let result = store.refresh(self)
    // Recorded whatever the outcome, so that a reader that failed re-runs once this recovers.
    store.recordRead(of: slot)
    var onCycle = false
    switch result {
    case .fresh: break
    case .freshOnCycle: onCycle = true
    case .cycle(let path): throw GraphError.dependencyCycle(path: path)
    case .tooDeep: throw GraphError.evaluationTooDeep(node: name)
    }
    if let error { throw error }
    if onCycle { throw GraphError.dependencyCycle(path: store.cyclePath(of: slot)) }
    return storage!
  }

  /// The up-to-date value, read without recording a dependency (Preact's `peek`).
  /// - Returns: the value; as `value` for cycles, errors and depth.
  @inlinable
  public func peek() -> Value {
    GraphEvaluation.untracked { value }
  }

  @inlinable
  @inline(never)
  func slowValue() -> Value {
    // Changes made on other threads before this read apply first: the refresh applies them.
    let cycleReports = store.cycleReports
    switch store.refresh(self) {
    case .fresh:
      store.recordRead(of: slot)
      if let error { return valueAfterFailure("threw \(error)") }
      return storage!
    case .freshOnCycle:
      store.recordRead(of: slot)
      if let error { return valueAfterFailure("threw \(error)") }
      store.reportReadOnCycle(of: slot, reportsBefore: cycleReports)
      return storage!
    case .cycle(let path):
      store.reportCycle(path, at: self, hasValue: storage != nil)
      store.recordRead(of: slot)
      return storage!
    case .tooDeep:
      store.recordRead(of: slot)
      return valueAfterFailure("could not be computed: too deep")
    }
  }

  @inlinable
  func valueAfterFailure(_ failure: String) -> Value {
    store.reportFailedRead(of: self, failure, hasValue: storage != nil)
    return storage!
  }

  /// Runs the computation and stores its result; returns whether the value changed. The
  /// equality cut-off goes through the stored `isEqual`, if any.
  @inlinable
  static func recompute(_ node: GraphNode) -> Bool {
    let derived = unsafeDowncast(node, to: Derived<Value>.self)
    guard let isEqual = derived.isEqual else { return derived.recompute { _, _ in false } }
    return derived.recompute(isEqual: isEqual)
  }

  /// `recompute` for `Equatable` values: `==` is called directly, in specialized code. Always
  /// inlined into the update closure that calls it, which was otherwise a thunk of its own, a
  /// call and a return per recomputation.
  @inlinable
  @inline(__always)
  static func recomputeEquatable(_ node: GraphNode) -> Bool where Value: Equatable {
    unsafeDowncast(node, to: Derived<Value>.self).recompute { $0 == $1 }
  }

  @inlinable
  @inline(__always)
  func recompute(isEqual: (Value, Value) -> Bool) -> Bool {
    // Called only through `NodeStore.update(_:)`, which looked at the stack left.
    guard let frame = store.beginEvaluation(of: self, ownsEffects: false, checksStack: false)
    else { return false }
    // Borrowed: the node, which owns the computation, is alive throughout (the caller holds it).
    let newValue: Value
    do {
      newValue = try withGuaranteedObject(computation) { computation in
        if let throwingCompute = computation.throwingCompute { return try throwingCompute() }
        return computation.compute()
      }
    } catch {
      store.endEvaluation(of: self, frame)
      self.error = error
      store.nodes[Int(slot)].flags.insert(.hasValue)
      store.nodes[Int(slot)].version &+= 1
      return true
    }
    store.endEvaluation(of: self, frame)
    let changed: Bool
    if error == nil, let old = storage {
      changed = !isEqual(old, newValue)
    } else {
      changed = true
      if error != nil { error = nil }
    }
    // A result that counts as equal is dropped and the value it equals kept, so that a direct
    // read and the dependents (which were not disturbed) see the same value, and small steps
    // that each count as equal cannot add up unseen (Solid's and Angular's custom equality
    // keep the old value too).
    if changed { storage = newValue }
    store.withRecord(slot) { record in
      record.flags.insert(.hasValue)
      if changed { record.version &+= 1 }
    }
    return changed
  }

  override var defaultName: String { "Derived<\(Value.self)>" }
}

/// The closures of a `Derived` value, in an object of their own so that releasing a node does
/// not release them (and what they captured) recursively: see `Derived`'s deinit, which hands
/// this object to the store to release later. They are `let`s of an object the node keeps
/// alive, so calling one borrows its context instead of retaining and releasing it.
@usableFromInline
final class DerivedComputation<Value> {
  /// The computation, when it cannot throw: called directly, with no rethrowing thunk.
  @usableFromInline let compute: @MainActor () -> Value
  /// The computation, when it can throw (then `compute` is never called).
  @usableFromInline let throwingCompute: (@MainActor () throws -> Value)?
  @usableFromInline let isEqual: ((Value, Value) -> Bool)?

  @inlinable
  init(
    compute: @escaping @MainActor () -> Value,
    throwingCompute: (@MainActor () throws -> Value)?, isEqual: ((Value, Value) -> Bool)?
  ) {
    self.compute = compute
    self.throwingCompute = throwingCompute
    self.isEqual = isEqual
  }
}
