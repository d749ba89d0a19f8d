import Synchronization
import TrellisEnvironment
import TrellisGraph

/// Everything one host owns: the graph, the node tree, the update cycle, the renderers, the
/// lifecycle queue and the logs. Nothing here is shared with another host.
///
/// Nodes hold the core `unowned`: the core dismantles its tree before it goes.
///
/// Exclusivity: the fields every update touches (the cycle, the change lists, the element
/// table, the renderers) opt out of dynamic exclusivity checks (`@exclusivity(unchecked)`):
/// each check is a runtime call, and an update made about thirty of them. What a check would
/// catch cannot happen here: the host is confined to the main actor, its mutating helpers
/// (`UpdateCycle`, `ElementTable`, `LifecycleQueue`) run no closures, and queued actions and
/// deferred writes are taken out of their lists before they run.
@MainActor
final class HostCore {
  let graph: Graph
  let rootEnvironment: EnvironmentScope
  /// The presentations made from the host's content, one shown at a time.
  let rootPresentationSlot = PresentationSlot()
  let options: ViewHostOptions
  /// Whether body runs, their reasons and lifecycle events are logged.
  let logsUpdates: Bool
  var root: ViewNode?

  // MARK: The update cycle

  @exclusivity(unchecked) var cycle: UpdateCycle
  /// The node whose body is being evaluated, if any.
  @exclusivity(unchecked) private(set) var evaluatingNode: ViewNode?
  /// `@State` writes made while a body ran, applied after the flush.
  @exclusivity(unchecked) var deferredWrites: [@MainActor () -> Void] = []
  /// The states whose write during a body was reported in the current cycle.
  @exclusivity(unchecked) var reportedBodyWrites: Set<ObjectIdentifier> = []
  /// What fed a cycle's last two rounds, named for the update-cycle report: the feedback
  /// actions run (`onChange`, `onPreferenceChange`; see `noteFeedbackAction(_:)`) and the
  /// renderer inputs made from inside a commit (see `noteRendererInput(_:)`). No dynamic
  /// exclusivity checks (one per update, for clearing it): it is private, and every access is
  /// one statement.
  @exclusivity(unchecked) private var lateFeedback: [LateFeedback] = []
  /// Whether a view deeper than `ViewHostOptions.maximumDepth` was reported (once per host).
  private var reportedTooDeep = false

  // MARK: Lifecycle and logs

  @exclusivity(unchecked) var lifecycleQueue = LifecycleQueue()
  var events: [LifecycleEvent] = []
  var tasks = StartedTasks()
  var bodyRuns: [BodyRun] = []
  var bodyCountsByView: [String: Int] = [:]
  /// Every display name whose body ran while updates were logged, kept across `clearLogs()`,
  /// so that `bodyCount(of:)` can tell a view that did not run from a name no view had.
  var loggedDisplayNames: Set<String> = []
  /// The composite view types this host has seen, with their body-run counts.
  @exclusivity(unchecked) var compositeTypes: [ObjectIdentifier: CompositeType] = [:]
  /// The composite type looked up last, checked before `compositeTypes`: a list mounts its
  /// rows in a run of one type, and hashing the type for each row cost about 150 instructions
  /// of its mount.
  var lastCompositeType: CompositeType?

  // MARK: Elements and the commit

