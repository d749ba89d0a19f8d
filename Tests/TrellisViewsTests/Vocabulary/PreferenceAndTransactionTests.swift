import Foundation
import Testing
import TrellisGraph
import TrellisTracking

@testable import TrellisViews

/// The names of the views that set one, in tree order.
struct NamesKey: PreferenceKey {
  static let defaultValue: [String] = []
  static func reduce(value: inout [String], nextValue: () -> [String]) {
    value += nextValue()
  }
}

final class NamesModel: Trackable {
  @Tracked var names = ["a", "b", "c"]
  @Tracked var suffix = ""
}

struct NamedRow: View {
  let model: NamesModel
  let name: String

  var body: some View {
    Text(name).preference(
      key: NamesKey.self, value: [name + (name == "b" ? String(model.suffix.prefix(1)) : "")])
  }
}

struct NamedRows: View {
  let model: NamesModel

  var body: some View {
    VStack {
      ForEach(model.names, id: \.self) { name in NamedRow(model: model, name: name) }
    }
  }
}

struct NamesReader: View {
  let model: NamesModel
  let probe: Probe

  var body: some View {
    NamedRows(model: model)
      .onPreferenceChange(NamesKey.self) { names in probe.log.append(names.joined(separator: ",")) }
      .overlayPreferenceValue(NamesKey.self) { names in
        Text("overlay " + names.joined(separator: ","))
      }
  }
}

/// A reader over the named rows, beside rows that each read their own value, all under one
/// reader.
struct NestedReaders: View {
  let model: NamesModel
  let probe: Probe

  var body: some View {
    VStack {
      ForEach(0..<5, id: \.self) { row in
        Text("row \(row)").preference(key: NamesKey.self, value: ["row \(row)"])
          .onPreferenceChange(NamesKey.self) { names in probe.log.append("own \(names)") }
      }
      NamedRows(model: model)
        .onPreferenceChange(NamesKey.self) { names in
          probe.log.append(names.joined(separator: ","))
        }
    }
    .onPreferenceChange(NamesKey.self) { names in probe.log.append("all \(names.count)") }
  }
}

/// Writers its containers hide: rows of a lazy list, a tab, a covered navigation level.
struct HiddenWriters: View {
  @State private var tab = 1
  @State private var path: [Int] = []
  let probe: Probe

  var body: some View {
    TabView(selection: $tab) {
      ScrollView {
        LazyVStack {
          ForEach(0..<30, id: \.self) { row in
            Text("r\(row)").preference(key: NamesKey.self, value: ["r\(row)"])
          }
        }
      }
      .tabItem { Text("Rows") }.tag(1)
      NavigationStack(path: $path) {
        Button("push") { path.append(1) }
          .preference(key: NamesKey.self, value: ["root"])
          .navigationDestination(for: Int.self) { level in
            Text("level \(level)").preference(key: NamesKey.self, value: ["level \(level)"])
          }
      }
      .tabItem { Text("Stack") }.tag(2)
    }
    .onPreferenceChange(NamesKey.self) { names in probe.log.append(names.joined(separator: ",")) }
  }
}

struct Replaced: View {
  var body: some View {
    VStack {
      Text("inner").preference(key: NamesKey.self, value: ["inner"])
    }
    .transformPreference(NamesKey.self) { $0.append("transformed") }
    .backgroundPreferenceValue(NamesKey.self) { names in Text(names.joined(separator: "+")) }
  }
}

final class Counts: Trackable {
  @Tracked var first = 0
  @Tracked var second = 0
  @Tracked var flag = false
}

/// Each count read by a body of its own, beside a state the root animates.
struct SeparateCounts: View {
  let counts: Counts
  @State private var isOpen = false

  var body: some View {
    VStack {
      Button("Toggle") { withAnimation(.spring) { isOpen.toggle() } }
      OpenLabel(isOpen: isOpen)
      if isOpen { Text("more") }
      FirstCount(counts: counts)
      SecondCount(counts: counts)
    }
  }
}

/// A subtree a plain write inserts, beside a count.
struct InsertedBeside: View {
  let counts: Counts

  var body: some View {
    VStack {
      SecondCount(counts: counts)
      Inserter(counts: counts)
    }
  }
}

struct Inserter: View {
  let counts: Counts

  var body: some View {
    VStack {
      if counts.flag {
        HStack { Text("x") }
      }
    }
  }
}

/// A subtree inserted where `.animation(_:value:)` animates the change that inserts it.
struct InsertedUnderAnimation: View {
  let counts: Counts

