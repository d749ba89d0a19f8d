import TrellisTracking

/// The graph's algorithm, in one place: recording a read (link), marking what may be stale when
/// a source changes (push), and deciding lazily what really has to re-run (pull).
///
/// - Link: an evaluation that reads its dependencies in the same order as last time reuses
///   every edge (the cursor is `depsTail`); edges it did not confirm are dropped when it ends.
/// - Push: a changed source marks its direct subscribers dirty and everything further down
///   pending. Effects are queued on their graph; derived values are only flagged. Inside a
///   transaction, direct subscribers are marked pending instead, so that a value written and
///   written back counts as no change (see `Transaction`).
/// - Pull: before an effect runs or a derived value is read, its dependencies are checked in
///   read order, stale derived ones brought up to date first, stopping at the first dependency
///   whose version differs from the one the edge recorded. A derived value that recomputes to
///   an equal value keeps its version, so nothing below it re-runs (equality cut-off).
///
/// Both walks use explicit stacks, never recursion, and touch only records: no reference
/// counting, no generic code. User code (a recomputation) runs only from the pull walk, between
/// steps, and the walk re-validates its state afterwards.
extension NodeStore {
  // MARK: Link

  /// Records that the running evaluation read `dep`, reusing the edge when it reads its
  /// dependencies in the same order as last time. Outside an evaluation, does nothing.
  ///
  /// Every way of reusing an edge is decided here, so that only a read that needs a new edge
  /// pays a call (`link`): a computation that alternates between two dependencies re-reads
  /// one it already read in this run on nearly every read.
  @inlinable
  @inline(__always)
  func recordRead(of dep: Int32) {
    // Read again right after the previous read of it, and unchanged since: the edge at the
    // list's end already says so (see `lastReadDep`). Outside an evaluation it is never this
    // node but in an `untracked` region, where a read records nothing either.
    if dep == lastReadDep { return }
    let sub = currentSubscriber
    if sub < 0 { return }
    let record = nodes[link: sub]
    let tail = record.depsTail
    let next: Int32
    if tail != -1 {
      let previous = edges[link: tail]
      if previous.dep == dep {
        // Read again right after the previous read of it (a nested evaluation or a write came
        // between them).
        edges[link: tail].version = nodes[link: dep].version
        lastReadDep = dep
        return
      }
      next = previous.nextDep
    } else {
      next = record.depsHead
    }
    let depRecord = nodes[link: dep]
    if next != -1 && edges[link: next].dep == dep {
      // The next read, as last time: confirm the next edge.
      withEdge(next) { edge in
        edge.version = depRecord.version
        edge.stamp = record.runStamp
      }
      nodes[link: sub].depsTail = next
      lastReadDep = dep
      return
    }
    // Read again in this run, but not right after the previous read of it: the newest
    // subscriber edge of `dep` is this run's.
    let last = depRecord.subsTail
    if last != -1 && edges[link: last].sub == sub && edges[link: last].stamp == record.runStamp {
      edges[link: last].version = depRecord.version
      return
    }
    link(dep, into: sub, after: tail, before: next)
  }

  @inlinable
  @inline(__always)
  func withEdge<Result>(_ edge: Int32, _ body: (inout EdgeRecord) -> Result) -> Result {
    body(&edges[link: edge])
  }

  /// Adds a new edge from `sub` to `dep`, between `tail` and `next` in `sub`'s dependency list.
  @usableFromInline
  func link(_ dep: Int32, into sub: Int32, after tail: Int32, before next: Int32) {
    let version = nodes[link: dep].version
    let stamp = nodes[link: sub].runStamp
    let edge = allocateEdge(dep: dep, sub: sub, version: version, stamp: stamp)
    edges[link: edge].nextDep = next
    if tail == -1 {
      nodes[link: sub].depsHead = edge
    } else {
      edges[link: tail].nextDep = edge
    }
    nodes[link: sub].depsTail = edge
    linkToDependency(edge)
    lastReadDep = dep
  }

  // MARK: Push