  @exclusivity(unchecked) var elements = ElementTable(hostTag: HostCore.nextHostTag())
  /// The renderers the host was made with. Fixed when the host is made: a `let`, so that a
  /// commit's loops over it borrow the array instead of retaining it for every call.
  let renderers: [RendererBox]
  /// The identity of the app's renderer while this host holds it in `AttachedRenderers`;
  /// given back when the host unmounts or goes.
  var attachedRenderer: ObjectIdentifier?
  /// Whether the host was unmounted and gives its renderer back after the commit that removes
  /// the tree.
  var givesRendererBackAfterCommit = false
  /// The box of the tree behind `ViewHost.tree`, dormant until the tree is first read (see
  /// `renderedTree`); nil with `keepsTree: false`. Not in `renderers`: the commit sends it
  /// mutations only once it is active.
  let treeBox: TreeRendererBox?
  /// Whether a commit is sending its mutations (the tree cannot be built from the elements'
  /// state then: part of it is already the next commit's).
  var isCommitting = false
  /// The commit the changes recorded now will go into.
  @exclusivity(unchecked) var commitNumber: UInt32 = 1
  /// The update whose changes are recorded now: advanced at every commit step, whether or not
  /// it had anything to send (`commitNumber` advances only with a commit sent), so that what an
  /// update notes for its commit (an `.animation(_:value:)` whose value changed) never carries
  /// over to a later update's commit.
  @exclusivity(unchecked) var updateNumber: UInt32 = 1
  /// The elements whose children changed, in the order they were marked.
  @exclusivity(unchecked) var changedChildren: [ElementID] = []
  /// The leaves whose text changed: nodes rather than handles, so that marking one and
  /// sending its text touch only the node (with 100,000 rows, each other structure touched is a
  /// cache miss of its own).
  @exclusivity(unchecked) var changedText: [ViewNode] = []
  @exclusivity(unchecked) var changedAttributes: [ElementID] = []
  /// Elements of nodes that left the tree, released after the commit.
  @exclusivity(unchecked) var removedElements: [ElementID] = []
  /// The root container's children as the renderers have them.
  @exclusivity(unchecked) var rootChildren: [ElementID] = []
  /// Viewports reported by renderers, or set by `ViewHost.scroll(toRow:visibleRows:)`, by
  /// element.
  var viewports: [ElementID: Viewport] = [:]
  /// The elements whose viewport the host's `scroll(toRow:visibleRows:)` set last, rather than
  /// a renderer: the host is their scroll view, and keeps their offset within the rows (see
  /// `LazyRowsPart.clampHostScroll`). A renderer keeps its own scroll view's offset.
  var hostScrolledViewports: Set<ElementID> = []
  /// Whether a "back" (`ViewHost.dismiss()`) was asked for since the last commit: the tree
  /// it was worked out from does not show it yet.
  var hasPendingDismissal = false
  /// How many presented contents (sheets, covers, alerts, dialogs) are in the tree, shown or
  /// hidden: while there are none, input needs no search for the frontmost one.
  let mountedPresentations = PresentationCount()

  // MARK: Visibility

  /// Subtrees a retaining container showed since the last commit; their views appear after it
  /// (see `Lifecycle/Visibility.swift`).
  @exclusivity(unchecked) var shownSubtrees: [ViewNode] = []

  @exclusivity(unchecked) private var claimCounter: UInt32 = 0

  // MARK: Focus, preferences and transactions (see Focus/, Preferences/, Transactions/)

  /// The focused control and the `.focused` bindings.
  let focus = FocusCoordinator()
  /// Every preference reader in the tree, by identity.
  var preferenceReaders: [ObjectIdentifier: any PreferenceResolving] = [:]
  /// How many preference readers were made (their tie-breaking order).
  var preferenceReaderSerial = 0
  /// How many times a reader collected its content's values (for tests of what a change
  /// makes collect).
  var preferenceCollections = 0
  /// The readers to collect when the flush ends.
  @exclusivity(unchecked) var stalePreferenceReaders: [any PreferenceResolving] = []
  /// Whether this update records the change context of each changed element: a change since
  /// the last flush began carried a transaction to this host's graph
  /// (`Graph.takeChangeContextMark()`), or the flush runs inside a transaction.
  @exclusivity(unchecked) var recordsChangeContexts = false
  /// How many flush rounds recorded change contexts (for tests that check a transaction used
  /// with another host's models costs this one nothing).
  var changeContextRecordings = 0
  /// How many elements the commits' transaction walks visited, counting each step up to a
  /// recorded context (for the test that checks a new subtree's transactions cost O(size), not
  /// O(size × depth)).
  var transactionWalkSteps = 0
  /// The change context of each element changed in this update, while it records them.
  /// Checked, unlike the fields above it: only updates that follow a transaction touch it.
  var changeContexts: [ElementID: UInt32] = [:]
  /// The latest nonzero context a change of this update was recorded under: the commit's own
  /// transaction (see `commitTransactions()`).
  var latestChangeContext: UInt32 = 0
  /// The `.transaction(_:)` and `.animation(_:value:)` modifiers in the tree; while there is
  /// none and no pending transaction, commits carry no transactions and cost nothing for them.
  @exclusivity(unchecked) var transactionModifierCount = 0