  var body: some View {
    VStack {
      VStack {
        if counts.flag {
          HStack { Text("x") }
        }
      }
      .animation(.easeIn(duration: 1), value: counts.flag)
    }
  }
}

/// A state no body reads, written inside `withAnimation`, beside a count.
struct UnreadStateWriter: View {
  let counts: Counts
  @State private var unread = 0

  var body: some View {
    VStack {
      Button("Unread") { withAnimation(.spring) { unread += 1 } }
      FirstCount(counts: counts)
    }
  }
}

/// An `.animation(_:value:)` whose value's change renders nothing different.
struct QuietAnimation: View {
  let counts: Counts

  var body: some View {
    VStack { FirstCount(counts: counts) }.animation(.easeIn(duration: 1), value: counts.flag)
  }
}

struct OpenLabel: View {
  let isOpen: Bool
  var body: some View { Text(isOpen ? "open" : "closed") }
}

struct FirstCount: View {
  let counts: Counts
  var body: some View { Text("first \(counts.first)") }
}

struct SecondCount: View {
  let counts: Counts
  var body: some View { Text("second \(counts.second)") }
}

struct AnimatedCounts: View {
  let counts: Counts

  var body: some View {
    VStack {
      Text("first \(counts.first)")
      VStack {
        Text("flag \(counts.flag)")
        Text("second \(counts.second)")
      }
      .animation(.easeIn(duration: 1), value: counts.flag)
      Text("still \(counts.first)").transaction { $0.animation = nil }
    }
  }
}

/// `AnimatedCounts` with `.transaction(value:_:)` in place of `.animation(_:value:)`; the
/// transform logs the transaction it was given.
struct TransactionOnValue: View {
  let counts: Counts
  let probe: Probe

  var body: some View {
    VStack {
      Text("first \(counts.first)")
      VStack {
        Text("flag \(counts.flag)")
        Text("second \(counts.second)")
      }
      .transaction(value: counts.flag) { [probe] transaction in
        probe.log.append("transform \(transaction)")
        transaction.animation = .easeIn(duration: 1)
      }
    }
  }
}

/// A view that reads the names of its content, which presents a sheet that sets one too.
struct PresentingReader: View {
  let probe: Probe
  @State private var showsSheet = false

  var body: some View {
    VStack {
      Text("here").preference(key: NamesKey.self, value: ["here"])
      Button("open") { showsSheet = true }
    }
    .sheet(isPresented: $showsSheet) {
      Text("in sheet")
        .preference(key: NamesKey.self, value: ["sheet"])
        .onPreferenceChange(NamesKey.self) { names in
          probe.log.append("sheet reads " + names.joined(separator: ","))
        }
    }
    .onPreferenceChange(NamesKey.self) { names in probe.log.append(names.joined(separator: ",")) }
  }
}