  /// `source` changed (its version was bumped): marks everything that depends on it.
  /// - Parameter direct: how to mark direct subscribers: `.dirty` normally, `.pending` inside a
  ///   transaction.
  @usableFromInline
  func propagate(from source: Int32, direct: NodeFlags) {
    beginOperation()
    defer { endOperation() }
    let base = pendingWalk.count
    changeLog?.noteChange(ofCell: ref(source))
    let noting = changeContext != 0 || changeLog != nil
    var edge = nodes[link: source].subsHead
    while edge != -1 {
      let record = edges[link: edge]
      mark(record.sub, via: edge, as: direct, reason: source, noting: noting)
      edge = record.nextSub
    }
    // Nothing to walk when the marks reached only effects, values read by nobody and chains
    // (`mark` follows those): the walk's call and setup were 26 instructions per kairo write.
    if pendingWalk.count != base { walkPending(above: base) }
  }

  /// Marks the subscribers of every derived value pushed on `pendingWalk` above `base`, in the
  /// order they were pushed (breadth first, but for the single subscribers `mark` follows at
  /// once), so that effects at equal depth are mostly queued in the order they subscribed,
  /// then drops them.
  ///
  /// The change context and the change log are the same for the whole walk (no user code runs
  /// in it), so they are asked once, and the walk that notes neither carries no check per mark
  /// (measured: the context's check in the loop cost 8% of this walk's instructions over the
  /// kairo cases; the log's, a reload of the property after each mark's store, 3 instructions
  /// per mark).
  func walkPending(above base: Int) {
    if changeContext != 0 || changeLog != nil {
      walkPendingNoting(above: base)
    } else {
      walkPendingWithoutNotes(above: base)
    }
  }

  @inline(never)
  private func walkPendingWithoutNotes(above base: Int) {
    walkPending(above: base, noting: false)
  }

  @inline(never)
  private func walkPendingNoting(above base: Int) {
    walkPending(above: base, noting: true)
  }

  @inline(__always)
  private func walkPending(above base: Int, noting: Bool) {
    var cursor = base
    while cursor < pendingWalk.count {
      let node = pendingWalk[cursor]
      cursor += 1
      var edge = nodes[link: node].subsHead
      while edge != -1 {
        let record = edges[link: edge]
        mark(record.sub, via: edge, as: .pending, reason: node, noting: noting)
        edge = record.nextSub
      }
    }
    pendingWalk.truncate(to: base)
  }

  /// Marks `node` stale because a tracked property its latest evaluation read changed.
  /// - Parameter event: the change, when the node keeps reasons.
  /// - Parameter source: the changed property's source serial, for the change log.
  func markTrackedChange(_ ref: NodeRef, event: TrackingEvent?, source: UInt64?) {
    guard isLive(ref) else { return }
    beginOperation()
    defer { endOperation() }
    let node = ref.slot
    let flags = nodes[link: node].flags
    if flags.contains(.disposed) { return }
    if let changeLog {
      changeLog.noteChange(ofProperty: source)
      changeLog.noteMark(ref)
    }
    nodes[link: node].flags.insert(.dirty)
    if nodes[link: node].kind == .effect {
      if flags.contains(.recordsReasons) {
        // With reasons kept, the relay builds an event for every change; only a racing write
        // the run missed comes without one.
        if let event {
          withEffect(at: node) { effect in effect.noteStale(property: event) }
        } else {
          withEffect(at: node) { effect in effect.noteStaleFromRacingWrite() }
        }
      }
      if changeContext != 0 { noteChangeContext(of: node) }
      if !flags.contains(.queued) { schedule(node) }
    } else if flags.isDisjoint(with: .stale) {
      let base = pendingWalk.count
      pendingWalk.append(node)
      walkPending(above: base)
    }
  }