  /// The link for what may outlive the host (see `HostLink`); made on first use.
  private var madeLink: HostLink?

  /// The host's link, for references that may outlive it.
  var link: HostLink {
    if let madeLink { return madeLink }
    let link = HostLink(self)
    madeLink = link
    return link
  }

  init(
    graph: Graph, environment: EnvironmentScope, options: ViewHostOptions, renderer: RendererBox?
  ) {
    self.graph = graph
    rootEnvironment = environment
    let options = options.validated()
    self.options = options
    logsUpdates = options.logsUpdates
    cycle = UpdateCycle(
      maximumRounds: options.maximumRounds, schedulesTurns: graph.executor == .mainActor)
    graph.maximumRounds = options.maximumRounds
    treeBox = options.keepsTree ? TreeRendererBox(TreeRenderer()) : nil
    renderers = renderer.map { [$0] } ?? []
  }

  /// Takes the tree apart without recursion, disposing every body's computation, and cancels
  /// the tasks its views started: the views go away with the host. (Their disappear actions do
  /// not run; `ViewHost.unmount()` runs them.)
  isolated deinit {
    madeLink?.hostWillGo()
    // The renderer is told, so that it does not keep this host's elements on its root beside
    // those of the next host that takes it.
    finishRenderers()
    if let attachedRenderer { AttachedRenderers.detach(attachedRenderer) }
    tasks.cancelAll()
    guard let root else { return }
    var stack = [root]
    while let node = stack.popLast() {
      node.isMounted = false
      node.composite?.effect.dispose()
      node.parts.unmount()
      node.lifecycle?.appearHandlers = []
      node.lifecycle?.firstAppearActions = []
      node.lifecycle?.disappearActions = []
      stack.append(contentsOf: node.children)
      node.children = []
    }
  }

  /// Removes the root's children from the renderers and destroys every element they still
  /// hold (retained ones too), in one last commit, as the host goes away. (`unmount()` needs
  /// none: its update cycle removes the root and destroys every node, retained ones included.)
  func finishRenderers() {
    let children = rootChildren
    rootChildren = []
    for renderer in renderers {
      renderer.finish(removing: children, commitNumber: Int(commitNumber))
    }
    commitNumber &+= 1
  }

  /// How many hosts were made, for the tags of their element ids (see `ElementTable`).
  private nonisolated static let madeHosts = Atomic<UInt32>(0)

  /// A tag for a new host's element ids.
  nonisolated static func nextHostTag() -> UInt32 {
    madeHosts.wrappingAdd(1, ordering: .relaxed).oldValue
  }

  /// A stamp no reconciliation has used yet (see `ChildUpdater`).
  func nextClaimStamp() -> UInt32 {
    claimCounter &+= 1
    return claimCounter
  }

  // MARK: - The driver

  /// Work became pending outside a flush.
  func workScheduled() {
    guard cycle.workScheduled() == .scheduleTurn else { return }
    Task { @MainActor [link] in link.core?.runUpdateCycle() }
  }

  /// Runs one update cycle (see `UpdateCycle`), performing the actions its transitions return.
  func runUpdateCycle() {
    // Inside a transaction the graph runs nothing (its flush waits for the transaction's end),
    // so a cycle now would only go round until the round limit and report a cycle that is
    // not there. The work waits: for the next flush, or the turn a main-actor host schedules.
    guard !graph.isInTransaction else { return }
    // Changes posted from other threads are taken once, now; those posted during the cycle
    // wait for the next one (see `TrackedChangeInbox.holdingDrains(_:)`).
    graph.takePostedChanges()
    TrackedChangeInbox.holdingDrains { runCycleRounds() }
  }

