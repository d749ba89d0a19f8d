import Testing
import TrellisGraph
import TrellisViews

/// A view with its own state, showing it.
struct Counter: View {
  let label: String
  @State private var count = 0

  var body: some View {
    Button("\(label): \(count)") { count += 1 }
  }
}

struct BranchingParent: View {
  @State var flag = true
  @State var outer = 0

  var body: some View {
    VStack {
      Button("flip") { flag.toggle() }
      Button("outer \(outer)") { outer += 1 }
      if flag {
        Counter(label: "yes")
      } else {
        Counter(label: "no")
      }
    }
  }
}

struct ArgumentParent: View {
  @State var flag = true

  var body: some View {
    VStack {
      Button("flip") { flag.toggle() }
      Counter(label: flag ? "yes" : "no")
    }
  }
}

@MainActor
@Suite struct StructuralIdentityTests {
  @Test func flippingABranchResetsStateInsideButNotAbove() {
    let host = ViewHost(BranchingParent(), executor: .manual)
    host.tap("yes: 0")
    host.tap("outer 0")
    host.flush()
    #expect(host.tree.texts == ["flip", "outer 1", "yes: 1"])
    host.tap("flip")
    host.flush()
    #expect(host.tree.texts == ["flip", "outer 1", "no: 0"])
    host.tap("flip")
    host.flush()
    #expect(host.tree.texts == ["flip", "outer 1", "yes: 0"])
  }

  @Test func conditionAsArgumentKeepsIdentityAndState() {
    let host = ViewHost(ArgumentParent(), executor: .manual)
    host.tap("yes: 0")
    host.flush()
    host.tap("flip")
    host.flush()
    #expect(host.tree.texts == ["flip", "no: 1"])
  }

  @Test func dumpIsStableAndReadable() {
    let host = ViewHost(BranchingParent(), executor: .manual)
    #expect(
      host.dump() == """
        BranchingParent
          VStack
            Button
              Text "flip"
            Button
              Text "outer 0"
            Counter
              Button
                Text "yes: 0"

        """)
  }
}
