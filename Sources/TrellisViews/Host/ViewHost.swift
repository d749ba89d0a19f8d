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
/// - With `.manual`, nothing happens between calls: `flush()` runs one update cycle (see
///   `UpdateCycle`): every pending body (parents before children), the commit of the changes to
///   the renderers, then the lifecycle actions of that update, and again while those actions
///   scheduled more work. With `.mainActor`, the same cycle runs on its own, once per
///   main-actor turn in which something changed.
/// - `tree` is the rendered tree as a value; `dump()` prints it. A `Renderer` passed at
///   creation receives every commit's mutations as well.
/// - `events` logs appear, disappear, task start and cancel, and onChange, in order.
/// - `bodyRuns` logs every body evaluation with its reasons; `bodyCount(of:)` counts them.
///
/// If an update keeps scheduling work for `ViewHostOptions.maximumRounds` rounds, the host
/// stops it and reports one `TrellisDiagnostic.Kind.updateCycle` naming the views involved.
/// Two hosts never share state, even for the same root type.
@MainActor
public final class ViewHost {
  let core: HostCore
  /// The host's link, ended as soon as this object goes (see `HostLink`).
  private let link: HostLink

  /// The host's dependency graph (for its flush count and executor).
  public var graph: Graph { core.graph }

  /// The root environment scope; set values here to affect the whole tree:
  /// `host.environment[\.accent] = "red"`.
  public var environment: EnvironmentScope { core.rootEnvironment }

  /// The options the host was made with.
  public var options: ViewHostOptions { core.options }

  /// Whether an update is waiting: stale bodies, writes to apply, focus to settle, changes to
  /// commit (a terminal app flushes between keys when one left some).
  package var hasPendingWork: Bool { core.hasPendingWork }

  /// Mounts `root`: evaluates the bodies of the initial tree, commits it and runs its
  /// lifecycle actions, so the tree has appeared on return.
  /// - Parameters:
  ///   - root: the root view.
  ///   - executor: `.mainActor` for apps (default), `.manual` for tests.
  ///   - environment: the root environment scope (default: a new one).
  ///   - options: logging, the round limit, the tree (see `ViewHostOptions`). The default
  ///     logs every update, as tests want; an app that runs for long passes
  ///     `ViewHostOptions(logsUpdates: false)`, or calls `clearLogs()`, as the logs grow with
  ///     every update.
  public convenience init<Root: View>(
    _ root: Root, executor: GraphExecutor = .mainActor,
    environment: EnvironmentScope = EnvironmentScope(name: "root"),
    options: ViewHostOptions = ViewHostOptions()
  ) {
    self.init(root, executor: executor, environment: environment, options: options, box: nil)
  }

  /// Mounts `root` and sends every commit to `renderer` as well as to the host's own tree.
  /// - Parameters:
  ///   - root: the root view.
  ///   - executor: `.mainActor` for apps (default), `.manual` for tests.
  ///   - environment: the root environment scope (default: a new one).
  ///   - options: logging, the round limit, the tree (see `ViewHostOptions`).
  ///   - renderer: a renderer for this host alone; it is connected (`Renderer.connect(_:)`)
  ///     and then receives the whole initial tree in the first commit. A renderer that another
  ///     mounted host has is refused, with a diagnostic naming its type: this host then renders
  ///     only to its own tree. `unmount()` frees the renderer for another host, as does the
  ///     host going away (once its teardown has run on the main actor, for a host whose last
  ///     reference goes on another thread).
  public convenience init<Root: View, R: Renderer>(
    _ root: Root, executor: GraphExecutor = .mainActor,
    environment: EnvironmentScope = EnvironmentScope(name: "root"),
    options: ViewHostOptions = ViewHostOptions(), renderer: R
  ) {
    let attached = AttachedRenderers.attach(renderer)
    self.init(
      root, executor: executor, environment: environment, options: options,
      box: attached == nil ? nil : TypedRendererBox.make(renderer)
    ) { core in
      guard let attached else { return }
      core.attachedRenderer = attached
      AttachedRenderers.noteHost(core.link, of: attached)
      // Before the mount, so that the renderer can report back (a viewport, say) from its
      // first commit on.
      renderer.connect(RendererConnection(core: core))
    }
  }