  /// Marks `node`, reached through `edge`, with `mark` (queuing it if it is an effect).
  ///
  /// A derived value that becomes stale here has its subscribers marked pending in turn: at
  /// once, in this loop, when it has exactly one (a chain, or a branch of a fan-out), and
  /// through `pendingWalk` when it has several; one with none is done. The order of the marks
  /// changes nothing but the order effects are queued in, which the run queue sorts (by depth,
  /// then creation) whenever they arrive out of order; along a chain it is the walk's order
  /// anyway. A derived value already stale is not followed, so a cycle of edges ends.
  ///
  /// - Parameter noting: whether a change context or a change log may have to note the mark
  ///   (false: neither is there, and the marks ask for neither).
  @inline(__always)
  private func mark(
    _ node: Int32, via edge: Int32, as mark: NodeFlags, reason source: Int32, noting: Bool
  ) {
    var next = markOne(node, via: edge, as: mark, reason: source, noting: noting)
    // One subscriber: marked now, without a push and a pop of the walk's stack (kairo's
    // chains and fan-out branches are all of this kind). A loop of its own, after the first
    // mark, so that the walk's common step (a node already stale) carries none of its state.
    while next != -1 {
      next = markOne(
        edges[link: next].sub, via: next, as: .pending, reason: source, noting: noting)
    }
  }

  /// Marks `node`; returns the edge to its one subscriber when it is a derived value that just
  /// became stale and has exactly one (for `mark` to follow), -1 otherwise.
  @inline(__always)
  private func markOne(
    _ node: Int32, via edge: Int32, as mark: NodeFlags, reason source: Int32, noting: Bool
  ) -> Int32 {
    // The record is loaded once: nothing here changes the node's kind, run stamp or subscriber
    // list, and no call comes between the load of its flags and their store (a second access,
    // after the store, cost a bounds check and a reload per mark).
    let record = nodes[link: node]
    let flags = record.flags
    if flags.contains(.evaluating) {
      // Reached through an edge the running evaluation has not read yet: it will read the new
      // value or drop the edge. Through one it has read: it saw a value that is now stale.
      guard edges[link: edge].stamp == record.runStamp else { return -1 }
    }
    if flags.contains(.disposed) { return -1 }
    nodes[link: node].flags = flags.union(mark)
    if noting { changeLog?.noteMark(ref(node)) }
    if record.kind == .effect {
      if mark == .dirty && flags.contains(.recordsReasons) {
        // A write: the same source may be written again and again before the run.
        let reason = ref(source)
        withEffect(at: node) { effect in effect.noteStaleIfNew(node: reason) }
      }
      if noting && changeContext != 0 { noteChangeContext(of: node) }
      // An effect may be stale without being queued (a flush that stopped an update cycle
      // dropped it); a new change must queue it again.
      if !flags.contains(.queued) { schedule(node) }
      return -1
    }
    guard flags.isDisjoint(with: .stale) else { return -1 }
    let subscriber = record.subsHead
    if subscriber != record.subsTail {
      pendingWalk.append(node)
      return -1
    }
    // None (-1) or one.
    return subscriber
  }

  /// Queues an effect on its graph.
  ///
  /// The effect is borrowed, not retained (measured: the retains and releases of the effect and
  /// its graph were 6% of a broad propagation). Queuing runs no user code, and every caller is
  /// inside a graph operation, so the store's drain (which could run a host's handler) waits.
  ///
  /// Always inlined, with `Graph.enqueue`: the walk that marks a chain to its effect in one
  /// loop (`mark`) otherwise called both, about 45 instructions of calls per queued effect.
  @inline(__always)
  func schedule(_ node: Int32) {
    nodes[link: node].flags.insert(.queued)
    let ref = ref(node)
    withGuaranteedObject(handles[link: node]!) { object in
      let effect = unsafeDowncast(object, to: Effect.self)
      // The graph too: the effect holds it.
      withGuaranteedObject(Unmanaged.passUnretained(effect.graph)) { graph in
        graph.enqueue(ref, depth: effect.depth, order: effect.creationOrder)
      }
    }
  }

  /// Gives the effect `node` the current change context for its next run (see
  /// `ChangeContext`). Out of line: only changes made with a context come here.
  @inline(never)
  func noteChangeContext(of node: Int32) {
    let context = changeContext
    withEffect(at: node) { effect in
      effect.changeContext = context
      effect.graph.markedWithChangeContext = true
    }
  }

