/// The cost of the registrar's primitive operations: reads, writes, installing a one-shot
/// observation and firing it, fan-out, and two threads writing one object.
///
/// Every case runs the same generic loop over `TrellisTen`, `AppleTen` and `ObjectTen`; the
/// optimizer specializes it per model, so the only difference is the implementation.
struct RegistrarSuite: BenchmarkSuite {
  let name = "registrar"
  let summary =
    "Nanoseconds per operation (fanout-10k: per observer; threads: per write per thread)."

  private static let perOperation = "ns_per_op"

  func run(in context: SuiteContext) {
    // Concrete calls, not a loop over metatypes: the generic loop must be specialized per
    // model, or every access would go through a protocol witness.
    run(TrellisTen.self, in: context)
    run(AppleTen.self, in: context)
    run(ObjectTen.self, in: context)
    let metric = Self.perOperation
    for (caseName, bound) in [
      ("tracked-read", 25.0), ("untracked-read", 5), ("write-no-observers", 10),
      ("install-fire-1", 15), ("install-fire-10", 15), ("fanout-10k", 10),
    ] {
      context.target(
        "\(caseName): Apple ÷ Trellis", (caseName, .appleObservation, metric),
        over: (caseName, .trellis, metric), .atLeast(bound))
    }
    context.target(
      "contention-2-threads ÷ write-1-thread (Trellis)", ("contention-2-threads", .trellis, metric),
      over: ("write-1-thread", .trellis, metric), .atMost(1.5))
    context.target(
      "contention-2-threads ÷ write-1-thread (Apple, for reference)",
      ("contention-2-threads", .appleObservation, metric),
      over: ("write-1-thread", .appleObservation, metric), .atMost(1.5))
  }

  private func run<Model: TenModel>(_: Model.Type, in context: SuiteContext) {
    let implementation = Model.implementation
    let sampler = context.sampler
    func record(_ caseName: String, _ samples: [Double]) {
      context.record(caseName, implementation, metric: Self.perOperation, samples: samples)
    }

    // untracked-read: a read with no tracking scope open anywhere.
    do {
      let model = opaque(Model())
      model.a0 = 7
      var correct = true
      record(
        "untracked-read",
        sampler.nanosecondsPerOperation { n in
          var sum = 0
          let elapsed = timed { for _ in 0..<n { sum &+= model.a0 } }
          correct = correct && sum == 7 &* n
          blackHole(sum)
          return elapsed
        })
      context.check(correct, "untracked-read", implementation, "wrong sum of reads")
    }

    // tracked-read: the same property read again and again inside one open tracking scope
    // (the first read records it; the rest are what is measured).
    do {
      let model = opaque(Model())
      let fired = FireCounter()
      var runs = 0
      var correct = true
      record(
        "tracked-read",
        sampler.nanosecondsPerOperation { n in
          let value = model.a0
          var sum = 0
          let elapsed = timed {
            Model.track(
              {
                for _ in 0..<n { sum &+= model.a0 }
              }, onChange: { fired.count += 1 })
          }
          correct = correct && sum == value &* n
          blackHole(sum)
          // Fire the installed observation (untimed) so that observations do not pile up.
          model.a0 = value &+ 1
          runs += 1
          return elapsed
        })
      context.check(correct, "tracked-read", implementation, "wrong sum of reads")
      context.check(
        fired.count == runs, "tracked-read", implementation,
        "onChange fired \(fired.count) times for \(runs) scopes")
    }

    // write-no-observers: assignments of new values to a property nobody tracks.
    do {
      let model = opaque(Model())
      var value = 0
      record(
        "write-no-observers",
        sampler.nanosecondsPerOperation { n in
          timed {
            for _ in 0..<n {
              value &+= 1
              model.a0 = value
            }
          }
        })
      context.check(model.a0 == value, "write-no-observers", implementation, "lost a write")
    }

    // install-fire-1: track one property, then a write fires the observation.
    do {
      let model = opaque(Model())
      let fired = FireCounter()
      var operations = 0
      var value = 0
      record(
        "install-fire-1",
        sampler.nanosecondsPerOperation { n in
          var sum = 0
          let elapsed = timed {
            for _ in 0..<n {
              sum &+= Model.track({ model.a0 }, onChange: { fired.count += 1 })
              value &+= 1
              model.a0 = value
            }
          }
          operations += n
          blackHole(sum)
          return elapsed
        })
      context.check(
        fired.count == operations, "install-fire-1", implementation,
        "\(fired.count) fires for \(operations) install-and-write rounds")
    }

    // install-fire-10: track ten properties, then a write to one of them fires.
    do {
      let model = opaque(Model())
      let fired = FireCounter()
      var operations = 0
      var value = 0
      record(
        "install-fire-10",
        sampler.nanosecondsPerOperation { n in
          var sum = 0
          let elapsed = timed {
            for _ in 0..<n {
              sum &+= Model.track(
                {
                  model.a0 &+ model.a1 &+ model.a2 &+ model.a3 &+ model.a4 &+ model.a5
                    &+ model.a6 &+ model.a7 &+ model.a8 &+ model.a9
                }, onChange: { fired.count += 1 })
              value &+= 1
              model.a0 = value
            }
          }
          operations += n
          blackHole(sum)
          return elapsed
        })
      context.check(
        fired.count == operations, "install-fire-10", implementation,
        "\(fired.count) fires for \(operations) install-and-write rounds")
    }

    // fanout-10k: 10,000 scopes track one property (untimed); one write fires them all.
    do {
      let observers = 10_000
      let model = opaque(Model())
      let fired = FireCounter()
      var value = 0
      var correct = true
      record(
        "fanout-10k",
        sampler.nanosecondsPerOperation(fixedOperations: observers) {
          fired.count = 0
          var sum = 0
          for _ in 0..<observers {
            sum &+= Model.track({ model.a0 }, onChange: { fired.count += 1 })
          }
          blackHole(sum)
          value &+= 1
          let elapsed = timed { model.a0 = value }
          correct = correct && fired.count == observers
          return elapsed
        })
      context.check(correct, "fanout-10k", implementation, "a write did not fire every scope")
    }

    // write-1-thread and contention-2-threads: one thread writing `a0`, then two threads
    // writing `a0` and `a1` of one object at the same time. No observers.
    do {
      let model = Model()
      let shared = UncheckedSendable(model)
      var last = 0
      record(
        "write-1-thread",
        sampler.nanosecondsPerOperation { n in
          runOnThreads([
            {
              timed {
                for value in 1...n { shared.value.a0 = value }
              }
            }
          ])[0]
        })
      last = model.a0
      context.check(last > 0, "write-1-thread", implementation, "lost the writes")

      var correct = true
      record(
        "contention-2-threads",
        sampler.nanosecondsPerOperation { n in
          let elapsed = runOnThreads([
            { timed { for value in 1...n { shared.value.a0 = value } } },
            { timed { for value in 1...n { shared.value.a1 = value } } },
          ])
          correct = correct && model.a0 == n && model.a1 == n
          return elapsed.max()!
        })
      context.check(correct, "contention-2-threads", implementation, "lost a write")
    }
  }
}