  private func runCycleRounds() {
    var action = cycle.start()
    while true {
      switch action {
      case .flush:
        // A change since the last flush carried a transaction to this host's graph (a
        // lifecycle action's write counts), or the flush itself runs inside one: this flush's
        // changes record what made them, for the commit's transactions.
        if graph.takeChangeContextMark() || ChangeContext.current != 0 {
          if !recordsChangeContexts { changeContextRecordings += 1 }
          recordsChangeContexts = true
        }
        graph.flush()
        action = cycle.flushed(hasDeferredWrites: !deferredWrites.isEmpty)
      case .applyDeferredWrites:
        let writes = deferredWrites
        deferredWrites = []
        for write in writes { write() }
        action = cycle.writesApplied(hasPendingWork: hasPendingWork)
      case .settle:
        settle()
        action = cycle.settled(hasPendingWork: graph.hasPendingWork)
      case .commit:
        commit()
        if givesRendererBackAfterCommit { giveRendererBackIfUnmounted() }
        updateNumber &+= 1
        if recordsChangeContexts { stopRecordingChangeContexts() }
        hasPendingDismissal = false
        action = cycle.committed()
      case .runLifecycle:
        runLifecycleActions()
        action = cycle.lifecycleRan(hasPendingWork: hasPendingWork)
      case .stop(let rounds):
        reportUpdateCycle(rounds: rounds)
        action = cycle.stopped()
      case .finish:
        reportedBodyWrites.removeAll()
        lateFeedback.removeAll()
        return
      case .scheduleTurn, .none:
        return
      }
    }
  }

  /// Clears the change contexts an update recorded. Out of line: inlined into the cycle's
  /// loop, the optimizer made its checked accesses one access held over the whole loop, a
  /// dynamic exclusivity check on every update rather than on those that record.
  @inline(never)
  private func stopRecordingChangeContexts() {
    recordsChangeContexts = false
    changeContexts.removeAll()
    latestChangeContext = 0
  }