  private init<Root: View>(
    _ root: Root, executor: GraphExecutor, environment: EnvironmentScope,
    options: ViewHostOptions, box: RendererBox?, connect: (HostCore) -> Void = { _ in }
  ) {
    let graph = Graph(executor: executor)
    core = HostCore(graph: graph, environment: environment, options: options, renderer: box)
    connect(core)
    link = core.link
    graph.onWorkScheduled = { [link] in link.core?.workScheduled() }
    let node = ViewNode(root: Root.self, host: core)
    core.root = node
    core.markChildrenChanged(ofRootContainer: ())
    // A host is a root: made inside an effect (or an `EffectScope.run`), its computations must
    // not become that effect's, which would dispose them when it re-runs.
    GraphEvaluation.untracked {
      Root._update(root, in: node)
      core.runUpdateCycle()
    }
  }

  deinit {
    // Synchronously, wherever the last reference goes: from here on nothing reaches the host
    // through its link, though its own (main-actor) deinit may run later.
    link.hostWillGo()
  }

  /// Replaces the root view's value (new inputs); its body re-runs if they differ, and the
  /// update is committed at once.
  /// - Parameter root: the new root value; must be of the mounted root's type.
  public func update<Root: View>(root: Root) {
    guard let node = core.root, node.viewTypeID == ObjectIdentifier(Root.self) else {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: ["\(Root.self)"],
          message: core.root == nil
            ? "update(root:) got a \(Root.self), but the host was unmounted: it has no root "
              + "to update. Create a new ViewHost to show a view again."
            : "update(root:) got a \(Root.self), but the mounted root is a "
              + "\(core.root?.typeName ?? "view of another type"); a host keeps its root's "
              + "type. Create a new ViewHost to show a \(Root.self)."))
      return
    }
    Root._update(root, in: node)
    core.runUpdateCycle()
  }

  /// Runs pending work now: one update cycle (stale bodies, commit, lifecycle actions) until
  /// quiet. Inside a running cycle (from a lifecycle action) it does nothing: that cycle picks
  /// the work up. Inside `Graph.withTransaction` it does nothing either, as `Graph.flush()`
  /// does: the next flush after the transaction (or a main-actor host's next turn) runs it. A
  /// host mounted inside a transaction shows its views then.
  public func flush() { core.runUpdateCycle() }

  /// Flushes, then waits until every task started so far (and every task those lead to) has
  /// finished, flushing after each; returns with the host settled. With no task at all it
  /// still flushes, so that a test can await it after any change, including writes made on
  /// other threads (found by a new user: it returned without applying them).
  ///
  /// A task that never ends (`.task { for await event in stream { … } }`) keeps it waiting;
  /// cancelling the waiting task (a test's time limit does) makes it return at once, flushed,
  /// and the next call waits for the tasks still running. For such views, flush and check the
  /// state instead. Called from a view's `.task` (or a task started from one), which it would
  /// wait for, it reports that, naming the view, and returns after the flush.
  public func waitForTasks() async {
    flush()
    if let view = RunningTask.runningFor {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [view],
          message:
            "waitForTasks() was called from the task of \(view), which it would wait for: a "
            + "task cannot wait for itself, so the call returns at once, after a flush. Await "
            + "the work itself there, and call waitForTasks() from the test."))
      return
    }
    while !core.tasks.isEmpty {
      let tasks = core.tasks.takeAll()
      for (index, task) in tasks.enumerated() where !task.isFinished {
        guard let handle = task.handle, !(await TaskWait.finished(handle)) else { continue }
        // Cancelled: the tasks not seen to finish stay for the next wait.
        core.tasks.putBack(tasks[index...])
        flush()
        return
      }
      flush()
    }
  }

  /// Removes the whole tree: every view disappears and every task is cancelled. The renderer is
  /// given back (another host may take it) once the commit that removes the tree has reached
  /// it.
  ///
  /// Called from a renderer's callback in the middle of a commit, it waits for that commit to
  /// end and runs after it, with the cycle's lifecycle actions, and the cycle's next round
  /// commits the removal (a commit already under way cannot take it: found by a renderer author, whose
  /// renderer kept the tree, its elements destroyed, and was given to the next host).
  public func unmount() { core.unmountRoot() }

  /// The lifecycle events so far, in order (empty when updates are not logged).
  public var events: [LifecycleEvent] { core.events }

  /// The body evaluations so far, in order, with their reasons (empty when updates are not
  /// logged). Bodies only: a container's content closure is not listed (see `BodyRun`).
  public var bodyRuns: [BodyRun] { core.bodyRuns }

  /// How many times bodies of views with this display name (`Counter`, `NoteRow #3`) or type
  /// name (`NoteRow`) ran since the host was made or `clearLogs()` last ran. When updates are
  /// not logged, only type names are counted.
  /// - Parameter view: a display name or a type name.
  /// - Returns: the count; 0, with a diagnostic, for a name that no view of this host has or
  ///   had (a misspelled name would otherwise read as "did not run"), and for a display name
  ///   while updates are not logged.
  public func bodyCount(of view: String) -> Int {
    if let count = core.bodyCountsByView[view] ?? core.bodyCountsByType[view] { return count }
    let isTypeName = core.compositeTypes.values.contains { $0.name == view }
    if isTypeName || core.loggedDisplayNames.contains(view) { return 0 }
    let isShown = !nodes(where: { $0.displayName == view }, includingCovered: true).isEmpty
    if isShown && core.logsUpdates { return 0 }
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: [view],
        message: isShown
          ? "bodyCount(of: \"\(view)\"): updates are not logged (ViewHostOptions.logsUpdates "
            + "is false), so body runs are counted by type name only; 0 is returned. Ask for "
            + "the type name, or log updates."
          : "bodyCount(of: \"\(view)\"): no view of this host has that display name or type "
            + "name; 0 is returned. Display names read like `NoteRow #3`, type names like "
            + "`NoteRow` (see bodyCountsByType and dump())."))
    return 0
  }

  /// Body evaluation counts per view type name.
  public var bodyCountsByType: [String: Int] { core.bodyCountsByType }

  /// How many bodies ran so far, with either kind of log.
  public var bodyRunCount: Int { core.totalBodyRuns }

  /// Forgets the events and body runs logged so far (counts included), to assert on the next
  /// step alone.
  public func clearLogs() {
    core.events.removeAll()
    core.bodyRuns.removeAll()
    core.bodyCountsByView.removeAll()
    for type in core.compositeTypes.values { type.bodyRuns = 0 }
  }

  /// The rendered tree now: the root view's element when it renders one (a custom root view
  /// always does: its own element), a `Root` node around the root's elements when it renders
  /// several (a primitive root such as `Group { Text("a"); Text("b") }`), or `Empty` when it
  /// renders none. Turning it into a value is O(n) in the tree's size, without
  /// recursion. The host builds its tree on the first read (O(n) once) and keeps it up to date
  /// with every commit from then on, so that a host whose tree nobody reads does not keep one.
  /// `Empty` when the host keeps no tree (`keepsTree: false`), or when the first read comes
  /// from inside a commit (a renderer's callback); both are reported.
  public var tree: RenderedNode {
    guard core.treeBox != nil else {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [],
          message:
            "tree: this host was made with keepsTree: false, so it keeps no rendered tree."))
      return RenderedNode(kind: "Empty")
    }
    guard let tree = core.renderedTree else {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [],
          message:
            "tree: read for the first time during a commit (from a renderer's callback), when "
            + "the host's elements are half-way between two commits. Read it once before the "
            + "update, or after the commit."))
      return RenderedNode(kind: "Empty")
    }
    return tree.tree
  }

  /// The rendered tree as text; see `RenderedNode.dump(maxChildren:maxDepth:maxTextLength:)`.
  /// - Parameters:
  ///   - maxChildren: show at most this many children per node, then `… N more`.
  ///   - maxDepth: show at most this many levels, then `… N children`.
  ///   - maxTextLength: shorten longer texts, ending them with `…`. A negative limit counts
  ///     as 0.
  /// - Returns: the dump.
  public func dump(maxChildren: Int = .max, maxDepth: Int = .max, maxTextLength: Int = .max)
    -> String
  {
    tree.dump(maxChildren: maxChildren, maxDepth: maxDepth, maxTextLength: maxTextLength)
  }
}

