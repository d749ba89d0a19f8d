import Synchronization
import Testing
import TrellisTracking

/// Four tracked properties, each guarded by its own lock for value access: like Apple's
/// `@Observable`, Trellis makes the registrar thread-safe, not the stored values, so the test
/// serializes each value's reads and writes and leaves everything else (subscribing, firing,
/// unsubscribing) free to race.
final class Quad: Trackable, @unchecked Sendable {
  @Tracked var p0 = 0
  @Tracked var p1 = 0
  @Tracked var p2 = 0
  @Tracked var p3 = 0
  private let locks = [ValueLock(), ValueLock(), ValueLock(), ValueLock()]

  func read(_ index: Int) -> Int {
    locks[index].withLock {
      switch index {
      case 0: p0
      case 1: p1
      case 2: p2
      default: p3
      }
    }
  }

  func bump(_ index: Int) {
    locks[index].withLock {
      switch index {
      case 0: p0 += 1
      case 1: p1 += 1
      case 2: p2 += 1
      default: p3 += 1
      }
    }
  }
}

/// A lock around one property's value; it also counts the sections it guarded.
final class ValueLock: Sendable {
  private let sections = Locked(0)
  func withLock<Result>(_ body: () -> Result) -> Result {
    sections.withLock { count in
      count += 1
      return body()
    }
  }
}

/// The hand-written registrar form over atomic storage: any number of threads may write the
/// same property at once without a lock.
final class AtomicCounterModel: Sendable {
  private let registrar = TrackingRegistrar()
  private let storage = Atomic<Int>(0)

  var value: Int {
    registrar.access(self, keyPath: \.value)
    return storage.load(ordering: .relaxed)
  }

  func increment() {
    registrar.withMutation(of: self, keyPath: \.value) {
      _ = storage.add(1, ordering: .relaxed)
    }
  }
}

/// The per-scope fire counts of a test, registered from any thread.
final class ScopeCounters: Sendable {
  private let counters = Locked<[Counter]>([])

  func make() -> Counter {
    let counter = Counter()
    counters.withLock { $0.append(counter) }
    return counter
  }

  var counts: [Int] { counters.withLock { $0.map(\.count) } }
}

@Suite struct TrackingConcurrencyTests {
  @Test func scopesInstalledWhileOtherThreadsWriteEachFireExactlyOnce() {
    let model = Quad()
    let scopes = ScopeCounters()
    let writesPerWriter = 2_000
    let scopesPerInstaller = 400
    runConcurrently(4) { thread in
      if thread < 2 {
        // Writers: thread 0 bumps p0 and p1, thread 1 bumps p2 and p3.
        for step in 0..<writesPerWriter { model.bump(thread * 2 + step % 2) }
      } else {
        // Installers: flat and nested scopes over varying pairs of properties.
        for step in 0..<scopesPerInstaller {
          let first = step % 4
          let second = (step / 4 + thread) % 4
          let outer = scopes.make()
          if step.isMultiple(of: 3) {
            let inner = scopes.make()
            withTracking {
              _ = model.read(first)
              withTracking {
                _ = model.read(second)
              } onChange: {
                inner.increment()
              }
            } onChange: {
              outer.increment()
            }
          } else {
            withTracking {
              _ = model.read(first)
              _ = model.read(second)
            } onChange: {
              outer.increment()
            }
          }
        }
      }
    }
    let duplicates = scopes.counts.filter { $0 > 1 }.count
    #expect(duplicates == 0)
    // Every scope read at least one property; changing all of them fires whatever has not
    // fired yet, so nothing may be lost either.
    for index in 0..<4 { model.bump(index) }
    let counts = scopes.counts
    #expect(counts.count == 2 * scopesPerInstaller + 2 * ((scopesPerInstaller + 2) / 3))
    #expect(counts.allSatisfy { $0 == 1 }, "fire counts other than 1: \(counts.filter { $0 != 1 })")
  }

  @Test func manyThreadsWritingOnePropertyFireEachScopeOnce() {
    let model = AtomicCounterModel()
    let scopes = ScopeCounters()
    let writes = 1_500
    runConcurrently(4) { thread in
      if thread < 3 {
        for _ in 0..<writes { model.increment() }
      } else {
        for _ in 0..<500 {
          let counter = scopes.make()
          withTracking {
            _ = model.value
          } onChange: {
            counter.increment()
          }
        }
      }
    }
    #expect(model.value == 3 * writes)
    #expect(scopes.counts.allSatisfy { $0 <= 1 })
    model.increment()
    #expect(scopes.counts == Array(repeating: 1, count: 500))
  }

  @Test func stableObserverSeesEveryWriteWhileOtherObserversChurn() {
    let model = Quad()
    let willSets = Counter()
    let didSets = Counter()
    let stable = TrackingObserver { event in
      if event.phase == .willSet { willSets.increment() } else { didSets.increment() }
    }
    stable.track {
      for index in 0..<4 { _ = model.read(index) }
    }
    let writesPerWriter = 1_500
    let churnEvents = Counter()
    runConcurrently(4) { thread in
      if thread < 2 {
        for step in 0..<writesPerWriter { model.bump(thread * 2 + step % 2) }
      } else {
        // Churners: subscribe, re-track a different set, cancel or just release.
        for step in 0..<300 {
          let observer = TrackingObserver { _ in churnEvents.increment() }
          observer.track { _ = model.read(step % 4) }
          observer.track {
            _ = model.read((step + 1) % 4)
            _ = model.read((step + thread) % 4)
          }
          if step.isMultiple(of: 2) { observer.cancel() }
        }
      }
    }
    #expect(willSets.count == 2 * writesPerWriter)
    #expect(didSets.count == 2 * writesPerWriter)
    stable.cancel()
    // After every churner is gone, a write reaches nobody.
    let before = churnEvents.count
    for index in 0..<4 { model.bump(index) }
    #expect(churnEvents.count == before)
    #expect(willSets.count == 2 * writesPerWriter)
  }

  @Test func observersTrackedAndCancelledOnOtherThreadsAreIsolated() {
    // Each thread owns an observer and its own model; they share nothing but the runtime's
    // globals (the open-scope count and the thread-local key).
    let totals = ScopeCounters()
    runConcurrently(4) { _ in
      let model = Quad()
      let events = totals.make()
      let observer = TrackingObserver { event in
        if event.phase == .didSet { events.increment() }
      }
      for step in 0..<500 {
        observer.track { _ = model.read(step % 4) }
        model.bump(step % 4)  // observed
        model.bump((step + 1) % 4)  // not observed
      }
      observer.cancel()
      model.bump(0)
    }
    #expect(totals.counts == [500, 500, 500, 500])
  }
}
