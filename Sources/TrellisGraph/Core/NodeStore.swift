import TrellisTracking

/// Where the dependency graph keeps its state: one record per node and one per edge, in two
/// arrays indexed by `Int32`, plus a table from node slot to the node's object.
///
/// Why this shape: the walks (marking what is stale, checking what must re-run) touch only
/// flags, versions and list links. Kept in plain structs, a walk step is an array load and a
/// compare, with no reference counting and no generic code. One object per node with
/// references between them made every step retain and release (measured: ARC was a quarter to
/// a third of the graph's time, and `unowned(unsafe)` references do not remove it). Arrays are
/// bounds-checked, so a wrong index is a trap, never a read of freed memory.
///
/// Lifetime rules (the invariants `checkInvariants()` verifies):
/// 1. A node's object (`Cell`, `Derived`, `Effect`, `EffectScope`) owns its slot. Its `deinit`
///    marks the slot dead and clears its entry in `handles`; the slot and its edges are freed
///    later, when no graph operation is running (`pendingFrees`), so a walk in progress never
///    sees a slot or an edge disappear under it.
/// 2. A subscriber keeps its dependencies alive: while a node has at least one subscriber, the
///    store holds a strong reference to its object (taken when the first subscriber arrives,
///    given back, again only when no operation is running, when the last one leaves).
/// 3. An edge's `dep` and `sub` are live slots; a dead slot has no subscribers.
/// 4. References that can outlive a node (queued effects, changes posted from other threads)
///    carry the slot's generation (`NodeRef`), bumped whenever a slot is freed.
///
/// Confined to the main actor; there is one store for the process, since cells and derived
/// values are not tied to one `Graph` (the graphs are schedulers of effects).
///
/// Exclusivity: the stored properties of the store, the node classes and `Graph` opt out of
/// dynamic exclusivity checks (`@exclusivity(unchecked)`). Each access of a class property
/// otherwise calls into the runtime to record it in a thread-local access set; in a profile
/// of the kairo workloads those calls took 38% of the time. What the checks would catch cannot
/// happen here: all of this state is confined to the main actor, and no method holds an
/// `inout` access to a property across a call that could reach the same property (user code, a
/// hook, an allocation) — element and field accesses are single statements.
/// `Tests/TrellisGraphTests/MemorySafetyTests.swift` exercises the re-entrant paths (nodes
/// created, written, disposed and released from inside evaluations and walks) under
/// AddressSanitizer.
@MainActor
@usableFromInline
final class NodeStore {
  /// The store of the main actor's graph.
  @usableFromInline static let shared = NodeStore()

  /// `TrackedChangeInbox`'s flag, held here so that a derived value's read checks it with two
  /// loads: a read that finds changes from other threads waiting applies them first.
  @usableFromInline nonisolated let postedChanges = TrackedChangeInbox.hasPosted

  // Records; see "Exclusivity" above. An `inout` access to an element that outlived a
  // reallocation of its array would be a use-after-free: `MemorySafetyTests` grows both arrays
  // from inside evaluations and walks.
  @exclusivity(unchecked) @usableFromInline var nodes = RecordStorage<NodeRecord>(capacity: 1024)
  @exclusivity(unchecked) @usableFromInline var edges = RecordStorage<EdgeRecord>(capacity: 1024)
  /// The object of each live slot, unretained: the store must not keep nodes alive (their
  /// objects own their slots), and a strong, weak or safe-unowned reference would cost reference
  /// counting on every recomputation and effect run the walks start. Rule 1 keeps an entry
  /// valid: a node clears its entry in its (main-actor) `deinit`, before its memory is freed, and
  /// the table is only read on the main actor. `MemorySafetyTests` releases nodes from inside
  /// their own computations and walks, which AddressSanitizer would catch.
  @exclusivity(unchecked) var handles = RecordStorage<Unmanaged<GraphNode>?>(capacity: 1024)

