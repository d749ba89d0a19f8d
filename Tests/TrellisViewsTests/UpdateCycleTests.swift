import Testing

@testable import TrellisViews

/// The update cycle's rules, without a host: each transition's action.
@Suite struct UpdateCycleTests {
  @Test func aCycleFlushesSettlesCommitsRunsLifecycleAndFinishes() {
    var cycle = UpdateCycle(maximumRounds: 3, schedulesTurns: false)
    #expect(cycle.start() == .flush)
    #expect(cycle.phase == .flushing)
    #expect(cycle.flushed(hasDeferredWrites: false) == .settle)
    #expect(cycle.phase == .settling)
    #expect(cycle.settled(hasPendingWork: false) == .commit)
    #expect(cycle.committed() == .runLifecycle)
    #expect(cycle.lifecycleRan(hasPendingWork: false) == .finish)
    #expect(cycle.phase == .idle)
  }

  @Test func writesDeferredDuringBodiesAreFlushedBeforeTheCommit() {
    var cycle = UpdateCycle(maximumRounds: 3, schedulesTurns: false)
    _ = cycle.start()
    #expect(cycle.flushed(hasDeferredWrites: true) == .applyDeferredWrites)
    #expect(cycle.writesApplied(hasPendingWork: true) == .flush)
    #expect(cycle.round == 2)
    #expect(cycle.flushed(hasDeferredWrites: true) == .applyDeferredWrites)
    #expect(cycle.writesApplied(hasPendingWork: false) == .settle)
    #expect(cycle.settled(hasPendingWork: false) == .commit)
  }

  @Test func settlingThatLeavesWorkFlushesAgainBeforeTheCommit() {
    var cycle = UpdateCycle(maximumRounds: 2, schedulesTurns: false)
    _ = cycle.start()
    _ = cycle.flushed(hasDeferredWrites: false)
    #expect(cycle.settled(hasPendingWork: true) == .flush)
    #expect(cycle.round == 2)
    _ = cycle.flushed(hasDeferredWrites: false)
    #expect(cycle.settled(hasPendingWork: true) == .stop(rounds: 2))
  }

  @Test func workLeftByLifecycleActionsStartsAnotherRoundUntilTheLimit() {
    var cycle = UpdateCycle(maximumRounds: 2, schedulesTurns: false)
    _ = cycle.start()
    _ = cycle.flushed(hasDeferredWrites: false)
    _ = cycle.settled(hasPendingWork: false)
    _ = cycle.committed()
    #expect(cycle.lifecycleRan(hasPendingWork: true) == .flush)
    #expect(cycle.round == 2)
    _ = cycle.flushed(hasDeferredWrites: false)
    _ = cycle.settled(hasPendingWork: false)
    _ = cycle.committed()
    #expect(cycle.lifecycleRan(hasPendingWork: true) == .stop(rounds: 2))
    // Stopped: the last round is committed and its lifecycle runs, then the cycle ends even
    // if that left work.
    #expect(cycle.stopped() == .commit)
    #expect(cycle.committed() == .runLifecycle)
    #expect(cycle.lifecycleRan(hasPendingWork: true) == .finish)
    #expect(cycle.phase == .idle)
    #expect(cycle.start() == .flush)
    #expect(cycle.round == 1)
  }

  @Test func oneRoundLimitCoversDeferredWritesAndLifecycleFeedbackAlike() {
    var cycle = UpdateCycle(maximumRounds: 2, schedulesTurns: false)
    _ = cycle.start()
    _ = cycle.flushed(hasDeferredWrites: true)
    #expect(cycle.writesApplied(hasPendingWork: true) == .flush)
    _ = cycle.flushed(hasDeferredWrites: true)
    #expect(cycle.writesApplied(hasPendingWork: true) == .stop(rounds: 2))
  }

  @Test func startingInsideARunningCycleDoesNothing() {
    var cycle = UpdateCycle(maximumRounds: 3, schedulesTurns: true)
    _ = cycle.start()
    #expect(cycle.start() == .none)
    _ = cycle.flushed(hasDeferredWrites: false)
    #expect(cycle.start() == .none)
    #expect(cycle.workScheduled() == .none)
    _ = cycle.settled(hasPendingWork: false)
    _ = cycle.committed()
    #expect(cycle.workScheduled() == .none)
    #expect(cycle.lifecycleRan(hasPendingWork: false) == .finish)
  }

  @Test func workScheduledWhileIdleSchedulesOneTurnOnlyForTheMainActorExecutor() {
    var manual = UpdateCycle(maximumRounds: 3, schedulesTurns: false)
    #expect(manual.workScheduled() == .none)
    #expect(manual.phase == .idle)

    var mainActor = UpdateCycle(maximumRounds: 3, schedulesTurns: true)
    #expect(mainActor.workScheduled() == .scheduleTurn)
    #expect(mainActor.phase == .scheduled)
    #expect(mainActor.workScheduled() == .none)
    #expect(mainActor.start() == .flush)
  }
}
