import Testing
import TrellisGraph
import TrellisViews

/// A generic view whose instances have different layouts: each `Value` is its own view type.
struct Labeled<Value: CustomStringConvertible>: View {
  let label: String
  let value: Value
  var body: some View { Text("\(label)=\(value)") }
}

/// Three instances of one generic view, side by side.
struct LabeledTrio: View {
  let number: Int
  let word: String
  let list: [Double]
  var body: some View {
    VStack {
      Labeled(label: "n", value: number)
      Labeled(label: "w", value: word)
      Labeled(label: "l", value: list)
    }
  }
}

/// A host makes each view's part from the class it found for the view's type
/// (`CompositeType.makePart(for:view:)`): instances of one generic view with different type
/// arguments are different types, each with its own part and inputs. A part of the wrong class
/// would trap in a debug build and corrupt its `view` under AddressSanitizer.
@MainActor
@Suite struct CompositePartTests {
  @Test func eachInstanceOfAGenericViewKeepsItsOwnPartAndInputs() {
    let host = ViewHost(LabeledTrio(number: 1, word: "a", list: [0.5]), executor: .manual)
    #expect(host.tree.texts == ["n=1", "w=a", "l=[0.5]"])
    #expect(host.bodyCount(of: "Labeled") == 3)
    host.clearLogs()

    host.update(root: LabeledTrio(number: 1, word: "b", list: [0.5, 1.5]))
    host.flush()
    #expect(host.tree.texts == ["n=1", "w=b", "l=[0.5, 1.5]"])
    // The root, then the two whose inputs changed; the `Int` one is skipped.
    #expect(host.bodyCount(of: "Labeled") == 2)
    #expect(host.bodyCount(of: "LabeledTrio") == 1)
  }
}
