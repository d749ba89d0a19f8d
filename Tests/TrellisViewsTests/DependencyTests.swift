import Testing
import TrellisEnvironment
import TrellisGraph
import TrellisTracking
import TrellisViews

// MARK: - Models

final class Profile: Trackable {
  @Tracked var name = "Ann"
  @Tracked var city = "Oslo"
  /// Untracked storage: writing it notifies nobody.
  var plain = 0
  /// A computed property over two tracked ones.
  var display: String { "\(name) of \(city)" }
}

final class Note: Trackable, Identifiable {
  let id: Int
  @Tracked var title: String
  @Tracked var isPinned = false

  init(id: Int, title: String) {
    self.id = id
    _title = Tracked(wrappedValue: title)
  }
}

final class Owner: Trackable {
  @Tracked var name: String
  init(name: String) { _name = Tracked(wrappedValue: name) }
}

final class Notebook: Trackable {
  @Tracked var notes: [Note]
  @Tracked var owner = Owner(name: "Ann")

  init(_ notes: [Note]) { _notes = Tracked(wrappedValue: notes) }
}

struct AccentKey: EnvironmentKey {
  static let defaultValue = "blue"
}

struct DensityKey: EnvironmentKey {
  static let defaultValue = 1
}

extension EnvironmentValues {
  var accent: String {
    get { self[AccentKey.self] }
    set { self[AccentKey.self] = newValue }
  }

  var density: Int {
    get { self[DensityKey.self] }
    set { self[DensityKey.self] = newValue }
  }
}

final class Settings: Trackable {
  @Tracked var accent = "red"
  @Tracked var density = 2
}

// MARK: - Views

struct ReadsOneOfTwoStates: View {
  @State private var read = 0
  @State private var unread = 0

  var body: some View {
    VStack {
      Button("read \(read)") { read += 1 }
      Button("touch unread") { unread += 1 }
    }
  }
}

struct NameView: View {
  let profile: Profile
  var body: some View { Text("name \(profile.name)") }
}

struct CityView: View {
  let profile: Profile
  var body: some View { Text("city \(profile.city)") }
}

struct DisplayView: View {
  let profile: Profile
  var body: some View { Text(profile.display) }
}

struct PlainView: View {
  let profile: Profile
  var body: some View { Text("plain \(profile.plain)") }
}

struct ProfileScreen: View {
  let profile: Profile

  var body: some View {
    VStack {
      NameView(profile: profile)
      CityView(profile: profile)
      DisplayView(profile: profile)
      PlainView(profile: profile)
    }
  }
}

struct ObjectTitleView: View {
  @ObservedObject var model: ObjectModel
  var body: some View { Text("title \(model.title)") }
}

struct ObjectSubtitleView: View {
  @ObservedObject var model: ObjectModel
  var body: some View { Text("subtitle \(model.subtitle)") }
}

struct SideBySide: View {
  let profile: Profile
  let model: ObjectModel

  var body: some View {
    VStack {
      NameView(profile: profile)
      CityView(profile: profile)
      ObjectTitleView(model: model)
      ObjectSubtitleView(model: model)
    }
  }
}

struct NoteTitle: View {
  let note: Note
  var body: some View { Text(note.title) }
}

struct NotePin: View {
  let note: Note
  var body: some View { Text(note.isPinned ? "pinned" : "-") }
}

struct OwnerView: View {
  let owner: Owner
  var body: some View { Text("owner \(owner.name)") }
}

struct NotebookScreen: View {
  let notebook: Notebook

  var body: some View {
    VStack {
      OwnerView(owner: notebook.owner)
      ForEach(notebook.notes) { note in
        NoteTitle(note: note)
        NotePin(note: note)
      }
    }
  }
}

struct AccentReader: View {
  @Environment(\.accent) private var accent
  var body: some View { Text("accent \(accent)") }
}

struct DensityReader: View {
  @Environment(\.density) private var density
  var body: some View { Text("density \(density)") }
}

struct EnvironmentScreen: View {
  let settings: Settings

  var body: some View {
    VStack {
      AccentReader()
      DensityReader()
      AccentReader().environment(\.accent, "fixed")
    }
    .environment(\.accent, settings.accent)
    .environment(\.density, settings.density)
  }
}

/// Equal when the counts are equal, whatever the note says.
struct Badge: View, Equatable {
  let count: Int
  let note: String

  var body: some View { Text("badge \(count) \(note)") }

  nonisolated static func == (lhs: Badge, rhs: Badge) -> Bool { lhs.count == rhs.count }
}

/// Compared member by member: a value, an object and a binding.
struct Memberwise: View {
  let value: Int
  let profile: Profile
  @Binding var flag: Bool