  private func reportUpdateCycle(rounds: Int) {
    let names = graph.pendingEffectNames
    graph.discardPendingWork()
    deferredWrites.removeAll()
    var seen: Set<String> = []
    var actions: [String] = []
    var inputs: [String] = []
    var writers: [String] = []
    for entry in lateFeedback {
      switch entry {
      case .action(let name) where seen.insert(name).inserted: actions.append(name)
      case .rendererInput(let call) where seen.insert(call).inserted: inputs.append(call)
      case .rendererWrite(let names) where seen.insert(names).inserted: writers.append(names)
      default: break
      }
    }
    lateFeedback.removeAll()
    let cause =
      if !inputs.isEmpty {
        "A renderer called \(inputs.joined(separator: ", ")) from inside a commit in its last "
          + "rounds: input during a commit is applied by the same update, as a new round, so a "
          + "renderer that answers each commit with input loops. Pass such input on after the "
          + "commit returns (from the renderer's own event loop)."
      } else if !writers.isEmpty {
        "\(writers.joined(separator: ", ")) wrote state that a body reads from inside a commit "
          + "in its last rounds: such a write is applied by the same update, as a new round, so "
          + "a renderer that writes on each commit loops. Write after the commit returns (from "
          + "the renderer's own event loop), or only when the value differs."
      } else if !actions.isEmpty {
        "Its last rounds ran \(actions.joined(separator: ", ")): an action that writes state "
          + "which changes what it watches again feeds back, as SwiftUI's \"tried to update "
          + "multiple times per frame\" (a watched value that never equals itself, such as NaN, "
          + "counts as changed every time)."
      } else {
        "A body, lifecycle action or task probably writes state that re-runs or recreates the "
          + "view that writes it (look for an .id or onAppear feeding back)."
      }
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .updateCycle, nodes: names,
        message:
          "\(names.joined(separator: ", ")) kept scheduling updates for \(rounds) rounds; "
          + "the host stopped, and what it did not update shows its previous values until a "
          + "new change updates it. \(cause)"))
  }

  /// Notes that a feedback action (an `onChange` or `onPreferenceChange` action) runs, for the
  /// update-cycle report: only in a cycle's last two rounds, so that it costs one comparison
  /// otherwise.
  /// - Parameter name: what runs, such as `onChange(of: Int) in Tally`.
  func noteFeedbackAction(_ name: @autoclosure () -> String) {
    guard cycle.round >= cycle.maximumRounds - 1 else { return }
    lateFeedback.append(.action(name()))
  }

  /// Notes a renderer's input (a `RendererConnection` call) for the update-cycle report when
  /// it comes from inside a commit in a cycle's last two rounds; one comparison otherwise.
  /// - Parameter call: the call, such as `activate(3.0)`.
  func noteRendererInput(_ call: @autoclosure () -> String) {
    guard isCommitting, cycle.round >= cycle.maximumRounds - 1 else { return }
    lateFeedback.append(.rendererInput(call()))
  }

  /// Whether a commit should watch for its renderers' own writes, for the update-cycle
  /// report: in a cycle's last two rounds, when nothing is pending before the commit (so that
  /// work pending after it was scheduled by the renderers' code, the only code a commit runs).
  var watchesRendererWrites: Bool {
    cycle.round >= cycle.maximumRounds - 1 && !graph.hasPendingWork
  }

  /// Notes, after a commit that `watchesRendererWrites`, that its renderers scheduled work.
  func noteRendererWritesIfAny() {
    guard graph.hasPendingWork else { return }
    lateFeedback.append(.rendererWrite(renderers.map(\.rendererName).joined(separator: ", ")))
  }

  /// Whether another round has work: stale bodies, a focus state written that no body reads
  /// (the focus still has to follow it at the settle), or changes marked for a commit outside
  /// any body (an `unmount()` from a lifecycle action, whose own cycle would do nothing inside
  /// this one).
  var hasPendingWork: Bool {
    graph.hasPendingWork || focus.needsSettle || hasUncommittedChanges
  }

  /// For a driver's diagnostic about an empty tree: why it is empty when the host was
  /// unmounted (" The host was unmounted, …"), otherwise nothing.
  var unmountedNote: String {
    root == nil
      ? " The host was unmounted, and has no tree. Create a new ViewHost to show a view again."
      : ""
  }

  /// What depends on the whole tree being reconciled: preference values are collected and
  /// the focus follows focus states written by the app, controls removed and controls
  /// disabled. Either may write state, which makes another round.
  func settle() {
    if !stalePreferenceReaders.isEmpty { resolvePreferences() }
    if focus.needsSettle { focus.settle() }
  }

  // MARK: - Body evaluation and the write rule

  /// Runs `body` as the evaluation of `node`'s body, or of its content closures (a container's
  /// rows): `@State` written meanwhile is deferred and reported (`writeState`).
  func evaluatingBody<Result>(of node: ViewNode, _ body: () -> Result) -> Result {
    let previous = evaluatingNode
    evaluatingNode = node
    defer { evaluatingNode = previous }
    return body()
  }

  /// Records one body run for the logs and counts.
  func recordBodyRun(of node: ViewNode, part: CompositePart) {
    part.type.bodyRuns += 1
    guard logsUpdates else { return }
    var reasons = part.inputChanges
    part.inputChanges = []
    // A source written several times since the last run is one reason, named once.
    for reason in part.effect.lastRunReasons {
      let description = reason.description
      if !reasons.contains(description) { reasons.append(description) }
    }
    let name = node.displayName
    bodyRuns.append(BodyRun(view: name, reasons: reasons))
    bodyCountsByView[name, default: 0] += 1
    if bodyCountsByView[name] == 1 { loggedDisplayNames.insert(name) }
  }

  /// How many bodies ran in all.
  var totalBodyRuns: Int { compositeTypes.values.reduce(0) { $0 + $1.bodyRuns } }

  /// Body runs per view type name.
  var bodyCountsByType: [String: Int] {
    var counts: [String: Int] = [:]
    for type in compositeTypes.values where type.bodyRuns > 0 {
      counts[type.name, default: 0] += type.bodyRuns
    }
    return counts
  }

  /// Reports, once per host, a composite view nested deeper than `options.maximumDepth`.
  func reportTooDeep(_ view: String) {
    guard !reportedTooDeep else { return }
    reportedTooDeep = true
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .evaluationTooDeep, nodes: [view],
        message:
          "\(view) is more than \(options.maximumDepth) nodes deep (ViewHostOptions.maximumDepth), "
          + "so it and the views below it are not evaluated. A view that contains itself "
          + "unconditionally never ends; give the recursion a base case."))
  }

  // MARK: - Leaving the tree

  /// `ViewHost.unmount()`.
  func unmountRoot() {
    guard let root else { return }
    guard !isCommitting else {
      // The commit has passed the container marks this would make: the teardown runs after it,
      // with the disappearances its own removals queued (before changes and appearances).
      lifecycleQueue.enqueue(.disappear) { host in host.unmountRoot() }
      return
    }
    unmount(root)
    self.root = nil
    markChildrenChanged(ofRootContainer: ())
    givesRendererBackAfterCommit = true
    // Inside a cycle (a lifecycle action) or a transaction this runs nothing: the commit that
    // takes the removal comes later, and gives the renderer back then.
    runUpdateCycle()
  }

  /// After a commit: once the tree's removal has reached the renderer, another host may take
  /// it.
  func giveRendererBackIfUnmounted() {
    guard givesRendererBackAfterCommit, root == nil, !hasUncommittedChanges else { return }
    givesRendererBackAfterCommit = false
    if let attachedRenderer {
      AttachedRenderers.detach(attachedRenderer)
      self.attachedRenderer = nil
    }
  }

  /// Removes `node` and its subtree: pre-order, each node stops its computations, queues the
  /// cancellation of its tasks and its disappear actions (only if it had appeared; see
  /// `DisappearanceChain`), and lets go of its children, so that the subtree is released one
  /// node at a time.
  func unmount(_ node: ViewNode) {
    var stack = [node]
    var chain = DisappearanceChain()
    while let current = stack.popLast() {
      current.isMounted = false
      current.composite?.effect.dispose()
      current.parts.unmount()
      if let id = current.elementID { removedElements.append(id) }
      stack.append(contentsOf: current.children.reversed())
      chain.visit(current, continuing: stack.last, in: self, unmounting: true)
      current.children = []
    }
  }

  // MARK: - Lifecycle

  /// Runs the queued lifecycle actions in commit order, including any they queue.
  func runLifecycleActions() {
    while !lifecycleQueue.isEmpty {
      for action in lifecycleQueue.drain() { action(self) }
    }
  }

  /// Queues an appearance of `part`'s node: it runs if the node is still in the tree, shown,
  /// and not appeared already.
  func queueAppearance(of part: LifecyclePart) {
    part.appearanceIsQueued = true
    lifecycleQueue.enqueue(.appear) { host in
      part.appearanceIsQueued = false
      guard part.isMounted, part.isVisible, !part.hasAppeared else { return }
      part.hasAppeared = true
      let first = part.firstAppearActions
      part.firstAppearActions = []
      for action in first { action(host, part) }
      for handler in part.appearHandlers { handler(host, part) }
    }
  }

  /// Appends to the event log, when updates are logged.
  func log(_ event: @autoclosure () -> LifecycleEvent) {
    if logsUpdates { events.append(event()) }
  }

  /// Starts `action` as a task of `part`'s node, logging its start.
  func startTask(
    of part: LifecyclePart, priority: TaskPriority?,
    _ action: @escaping @MainActor @Sendable () async -> Void
  ) -> RunningTask {
    log(LifecycleEvent(.taskStart, part.subject))
    let running = RunningTask()
    let subject = part.subject
    let handle = Task(priority: priority) { @MainActor in
      await RunningTask.$runningFor.withValue(subject) { await action() }
      running.isFinished = true
    }
    running.handle = handle
    tasks.append(running)
    part.tasks.append(running)
    return running
  }

  /// Cancels one running task of `part`'s node, logging it.
  func cancelTask(_ task: RunningTask, of part: LifecyclePart) {
    task.handle?.cancel()
    part.tasks.removeAll { $0 === task }
    guard !task.isFinished else { return }
    log(LifecycleEvent(.taskCancel, part.subject))
  }
}