  /// Runs `body` on the effect object of a live effect slot, borrowed (see `handles`): for
  /// bookkeeping that runs no user code, so nothing can release the effect meanwhile.
  @inline(__always)
  func withEffect<Result>(at slot: Int32, _ body: (Effect) -> Result) -> Result {
    withGuaranteedObject(handles[link: slot]!) { object in
      body(unsafeDowncast(object, to: Effect.self))
    }
  }

  /// Records on the effect `node` that `dep` changed since its latest run.
  @inline(__always)
  func noteStaleReason(of node: Int32, from dep: Int32) {
    let reason = ref(dep)
    withEffect(at: node) { effect in effect.noteStale(node: reason) }
  }

  // MARK: Pull

  /// Whether `root` must re-run: true if a dependency really changed, after bringing every
  /// stale derived dependency up to date. Clears `root`'s pending flag when it need not re-run.
  ///
  /// Safe against anything a recomputation does: a recomputation that disposes or releases
  /// `root`, or any node being checked, ends the check (nothing is freed until the outermost
  /// operation ends, and disposal is seen in the flags); one that writes a source marks the
  /// nodes being checked, which the check then sees.
  /// `check(_:)` for an effect: a cycle met on the way is reported as a diagnostic (an effect
  /// has no reader to throw it to) and the effect keeps its dependencies' previous values.
  @usableFromInline
  func needsUpdate(_ root: Int32) -> Bool {
    needsUpdate(root, flags: nodes[link: root].flags)
  }

  /// `needsUpdate(_:)`, with `root`'s flags already loaded (the flush has them from
  /// `unqueue(_:)`, in the same access that took the effect off the queue).
  ///
  /// `root` has its object (the reasons are noted on it): both callers hold a live effect (the
  /// flush one it found not dead, `runIfStale()` itself), and a slot loses its object only
  /// when its node is freed, with the `dead` flag.
  @inline(__always)
  func needsUpdate(_ root: Int32, flags: NodeFlags) -> Bool {
    if flags.contains(.recordsReasons) && flags.contains(.pending) {
      return needsUpdateNotingEveryReason(root)
    }
    let result = check(root)
    if let cycle = result.cycle { reportCycleInCheck(cycle) }
    return result.needsUpdate
  }

  /// `needsUpdate(_:)` for an effect that keeps the reasons it re-runs: every dependency is
  /// decided, not only up to the first that changed (nor none, when a direct change already
  /// made it dirty), so that its reasons name every source that changed since its last run.
  /// Each stale derived dependency is checked and brought up to date, as the run would on
  /// reading it. Only effects that record reasons come here.
  ///
  /// Always inlined (into the flush and `runIfStale()`): effects record reasons by default, so
  /// most checks of a pending effect come here, and as a call its entry and exit were a good
  /// part of it for an effect with one dependency.
  @inline(__always)
  private func needsUpdateNotingEveryReason(_ root: Int32) -> Bool {
    beginOperation()
    defer { endOperation() }
    var needs = nodes[link: root].flags.contains(.dirty)
    var edge = nodes[link: root].depsHead
    while edge != -1 {
      let link = edges[link: edge]
      let dep = link.dep
      let flags = nodes[link: dep].flags
      if nodes[link: dep].kind == .derived && !flags.isDisjoint(with: .stale) {
        let result = check(dep)
        if let cycle = result.cycle { reportCycleInCheck(cycle) }
        if result.needsUpdate || !flags.contains(.hasValue) { _ = updateNode(dep) }
      } else if flags.contains(.unsettled) {
        _ = updateNode(dep)
      }
      if nodes[link: root].flags.contains(.disposed) { return false }
      if link.version != nodes[link: dep].version {
        needs = true
        let reason = ref(dep)
        withEffect(at: root) { effect in effect.noteStaleIfNew(node: reason) }
      }
      edge = link.nextDep
    }
    if !needs { nodes[link: root].flags.remove(.pending) }
    return needs
  }