@MainActor
@Suite struct PreferenceTests {
  @Test func aChangedValueRerunsOnlyTheWriterAndTheReaders() {
    let model = NamesModel()
    let probe = Probe()
    let host = ViewHost(NamesReader(model: model, probe: probe), executor: .manual)
    #expect(probe.log == ["a,b,c"])
    #expect(host.tree.texts == ["a", "b", "c", "overlay a,b,c"])
    host.clearLogs()
    model.suffix = "!"
    host.flush()
    // The writer and the overlay's reader re-run; NamedRows and the other rows do not: values
    // are collected after the flush.
    #expect(
      host.runLog == [
        "NamedRow #b: NamesModel.suffix", "PreferenceValueReader: preference NamesKey",
      ])
    #expect(probe.log == ["a,b,c", "a,b!,c"])
    #expect(host.tree.texts == ["a", "b", "c", "overlay a,b!,c"])
  }

  @Test func rowsThatMoveMakeOnlyTheReadersAboveThemCollectAgain() {
    let model = NamesModel()
    let probe = Probe()
    let host = ViewHost(NestedReaders(model: model, probe: probe), executor: .manual)
    probe.log = []
    let before = host.core.preferenceCollections
    // No writer comes or goes: the rows only move. The readers above them see the new order;
    // the five readers beside them collect nothing.
    model.names = ["c", "a", "b"]
    host.flush()
    #expect(probe.log == ["c,a,b", "all 8"])
    #expect(host.core.preferenceCollections - before == 2)
  }

  @Test func aWriterThatRerunsWithTheSameValueCallsNoReader() {
    let model = NamesModel()
    let probe = Probe()
    let host = ViewHost(NamesReader(model: model, probe: probe), executor: .manual)
    model.suffix = "!"
    host.flush()
    host.clearLogs()
    // Only the first character counts: the writer re-runs and sets the same value.
    model.suffix = "!!"
    host.flush()
    #expect(host.runLog == ["NamedRow #b: NamesModel.suffix"])
    #expect(probe.log == ["a,b,c", "a,b!,c"])
  }

  @Test func aRemovedChildsValueIsGoneAndValuesFollowTreeOrder() {
    let model = NamesModel()
    let probe = Probe()
    let host = ViewHost(NamesReader(model: model, probe: probe), executor: .manual)
    model.names = ["c", "a"]
    host.flush()
    #expect(probe.log == ["a,b,c", "c,a"])
    #expect(host.tree.texts == ["c", "a", "overlay c,a"])
    model.names = []
    host.flush()
    #expect(probe.log == ["a,b,c", "c,a", ""])
    #expect(host.tree.texts == ["overlay "])
  }

  @Test func presentedContentKeepsItsPreferencesToItself() {
    let probe = Probe()
    let host = ViewHost(PresentingReader(probe: probe), executor: .manual)
    #expect(probe.log == ["here"])
    #expect(host.tap("open"))
    host.flush()
    #expect(host.tree.texts == ["here", "open", "in sheet"])
    // The sheet's own reader sees its value; the presenter's sees only its content's.
    #expect(probe.log == ["here", "sheet reads sheet"])
    host.dismiss()
    host.flush()
    #expect(probe.log == ["here", "sheet reads sheet"])
  }

  /// What its container hides sets no preference, as in SwiftUI, where it is not in the
  /// hierarchy: rows scrolled out of a lazy list (kept with their state), a tab switched away,
  /// a navigation level covered by the next. They used to keep counting, so that a value
  /// depended on the scrolling history (found by a new user).
  @Test func hiddenContentSetsNoPreferences() {
    let probe = Probe()
    let host = ViewHost(HiddenWriters(probe: probe), executor: .manual)
    func rows(_ range: Range<Int>) -> String { range.map { "r\($0)" }.joined(separator: ",") }
    #expect(probe.log == [rows(0..<22)])
    host.scroll(toRow: 8)
    host.flush()
    #expect(probe.log.last == rows(6..<30))
    host.scroll(toRow: 0)
    host.flush()
    #expect(probe.log.last == rows(0..<22))
    #expect(host.tap("Stack"))
    host.flush()
    #expect(probe.log.last == "root")
    #expect(host.tap("push"))
    host.flush()
    #expect(probe.log.last == "level 1")
    #expect(host.tap("Rows"))
    host.flush()
    #expect(probe.log.last == rows(0..<22))
    #expect(probe.log.count == 6)
  }

  @Test func transformSeesTheValuesInsideAndBackgroundsReadThem() {
    let host = ViewHost(Replaced(), executor: .manual)
    // A background is rendered after the content it is behind, as in the other backgrounds.
    #expect(host.tree.texts == ["inner", "inner+transformed"])
  }
}

