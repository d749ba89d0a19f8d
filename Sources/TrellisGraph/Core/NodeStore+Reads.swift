/// Reads of derived values, effect scheduling and disposal requests, and their diagnostics.
extension NodeStore {
  /// The outcome of bringing a derived value up to date before a read.
  @usableFromInline
  enum RefreshResult {
    /// Up to date (or, after a reported failure to evaluate, its previous value stands).
    case fresh
    /// As `fresh`, but the value was computed on a dependency cycle (it is flagged `cycleMet`):
    /// told here, from the flags the refresh loads anyway, so that the read does not load them
    /// again to ask.
    case freshOnCycle
    /// Reading it now closes a cycle through these evaluations (outermost first).
    case cycle([String])
    /// It has never been computed and could not be now: the stack is nearly exhausted.
    case tooDeep
  }

  /// Brings the derived value `node` up to date for a read, after applying the changes posted
  /// from other threads (as a flush would apply them: a tracked property written and then read
  /// through this value reads the new one).
  @usableFromInline
  func refresh(_ node: GraphNode) -> RefreshResult {
    // The hold, a plain load, is asked before the flag, a call: inside a flush, where drains
    // are held (`drain()` would do nothing) and most refreshes happen, the call is spared.
    if TrackedChangeInbox.holds == 0 && postedChanges.isSet { TrackedChangeInbox.drain() }
    let slot = node.slot
    let record = nodes[link: slot]
    let flags = record.flags
    if !flags.isDisjoint(with: .onStack) {
      return .cycle(cyclePath(to: slot) + [node.name])
    }
    if flags.contains(.hasValue) {
      // A read after a write, of the next link of a chain or of a value whose first read is
      // the written cell: its first dependency decides, as `check` would decide it at its
      // first step, without the check's setup (kairo's triangle reads 9 such values per write,
      // diamond 5). Here rather than in `check`, whose other callers mostly meet a stale
      // derived value first, where the test would be paid twice.
      if flags.contains(.pending) && !flags.contains(.disposed)
        && firstDependencyChanged(of: slot, record)
      {
        _ = update(node)
        return afterRefresh(of: slot)
      }
      let result = check(slot)
      if result.needsUpdate {
        _ = update(node)
      } else if let cycle = result.cycle {
        return .cycle(cycle)
      }
    } else {
      _ = update(node)
    }
    return afterRefresh(of: slot)
  }

  /// What a refresh of `slot` that ran its update (or found nothing to do) returns.
  @inline(__always)
  private func afterRefresh(of slot: Int32) -> RefreshResult {
    let after = nodes[link: slot].flags
    if !after.contains(.hasValue) { return .tooDeep }
    if !after.isDisjoint(with: .stale) { readerSawStaleValue(of: slot) }
    // Marking the reader (another node: a read of a node on the stack is a cycle, returned
    // before) leaves this node's `cycleMet` as loaded.
    return after.contains(.cycleMet) ? .freshOnCycle : .fresh
  }

  /// `dep` is stale again right after its update (its computation wrote something it had
  /// read): the evaluation reading it now gets a value that is already out of date, and a
  /// later change of `dep`'s inputs would not reach it (a stale node's readers are not marked
  /// again). So the reader is marked dirty now, as if `dep` had changed after the read: an
  /// effect runs again in this flush (bounded by the update-cycle limit), a derived value
  /// recomputes on its next read, reading `dep` up to date then.
  private func readerSawStaleValue(of dep: Int32) {
    let reader = currentSubscriber
    guard reader >= 0 else { return }
    let flags = nodes[link: reader].flags
    guard !flags.contains(.disposed) else { return }
    beginOperation()
    defer { endOperation() }
    nodes[link: reader].flags.insert(.dirty)
    guard nodes[link: reader].kind == .effect else { return }
    if flags.contains(.recordsReasons), handles[link: reader] != nil {
      noteStaleReason(of: reader, from: dep)
    }
    if !flags.contains(.queued) { schedule(reader) }
  }