  /// What a check found.
  @usableFromInline
  struct CheckResult {
    /// Whether a dependency really changed.
    @usableFromInline var needsUpdate: Bool
    /// The first dependency cycle met, as a path of names, if any: the check treated that edge
    /// as unchanged.
    @usableFromInline var cycle: [String]?
  }

  /// Whether `root` must re-run, and any cycle met on the way (see `needsUpdate(_:)`).
  @usableFromInline
  func check(_ root: Int32) -> CheckResult {
    let rootFlags = nodes[link: root].flags
    if rootFlags.contains(.dirty) { return CheckResult(needsUpdate: true, cycle: nil) }
    guard rootFlags.contains(.pending) else { return CheckResult(needsUpdate: false, cycle: nil) }
    activeOperations &+= 1
    defer { endOperation() }
    // The node being decided is kept in `node`/`edge`; the stack holds its ancestors, each with
    // the edge to resume from. One shared stack for all checks: a check can start another (a
    // recomputation reads a derived value), so each works above the depth it started at.
    let base = checkStack.count
    var node = root
    var edge = withRecord(root) { record in
      record.flags.insert(.checking)
      return record.depsHead
    }
    // After a cycle, nodes stay pending so that a later read checks them again instead of
    // keeping a value computed from the cycle's stale side.
    var sawCycle = false
    var cycle: [String]?
    // Whether `node` must re-run. Set by whoever moves to a node: from flags it just read when
    // descending, from a fresh read when coming back to a parent (the child's update may have
    // marked it). Each record is accessed once per step where one access suffices.
    var needs = false
    decide: while true {
      while !needs && edge != -1 {
        let link = edges[link: edge]
        let dep = link.dep
        let record = nodes[link: dep]
        let flags = record.flags
        if !flags.isDisjoint(with: .onStack) {
          if cycle == nil { cycle = cyclePathInCheck(of: root, deciding: node, at: dep) }
          sawCycle = true
          edge = link.nextDep
          continue
        }
        if record.kind == .derived && !flags.isDisjoint(with: .stale) {
          if flags.contains(.hasValue) {
            // The dependency's first edge, looked at before deciding how to decide `dep`, with
            // what the walk of `dep` would do at its first step done here, on the records
            // already loaded.
            var firstEdge = record.depsHead
            var decidedHere = flags.contains(.dirty)
            if !decidedHere && firstEdge != -1 {
              let firstLink = edges[link: firstEdge]
              let firstDep = firstLink.dep
              let firstRecord = nodes[link: firstDep]
              let firstFlags = firstRecord.flags
              if firstFlags.isDisjoint(with: NodeFlags.stale.union(.onStack).union(.unsettled)) {
                if firstLink.version != firstRecord.version {
                  // Up to date and changed: `dep` must re-run.
                  decidedHere = true
                  if flags.contains(.recordsReasons), handles[link: dep] != nil {
                    noteStaleReason(of: dep, from: firstDep)
                  }
                } else {
                  // Up to date and unchanged: the walk of `dep` goes on after it.
                  firstEdge = firstLink.nextDep
                }
              } else if firstRecord.kind == .derived && firstFlags.contains(.hasValue)
                && firstFlags.isDisjoint(with: .onStack) && firstDep != dep
              {
                // A stale derived value too (a chain): two levels down at once, as the walk
                // of `dep` would go down at its first step.
                checkStack.append(CheckFrame(node: node, edge: edge))
                nodes[link: dep].flags.insert(.checking)
                checkStack.append(CheckFrame(node: dep, edge: firstEdge))
                nodes[link: firstDep].flags.insert(.checking)
                node = firstDep
                edge = firstRecord.depsHead
                needs = firstFlags.contains(.dirty)
                continue decide
              }
            }
            if decidedHere {
              // Decided without walking it: brought up to date now, and this edge decided as
              // the walk below decides it on coming back (no frame pushed and popped, no flag
              // set and cleared: in kairo's mux, 99 of the 100 checks per write end here).
              let changed = updateNode(dep)
              if nodes[link: root].flags.contains(.disposed) {
                nodes[link: node].flags.remove(.checking)
                return CheckResult(needsUpdate: abandonCheck(root, base), cycle: cycle)
              }
              let nodeFlags = nodes[link: node].flags
              if nodeFlags.contains(.dirty) {
                needs = true
              } else {
                let updated = nodes[link: dep]
                if updated.flags.isDisjoint(with: .stale) {
                  if changed {
                    needs = true
                    if nodeFlags.contains(.recordsReasons), handles[link: node] != nil {
                      noteStaleReason(of: node, from: dep)
                    }
                  } else if link.version == updated.version {
                    // Up to date and unchanged: on to the next edge, as the walk's step would
                    // go on re-reading this one (in kairo's mux, 99 of 100 checks per write).
                    edge = link.nextDep
                  }
                }
              }
              // Otherwise this edge is read again, the dependency now up to date (or stale
              // again, to bring up to date first; or it changed before this check).
              continue
            }
            // Decide the dependency first; come back to this edge afterwards.
            checkStack.append(CheckFrame(node: node, edge: edge))
            nodes[link: dep].flags.insert(.checking)
            node = dep
            edge = firstEdge
            needs = false
            continue decide
          }
          // Never computed (it failed, or ran out of stack): compute it now.
          _ = updateNode(dep)
          if nodes[link: root].flags.contains(.disposed) {
            nodes[link: node].flags.remove(.checking)
            return CheckResult(needsUpdate: abandonCheck(root, base), cycle: cycle)
          }
        } else if flags.contains(.unsettled) {
          _ = updateNode(dep)
        }
        if link.version != nodes[link: dep].version {
          needs = true
          if nodes[link: node].flags.contains(.recordsReasons), handles[link: node] != nil {
            noteStaleReason(of: node, from: dep)
          }
        } else {
          edge = link.nextDep
        }
      }
      // Decided: `node` leaves the check, and stops being pending unless it must re-run or a
      // cycle was met.
      let decided: NodeFlags = needs || sawCycle ? .checking : NodeFlags.checking.union(.pending)
      if checkStack.count == base {
        let disposed = withRecord(root) { record in
          record.flags.remove(decided)
          return record.flags.contains(.disposed)
        }
        return CheckResult(needsUpdate: needs && !disposed, cycle: cycle)
      }
      nodes[link: node].flags.remove(decided)
      var changed = false
      if needs {
        changed = updateNode(node)
        if nodes[link: root].flags.contains(.disposed) {
          return CheckResult(needsUpdate: abandonCheck(root, base), cycle: cycle)
        }
      }
      let child = node
      let parent = checkStack.removeLast()
      node = parent.node
      edge = parent.edge
      let parentFlags = nodes[link: node].flags
      needs = parentFlags.contains(.dirty)
      if !needs {
        let childRecord = nodes[link: child]
        if childRecord.flags.isDisjoint(with: .stale) {
          if changed {
            // The child got a new version, so the parent's edge to it (where `edge` stands) is
            // out of date: decided here rather than by re-reading that edge and the child's
            // record (a child still stale, its update having invalidated it again, is re-read
            // and brought up to date first, as before).
            needs = true
            if parentFlags.contains(.recordsReasons), handles[link: node] != nil {
              noteStaleReason(of: node, from: child)
            }
          } else {
            // Up to date and not updated by this check: the edge decides as the walk's step
            // would on it (nothing to bring up to date, no cycle: the child has just left the
            // check), from the record already loaded. Equal, the walk goes on after it; not
            // (the child changed before this check), the step re-reads it and decides.
            let link = edges[link: edge]
            if link.version == childRecord.version { edge = link.nextDep }
          }
        }
      }
    }
  }

