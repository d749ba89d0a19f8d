import TrellisViews

/// Counts how often each named view's state was initialized: once per identity.
@MainActor
final class InitCounter {
  private(set) var counts: [String: Int] = [:]

  /// Counts one initialization of `name`'s state and returns its initial value, 0.
  func make(_ name: String) -> Int {
    counts[name, default: 0] += 1
    return 0
  }
}

/// A view with state, an appear and a disappear action, and a task that runs until it is
/// cancelled: lifecycle logs name it `Probed #<name>`.
struct Probed: View {
  let name: String
  let counter: InitCounter
  let gate: TaskGate
  @State private var taps: Int

  init(_ name: String, counter: InitCounter, gate: TaskGate) {
    self.name = name
    self.counter = counter
    self.gate = gate
    _taps = State(wrappedValue: counter.make(name))
  }

  var body: some View {
    Button("\(name) \(taps)") { taps += 1 }
      .onAppear {}
      .onDisappear {}
      .task { [gate, name] in await gate.run(name) }
  }
}

extension Probed {
  /// The same view under the explicit identity `name`, so that its logs name it.
  static func named(_ name: String, counter: InitCounter, gate: TaskGate) -> some View {
    Probed(name, counter: counter, gate: gate).id(name)
  }
}

/// Counts the events of each kind in a host's log.
extension ViewHost {
  func eventCounts(_ view: String) -> (appear: Int, disappear: Int, taskStart: Int, taskCancel: Int)
  {
    let events = eventLog
    return (
      events.filter { $0 == "appear \(view)" }.count,
      events.filter { $0 == "disappear \(view)" }.count,
      events.filter { $0 == "task start \(view)" }.count,
      events.filter { $0 == "task cancel \(view)" }.count
    )
  }
}