  var body: some View { Text("memberwise \(value) \(flag)") }
}

/// Holds a closure, which cannot be compared.
struct WithAction: View {
  let action: @MainActor () -> Void
  var body: some View { Button("act", action: action) }
}

struct InputsParent: View {
  let profile: Profile
  @State var count = 0
  @State var note = "x"
  @State var value = 0
  @State var flag = false
  @State var unrelated = 0

  var body: some View {
    VStack {
      Button("set unrelated") { unrelated += 1 }
      Button("set note") { note = "y" }
      Button("set count") { count += 1 }
      Button("set value") { value = 5 }
      Button("set flag") { flag = true }
      Text("unrelated \(unrelated)")
      Badge(count: count, note: note)
      Memberwise(value: value, profile: profile, flag: $flag)
      WithAction {}
    }
  }
}

struct Tally: View {
  let profile: Profile
  @State private var taps = 0

  var body: some View {
    VStack {
      Text("\(profile.name) \(profile.city) \(taps)")
      Button("tap") { taps += 1 }
    }
  }
}

// MARK: - Tests

@MainActor
@Suite struct DependencyTests {
  @Test func aBodyDoesNotReRunForStateItDidNotRead() {
    let host = ViewHost(ReadsOneOfTwoStates(), executor: .manual)
    let flushes = host.graph.flushCount
    host.clearLogs()
    host.tap("touch unread")
    host.flush()
    #expect(host.runLog == [])
    #expect(host.graph.flushCount == flushes)
    host.tap("read 0")
    host.flush()
    #expect(host.runLog == ["ReadsOneOfTwoStates: @State ReadsOneOfTwoStates.read"])
    #expect(host.tree.texts == ["read 1", "touch unread"])
  }

  @Test func aChildReadingAPropertyReRunsWithoutItsParent() {
    let profile = Profile()
    let host = ViewHost(ProfileScreen(profile: profile), executor: .manual)
    host.clearLogs()
    profile.name = "Bo"
    host.flush()
    #expect(host.runLog == ["NameView: Profile.name", "DisplayView: Profile.name"])
    #expect(host.tree.texts == ["name Bo", "city Oslo", "Bo of Oslo", "plain 0"])
    host.clearLogs()
    profile.city = "Rome"
    host.flush()
    #expect(host.runLog == ["CityView: Profile.city", "DisplayView: Profile.city"])
    #expect(host.tree.texts == ["name Bo", "city Rome", "Bo of Rome", "plain 0"])
  }

  @Test func untrackedStorageDoesNotInvalidate() {
    let profile = Profile()
    let host = ViewHost(ProfileScreen(profile: profile), executor: .manual)
    host.clearLogs()
    profile.plain = 7
    host.flush()
    #expect(host.runLog == [])
    #expect(host.tree.texts == ["name Ann", "city Oslo", "Ann of Oslo", "plain 0"])
  }

