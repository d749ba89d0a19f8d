import TrellisTracking

/// The evaluation in progress: which node reads record dependencies into, which node owns the
/// effects created now, and the segment of tracked-property reads that belongs to it.
extension NodeStore {
  /// What `beginEvaluation` saved, for `endEvaluation` to restore. The caller keeps it (a
  /// plain value on its stack), so starting an evaluation allocates nothing.
  @usableFromInline
  struct EvaluationFrame {
    @usableFromInline let previousSubscriber: Int32
    @usableFromInline let previousOwner: Int32
    @usableFromInline let previousEvaluation: Int32
    @usableFromInline let reads: EvaluationReads.Segment

    @inlinable
    init(
      previousSubscriber: Int32, previousOwner: Int32, previousEvaluation: Int32,
      reads: EvaluationReads.Segment
    ) {
      self.previousSubscriber = previousSubscriber
      self.previousOwner = previousOwner
      self.previousEvaluation = previousEvaluation
      self.reads = reads
    }
  }

  /// Starts `node`'s evaluation: its reads from now on become its dependencies, in place of
  /// the previous evaluation's (reused where they are the same), and its stale flags are cleared
  /// so that a write during the evaluation can mark it stale again.
  /// - Parameters:
  ///   - node: the evaluating node.
  ///   - ownsEffects: whether effects created during the evaluation belong to `node` (an
  ///     effect's run) or to nobody (a derived value's computation).
  ///   - checksStack: false when the caller was reached through `update(_:)`, which refuses
  ///     the evaluation itself when the stack is nearly exhausted (a derived value's
  ///     recomputation: its update closure is only called there). A second look at the stack
  ///     was about 10 instructions per recomputation.
  /// - Returns: the frame to pass to `endEvaluation`, or nil, after reporting, when the
  ///   thread's stack is nearly exhausted; nothing was started then.
  @inlinable
  @inline(__always)
  func beginEvaluation(
    of node: GraphNode, ownsEffects: Bool, checksStack: Bool = true
  ) -> EvaluationFrame? {
    if checksStack && remainingStackBytes() < Self.stackReserve {
      reportTooDeep(node)
      return nil
    }
    activeOperations &+= 1
    let slot = node.slot
    changeLog?.noteEvaluation(ref(slot))
    let frame = EvaluationFrame(
      previousSubscriber: currentSubscriber, previousOwner: currentOwner,
      previousEvaluation: innermostEvaluation, reads: evaluationReads.begin())
    currentSubscriber = slot
    lastReadDep = -1
    currentOwner = ownsEffects ? slot : -1
    innermostEvaluation = slot
    let parent = frame.previousEvaluation
    withRecord(slot) { record in
      record.runStamp &+= 1
      record.depsTail = -1
      record.evaluatingParent = parent
      // A value computed on a dependency cycle loses its flag (the evaluation sets it again if
      // it meets the cycle again), and counts as changed, even if it recomputes to an equal
      // value, so that its readers, flagged from reading it, evaluate again and lose theirs.
      // Without a branch: every evaluation passes here.
      let flags = record.flags.rawValue
      record.version &+= UInt32(truncatingIfNeeded: (flags & NodeFlags.cycleMet.rawValue) >> 10)
      record.flags = NodeFlags(
        rawValue: (flags & ~NodeFlags.stale.union(.cycleMet).rawValue)
          | NodeFlags.evaluating.rawValue)
    }
    return frame
  }

  /// Ends `node`'s evaluation: drops the dependencies it did not read again, and observes
  /// exactly the tracked properties it read.
  @inlinable
  @inline(__always)
  func endEvaluation(of node: GraphNode, _ frame: EvaluationFrame) {
    // Writes inside the open evaluations are rare: only then can a write of what this one read
    // come back, and the optional event that carries it is kept off the common path.
    if evaluationReads.hasWrites {
      endEvaluationAfterWrites(of: node, frame)
      return
    }
    let slot = node.slot
    let racing = evaluationReads.endWithoutWrites(frame.reads, updating: &node.relay) {
      makeRelay(for: slot)
    }
    finishEvaluation(of: slot, frame)
    if racing { evaluationMissedRacingWrite(node) }
    endOperation()
  }

  /// `endEvaluation` when writes were made inside the open evaluations.
  @usableFromInline
  @inline(never)
  func endEvaluationAfterWrites(of node: GraphNode, _ frame: EvaluationFrame) {
    let slot = node.slot
    var racing = false
    let writeOfRead = evaluationReads.end(frame.reads, updating: &node.relay, racing: &racing) {
      makeRelay(for: slot)
    }
    finishEvaluation(of: slot, frame)
    if let writeOfRead { evaluationWroteWhatItRead(slot, writeOfRead) }
    if racing { evaluationMissedRacingWrite(node) }
    endOperation()
  }