  @exclusivity(unchecked) private var freeNodes: [Int32] = []
  /// First free edge, chained through `nextDep`.
  @exclusivity(unchecked) private var freeEdge: Int32 = -1
  @exclusivity(unchecked) private var liveEdges = 0

  // Deferred work (rules 1 and 2).
  /// Graph operations in progress (evaluations, checks, propagations, flushes), nested.
  ///
  /// Counted with wrapping arithmetic: it cannot overflow (each operation is a frame of the
  /// stack, or a check's loop step), and an unbalanced end, the one way it could go below zero,
  /// is caught by the assertion in `endOperation()` in debug builds. The overflow check was an
  /// instruction per begin and per end, about a dozen per kairo write.
  @exclusivity(unchecked) @usableFromInline var activeOperations = 0
  @exclusivity(unchecked) var pendingFrees: [Int32] = []
  @exclusivity(unchecked) var pendingReleases: [GraphNode] = []
  /// Objects that nodes held, released one at a time by the drain (see `releaseLater`).
  @exclusivity(unchecked) var graveyard: [AnyObject] = []
  /// Disposed nodes whose dependencies are dropped once no operation is running.
  @exclusivity(unchecked) var pendingUnlinks: [NodeRef] = []
  /// Graphs to tell that work was queued, once no operation is running.
  @exclusivity(unchecked) var graphsToNotify: [Graph] = []
  @exclusivity(unchecked) private var isDraining = false
  /// Whether anything waits for `drainIfIdle` (set by every append to the lists above).
  @exclusivity(unchecked) @usableFromInline var hasDeferredWork = false

  /// What the latest change did, while some graph records it (see `Graph.recordsLastChange`);
  /// nil otherwise, so that the walks pay one load for it.
  @exclusivity(unchecked) @usableFromInline var changeLog: ChangeLog?
  /// How many graphs ask for `changeLog`.
  @exclusivity(unchecked) var changeLogUsers = 0

  /// The default name of each node type met so far (see `GraphNode.name`).
  @exclusivity(unchecked) var defaultNames: [ObjectIdentifier: String] = [:]
  /// The type named last and its default name, checked before `defaultNames`.
  @exclusivity(unchecked) var lastNamedType: ObjectIdentifier?
  @exclusivity(unchecked) var lastDefaultName = ""

  /// The cycle each derived value flagged `cycleMet` met, as a path of names, for the reports
  /// of its later reads. Only written when a cycle is met; an entry outlives its flag until
  /// the flag is set again or the slot is freed. Touched only on cycles, so checked.
  var cyclePaths: [Int32: [String]] = [:]
  /// How many dependency cycles reads have reported, so that a read whose refresh already
  /// reported one does not report its own result again. Unchecked as the store's other fields
  /// (see the type's notes): every read of a stale derived value loads it.
  @exclusivity(unchecked) @usableFromInline var cycleReports = 0

  /// The context the changes made now carry to the effects they mark (see `ChangeContext`).
  @exclusivity(unchecked) var changeContext: UInt32 = 0

  /// How many effects have been created: each one's creation order.
  @exclusivity(unchecked) var effectsCreated = 0

  // Transactions (see `NodeStore+Transaction.swift`).
  @exclusivity(unchecked) @usableFromInline var transactionDepth = 0
  @exclusivity(unchecked) @usableFromInline var unsettledCells = RecordStorage<NodeRef>(
    capacity: 16)

