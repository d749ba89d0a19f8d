/// One host's update cycle, as a value: which phase it is in and what the driver must do next.
///
/// A cycle is a loop of rounds; each round is
/// 1. **flush**: the graph runs every stale body, parents before children; each body
///    reconciles its result by identity and schedules the bodies of the children it created
///    or gave new inputs, which run in the same flush;
/// 2. **deferred writes**: `@State` writes made while a body ran are applied now; if they made
///    anything stale, a new round starts (nothing is committed in between);
/// 3. **settle**: what needs the whole tree reconciled: preference values are collected and the
///    focus follows written focus states; if that made anything stale, a new round starts;
/// 4. **commit**: the renderers receive the round's mutations;
/// 5. **lifecycle**: the queued actions run: disappear, onChange, task restarts, appear.
/// If the lifecycle actions (or deferred writes, or settling) left work, the next round starts.
/// After
/// `maximumRounds` rounds with work still pending, the cycle stops and reports one update
/// cycle, naming the bodies still scheduled, drops that work, and then commits and runs the
/// lifecycle once more, so that renderers show what the last round reconciled; work those
/// actions leave is not run in this cycle.
///
/// The machine holds no references and performs nothing: every transition returns the action
/// for the driver (`HostCore.runUpdateCycle()`) to perform, in the way swift-async-algorithms'
/// `MergeStateMachine` returns actions for `MergeStorage`. Its rules are tested without a host.
struct UpdateCycle: Equatable {
  enum Phase: Equatable {
    /// Nothing to do.
    case idle
    /// A main-actor turn will run a cycle.
    case scheduled
    /// The graph is flushing (bodies run and reconcile).
    case flushing
    /// Deferred writes are being applied.
    case applyingWrites
    /// Preferences and focus are being settled.
    case settling
    /// The renderers are receiving the mutations.
    case committing
    /// Lifecycle actions are running.
    case runningLifecycle
  }

  /// What the driver does next.
  enum Action: Equatable {
    /// Schedule a main-actor turn that runs a cycle.
    case scheduleTurn
    /// Run the graph's flush.
    case flush
    /// Apply the writes deferred during body evaluation.
    case applyDeferredWrites
    /// Collect preference values and move the focus (`HostCore.settle()`).
    case settle
    /// Send the mutations to the renderers.
    case commit
    /// Run the queued lifecycle actions.
    case runLifecycle
    /// Report an update cycle over `rounds` rounds and drop the pending work.
    case stop(rounds: Int)
    /// The cycle is over.
    case finish
    /// Nothing to do now (a cycle is already running or scheduled).
    case none
  }

  private(set) var phase = Phase.idle
  /// The round in progress, from 1.
  private(set) var round = 0
  /// How many rounds one cycle may take.
  let maximumRounds: Int
  /// Whether the cycle was stopped and is committing its last round.
  private(set) var isStopping = false
  /// Whether the host schedules its own turns (the `.mainActor` executor).
  let schedulesTurns: Bool

  init(maximumRounds: Int, schedulesTurns: Bool) {
    self.maximumRounds = maximumRounds
    self.schedulesTurns = schedulesTurns
  }

  /// Work became pending while no flush was running (a write from an action, a task, another
  /// thread).
  mutating func workScheduled() -> Action {
    guard phase == .idle, schedulesTurns else { return .none }
    phase = .scheduled
    return .scheduleTurn
  }

  /// A cycle is asked for: by `flush()`, by a scheduled turn, or by a mount or update.
  /// Inside a running cycle this does nothing: that cycle picks the work up.
  mutating func start() -> Action {
    switch phase {
    case .idle, .scheduled:
      phase = .flushing
      round = 1
      return .flush
    default:
      return .none
    }
  }

  /// The flush ended.
  mutating func flushed(hasDeferredWrites: Bool) -> Action {
    precondition(phase == .flushing, "flushed() outside the flush phase")
    if hasDeferredWrites {
      phase = .applyingWrites
      return .applyDeferredWrites
    }
    phase = .settling
    return .settle
  }

  /// The deferred writes were applied.
  mutating func writesApplied(hasPendingWork: Bool) -> Action {
    precondition(phase == .applyingWrites, "writesApplied(hasPendingWork:) outside its phase")
    guard hasPendingWork else {
      phase = .settling
      return .settle
    }
    return nextRound()
  }

  /// Preferences and focus were settled.
  mutating func settled(hasPendingWork: Bool) -> Action {
    precondition(phase == .settling, "settled(hasPendingWork:) outside the settle phase")
    guard hasPendingWork else {
      phase = .committing
      return .commit
    }
    return nextRound()
  }

  /// The commit ended.
  mutating func committed() -> Action {
    precondition(phase == .committing, "committed() outside the commit phase")
    phase = .runningLifecycle
    return .runLifecycle
  }

  /// The lifecycle actions ran.
  mutating func lifecycleRan(hasPendingWork: Bool) -> Action {
    precondition(phase == .runningLifecycle, "lifecycleRan(hasPendingWork:) outside its phase")
    guard hasPendingWork, !isStopping else {
      phase = .idle
      round = 0
      isStopping = false
      return .finish
    }
    return nextRound()
  }

  /// The driver reported the stopped cycle and dropped the pending work: the last round is
  /// committed, and its lifecycle actions run, before the cycle ends.
  mutating func stopped() -> Action {
    isStopping = true
    phase = .committing
    return .commit
  }

  private mutating func nextRound() -> Action {
    guard round < maximumRounds else { return .stop(rounds: round) }
    round += 1
    phase = .flushing
    return .flush
  }
}