  /// Whether the first dependency of `node` (whose record is `record`), pending, decides on
  /// its own that `node` must re-run: it is up to date (no update, no cycle, nothing to settle)
  /// and changed since `node` read it. Notes the reason as the check's walk would. The walk
  /// decides such a node the same way at its first step, after setting up for the rest.
  @inline(__always)
  func firstDependencyChanged(of node: Int32, _ record: NodeRecord) -> Bool {
    let edge = record.depsHead
    if edge == -1 { return false }
    let link = edges[link: edge]
    let dep = nodes[link: link.dep]
    guard
      dep.flags.isDisjoint(with: NodeFlags.stale.union(.onStack).union(.unsettled))
        && link.version != dep.version
    else { return false }
    if record.flags.contains(.recordsReasons), handles[link: node] != nil {
      noteStaleReason(of: node, from: link.dep)
    }
    return true
  }

  /// Ends a check whose root was disposed (or released) by user code in the middle of it: the
  /// ancestors still on the stack above `base` are abandoned.
  private func abandonCheck(_ root: Int32, _ base: Int) -> Bool {
    while checkStack.count > base {
      let frame = checkStack.removeLast()
      nodes[link: frame.node].flags.remove(.checking)
    }
    nodes[link: root].flags.remove(.checking)
    return false
  }