  /// A property the evaluation of `node` read for the first time was written on another
  /// thread after the evaluation began, and that thread found nobody to tell: the relay
  /// observes it only now (see `RacingWrites.swift` in TrellisTracking). The change is posted
  /// as that thread would have posted it had it seen the relay, so it is applied as any change
  /// from another thread is: by the next flush, or the main-actor task the inbox schedules (a
  /// host's update cycle holds drains, so a thread that keeps writing cannot keep a cycle
  /// going).
  @usableFromInline
  @inline(never)
  func evaluationMissedRacingWrite(_ node: GraphNode) {
    guard let source = evaluationReads.takeRacingWrite(), let relay = node.relay else { return }
    if relay.beginHandOff(of: source.serial) {
      TrackedChangeInbox.post(relay, nil, source.serial)
    }
  }

  /// The relay of `slot`, made on its first tracked read.
  @usableFromInline
  func makeRelay(for slot: Int32) -> ChangeRelay {
    TrackedPropertyBridge.makeRelay(
      for: ref(slot), deliversEvents: nodes[link: slot].flags.contains(.recordsReasons))
  }

  /// The part of ending an evaluation after its tracked reads: drops the dependencies it did
  /// not read again and restores the evaluation it interrupted.
  @inlinable
  @inline(__always)
  func finishEvaluation(of slot: Int32, _ frame: EvaluationFrame) {
    let (tail, head) = withRecord(slot) { record in
      record.flags.remove(.evaluating)
      record.evaluatingParent = -1
      return (record.depsTail, record.depsHead)
    }
    if tail == -1 ? head != -1 : edges[link: tail].nextDep != -1 {
      removeDependencies(of: slot, after: tail)
    }
    currentSubscriber = frame.previousSubscriber
    lastReadDep = -1
    currentOwner = frame.previousOwner
    innermostEvaluation = frame.previousEvaluation
  }

  /// A tracked property the evaluation of `slot` read was written, to a new value, before the
  /// evaluation ended (by the evaluation itself or one nested in it), perhaps before its relay
  /// observed that property (a first run observes what it read only now). The value it read
  /// is out of date, as if the change had come through the relay: the node is marked dirty (an
  /// effect runs again in this flush, bounded by the update-cycle limit; a derived value
  /// recomputes at its next read).
  @usableFromInline
  func evaluationWroteWhatItRead(_ slot: Int32, _ event: TrackingEvent) {
    markTrackedChange(ref(slot), event: event, source: nil)
  }

  /// Runs `body` with no evaluation in progress: nothing it reads becomes a dependency, and
  /// effects it creates belong to `owner` (nobody by default).
  func withoutEvaluation<Result>(
    owner: Int32 = -1, _ body: () throws -> Result
  ) rethrows -> Result {
    let subscriber = currentSubscriber
    let previousOwner = currentOwner
    currentSubscriber = -1
    currentOwner = owner
    let reads = evaluationReads.begin()
    defer {
      evaluationReads.end(discarding: reads)
      currentSubscriber = subscriber
      lastReadDep = -1
      currentOwner = previousOwner
    }
    return try body()
  }

  /// The innermost derived value whose computation is running now, at any depth (an effect
  /// that computation created may be running inside it); -1 when none. Walks the chain of
  /// running evaluations: called only where that is rare (a flush or `runIfStale()` asked for
  /// inside an evaluation), so no evaluation pays to keep a count.
  func innermostDerivedComputation() -> Int32 {
    var cursor = innermostEvaluation
    while cursor >= 0 {
      if nodes[Int(cursor)].kind == .derived { return cursor }
      cursor = nodes[Int(cursor)].evaluatingParent
    }
    return -1
  }

  /// The node that owns effects created now, if any.
  var currentOwnerNode: GraphNode? {
    currentOwner < 0 ? nil : handles[Int(currentOwner)]?.takeUnretainedValue()
  }

  /// Below this much stack, an update continues on a fresh stack segment of the same thread
  /// (see `update(_:)`): enough for the frames between two updates of a nested evaluation (a
  /// debug build spends about 2 KiB per level) with a wide margin for user code.
  @inlinable static var stackSwitchThreshold: Int { 256 * 1024 }

  /// How much stack an evaluation must leave for the user code it runs: below this many bytes
  /// (which only happens when no fresh segment could be mapped), a deeper evaluation is
  /// refused with a diagnostic instead of overflowing the stack.
  @inlinable static var stackReserve: Int { 64 * 1024 }

  @usableFromInline
  func reportTooDeep(_ node: GraphNode) {
    // How many evaluations are nested now: the chain of running evaluations, counted here
    // rather than kept in a counter that every evaluation would pay to maintain.
    var evaluationDepth = 0
    var cursor = innermostEvaluation
    while cursor >= 0 {
      evaluationDepth += 1
      cursor = nodes[Int(cursor)].evaluatingParent
    }
    let advice =
      node is Effect
      ? "create deeply nested effects with runImmediately: false and scheduleRun(), which "
        + "queues them instead of nesting them."
      : "the read keeps its previous value. Read a long chain of derived values from its start "
        + "first: a read of an up-to-date value uses no stack."
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .evaluationTooDeep, nodes: [node.name],
        message:
          "evaluating '\(node.name)' nested \(evaluationDepth) evaluations deep left less than "
          + "\(Self.stackReserve / 1024) KiB of this thread's stack and no fresh stack could be "
          + "mapped, so it was not run; \(advice)"))
  }
}
