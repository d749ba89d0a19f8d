import Testing
import TrellisGraph
import TrellisTracking
@testable import TrellisViews

/// A chain of nested custom views, `depth` levels deep.
/// A view that contains itself with no base case.
struct Endless: View {
  var body: some View {
    VStack {
      Text("level")
      Endless()
    }
  }
}

/// Built-in containers and modifiers nested `depth` levels deep inside one body, as a
/// recursive render of an outline builds them: no composite view between the levels.
struct NestedBuiltIns: View {
  let depth: Int
  let leaf: String

  var body: some View {
    var view = AnyView(Text(leaf))
    for _ in 0..<depth { view = AnyView(VStack { view }.padding(1)) }
    return view
  }
}

struct NestedLevel: View {
  let depth: Int

  var body: some View {
    if depth == 0 {
      Text("leaf")
    } else {
      AnyView(NestedLevel(depth: depth - 1))
    }
  }
}

/// A chain of nested custom views that all carry `value`, so that a new value is a changed
/// input at every level; the leaf shows it.
struct ValuedLevel: View {
  let depth: Int
  let value: Int

  var body: some View {
    if depth == 0 {
      Text("leaf \(value)")
    } else {
      ValuedLevel(depth: depth - 1, value: value)
    }
  }
}

/// A stack that shows a `NestedLevel` chain `depth` levels deep once the model says so.
final class DeepSwitchModel: Trackable {
  @Tracked var shown = false
}

struct DeepSwitch: View {
  let model: DeepSwitchModel
  let depth: Int

  var body: some View {
    VStack {
      if model.shown { NestedLevel(depth: depth) }
    }
  }
}