  // The evaluation in progress (see `NodeStore+Evaluation.swift`).
  /// The node whose computation is running; reads become its dependencies. -1 when none.
  @exclusivity(unchecked) @usableFromInline var currentSubscriber: Int32 = -1
  /// The dependency the running evaluation read last, when that read left it at the end of the
  /// evaluation's dependency list (`depsTail`) with the edge's version equal to its own; -1
  /// otherwise. A read of the same node again is then a compare and nothing else (a derived
  /// value reading one cell 30 times paid a record load, an edge load and a version store per
  /// read). Cleared whenever that could stop holding: an evaluation beginning or ending, an
  /// `untracked` region ending, and a cell's version changing (`Cell.write`, `Cell.settle`); a
  /// derived value's version changes only right after its own evaluation ended, which cleared
  /// it. Edges are freed only when no operation runs, so never while it is set.
  @exclusivity(unchecked) @usableFromInline var lastReadDep: Int32 = -1
  /// The innermost node evaluating now, even inside an `untracked` region (for cycle paths);
  /// -1 when none.
  @exclusivity(unchecked) @usableFromInline var innermostEvaluation: Int32 = -1
  /// The slot of the effect or scope that owns effects created now; -1 when none.
  @exclusivity(unchecked) @usableFromInline var currentOwner: Int32 = -1
  @usableFromInline let evaluationReads = EvaluationReads()

  // The walks' stacks, kept to reuse their buffers (see `NodeStore+Propagation.swift`); they
  // opt out of exclusivity checks for the same reason as the records.
  @exclusivity(unchecked) var pendingWalk = RecordStorage<Int32>(capacity: 64)
  @exclusivity(unchecked) @usableFromInline var checkStack = RecordStorage<CheckFrame>(capacity: 64)

  private init() {}

  /// A graph asks for the change log.
  func startRecordingChanges() {
    changeLogUsers += 1
    if changeLog == nil { changeLog = ChangeLog() }
  }

  /// A graph no longer asks for the change log; it is dropped when none does.
  func stopRecordingChanges() {
    changeLogUsers -= 1
    if changeLogUsers == 0 { changeLog = nil }
  }

  // MARK: Slots

  /// Allocates a slot for `kind`. The caller stores its object with `attach(_:to:)` once the
  /// object is fully initialized.
  func allocateSlot(kind: NodeKind) -> Int32 {
    if let slot = freeNodes.popLast() {
      let generation = nodes[Int(slot)].generation
      var record = NodeRecord()
      record.generation = generation
      record.kind = kind
      nodes[Int(slot)] = record
      return slot
    }
    precondition(nodes.count < Int(Int32.max), "Trellis: more than 2³¹ graph nodes are alive.")
    var record = NodeRecord()
    record.kind = kind
    nodes.append(record)
    handles.append(nil)
    return Int32(nodes.count - 1)
  }

  /// Records `node` as the object of its slot, unretained.
  func attach(_ node: GraphNode) {
    handles[Int(node.slot)] = Unmanaged.passUnretained(node)
  }

  /// Runs `body` on the record of `slot` in place (one bounds check for several fields).
  @inlinable
  @inline(__always)
  func withRecord<Result>(_ slot: Int32, _ body: (inout NodeRecord) -> Result) -> Result {
    // A slot the graph holds (see `RecordStorage.subscript(link:)`): every caller has it from
    // a node object, a walk or a queued effect.
    body(&nodes[link: slot])
  }

  /// A reference to `slot` that detects reuse.
  @inlinable func ref(_ slot: Int32) -> NodeRef {
    NodeRef(slot: slot, generation: nodes[link: slot].generation)
  }

  /// Whether `ref` still names the node it was taken from, and that node is alive.
  @inlinable func isLive(_ ref: NodeRef) -> Bool {
    let index = Int(ref.slot)
    guard index >= 0, index < nodes.count else { return false }
    let record = nodes[index]
    return record.generation == ref.generation && !record.flags.contains(.dead)
  }

  /// Takes the effect `ref` names off its graph's run queue, for the flush: clears its `queued`
  /// flag and returns its flags after that, or nil when the entry names no effect to consider:
  /// its slot was freed (and perhaps reused by another node, which must be left alone: the
  /// generation differs), or the effect is dead or disposed.
  ///
  /// One access to the record for what the flush did in three (a liveness check, the flag's
  /// clear, a look at `disposed`), each with its own bounds check and load; the flags returned
  /// spare `needsUpdate` a fourth. The slot is in range: a queued slot once was, and the store
  /// never shrinks.
  @inline(__always)
  func unqueue(_ ref: NodeRef) -> NodeFlags? {
    withRecord(ref.slot) { record in
      let flags = record.flags
      guard record.generation == ref.generation, !flags.contains(.dead) else { return nil }
      let unqueued = flags.subtracting(.queued)
      record.flags = unqueued
      return unqueued.contains(.disposed) ? nil : unqueued
    }
  }