/// A renderer's way back to its host: reporting what it shows, and passing on what the user
/// does.
@MainActor
public final class RendererConnection {
  @HostReference var core: HostCore?

  init(core: HostCore) { self.core = core }

  /// The host, or nil with a diagnostic naming `call` when it was released: a renderer that
  /// outlives its host would otherwise be told that its element is gone, or nothing at all.
  /// Every input passes here, so that input from inside a commit, which can loop, is noted
  /// for the update-cycle report.
  func liveCore(for call: @autoclosure () -> String) -> HostCore? {
    if let core {
      core.noteRendererInput(call())
      return core
    }
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: [],
        message:
          "\(call()): the host this renderer was attached to was released; nothing happens. "
          + "Attach the renderer to a new ViewHost."))
    return nil
  }

  /// Reports which part of a scrolling element the renderer shows: a lazy container's
  /// (`List`, `LazyVStack`, `LazyHStack`) or a `ScrollView`'s, whose lazy stacks it then
  /// applies to. They realize the rows inside it (plus the overscan) at the next update cycle,
  /// which this schedules; reporting the same viewport again does nothing. A negative offset
  /// or length (or a row extent below 1) is reported, and counts as 0 (the extent as 1), and
  /// so is a report after the host was released, which does nothing, and one for an element
  /// that is gone (a commit removed it) or not this host's, which is ignored, as `activate`
  /// ignores such an element. The offset is kept as reported, even past the end: whatever
  /// length the content takes later, the container shows the rows at that offset, or its last
  /// rows while the offset is past the end. A renderer whose scroll view clamps its offset when
  /// the content shrinks reports the clamped viewport. (`scroll(toRow:)` clamps when called.)
  /// - Parameters:
  ///   - viewport: the visible stretch.
  ///   - element: the scrolling element.
  public func reportViewport(_ viewport: Viewport, for element: ElementID) {
    guard let core = liveCore(for: "reportViewport(_:for: \(element))") else { return }
    guard let node = core.elements.owner(of: element), node.isMounted else {
      // Not stored: nothing would ever remove it (a gone element's entry goes with its
      // release), and a renderer whose events race its commits would grow the table.
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: ["\(element)"],
          message:
            "reportViewport(_:for:): element \(element) is gone or is not this host's; the "
            + "viewport is ignored."))
      return
    }
    core.hostScrolledViewports.remove(element)
    guard core.viewports[element] != viewport else { return }
    core.viewports[element] = viewport
    core.viewportDidChange(for: element)
  }

  /// The viewport last reported for `element`, if any (nil once the host was released).
  /// - Parameter element: the element.
  /// - Returns: the viewport.
  public func viewport(of element: ElementID) -> Viewport? { core?.viewports[element] }

  /// Activates an element as a tap on it would: the tap goes to the element's view or to the
  /// nearest view around it that takes taps, as in SwiftUI. That runs a button's or link's
  /// action (a tap on a button's label runs the button), flips a toggle through its binding
  /// (as Space does to a focused checkbox), runs a single-tap gesture (`onTapGesture`,
  /// `.gesture(TapGesture())`; the innermost, when several are stacked on one view), selects
  /// the row of a `List(selection:)`, as a click on it does, or selects a picker's option (the
  /// element of the option, or one inside it), as a click in a native menu does. Pending work
  /// runs at the next update cycle.
  ///
  /// An element that is not a control itself is looked up in the shown tree: O(n) in its size,
  /// once per activation.
  /// - Parameter element: the element.
  /// - Returns: false, with a diagnostic, when the element is gone, has no action, is
  ///   disabled (`.disabled(true)` on it or around it), as a click on a disabled control does
  ///   nothing in SwiftUI, is hidden or covered by a shown presentation (which is modal), or
  ///   cannot act (a navigation link whose value no destination shows), or when the host was
  ///   released.
  @discardableResult
  public func activate(_ element: ElementID) -> Bool {
    guard let core = liveCore(for: "activate(\(element))") else { return false }
    guard let node = core.elements.owner(of: element), node.isMounted else {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: ["\(element)"],
          message:
            "activate(_:): element \(element) is gone or has no action.\(core.unmountedNote)"))
      return false
    }
    // A disabled control, or one that a presentation covers or a container hides.
    if let reason = node.isEnabledInEnvironment ? core.unreachability(of: node) : "is disabled" {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: ["\(element)"],
          message:
            "activate(_:): element \(element)\(node.title.map { " \"\($0)\"" } ?? "") in "
            + "\(node.diagnosticName) \(reason); nothing was activated."))
      return false
    }
    // The node itself first: a control needs no search of the tree.
    switch TapTarget(node) ?? core.tapTarget(reaching: node) {
    case .action(let action): return action.perform()
    case .toggle(let toggle):
      toggle.isOn.wrappedValue.toggle()
      return true
    case .gesture(let gesture):
      gesture.action()
      return true
    case .row(let row): return row.select("of element \(element) in \(node.diagnosticName)")
    case .option(let picker, let tag):
      guard picker.select(tag) else {
        TrellisDiagnostics.report(
          TrellisDiagnostic(
            kind: .invalidInput, nodes: ["\(element)"],
            message:
              "activate(_:): the option of element \(element) in \(node.diagnosticName) is "
              + "tagged \(tag.base) (\(Swift.type(of: tag.base))), but its picker's selection is "
              + "of type \(picker.selectionType); nothing was selected. Tag it with a value of "
              + "that type."))
        return false
      }
      return true
    case nil: break
    }
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: ["\(element)"],
        message: "activate(_:): element \(element) is gone or has no action."))
    return false
  }
}