/// Bodies never nest on the stack (each is scheduled for the running flush, parents first),
/// and rendering, dumping and releasing walk the tree with explicit stacks, so depth is
/// limited by `ViewHostOptions.maximumDepth` alone.
@MainActor
@Suite struct DeepTreeTests {
  @Test func aViewThatContainsItselfStopsAtTheDepthLimitWithOneDiagnostic() {
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(
        Endless(), executor: .manual, options: ViewHostOptions(maximumDepth: 40))
    }
    // Each level is three nodes (the `Endless`, its `VStack`, the tuple inside it), so the
    // levels at depths 0, 3, …, 39 are evaluated: 14 of them.
    #expect(host?.bodyCount(of: "Endless") == 14)
    #expect(host?.tree.texts == Array(repeating: "level", count: 14))
    #expect(diagnostics.map(\.kind) == [.evaluationTooDeep])
    #expect(diagnostics.map(\.nodes) == [["Endless"]])
    #expect(
      diagnostics.first?.message
        == "Endless is more than 40 nodes deep (ViewHostOptions.maximumDepth), so it and the "
        + "views below it are not evaluated. A view that contains itself unconditionally never "
        + "ends; give the recursion a base case.")
    host?.flush()
    #expect(host?.bodyCount(of: "Endless") == 14)
  }

  @Test func aThousandNestedViewsMountAndUpdateWithoutRecursion() {
    let host = ViewHost(NestedLevel(depth: 1_000), executor: .manual)
    #expect(host.tree.texts == ["leaf"])
    #expect(host.bodyCount(of: "NestedLevel") == 1_001)
    host.clearLogs()
    host.update(root: NestedLevel(depth: 1_000))
    host.flush()
    #expect(host.bodyCount(of: "NestedLevel") == 0)
  }

  @Test func tenThousandLevelsMountUpdateAtEveryLevelRenderAndReleaseWithoutAFalseCycle() {
    let depth = 10_000
    let recorder = RecordingRenderer(recordsMutations: false)
    var host: ViewHost? = nil
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(
        ValuedLevel(depth: depth, value: 0), executor: .manual, renderer: recorder)
    }
    #expect(diagnostics == [])
    guard let mounted = host else { return }
    #expect(mounted.bodyCount(of: "ValuedLevel") == depth + 1)
    // One element per level, and the leaf.
    #expect(recorder.counts.creates == depth + 2)
    #expect(recorder.counts.inserts == depth + 2)

    recorder.clear()
    mounted.clearLogs()
    let update = TrellisDiagnostics.capture {
      mounted.update(root: ValuedLevel(depth: depth, value: 1))
    }
    #expect(update == [])
    #expect(mounted.bodyCount(of: "ValuedLevel") == depth + 1)
    #expect(recorder.counts == RecordingRenderer.Counts(textUpdates: 1, commits: 1))

    let tree = mounted.tree
    #expect(tree.texts == ["leaf 1"])
    #expect(tree.allNodes.count == depth + 2)
    let dump = mounted.dump()
    // The last line, the leaf, is indented by two spaces per level above it.
    let endsWithTheLeaf = dump.hasSuffix(
      "\n" + String(repeating: "  ", count: depth + 1) + "Text \"leaf 1\"\n")
    #expect(dump.hasPrefix("ValuedLevel\n  ValuedLevel\n"))
    #expect(endsWithTheLeaf)
    #expect(tree == mounted.tree)

    mounted.unmount()
    #expect(mounted.tree == RenderedNode(kind: "Empty"))
    host = nil
  }

  @Test func aDeepTreeIsReleasedWithTheHostWithoutUnmounting() {
    weak var released: ViewHost?
    do {
      let host = ViewHost(NestedLevel(depth: 10_000), executor: .manual)
      released = host
      #expect(host.tree.texts == ["leaf"])
    }
    #expect(released == nil)
  }

  // Found by the suite stalling for minutes: after any `withTransaction` (another host's
  // counts), a flush records what made its changes, and the commit found each new element's
  // transaction by walking up from it to a changed element, O(depth) per element: a
  // 10,000-level subtree took minutes to commit. Every mutation of the new subtree carries the
  // animation it was shown in. Linear is checked by counting the walk's steps, not by a time
  // limit: a limit also counts the time other tests hold the main actor (CI failed on one).
  @Test func aDeepSubtreeShownWithAnAnimationIsAnimatedThroughoutInLinearTime() {
    let model = DeepSwitchModel()
    let recorder = RecordingRenderer()
    let host = ViewHost(
      DeepSwitch(model: model, depth: 10_000), executor: .manual, renderer: recorder)
    recorder.clear()
    let stepsBefore = host.core.transactionWalkSteps
    withAnimation(.linear) { model.shown = true }
    host.flush()
    #expect(host.tree.texts == ["leaf"])
    // Each view node of the new subtree once (four a level: 40,007 steps), and a few for the
    // changed container; the quadratic walks took hundreds of millions.
    let steps = host.core.transactionWalkSteps - stepsBefore
    #expect((10_002...5 * 10_002).contains(steps), "\(steps) steps")
    #expect(
      recorder.counts == RecordingRenderer.Counts(creates: 10_002, inserts: 10_002, commits: 1))
    #expect(recorder.lastCommitAnimations.count == 20_004)
    #expect(recorder.lastCommitAnimations.allSatisfy { $0.hasSuffix(" ~ linear(0.35)") })
  }

  // Found by a new user: built-in views nested in one body recurse through their updates, one
  // level each, and 3,000 levels of `AnyView(VStack { v }.padding(1))` overflowed the stack
  // (a crash, no diagnostic). The update continues on a fresh stack segment of the thread.
  @Test func tenThousandBuiltInLevelsInOneBodyMountUpdateAndUnmount() {
    let host = ViewHost(NestedBuiltIns(depth: 10_000, leaf: "core"), executor: .manual)
    #expect(host.tree.texts == ["core"])
    host.update(root: NestedBuiltIns(depth: 10_000, leaf: "changed"))
    host.flush()
    #expect(host.tree.texts == ["changed"])
    host.unmount()
    #expect(host.tree == RenderedNode(kind: "Empty"))
  }
}