  /// The object of a live slot (retained by the caller), or nil once it is gone.
  func object(at slot: Int32) -> GraphNode? { handles[Int(slot)]?.takeUnretainedValue() }

  /// Keeps `object` until no operation runs, then releases it from the drain loop: what a node
  /// held (its computation and whatever that captured) is released one object at a time,
  /// never in a recursion as deep as the chain of nodes it reaches.
  func releaseLater(_ object: AnyObject) {
    graveyard.append(object)
    hasDeferredWork = true
  }

  /// Called by a node's `deinit`: the object is gone; its slot and edges are freed when no
  /// operation is running.
  func objectDidDeinit(slot: Int32) {
    let index = Int(slot)
    nodes[index].flags.insert([.dead, .disposed])
    nodes[index].flags.remove([.queued])
    handles[index] = nil
    pendingFrees.append(slot)
    hasDeferredWork = true
    drainIfIdle()
  }

  // MARK: Deferred work

  /// Marks the start of a graph operation: nothing is freed until the outermost one ends.
  @inlinable func beginOperation() { activeOperations &+= 1 }

  /// Marks the end of a graph operation; the outermost one frees what became garbage.
  @inlinable func endOperation() {
    assert(activeOperations > 0, "Trellis: unbalanced graph operation")
    activeOperations &-= 1
    if activeOperations == 0 && hasDeferredWork { drainIfIdle() }
  }

  /// Frees dead slots and gives back subscriber references, unless an operation is running.
  ///
  /// Iterative: freeing a node can release its dependencies, whose `deinit` adds more work to
  /// the same lists, so dropping a 10,000-deep chain costs no stack.
  @usableFromInline func drainIfIdle() {
    guard activeOperations == 0, !isDraining else { return }
    isDraining = true
    defer { isDraining = false }
    while true {
      if let slot = pendingFrees.popLast() {
        free(slot)
      } else if let ref = pendingUnlinks.popLast() {
        if isLive(ref) { removeDependencies(of: ref.slot, after: -1) }
      } else if let object = graveyard.popLast() {
        // The last reference, released here: its deinit may add to these lists.
        _ = consume object
      } else if let node = pendingReleases.popLast() {
        // A dependency that lost its last subscriber may have gained another one since.
        if nodes[link: node.slot].subsHead == -1 { node.retainedBySubscribers = nil }
      } else if !graphsToNotify.isEmpty {
        let graph = graphsToNotify.removeFirst()
        graph.workWasScheduled()
      } else {
        hasDeferredWork = false
        return
      }
    }
  }

  /// Unlinks a dead slot's dependencies and puts the slot and its edges on the free lists.
  private func free(_ slot: Int32) {
    let index = Int(slot)
    var edge = nodes[index].depsHead
    nodes[index].depsHead = -1
    nodes[index].depsTail = -1
    while edge != -1 {
      let next = edges[link: edge].nextDep
      unlinkFromDependency(edge)
      freeEdgeRecord(edge)
      edge = next
    }
    precondition(nodes[index].subsHead == -1, "Trellis internal error: freed node has readers.")
    if nodes[index].flags.contains(.cycleMet) { cyclePaths[slot] = nil }
    nodes[index].generation &+= 1
    nodes[index].flags = [.dead]
    freeNodes.append(slot)
  }

  // MARK: Edges

  /// A new edge record (from the free list when possible).
  @usableFromInline func allocateEdge(
    dep: Int32, sub: Int32, version: UInt32, stamp: UInt32
  ) -> Int32 {
    liveEdges += 1
    let record = EdgeRecord(dep: dep, sub: sub, version: version, stamp: stamp)
    if freeEdge != -1 {
      let edge = freeEdge
      freeEdge = edges[link: edge].nextDep
      edges[link: edge] = record
      return edge
    }
    precondition(edges.count < Int(Int32.max), "Trellis: more than 2³¹ dependency edges.")
    edges.append(record)
    return Int32(edges.count - 1)
  }