  @Test func propertyLevelSiblingsAreIndependentButObjectLevelSiblingsAllReRun() {
    let profile = Profile()
    let model = ObjectModel(title: "t")
    let host = ViewHost(SideBySide(profile: profile, model: model), executor: .manual)
    host.clearLogs()
    profile.name = "Bo"
    host.flush()
    #expect(host.runLog == ["NameView: Profile.name"])
    host.clearLogs()
    model.title = "u"
    host.flush()
    #expect(
      host.runLog == [
        "ObjectTitleView: ObjectModel.*", "ObjectSubtitleView: ObjectModel.*",
      ])
    host.clearLogs()
    model.subtitle = "s"
    host.flush()
    #expect(
      host.runLog == [
        "ObjectTitleView: ObjectModel.*", "ObjectSubtitleView: ObjectModel.*",
      ])
    #expect(host.tree.texts == ["name Bo", "city Oslo", "title u", "subtitle s"])
  }

  @Test func nestedObjectsAndCollectionElementsInvalidatePerElementAndProperty() {
    let notes = [Note(id: 1, title: "one"), Note(id: 2, title: "two"), Note(id: 3, title: "three")]
    let notebook = Notebook(notes)
    let host = ViewHost(NotebookScreen(notebook: notebook), executor: .manual)
    #expect(host.tree.texts == ["owner Ann", "one", "-", "two", "-", "three", "-"])
    host.clearLogs()

    notes[1].title = "TWO"
    host.flush()
    #expect(host.runLog == ["NoteTitle #2: Note.title"])
    host.clearLogs()

    notes[2].isPinned = true
    host.flush()
    #expect(host.runLog == ["NotePin #3: Note.isPinned"])
    host.clearLogs()

    notebook.owner.name = "Bo"
    host.flush()
    #expect(host.runLog == ["OwnerView: Owner.name"])
    host.clearLogs()

    notebook.owner = Owner(name: "Cy")
    host.flush()
    #expect(host.runLog == ["NotebookScreen: Notebook.owner", "OwnerView: input owner"])
    host.clearLogs()

    notebook.notes.append(Note(id: 4, title: "four"))
    host.flush()
    #expect(
      host.runLog == [
        "NotebookScreen: Notebook.notes", "NoteTitle #4: inserted", "NotePin #4: inserted",
      ])
    #expect(
      host.tree.texts == ["owner Cy", "one", "-", "TWO", "-", "three", "pinned", "four", "-"])
  }

  @Test func environmentReadsInvalidatePerKeyBelowTheOverride() {
    let settings = Settings()
    let host = ViewHost(EnvironmentScreen(settings: settings), executor: .manual)
    #expect(host.tree.texts == ["accent red", "density 2", "accent fixed"])
    host.clearLogs()
    settings.accent = "green"
    host.flush()
    #expect(
      host.runLog == [
        "EnvironmentScreen: Settings.accent", "AccentReader: AccentKey in EnvironmentScreen",
      ])
    #expect(host.tree.texts == ["accent green", "density 2", "accent fixed"])
    host.clearLogs()
    settings.density = 3
    host.flush()
    #expect(
      host.runLog == [
        "EnvironmentScreen: Settings.density", "DensityReader: DensityKey in EnvironmentScreen",
      ])
    #expect(host.tree.texts == ["accent green", "density 3", "accent fixed"])
  }

  @Test func rootEnvironmentChangesReachOnlyTheirReaders() {
    let host = ViewHost(
      VStack {
        AccentReader()
        DensityReader()
      }, executor: .manual)
    #expect(host.tree.texts == ["accent blue", "density 1"])
    host.clearLogs()
    host.environment.setValue("teal", for: AccentKey.self)
    host.flush()
    #expect(host.bodyRuns.map(\.view) == ["AccentReader"])
    #expect(host.tree.texts == ["accent teal", "density 1"])
    host.clearLogs()
    host.environment.setValue("plum", for: AccentKey.self)
    host.flush()
    #expect(host.runLog == ["AccentReader: AccentKey in root"])
    #expect(host.tree.texts == ["accent plum", "density 1"])
  }

  @Test func equalInputsSkipTheChildAndUnequalOnesReRunIt() {
    let host = ViewHost(InputsParent(profile: Profile()), executor: .manual)
    #expect(host.bodyCount(of: "Badge") == 1)
    #expect(host.bodyCount(of: "Memberwise") == 1)
    #expect(host.bodyCount(of: "WithAction") == 1)

    host.clearLogs()
    host.tap("set unrelated")
    host.flush()
    #expect(
      host.runLog == [
        "InputsParent: @State InputsParent.unrelated", "WithAction: input action",
      ])

    host.clearLogs()
    host.tap("set note")
    host.flush()
    #expect(
      host.runLog == ["InputsParent: @State InputsParent.note", "WithAction: input action"])
    #expect(host.tree.texts.contains("badge 0 x"))

    host.clearLogs()
    host.tap("set count")
    host.flush()
    #expect(
      host.runLog == [
        "InputsParent: @State InputsParent.count", "Badge: input @self", "WithAction: input action",
      ])
    #expect(host.tree.texts.contains("badge 1 y"))

    host.clearLogs()
    host.tap("set value")
    host.flush()
    #expect(
      host.runLog == [
        "InputsParent: @State InputsParent.value", "Memberwise: input value",
        "WithAction: input action",
      ])

    host.clearLogs()
    host.tap("set flag")
    host.flush()
    // The parent only passed `$flag` on; the child read it.
    #expect(host.runLog == ["Memberwise: @State InputsParent.flag"])
    #expect(host.tree.texts.contains("memberwise 5 true"))
  }

  @Test func manyWritesInOneTurnMeanOneFlushAndOneEvaluation() {
    let profile = Profile()
    let host = ViewHost(Tally(profile: profile), executor: .manual)
    host.clearLogs()
    let flushes = host.graph.flushCount
    profile.name = "Bo"
    profile.city = "Rome"
    profile.name = "Cy"
    host.tap("tap")
    host.tap("tap")
    host.flush()
    #expect(host.graph.flushCount == flushes + 1)
    #expect(host.bodyRuns.map(\.view) == ["Tally"])
    // The order of the reasons is the order in which the changes reached the graph, and
    // tracked-property changes made off the main thread reach it at the flush.
    #expect(
      host.bodyRuns.first?.reasons.sorted() == [
        "@State Tally.taps", "Profile.city", "Profile.name",
      ])
    #expect(host.tree.texts == ["Cy Rome 2", "tap"])
  }
}