  /// A read of `slot`, flagged `cycleMet`, returned a value computed on a dependency cycle.
  /// A reading derived value is flagged in turn (see `readerMetCycle(_:)`), and reported by
  /// whoever reads it. Any other read (an effect's, or one outside every evaluation) is
  /// reported, unless bringing `slot` up to date for it already reported a cycle
  /// (`reportsBefore` is `cycleReports` as the read began): one report per read.
  @usableFromInline
  func reportReadOnCycle(of slot: Int32, reportsBefore: Int) {
    let path = cyclePath(of: slot)
    if readerMetCycle(path) { return }
    guard cycleReports == reportsBefore else { return }
    cycleReports += 1
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .dependencyCycle, nodes: path,
        message:
          "'\(name(of: slot))' was computed on the dependency cycle "
          + "\(path.joined(separator: " → ")); the read returns that value until a value on "
          + "the cycle changes. Break the cycle so that no value depends on itself."))
  }

  /// The cycle a derived value flagged `cycleMet` was computed on.
  @usableFromInline
  func cyclePath(of slot: Int32) -> [String] { cyclePaths[slot] ?? [name(of: slot)] }

  /// The running evaluation read a value that closes, or was computed on, the cycle `path`,
  /// and got a value from the cycle's stale side. A derived value's result is then flagged
  /// `cycleMet`, so that its own readers are told, read after read, rather than silently
  /// getting values that disagree (each side of a cycle computed from the other's previous
  /// value). The flag goes at its next evaluation, which a change on the cycle brings about.
  /// Only a tracked reader: it depends on what it read, so that evaluation comes. Returns
  /// whether the reader was flagged.
  @usableFromInline
  @discardableResult
  func readerMetCycle(_ path: [String]) -> Bool {
    let reader = currentSubscriber
    guard reader >= 0, nodes[Int(reader)].kind == .derived else { return false }
    nodes[Int(reader)].flags.insert(.cycleMet)
    cyclePaths[reader] = path
    return true
  }

  /// The path from `slot` to the innermost running evaluation, which is about to read `slot`
  /// and so close a cycle: the chain of running evaluations (including those an `untracked`
  /// region hides from dependency recording) if `slot` is one of them; otherwise `slot` is
  /// being checked, and the path runs from it through the checks under way to the evaluation
  /// one of them started, then down the chain. Only asked when a cycle is met.
  func cyclePath(to slot: Int32) -> [Int32] {
    var chain: [Int32] = []
    var cursor = innermostEvaluation
    while cursor >= 0 {
      chain.append(cursor)
      if cursor == slot { return chain.reversed() }
      cursor = nodes[Int(cursor)].evaluatingParent
    }
    if nodes[Int(slot)].flags.contains(.checking) {
      for (index, evaluation) in chain.enumerated() {
        if let path = pathThroughChecks(from: slot, to: evaluation) {
          return path + chain[..<index].reversed()
        }
      }
    }
    return chain.reversed()
  }

  /// A path of dependencies from `start` to `goal` whose nodes before `goal` are all being
  /// checked (a check descends from a node to its dependencies, so the checks under way form
  /// such paths), both ends included; nil if there is none. A depth-first search over the
  /// checked nodes' dependencies, each visited once; only asked when a cycle is met.
  func pathThroughChecks(from start: Int32, to goal: Int32) -> [Int32]? {
    var visited: Set<Int32> = [start]
    var path: [(node: Int32, edge: Int32)] = [(start, nodes[Int(start)].depsHead)]
    while let top = path.last {
      guard top.edge != -1 else {
        path.removeLast()
        continue
      }
      let link = edges[Int(top.edge)]
      path[path.count - 1].edge = link.nextDep
      if link.dep == goal { return path.map(\.node) + [goal] }
      if nodes[Int(link.dep)].flags.contains(.checking), visited.insert(link.dep).inserted {
        path.append((link.dep, nodes[Int(link.dep)].depsHead))
      }
    }
    return nil
  }

  /// The path of the cycle a check met: deciding `node` (in the check of `root`), it found its
  /// dependency `dep` evaluating or being checked. The path starts and ends at `dep`.
  func cyclePathInCheck(of root: Int32, deciding node: Int32, at dep: Int32) -> [String] {
    var path: [Int32]
    if dep == node {
      path = [node]
    } else if nodes[Int(dep)].flags.contains(.evaluating) {
      // `dep` down to the innermost evaluation, which read `root`; then the check's own path.
      let checked = root == node ? nil : pathThroughChecks(from: root, to: node)
      path = cyclePath(to: dep) + (checked ?? [node])
    } else {
      path = pathThroughChecks(from: dep, to: node) ?? (cyclePath(to: dep) + [node])
    }
    return (path + [dep]).map(name(of:))
  }

  /// The names of a chain of slots.
  func cyclePath(to slot: Int32) -> [String] { cyclePath(to: slot).map(name(of:)) }

  /// Reports a cycle met by a non-throwing read of `node`; stops the program when the read
  /// has no previous value to return.
  @usableFromInline
  func reportCycle(_ path: [String], at node: GraphNode, hasValue: Bool) {
    let shown = path.joined(separator: " → ")
    guard hasValue else {
      // The read that stops is the `value` read inside the cycle, not the outer one (which may
      // already be a `try get()`): name where it is.
      let reader = currentSubscriber >= 0 ? name(of: currentSubscriber) : nil
      let place = reader.map { " in '\($0)'" } ?? ""
      TrellisDiagnostics.trap(
        "dependency cycle: \(shown); '\(node.name)' has no previous value to return "
          + "to its `value` (or `peek()`) read\(place). Break the cycle, or read '\(node.name)' with "
          + "`try get()`\(place) to get a GraphError instead.")
    }
    cycleReports += 1
    // The read that returns the previous value is the one inside the cycle: the outer read
    // gets what is computed from it, which a reader took for a broken promise (found by a user
    // of the graph layer), so the message names that read.
    let reader = currentSubscriber >= 0 ? name(of: currentSubscriber) : nil
    let place = reader.map { " in '\($0)'" } ?? ""
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .dependencyCycle, nodes: path,
        message:
          "'\(node.name)' depends on itself through \(shown); its read\(place), inside the "
          + "cycle, returns its previous value."))
    readerMetCycle(path)
  }

  /// Reports a non-throwing read of a derived value that failed; stops the program when there
  /// is no previous value to return.
  @usableFromInline
  func reportFailedRead(of node: GraphNode, _ failure: String, hasValue: Bool) {
    guard hasValue else {
      TrellisDiagnostics.trap(
        "'\(node.name)' \(failure), and it has no previous value to return. Read it "
          + "with `try get()` to handle the failure.")
    }
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .evaluationFailed, nodes: [node.name],
        message:
          "'\(node.name)' \(failure); `value` returns its last good value. Read it with "
          + "`try get()` to handle the failure."))
  }

  /// Reports an explicit `run()` of an effect that is already running or being checked.
  func reportReentrantRun(of node: GraphNode) {
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .dependencyCycle, nodes: [node.name],
        message:
          "'\(node.name)' was asked to run while it is already running (or checking its "
          + "inputs); the request was ignored."))
  }

  /// Marks an effect dirty and queues it.
  func markForRun(_ slot: Int32) {
    beginOperation()
    defer { endOperation() }
    nodes[Int(slot)].flags.insert(.dirty)
    if changeContext != 0 { noteChangeContext(of: slot) }
    if !nodes[Int(slot)].flags.contains(.queued) { schedule(slot) }
  }

  /// Drops a disposed node's dependencies: now, or, if a graph operation is running (the
  /// disposal came from inside an evaluation), when it ends.
  func disposeDependencies(of slot: Int32) {
    if activeOperations == 0 {
      removeDependencies(of: slot, after: -1)
      drainIfIdle()
    } else {
      pendingUnlinks.append(ref(slot))
      hasDeferredWork = true
    }
  }

  /// Runs `body` with `owner` owning the effects created in it, reading untracked.
  func withOwner<Result>(_ owner: GraphNode, _ body: () throws -> Result) rethrows -> Result {
    try withoutEvaluation(owner: owner.slot, body)
  }

  /// Tells `graph`, once the current operation ends, that work was queued.
  func notifyAtEndOfOperation(_ graph: Graph) {
    graphsToNotify.append(graph)
    hasDeferredWork = true
    if activeOperations == 0 { drainIfIdle() }
  }
}
