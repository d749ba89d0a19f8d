import Foundation
import Trellis

// Mounts, updates, renders and releases a tree of nested custom views, 10,000 levels deep by
// default, on the main thread, and exits non-zero if anything is wrong: a body running off the
// main thread, a diagnostic (a false update cycle), a wrong tree, or wrong mutations. CI runs
// it in a debug and a release build, where the main thread's stack is the only stack there is.

/// One level: a custom view with an input that changes on update, nesting the next level.
struct Level: View {
  let depth: Int
  let value: Int

  var body: some View {
    let _ = LevelCheck.recordBody()
    if depth == 0 {
      Text("leaf \(value)")
    } else {
      Level(depth: depth - 1, value: value)
    }
  }
}

/// What the bodies saw.
@MainActor
enum LevelCheck {
  static var bodies = 0
  static var offMainThread = 0

  static func recordBody() {
    bodies += 1
    if !Thread.isMainThread { offMainThread += 1 }
  }
}

@MainActor
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  guard !condition else { return }
  FileHandle.standardError.write(Data("DeepTreeCheck FAILED: \(message())\n".utf8))
  exit(1)
}

@MainActor
func measure<Result>(_ label: String, _ body: () -> Result) -> Result {
  let clock = ContinuousClock()
  let start = clock.now
  let result = body()
  let elapsed = clock.now - start
  print("\(label): \(elapsed.formatted(.units(allowed: [.milliseconds], width: .narrow)))")
  return result
}

@MainActor
func run(depth: Int) {
  let recorder = RecordingRenderer(recordsMutations: false)
  var diagnostics: [TrellisDiagnostic] = []
  TrellisDiagnostics.sink = { diagnostics.append($0) }

  var host: ViewHost? = measure("mount \(depth) levels") {
    ViewHost(Level(depth: depth, value: 0), executor: .manual, renderer: recorder)
  }
  check(diagnostics.isEmpty, "mount reported \(diagnostics)")
  check(LevelCheck.bodies == depth + 1, "mount ran \(LevelCheck.bodies) bodies")
  check(recorder.counts.creates == depth + 2, "mount created \(recorder.counts.creates) elements")

  recorder.clear()
  LevelCheck.bodies = 0
  measure("update every level") { host?.update(root: Level(depth: depth, value: 1)) }
  check(diagnostics.isEmpty, "update reported \(diagnostics)")
  check(LevelCheck.bodies == depth + 1, "update ran \(LevelCheck.bodies) bodies")
  check(
    recorder.counts == RecordingRenderer.Counts(textUpdates: 1, commits: 1),
    "update made \(recorder.counts)")

  let tree = measure("tree") { host!.tree }
  check(tree.texts == ["leaf 1"], "the tree shows \(tree.texts)")
  let dump = measure("dump") { host!.dump() }
  check(dump.hasSuffix("Text \"leaf 1\"\n"), "the dump ends with \(dump.suffix(40))")
  check(dump.utf8.count > 2 * depth * depth / 2, "the dump has \(dump.utf8.count) bytes")
  measure("release") { host = nil }
  check(LevelCheck.offMainThread == 0, "\(LevelCheck.offMainThread) bodies ran off the main thread")
  print("DeepTreeCheck passed: \(depth) levels")
}

let depth = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 10_000
MainActor.assumeIsolated { run(depth: depth) }