  /// Brings a node up to date through its object: recomputes a derived value, settles a cell.
  /// Returns whether its value changed. The object is alive: it has subscribers, whose
  /// references the store keeps until no operation runs (rule 2 of `NodeStore`).
  ///
  /// Borrowed, not retained, for the update (measured: a retain and release per recomputation
  /// was 4% of the kairo workloads). Nothing can release the object during it: a derived value
  /// the check reached has a subscriber, and the store gives back its reference only once no
  /// operation runs (the caller's check or settle is one); a cell's settle runs no user code.
  func updateNode(_ slot: Int32) -> Bool {
    guard let handle = handles[link: slot] else { return false }
    return withGuaranteedObject(handle) { node in update(node) }
  }

  /// Runs `node`'s update, on a fresh stack segment of this thread when this one is nearly
  /// used up: a first evaluation nests one level per derived value it reaches, and this is
  /// where each level begins. Never another thread.
  ///
  /// Where no fresh segment could be mapped and the stack is below `stackReserve`, a derived
  /// value's evaluation is refused here, after reporting, as `beginEvaluation` refuses one
  /// (a recomputation's skips that look: its update closure is only called from here).
  ///
  /// Always inlined, with the rare case out of line: as a call, its entry and exit were
  /// about 12 instructions per recomputation, around a look at the stack and a closure call.
  @inline(__always)
  func update(_ node: GraphNode) -> Bool {
    if remainingStackBytes() < Self.stackSwitchThreshold { return updateWithLittleStack(node) }
    return node.update(node)
  }

  /// `update(_:)` when the stack left is below `stackSwitchThreshold`.
  @inline(never)
  func updateWithLittleStack(_ node: GraphNode) -> Bool {
    var changed = false
    if withFreshStack({ changed = node.update(node) }) { return changed }
    if remainingStackBytes() < Self.stackReserve && nodes[link: node.slot].kind == .derived {
      reportTooDeep(node)
      return false
    }
    return node.update(node)
  }

  /// Reports a cycle an effect's check met: the check led back to a node that is evaluating
  /// or being checked, and treated that edge as unchanged, so the effect sees previous values.
  func reportCycleInCheck(_ path: [String]) {
    cycleReports += 1
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .dependencyCycle, nodes: path,
        message:
          "\(path.joined(separator: " → ")) form a cycle; '\(path[path.count - 2])' keeps its "
          + "previous value. Break the cycle so that no value depends on itself."))
  }

  /// The name of a live node, for diagnostics. Never inlined: it is cold, and inlined into
  /// `check` its code cost the hot loop registers (measured: 45 instructions more per check of
  /// a broad-case effect).
  @inline(never)
  func name(of slot: Int32) -> String {
    guard let handle = handles[link: slot] else { return "a released node" }
    return withGuaranteedObject(handle) { node in node.name }
  }
}

/// A node being checked and the dependency edge the check has reached.
@usableFromInline
struct CheckFrame: BitwiseCopyable {
  let node: Int32
  var edge: Int32
}