/// What one host does beyond the defaults: logging, the round limit, the tree.
public struct ViewHostOptions: Sendable {
  /// Whether the host logs every body run with its reasons (`bodyRuns`), and every lifecycle
  /// event (`events`). On by default, as tests want; turn it off for benchmarks and
  /// production: bodies then keep no reasons and build no strings, and only per-type body
  /// counts remain (`bodyCount(of:)` with a type name). The logs grow with every update
  /// until `ViewHost.clearLogs()`, so a long-running app that keeps logging on clears them.
  public var logsUpdates: Bool
  /// How many rounds (flush, commit, lifecycle) one update may take before it is reported as
  /// an update cycle and stopped; also the graph's bound on runs of one body in one flush.
  public var maximumRounds: Int
  /// Whether the host can build the rendered tree behind `tree` and `dump()`. The tree is
  /// built on the first read (O(n) once) and follows every commit from then on, so a host
  /// whose tree is never read keeps none either way; with false, `tree` reports the read and
  /// returns `Empty`.
  public var keepsTree: Bool
  /// How deep the tree may grow, in nodes (every view, modifier and structural view between
  /// them counts one, so a view whose body is an `if` around the next level takes two per
  /// level): a composite view deeper than this is not evaluated, and the host
  /// reports it once, naming the view. It stops a view that contains itself unconditionally
  /// (`var body: some View { VStack { Text("x"); Self() } }`), which SwiftUI ends with a stack
  /// overflow, before it fills the memory. Default 250,000.
  public var maximumDepth: Int

