import Testing
import TrellisViews

/// Plain data with an `==` that leaves `noise` out.
struct Reading: View, Equatable {
  let value: Int
  let noise: Int

  nonisolated static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }

  var body: some View { Text("reading \(value) \(noise)") }
}

/// `Reading` with state of its own, so not plain data: its `==` is used without `.equatable()`.
struct CountedReading: View, Equatable {
  let value: Int
  let noise: Int
  @State private var taps = 0

  nonisolated static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }

  var body: some View { Button("reading \(value) \(noise) taps \(taps)") { taps += 1 } }
}

struct ReadingScreen: View {
  let usesEquality: Bool
  @State private var value = 0
  @State private var noise = 0
  @State private var label = "a"

  var body: some View {
    VStack {
      Button("Value") { value += 1 }
      Button("Noise") { noise += 1 }
      Button("Label") { label += "a" }
      if usesEquality {
        Reading(value: value, noise: noise).equatable()
        CountedReading(value: value, noise: noise).equatable()
        Text(label).equatable()
      } else {
        Reading(value: value, noise: noise)
        CountedReading(value: value, noise: noise)
        Text(label)
      }
    }
  }
}

@MainActor
@Suite struct EquatableViewTests {
  @Test func aViewOfPlainDataIsComparedFieldByFieldWhateverItsEquality() {
    let host = ViewHost(ReadingScreen(usesEquality: false), executor: .manual)
    host.clearLogs()
    #expect(host.tap("Noise"))
    host.flush()
    // As SwiftUI: `==` would call the readings equal, but `Reading` is plain data, compared
    // field by field. `CountedReading` holds state, so it is not plain data: its `==` is used.
    #expect(host.runLog == ["ReadingScreen: @State ReadingScreen.noise", "Reading: input noise"])
    #expect(
      host.tree.texts == ["Value", "Noise", "Label", "reading 0 1", "reading 0 0 taps 0", "a"])
  }

  @Test func equatableUsesTheViewsEqualityAndKeepsItsNameStateAndElements() {
    let recorder = RecordingRenderer()
    let host = ViewHost(ReadingScreen(usesEquality: true), executor: .manual, renderer: recorder)
    let plain = ViewHost(ReadingScreen(usesEquality: false), executor: .manual)
    // The wrapper adds nothing to the tree.
    #expect(host.dump() == plain.dump())
    host.clearLogs()
    recorder.clear()
    #expect(host.tap("Noise"))
    host.flush()
    #expect(host.runLog == ["ReadingScreen: @State ReadingScreen.noise"])
    #expect(recorder.lastCommit.isEmpty)
    #expect(host.tap("reading 0 0 taps 0"))
    host.flush()
    host.clearLogs()
    #expect(host.tap("Value"))
    host.flush()
    #expect(
      host.runLog == [
        "ReadingScreen: @State ReadingScreen.value", "Reading: input @self",
        "CountedReading: input @self",
      ])
    #expect(
      host.tree.texts == ["Value", "Noise", "Label", "reading 1 1", "reading 1 1 taps 1", "a"])
    // A primitive view has no body to skip: it is updated as without the wrapper.
    recorder.clear()
    #expect(host.tap("Label"))
    host.flush()
    #expect(recorder.lastCommit.map(\.description).count == 1)
    #expect(host.tree.texts.last == "aa")
  }
}
