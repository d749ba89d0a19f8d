import Testing
import TrellisViews

/// A chain of nested custom views, `depth` levels deep.
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

/// Body evaluation and updates past 32 levels go through the scheduler instead of the stack,
/// so nesting depth is limited by rendering and releasing the tree (both recursive), which
/// comfortably handle a thousand levels.
@MainActor
@Suite struct DeepTreeTests {
  @Test func aThousandNestedViewsMountAndUpdateWithoutRecursion() {
    let host = ViewHost(NestedLevel(depth: 1_000), executor: .manual)
    #expect(host.tree.texts == ["leaf"])
    #expect(host.bodyCount(of: "NestedLevel") == 1_001)
    host.clearLogs()
    host.update(root: NestedLevel(depth: 1_000))
    host.flush()
    #expect(host.bodyCount(of: "NestedLevel") == 0)
  }
}