  func freeEdgeRecord(_ edge: Int32) {
    liveEdges -= 1
    edges[link: edge].dep = -1
    edges[link: edge].sub = -1
    edges[link: edge].nextDep = freeEdge
    freeEdge = edge
  }

  /// Appends `edge` to its dependency's subscriber list; the first subscriber makes the store
  /// keep the dependency's object alive (rule 2).
  @usableFromInline func linkToDependency(_ edge: Int32) {
    let dep = Int(edges[link: edge].dep)
    let tail = nodes[dep].subsTail
    edges[link: edge].prevSub = tail
    edges[link: edge].nextSub = -1
    if tail == -1 {
      nodes[dep].subsHead = edge
      if let handle = handles[dep] {
        withGuaranteedObject(handle) { object in
          if object.retainedBySubscribers == nil { object.retainedBySubscribers = object }
        }
      }
    } else {
      edges[link: tail].nextSub = edge
    }
    nodes[dep].subsTail = edge
  }

  /// Removes `edge` from its dependency's subscriber list. When the last one leaves, the
  /// store gives back its reference to the dependency once no operation is running.
  func unlinkFromDependency(_ edge: Int32) {
    let record = edges[link: edge]
    let dep = Int(record.dep)
    if record.prevSub != -1 {
      edges[link: record.prevSub].nextSub = record.nextSub
    } else {
      nodes[dep].subsHead = record.nextSub
    }
    if record.nextSub != -1 {
      edges[link: record.nextSub].prevSub = record.prevSub
    } else {
      nodes[dep].subsTail = record.prevSub
    }
    if nodes[dep].subsHead == -1, let object = handles[dep]?.takeUnretainedValue(),
      object.retainedBySubscribers != nil
    {
      pendingReleases.append(object)
      hasDeferredWork = true
    }
  }

  /// Unlinks and frees every dependency of `slot` after `tail` (all of them when `tail` is -1).
  @usableFromInline
  func removeDependencies(of slot: Int32, after tail: Int32) {
    var edge: Int32
    if tail == -1 {
      edge = nodes[link: slot].depsHead
      nodes[link: slot].depsHead = -1
    } else {
      edge = edges[link: tail].nextDep
      edges[link: tail].nextDep = -1
    }
    nodes[link: slot].depsTail = tail
    while edge != -1 {
      let next = edges[link: edge].nextDep
      unlinkFromDependency(edge)
      freeEdgeRecord(edge)
      edge = next
    }
  }

  // MARK: Introspection

  /// How many nodes and edges are alive (for tests and the memory benchmark).
  var counts: (nodes: Int, edges: Int) { (nodes.count - freeNodes.count, liveEdges) }

  /// The dependencies of `slot`, in read order.
  func dependencies(of slot: Int32) -> [Int32] {
    var result: [Int32] = []
    var edge = nodes[link: slot].depsHead
    while edge != -1 {
      result.append(edge)
      edge = edges[link: edge].nextDep
    }
    return result
  }
}

/// Runs `body` on the object `handle` refers to, borrowed: no retain and release around it.
/// The caller guarantees that something else keeps the object alive throughout `body`.
///
/// A wrapper rather than `Unmanaged._withUnsafeGuaranteedRef` called directly: a main-actor
/// closure literal handed straight to that standard library function (a Swift 5 module) gets a
/// run-time executor check, dearer than the retain it saves; handed to this function (a Swift 6
/// module), it does not.
@inlinable
@inline(__always)
func withGuaranteedObject<Object: AnyObject, Result>(
  _ handle: Unmanaged<Object>, _ body: (Object) throws -> Result
) rethrows -> Result {
  try handle._withUnsafeGuaranteedRef(body)
}