  // Lazy containers.

  /// How many rows a lazy container (`List`, `LazyVStack`, `LazyHStack`) shows before a
  /// renderer (or `ViewHost.scroll(toRow:visibleRows:)`) reports a viewport for it: the first
  /// ones. Default 20.
  public var defaultViewportRows: Int
  /// How many rows beyond each end of the viewport a lazy container realizes (and appears),
  /// so that a short scroll finds them ready. Default 2.
  public var lazyOverscan: Int
  /// How many realized rows a lazy container keeps, hidden with their state, once they are
  /// scrolled out; beyond it the rows shown least recently are destroyed (their state is
  /// lost, as if they had never been shown). Default 1,000.
  public var lazyRowRetention: Int

  /// Creates options. A host reports each value it cannot use (`invalidInput`, naming the
  /// option) and replaces it: a round limit below 1 with 1, a depth below 1 with the default,
  /// a negative count of rows with 0.
  /// - Parameters:
  ///   - logsUpdates: log body runs, reasons and lifecycle events (default true).
  ///   - maximumRounds: the round limit (default 100).
  ///   - keepsTree: let `tree` and `dump()` build the rendered tree (default true).
  ///   - defaultViewportRows: rows a lazy container shows before a viewport is reported
  ///     (default 20).
  ///   - lazyOverscan: rows realized beyond each end of a lazy container's viewport (default 2).
  ///   - lazyRowRetention: hidden rows a lazy container keeps with their state (default 1,000).
  ///   - maximumDepth: how deep the tree may grow, in nodes (default 250,000).
  public init(
    logsUpdates: Bool = true, maximumRounds: Int = 100, keepsTree: Bool = true,
    defaultViewportRows: Int = 20, lazyOverscan: Int = 2, lazyRowRetention: Int = 1_000,
    maximumDepth: Int = 250_000
  ) {
    self.maximumDepth = maximumDepth
    self.logsUpdates = logsUpdates
    self.maximumRounds = maximumRounds
    self.keepsTree = keepsTree
    self.defaultViewportRows = defaultViewportRows
    self.lazyOverscan = lazyOverscan
    self.lazyRowRetention = lazyRowRetention
  }
}

extension ViewHostOptions {
  /// The options with every value a host cannot use replaced, each reported as `invalidInput`,
  /// naming the option: a round limit below 1 becomes 1, a depth below 1 (no tree fits) the
  /// default, and a negative count of rows 0.
  @MainActor func validated() -> ViewHostOptions {
    var options = self
    func atLeast(_ minimum: Int, _ value: inout Int, _ name: String, _ why: String) {
      guard value < minimum else { return }
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [],
          message:
            "ViewHostOptions.\(name) is \(value); \(why), so \(minimum) is used instead."))
      value = minimum
    }
    atLeast(1, &options.maximumRounds, "maximumRounds", "an update needs at least one round")
    if options.maximumDepth < 1 {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [],
          message:
            "ViewHostOptions.maximumDepth is \(options.maximumDepth); no tree fits in it, so the "
            + "default, 250,000, is used instead."))
      options.maximumDepth = 250_000
    }
    atLeast(
      0, &options.defaultViewportRows, "defaultViewportRows", "a count of rows cannot be negative")
    atLeast(0, &options.lazyOverscan, "lazyOverscan", "a count of rows cannot be negative")
    atLeast(0, &options.lazyRowRetention, "lazyRowRetention", "a count of rows cannot be negative")
    return options
  }
}

/// One thing that fed an update cycle's last rounds, for its report.
enum LateFeedback {
  /// A feedback action that ran, such as `onChange(of: Int) in Tally`.
  case action(String)
  /// A renderer's input from inside a commit, such as `activate(3.0)`.
  case rendererInput(String)
  /// A commit whose renderers' own code wrote state that a body reads: the renderers' types.
  case rendererWrite(String)
}
