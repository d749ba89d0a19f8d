import Observation
import Testing
import TrellisTracking

// Where Trellis's `withTracking` differs from Apple's `withObservationTracking` on purpose.
// Each test runs the same script on both so that the difference stays documented and real:
// if Apple's behaviour changes, the Apple half of the test says so.

@Observable final class ApplePair {
  var first = 0
  var second = 0
}

final class TrellisPair: Trackable {
  @Tracked var first = 0
  @Tracked var second = 0
}

@Suite struct DeliberateDifferenceTests {
  /// Apple calls the tracker, and only then cancels the observation, so an `onChange` that
  /// writes another property its own scope read runs again, re-entrantly. Trellis claims the
  /// observation before calling `onChange`: it runs exactly once, as documented.
  @Test func onChangeWritingAnotherTrackedPropertyRunsOnceUnlikeApple() {
    let apple = ApplePair()
    let appleBox = UncheckedBox(apple)
    let appleFired = Counter()
    withObservationTracking {
      _ = apple.first
      _ = apple.second
    } onChange: {
      appleFired.increment()
      if appleFired.count == 1 { appleBox.value.second = 1 }
    }
    apple.first = 1
    #expect(appleFired.count == 2, "Apple's re-entrant behaviour changed; update the docs")

    let trellis = TrellisPair()
    let trellisBox = UncheckedBox(trellis)
    let trellisFired = Counter()
    withTracking {
      _ = trellis.first
      _ = trellis.second
    } onChange: {
      trellisFired.increment()
      if trellisFired.count == 1 { trellisBox.value.second = 1 }
    }
    trellis.first = 1
    #expect(trellisFired.count == 1)
    #expect(trellis.second == 1)
  }

  /// Trellis never calls `onChange` because a model went away; the pending observation is just
  /// released with it. This is deliberate and documented; Apple's registrar source has had a
  /// path that fires pending trackers on deinit, but the Observation shipped with Swift 6.3.1
  /// on Linux does not fire either, so today this is parity, pinned down by both halves.
  @Test func releasingAModelWithAPendingObservationDoesNotFire() {
    let appleFired = Counter()
    weak var appleModel: ApplePair?
    do {
      let apple = ApplePair()
      appleModel = apple
      withObservationTracking {
        _ = apple.first
      } onChange: {
        appleFired.increment()
      }
    }
    let trellisFired = Counter()
    weak var trellisModel: TrellisPair?
    do {
      let trellis = TrellisPair()
      trellisModel = trellis
      withTracking {
        _ = trellis.first
      } onChange: {
        trellisFired.increment()
      }
    }
    #expect(appleModel == nil)
    #expect(trellisModel == nil)
    #expect(trellisFired.count == 0)
    #expect(appleFired.count == 0, "Apple now fires on deinit; update the docs")
  }

  /// Apple's `Observations` closure is `@isolated(any) @Sendable`: the sequence is `Sendable`
  /// and may be iterated from any task, and the closure still runs in the isolation it was
  /// formed in (here the main actor), reached by a hop per value. Trellis's closure is not
  /// `Sendable` and runs in the iterating isolation; the compiler keeps the sequence in the
  /// isolation it was formed in, so the detached iteration below does not compile for it, and
  /// there is no isolation cast. Iterated on the main actor, both deliver the same values
  /// (`ObservationsTests.deliversWhatApplesObservationsDeliversOnTheMainActor`).
  @MainActor
  @Test func observationsClosureIsolationFollowsTheIteratorUnlikeApple() async {
    let apple = AppleInventory()
    apple.count = 7
    let sequence = Observation.Observations { () -> Int in
      MainActor.assertIsolated("Apple runs the closure where it was formed")
      return apple.count
    }
    let first = await Task.detached {
      var iterator = sequence.makeAsyncIterator()
      return await iterator.next()
    }.value
    #expect(first == 7)

    let trellis = Inventory()
    trellis.count = 7
    var iterator = Observations { trellis.count }.makeAsyncIterator()
    #expect(await iterator.next() == 7)
  }
}
