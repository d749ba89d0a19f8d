import TrellisEnvironment
import TrellisGraph

/// Mounts a root view headlessly and runs it: the entry point for tests, demos and
/// frameworks built on Trellis.
///
/// ```swift
/// let host = ViewHost(CounterList(), executor: .manual)
/// host.tap("Add")
/// host.flush()
/// print(host.dump())
/// print(host.bodyRuns)   // which bodies re-ran, and why
/// ```
///
/// - With `.manual`, nothing happens between calls: `flush()` runs every pending body (parents
///   before children), then the lifecycle actions of that update (see `CommitQueue` order), and
///   repeats while those actions scheduled more work. With `.mainActor`, the same happens on
///   its own, coalesced per main-actor turn.
/// - `tree` is the rendered tree as a value; `dump()` prints it.
/// - `events` logs appear, disappear, task start and cancel, and onChange, in order.
/// - `bodyRuns` logs every body evaluation with its reasons; `bodyCount(of:)` counts them.
///
/// If lifecycle actions keep scheduling work for `maximumRounds` rounds of one `flush()`, the
/// host stops and reports a `GraphDiagnostic.Kind.updateCycle` naming the views involved.
/// Two hosts never share state, even for the same root type.
@MainActor
public final class ViewHost {
  let core: HostCore

  /// The host's dependency graph (for its flush count and executor).
  public var graph: Graph { core.graph }

  /// The root environment scope; set values here to affect the whole tree.
  public var environment: EnvironmentScope { core.rootEnvironment }

  /// Mounts `root`: evaluates the bodies of the initial tree and, with the `.manual`
  /// executor, runs its lifecycle actions at once (so the tree has appeared on return).
  /// - Parameters:
  ///   - root: the root view.
  ///   - executor: `.mainActor` for apps (default), `.manual` for tests.
  ///   - environment: the root environment scope (default: a new one).
  public init<Root: View>(
    _ root: Root, executor: GraphExecutor = .mainActor,
    environment: EnvironmentScope = EnvironmentScope(name: "root")
  ) {
    let graph = Graph(executor: executor)
    core = HostCore(graph: graph, environment: environment)
    graph.afterFlush = { [weak core] in core?.commit() }
    let node = ViewNode(
      parent: nil, key: .index(0), viewType: Root.self, explicitID: nil, host: core)
    core.root = node
    Root._update(root, in: node)
    if executor == .manual {
      flush()
    } else {
      core.commit()
    }
  }

  /// Replaces the root view's value (new inputs); its body re-runs if they differ.
  /// - Parameter root: the new root value; must be of the mounted root's type.
  public func update<Root: View>(root: Root) {
    guard let node = core.root, node.viewTypeID == ObjectIdentifier(Root.self) else {
      GraphDiagnostics.report(
        GraphDiagnostic(
          kind: .invalidInput, nodes: ["\(Root.self)"],
          message: "update(root:) got a \(Root.self), but the mounted root is another type."))
      return
    }
    Root._update(root, in: node)
    core.commit()
  }

  /// Runs pending work now: stale bodies, then lifecycle actions, until quiet.
  public func flush() {
    var rounds = 0
    while true {
      graph.flush()
      core.commit()
      guard graph.hasPendingWork else { return }
      rounds += 1
      if rounds >= core.maximumRounds {
        let names = graph.pendingEffectNames
        GraphDiagnostics.report(
          GraphDiagnostic(
            kind: .updateCycle, nodes: names,
            message:
              "\(names.joined(separator: ", ")) kept scheduling updates for \(rounds) rounds; "
              + "the host stopped. A lifecycle action or task probably writes state that "
              + "recreates the view that runs it (look for an .id or onAppear feeding back)."))
        graph.discardPendingWork()
        return
      }
    }
  }

  /// Waits until every task started so far has finished, then flushes.
  public func waitForTasks() async {
    while !core.tasks.isEmpty {
      let tasks = core.tasks
      core.tasks.removeAll()
      for task in tasks { await task.value }
      flush()
    }
  }

  /// Removes the whole tree: every view disappears and every task is cancelled.
  public func unmount() {
    guard let root = core.root else { return }
    core.unmount(root)
    core.root = nil
    core.commit()
  }

  /// The lifecycle events so far, in order.
  public var events: [LifecycleEvent] { core.events }

  /// The body evaluations so far, in order, with their reasons.
  public var bodyRuns: [BodyRun] { core.bodyRuns }

  /// How many times bodies of views with this display name (`Counter`, `NoteRow #3`) or type
  /// name (`NoteRow`) ran.
  /// - Parameter view: a display name or a type name.
  /// - Returns: the count.
  public func bodyCount(of view: String) -> Int {
    core.bodyCountsByView[view] ?? core.bodyCountsByType[view] ?? 0
  }

  /// Body evaluation counts per view type name.
  public var bodyCountsByType: [String: Int] { core.bodyCountsByType }

  /// Forgets the events and body runs logged so far (counts included), to assert on the next
  /// step alone.
  public func clearLogs() {
    core.events.removeAll()
    core.bodyRuns.removeAll()
    core.bodyCountsByView.removeAll()
    core.bodyCountsByType.removeAll()
  }
}