@MainActor
@Suite struct TransactionTests {
  @Test func theDefaultAnimationsAreSwiftUIsCurrentOnes() {
    // SwiftUI's documented values since iOS 17 and macOS 14.
    #expect(Animation.default == .spring(response: 0.55, dampingFraction: 1.0))
    #expect(Animation.default.description == "spring(0.55)")
    #expect(Animation.interactiveSpring == .spring(response: 0.15, dampingFraction: 0.86))
    #expect(Animation.interactiveSpring.description == "spring(0.15, bounce 0.14)")
    #expect(Animation.interactiveSpring() == .interactiveSpring)
    #expect(
      Animation.interactiveSpring(response: 0.3, dampingFraction: 1) == .spring(duration: 0.3))
  }

  @Test func withAnimationCarriesTheAnimationForExactlyTheMutationsItCaused() {
    let counts = Counts()
    let recorder = RecordingRenderer()
    let host = ViewHost(AnimatedCounts(counts: counts), executor: .manual, renderer: recorder)
    recorder.clear()
    withAnimation(.spring) { counts.second = 1 }
    host.flush()
    #expect(recorder.lastCommit.map(\.description) == ["setText Text@6 \"second 1\""])
    #expect(recorder.lastCommitAnimations == ["setText Text@6 \"second 1\" ~ spring(0.5)"])
    #expect(recorder.transactions.last == [Transaction(animation: .spring)])
    counts.second = 2
    host.flush()
    #expect(recorder.lastCommit.map(\.description) == ["setText Text@6 \"second 2\""])
    #expect(recorder.lastCommitAnimations == [])
  }

  @Test func animationValueAnimatesOnlyItsSubtreeWhenTheValueChanges() {
    let counts = Counts()
    let recorder = RecordingRenderer()
    let host = ViewHost(AnimatedCounts(counts: counts), executor: .manual, renderer: recorder)
    recorder.clear()
    counts.flag = true
    counts.first = 1
    host.flush()
    #expect(
      recorder.lastCommit.map(\.description) == [
        "setText Text@3 \"first 1\"", "setText Text@5 \"flag true\"",
        "setText Text@7 \"still 1\"",
      ])
    #expect(recorder.lastCommitAnimations == ["setText Text@5 \"flag true\" ~ easeIn(1)"])
    // The value did not change: the same subtree's next change is not animated.
    counts.second = 3
    host.flush()
    #expect(recorder.lastCommitAnimations == [])
  }

  /// A documented difference from SwiftUI, which animates only what the animated write caused:
  /// here one body shows both values, and one run carries one transaction.
  @Test func aPlainWriteFlushedWithAnAnimatedOneInTheSameBodySharesItsTransaction() {
    let counts = Counts()
    let recorder = RecordingRenderer()
    let host = ViewHost(AnimatedCounts(counts: counts), executor: .manual, renderer: recorder)
    recorder.clear()
    withAnimation(.linear) { counts.second = 1 }
    counts.first = 1
    host.flush()
    #expect(
      recorder.lastCommitAnimations == [
        "setText Text@3 \"first 1\" ~ linear(0.35)", "setText Text@6 \"second 1\" ~ linear(0.35)",
      ])
  }

  @Test func aPlainWriteFlushedWithAnAnimatedOneIsNotAnimatedWhereAnotherBodyShowsIt() {
    let counts = Counts()
    let recorder = RecordingRenderer()
    let host = ViewHost(SeparateCounts(counts: counts), executor: .manual, renderer: recorder)
    recorder.clear()
    withAnimation(.linear) { counts.second = 1 }
    counts.first = 1
    host.flush()
    #expect(
      recorder.lastCommit.map(\.description) == [
        "setText Text@8 \"first 1\"", "setText Text@10 \"second 1\"",
      ])
    #expect(recorder.lastCommitAnimations == ["setText Text@10 \"second 1\" ~ linear(0.35)"])
    // The other way round, in the other order.
    counts.second = 2
    withAnimation(.linear) { counts.first = 2 }
    host.flush()
    #expect(recorder.lastCommitAnimations == ["setText Text@8 \"first 2\" ~ linear(0.35)"])
    // Nothing animated: nothing recorded, nothing carried over.
    counts.first = 3
    host.flush()
    #expect(recorder.lastCommitAnimations == [])
  }

  @Test func whatAnAnimatedStateWriteReRunsCarriesItsAnimationDownToTheChildren() {
    let counts = Counts()
    let recorder = RecordingRenderer()
    let host = ViewHost(SeparateCounts(counts: counts), executor: .manual, renderer: recorder)
    recorder.clear()
    #expect(host.tap("Toggle"))
    counts.second = 7
    host.flush()
    // The child that got a new input and the inserted text are animated; the count written
    // without a transaction is not.
    #expect(
      recorder.lastCommitAnimations == [
        "create Text@11 \"more\" ~ spring(0.5)", "insert Text@11 into VStack@2 at 2 ~ spring(0.5)",
        "setText Text@6 \"open\" ~ spring(0.5)",
      ])
    #expect(recorder.lastCommit.contains { $0.description == "setText Text@10 \"second 7\"" })
  }

  // Found by a new user: the elements of a new subtree fell back to the commit's transaction.
  @Test func aSubtreeAPlainWriteInsertsIsNotAnimatedByAnAnimatedWriteBesideIt() {
    let counts = Counts()
    let recorder = RecordingRenderer()
    let host = ViewHost(InsertedBeside(counts: counts), executor: .manual, renderer: recorder)
    recorder.clear()
    withAnimation(.spring) { counts.second = 1 }
    counts.flag = true
    host.flush()
    #expect(recorder.lastCommit.count == 5)
    #expect(recorder.lastCommitAnimations == ["setText Text@4 \"second 1\" ~ spring(0.5)"])
  }

  @Test func aSubtreeInsertedUnderAnAnimationModifierIsAnimatedWhole() {
    let counts = Counts()
    let recorder = RecordingRenderer()
    let host = ViewHost(
      InsertedUnderAnimation(counts: counts), executor: .manual, renderer: recorder)
    recorder.clear()
    counts.flag = true
    host.flush()
    #expect(
      recorder.lastCommitAnimations == [
        "create HStack@4 ~ easeIn(1)", "create Text@5 \"x\" ~ easeIn(1)",
        "insert Text@5 into HStack@4 at 0 ~ easeIn(1)",
        "insert HStack@4 into VStack@3 at 0 ~ easeIn(1)",
      ])
  }

  // Found by a new user: the value changed in an update that committed nothing, and the next
  // commit, made by a plain write, was animated.
  @Test func anAnimationValueChangedInAnUpdateThatCommitsNothingAnimatesNoLaterCommit() {
    let counts = Counts()
    let recorder = RecordingRenderer()
    let host = ViewHost(QuietAnimation(counts: counts), executor: .manual, renderer: recorder)
    recorder.clear()
    counts.flag = true
    host.flush()
    #expect(recorder.commits.isEmpty)
    counts.first = 1
    host.flush()
    #expect(recorder.lastCommit.map(\.description) == ["setText Text@4 \"first 1\""])
    #expect(recorder.lastCommitAnimations == [])
  }

  @Test func theCommitsOwnTransactionIsTheLatestItsChangesWereMadeUnder() {
    let counts = Counts()
    let recorder = RecordingRenderer()
    let host = ViewHost(AnimatedCounts(counts: counts), executor: .manual, renderer: recorder)
    recorder.clear()
    withAnimation(.spring) { counts.first = 1 }
    withAnimation(.linear) { counts.second = 1 }
    host.flush()
    #expect(recorder.commitInfos.last?.transaction == Transaction(animation: .linear))
  }

  // Found by a new user: the next commit, made by a plain write, said it was animated.
  @Test func anAnimatedWriteThatChangesNothingLeavesTheCommitPlain() {
    let counts = Counts()
    let recorder = RecordingRenderer()
    let host = ViewHost(UnreadStateWriter(counts: counts), executor: .manual, renderer: recorder)
    recorder.clear()
    #expect(host.tap("Unread"))
    counts.first = 1
    host.flush()
    #expect(recorder.lastCommit.map(\.description) == ["setText Text@6 \"first 1\""])
    #expect(recorder.commitInfos.last?.transaction == Transaction())
    #expect(recorder.commitInfos.last?.hasAnimations == false)
  }

  @Test func transactionValueTransformsOnlyItsSubtreeAndOnlyWhenTheValueChanges() {
    let counts = Counts()
    let probe = Probe()
    let recorder = RecordingRenderer()
    let host = ViewHost(
      TransactionOnValue(counts: counts, probe: probe), executor: .manual, renderer: recorder)
    // The mount: the value has nothing to differ from.
    #expect(probe.log == [])
    #expect(recorder.lastCommitAnimations == [])
    recorder.clear()
    counts.flag = true
    counts.first = 1
    host.flush()
    #expect(
      recorder.lastCommit.map(\.description) == [
        "setText Text@3 \"first 1\"", "setText Text@5 \"flag true\"",
      ])
    #expect(recorder.lastCommitAnimations == ["setText Text@5 \"flag true\" ~ easeIn(1)"])
    #expect(probe.log == ["transform none"])
    // The value did not change: the same subtree's next change keeps its own transaction, and
    // the transform is not called, even inside `withAnimation`.
    probe.log = []
    withAnimation(.linear(duration: 2)) { counts.second = 3 }
    host.flush()
    #expect(recorder.lastCommitAnimations == ["setText Text@6 \"second 3\" ~ linear(2)"])
    #expect(probe.log == [])
    // Changed again inside `withAnimation`: the transform sees that transaction and replaces
    // its animation.
    withAnimation(.linear(duration: 2)) { counts.flag = false }
    host.flush()
    #expect(probe.log == ["transform animation=linear(2)"])
    #expect(recorder.lastCommitAnimations == ["setText Text@5 \"flag false\" ~ easeIn(1)"])
  }

  @Test func aTransactionModifierRemovesTheAnimationBelowIt() {
    let counts = Counts()
    let recorder = RecordingRenderer()
    let host = ViewHost(AnimatedCounts(counts: counts), executor: .manual, renderer: recorder)
    recorder.clear()
    withAnimation { counts.first = 5 }
    host.flush()
    #expect(
      recorder.lastCommitAnimations == ["setText Text@3 \"first 5\" ~ spring(0.55)"])
    #expect(recorder.lastCommit.count == 2)
  }
}
