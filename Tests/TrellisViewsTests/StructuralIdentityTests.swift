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

enum Mode: Equatable {
  case first, second, third
}

struct SwitchParent: View {
  @State var mode = Mode.first

  var body: some View {
    VStack {
      Button("first") { mode = .first }
      Button("second") { mode = .second }
      Button("third") { mode = .third }
      switch mode {
      case .first: Counter(label: "A")
      case .second: Counter(label: "B")
      case .third: Counter(label: "C")
      }
    }
  }
}

/// Wraps a counter, so that erasing it gives another type than erasing a bare counter.
struct Wrapped: View {
  let label: String
  var body: some View { Counter(label: label) }
}

struct ErasingParent: View {
  @State var flag = true

  var body: some View {
    VStack {
      Button("flip") { flag.toggle() }
      flag ? AnyView(Counter(label: "yes")) : AnyView(Wrapped(label: "no"))
    }
  }
}

struct SameTypeErasingParent: View {
  @State var flag = true

  var body: some View {
    VStack {
      Button("flip") { flag.toggle() }
      AnyView(Counter(label: flag ? "yes" : "no"))
    }
  }
}

struct LifecycleBranchParent: View {
  @State var flag = true

  var body: some View {
    VStack {
      Button("flip") { flag.toggle() }
      if flag {
        Counter(label: "yes").onAppear {}.onDisappear {}
      } else {
        Wrapped(label: "no").onAppear {}.onDisappear {}
      }
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

  @Test func flippingABranchRunsOnlyTheParentAndTheInsertedBranch() {
    let host = ViewHost(BranchingParent(), executor: .manual)
    host.clearLogs()
    host.tap("flip")
    host.flush()
    #expect(host.runLog == ["BranchingParent: @State BranchingParent.flag", "Counter: inserted"])
    #expect(host.bodyCount(of: "Counter") == 1)
  }

  @Test func branchFlipDisappearsTheOldBranchAndAppearsTheNew() {
    let host = ViewHost(LifecycleBranchParent(), executor: .manual)
    #expect(host.eventLog == ["appear Counter"])
    host.clearLogs()
    host.tap("flip")
    host.flush()
    #expect(host.eventLog == ["disappear Counter", "appear Wrapped"])
    #expect(host.tree.texts == ["flip", "no: 0"])
  }

  @Test func flippingBackWithinOneTurnKeepsTheIdentity() {
    let host = ViewHost(BranchingParent(), executor: .manual)
    host.tap("yes: 0")
    host.flush()
    host.clearLogs()
    host.tap("flip")
    host.tap("flip")
    host.flush()
    #expect(host.tree.texts == ["flip", "outer 0", "yes: 1"])
    #expect(host.runLog == ["BranchingParent: @State BranchingParent.flag"])
  }

  @Test func conditionAsArgumentReRunsTheChildForItsNewInput() {
    let host = ViewHost(ArgumentParent(), executor: .manual)
    host.clearLogs()
    host.tap("flip")
    host.flush()
    #expect(host.runLog == ["ArgumentParent: @State ArgumentParent.flag", "Counter: input label"])
  }

  @Test func eachSwitchCaseIsItsOwnIdentity() {
    let host = ViewHost(SwitchParent(), executor: .manual)
    host.tap("A: 0")
    host.flush()
    #expect(host.tree.texts == ["first", "second", "third", "A: 1"])
    host.tap("third")
    host.flush()
    #expect(host.tree.texts == ["first", "second", "third", "C: 0"])
    host.tap("C: 0")
    host.flush()
    host.tap("second")
    host.flush()
    #expect(host.tree.texts == ["first", "second", "third", "B: 0"])
    host.tap("first")
    host.flush()
    #expect(host.tree.texts == ["first", "second", "third", "A: 0"])
    #expect(host.bodyCount(of: "Counter") == 6)
  }

  @Test func anyViewOfAnotherTypeResetsState() {
    let recorder = RecordingRenderer()
    let host = ViewHost(ErasingParent(), executor: .manual, renderer: recorder)
    host.tap("yes: 0")
    host.flush()
    host.clearLogs()
    recorder.clear()
    host.tap("flip")
    host.flush()
    #expect(host.tree.texts == ["flip", "no: 0"])
    // Another type is another identity: the old subtree's element goes, a new one comes.
    #expect(
      recorder.counts == RecordingRenderer.Counts(creates: 4, inserts: 4, removes: 1, commits: 1))
    #expect(
      host.runLog == [
        "ErasingParent: @State ErasingParent.flag", "Wrapped: inserted", "Counter: inserted",
      ])
    host.tap("flip")
    host.flush()
    #expect(host.tree.texts == ["flip", "yes: 0"])
  }

  @Test func anyViewOfTheSameTypeKeepsState() {
    let recorder = RecordingRenderer()
    let host = ViewHost(SameTypeErasingParent(), executor: .manual, renderer: recorder)
    host.tap("yes: 0")
    host.flush()
    host.clearLogs()
    recorder.clear()
    host.tap("flip")
    host.flush()
    // The same elements: the counter's text changes in place.
    #expect(recorder.lastCommit.map(\.description) == ["setText Text@7 \"no: 1\""])
    #expect(host.tree.texts == ["flip", "no: 1"])
    #expect(
      host.runLog == [
        "SameTypeErasingParent: @State SameTypeErasingParent.flag", "Counter: input label",
      ])
  }
}
