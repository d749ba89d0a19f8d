import Trellis

/// Writes made on other threads to properties that main-actor effects read: the path a
/// background task's model updates take to a view.
///
/// Each thread writes property `a0` of its own model, read by one graph `Effect` on the main
/// actor. A write off the main actor is posted to the graph's inbox; the flush after the
/// writes applies what was posted, and every effect must then run once and see its thread's
/// last value. The figure is the writers' combined rate: the slowest thread's time divided by
/// all the writes made, so on a machine with fewer cores than threads it cannot beat one
/// thread's time divided by the core count.
struct OffMainSuite: BenchmarkSuite {
  let name = "off-main"
  let summary =
    "Threads writing properties read by main-actor effects; ns per write, all threads together."

  func run(in context: SuiteContext) {
    // The effects live on the main thread, where the benchmarks run.
    let unchecked = UncheckedSendable(context)
    MainActor.assumeIsolated {
      for threads in [1, 2, 6] { measure(threads: threads, in: unchecked.value) }
    }
    // Threads writing their own models share nothing but the inbox: more of them must not
    // make each write slower than one thread's (the inbox's lock once made it 3 to 20 times).
    let metric = "ns_per_write"
    for threads in ["2", "6"] {
      context.target(
        "write-\(threads)-threads ÷ write-1-thread", ("write-\(threads)-threads", .trellis, metric),
        over: ("write-1-thread", .trellis, metric), .atMost(1))
    }
  }

  @MainActor
  private func measure(threads: Int, in context: SuiteContext) {
    let caseName = "write-\(threads)-thread\(threads == 1 ? "" : "s")"
    let graph = Graph(executor: .manual)
    let models = (0..<threads).map { _ in TrellisTen() }
    let results = ComputedValues(width: threads)
    let effects = models.indices.map { index in
      let model = models[index]
      let effect = Effect(in: graph, runImmediately: false) {
        results.store(model.a0, at: index)
      }
      effect.recordsReasons = false
      effect.run()
      return effect
    }
    let shared = models.map { UncheckedSendable($0) }
    var correct = true
    // Each batch writes values no earlier batch wrote: a write of the value a property already
    // holds is no change (as with Apple's `@Observable`), so a batch of one write
    // repeating the last batch's value (the calibration can choose one under load) would run
    // no effect.
    var written = 0
    let samples = context.sampler.nanosecondsPerOperation { n in
      let before = results.evaluations
      let first = written + 1
      written += n
      let last = written
      let elapsed = runOnThreads(
        shared.map { model in
          { timed { for value in first...last { model.value.a0 = value } } }
        })
      graph.flush()
      // Each effect ran once for the whole batch, and saw the last write.
      correct =
        correct && results.evaluations - before == threads
        && results.values.allSatisfy { $0 == last }
      return elapsed.max()! / threads
    }
    context.record(caseName, .trellis, metric: "ns_per_write", samples: samples)
    context.check(
      correct, caseName, .trellis, "an effect missed the last write, or ran more than once")
    withExtendedLifetime(effects) {}
  }
}
