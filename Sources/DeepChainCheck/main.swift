import Foundation
import TrellisGraph

// Builds a chain of derived values 10,000 deep (or the depth given as the first argument),
// evaluates it for the first time from its end, updates it through an effect, and releases
// it, on the main thread, then runs twice as many effects each created inside the one before,
// and exits non-zero if anything is wrong: a computation running off the main thread or
// failing `MainActor.assumeIsolated`, a diagnostic, a wrong value, or a node kept alive. CI
// runs it in a debug and a release build.

@MainActor
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  guard !condition else { return }
  FileHandle.standardError.write(Data("DeepChainCheck FAILED: \(message())\n".utf8))
  exit(1)
}

/// What the computations saw.
@MainActor
final class Observed {
  var computations = 0
  var offMainThread = 0
}

@MainActor
func run(depth: Int) {
  var diagnostics: [TrellisDiagnostic] = []
  TrellisDiagnostics.sink = { diagnostics.append($0) }
  let observed = Observed()
  let graph = Graph(executor: .manual)
  let head = Cell(0, name: "head")
  weak var weakEnd: Derived<Int>?
  do {
    var current = Derived(name: "level 0") { head.value }
    for level in 1...depth {
      let previous = current
      current = Derived(name: "level \(level)") {
        // Traps if the computation runs anywhere but on the main actor.
        MainActor.assumeIsolated { observed.computations += 1 }
        if !Thread.isMainThread { observed.offMainThread += 1 }
        return previous.value + 1
      }
    }
    let end = current
    weakEnd = end
    check(end.value == depth, "first evaluation gave \(end.value), expected \(depth)")
    var seen: [Int] = []
    let effect = Effect(name: "reader", in: graph) { seen.append(end.value) }
    for value in [1, 2, 7] {
      head.value = value
      graph.flush()
    }
    check(seen == [depth, depth + 1, depth + 2, depth + 7], "the effect saw \(seen)")
    check(
      observed.computations == depth * 4,
      "\(observed.computations) computations, expected \(depth * 4)")
    effect.dispose()
  }
  check(weakEnd == nil, "the chain outlived every reference to it")
  check(
    observed.offMainThread == 0, "\(observed.offMainThread) computations ran off the main thread")
  check(diagnostics.isEmpty, "diagnostics: \(diagnostics.map(\.description))")
  print("DeepChainCheck: a \(depth)-deep chain evaluated, updated and released on the main thread")
}

/// Effects nested `depth` deep, each created (and so run) inside the one before: every level
/// runs, on the main thread, with no diagnostic.
@MainActor
func runNestedEffects(depth: Int) {
  var diagnostics: [TrellisDiagnostic] = []
  TrellisDiagnostics.sink = { diagnostics.append($0) }
  let graph = Graph(executor: .manual)
  var runs = 0
  var offMainThread = 0
  func make(_ level: Int) {
    guard level > 0 else { return }
    _ = Effect(name: "nested \(level)", in: graph) {
      MainActor.assumeIsolated { runs += 1 }
      if !Thread.isMainThread { offMainThread += 1 }
      make(level - 1)
    }
  }
  let root = Effect(name: "root", in: graph) { make(depth) }
  check(runs == depth, "\(runs) nested effects ran, expected \(depth)")
  check(offMainThread == 0, "\(offMainThread) nested effects ran off the main thread")
  check(diagnostics.isEmpty, "diagnostics: \(diagnostics.map(\.description))")
  root.dispose()
  print("DeepChainCheck: \(depth) nested effects ran on the main thread")
}

let depth = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000
MainActor.assumeIsolated {
  run(depth: depth)
  runNestedEffects(depth: depth * 2)
}