extension RendererConnection {
  /// Adjusts a control as an arrow key or an accessibility increment does: a stepper steps
  /// `steps` times up (down, for a negative count), a slider moves `steps` increments (its
  /// step, or a twentieth of its range), a picker selects the option `steps` places on. Pending
  /// work runs at the next update cycle.
  /// - Parameters:
  ///   - element: the control's element.
  ///   - steps: how far, and which way; 0 does nothing.
  /// - Returns: whether the control was adjusted: false at a picker's first or last option or
  ///   a stepper's bound (or a stepper step that would overflow, reported), and
  ///   false, with a diagnostic, when the element is gone, disabled, hidden or covered by a
  ///   shown presentation, or no such control, or when the host was released.
  @discardableResult
  public func adjust(_ element: ElementID, by steps: Int) -> Bool {
    guard steps != 0 else { return false }
    guard let core = liveCore(for: "adjust(\(element), by: \(steps))") else { return false }
    guard let node = core.elements.owner(of: element), node.isMounted,
      node.parts[StepperPart.self]?.isEnabled ?? node.parts[SliderPart.self]?.isEnabled
        ?? node.parts[PickerControl.self]?.isEnabled ?? false
    else {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: ["\(element)"],
          message:
            "adjust(_:by:): element \(element) is gone, disabled, or no stepper, slider or "
            + "picker; nothing changed."))
      return false
    }
    if let reason = core.unreachability(of: node) {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: ["\(element)"],
          message:
            "adjust(_:by:): element \(element) (in \(node.diagnosticName)) \(reason); nothing "
            + "changed."))
      return false
    }
    if let stepper = node.parts[StepperPart.self] {
      // Step by step, stopping at a bound (silently, as a picker stops at its last option)
      // or at a step that cannot be taken. Each step is a press with its callbacks, so a
      // count is capped: `adjust(by: .max)` on a stepper without bounds never ended (found by
      // a new user).
      let limit = StepperPart.maximumPressesPerAdjustment
      var moved = false
      for _ in 0..<min(steps.magnitude, UInt(limit)) {
        guard stepper.press(up: steps > 0) == .stepped else { break }
        moved = true
      }
      if steps.magnitude > UInt(limit) {
        TrellisDiagnostics.report(
          TrellisDiagnostic(
            kind: .invalidInput, nodes: ["\(element)"],
            message:
              "adjust(_:by: \(steps)): a stepper is pressed once per step, at most \(limit) "
              + "times in one call; element \(element) (in \(node.diagnosticName)) was pressed "
              + "up to \(limit) times."))
      }
      return moved
    }
    if let slider = node.parts[SliderPart.self] {
      slider.adjust(by: steps)
      return true
    }
    return node.parts[PickerControl.self]?.adjust(by: steps) ?? false
  }
}

extension HostCore {
  /// The root container's children changed (the root was mounted or removed).
  func markChildrenChanged(ofRootContainer: Void) {
    if elements.mark(.root, .children, for: commitNumber) { changedChildren.append(.root) }
  }
}
