import Foundation
import Testing
import TrellisEnvironment
import TrellisGraph
import TrellisTracking

@testable import TrellisViews

final class Theme: ObjectTrackable {
  let objectChanges = ObjectChangeNotifier()
  @ObjectTracked var name = "plain"
}

struct ThemeReader: View {
  @EnvironmentObject var theme: Theme
  @Environment(\.isEnabled) private var isEnabled
  @Environment(\.colorScheme) private var colorScheme

  var body: some View {
    Text("\(theme.name) \(isEnabled) \(colorScheme)")
  }
}

struct ThemedScreen: View {
  let theme: Theme
  let disabled: Bool

  var body: some View {
    VStack {
      ThemeReader()
      ThemeReader().disabled(disabled).environment(\.colorScheme, .dark)
    }
    .environmentObject(theme)
  }
}

struct StoredCounter: View {
  @AppStorage("count") private var count = 0
  @AppStorage("name") private var name: String?

  var body: some View {
    Button("count \(count) \(name ?? "none")") {
      count += 1
      name = "set"
    }
  }
}

final class Palette: Trackable {
  @Tracked var name = "warm"
}

struct PaletteReader: View {
  @Environment(Palette.self) private var palette: Palette?

  var body: some View { Text(palette?.name ?? "no palette") }
}

final class PaletteChoice: Trackable {
  @Tracked var inner: Palette?
}

/// An optional object given to `.environment(_:)`: nil clears the one injected above.
struct OptionalPalette: View {
  let outer: Palette
  let choice: PaletteChoice

  var body: some View {
    VStack {
      PaletteReader()
      PaletteReader().environment(choice.inner)
    }
    .environment(outer)
  }
}

enum StoredTheme: String {
  case light, dark
}

enum StoredLevel: Int {
  case low = 1
  case high = 2
}

/// Optional enums in app storage, set by a tap.
struct StoredChoices: View {
  @AppStorage("theme") private var theme: StoredTheme?
  @AppStorage("level") private var level: StoredLevel?

  var body: some View {
    Button("theme \(theme?.rawValue ?? "none") level \(level?.rawValue ?? 0)") {
      if theme == nil {
        theme = .dark
        level = .high
      } else {
        theme = nil
        level = nil
      }
    }
  }
}

@MainActor
@Suite struct EnvironmentVocabularyTests {
  @Test func environmentObjectsAndBuiltInKeysReachTheReaders() {
    let theme = Theme()
    let host = ViewHost(ThemedScreen(theme: theme, disabled: true), executor: .manual)
    #expect(host.tree.texts == ["plain true light", "plain false dark"])
    host.clearLogs()
    theme.name = "bold"
    host.flush()
    #expect(host.tree.texts == ["bold true light", "bold false dark"])
    #expect(host.runLog.count == 2)
    #expect(host.runLog.allSatisfy { $0.hasPrefix("ThemeReader") })
  }

  @Test func appStorageIsTrackedAcrossViewsAndHostsOfTheSameStore() {
    let storage = InMemoryAppStorage()
    let first = ViewHost(StoredCounter().defaultAppStorage(storage), executor: .manual)
    let second = ViewHost(StoredCounter().defaultAppStorage(storage), executor: .manual)
    #expect(first.tap("count 0 none"))
    first.flush()
    second.flush()
    #expect(storage.object(forKey: "count") as? Int == 1)
    #expect(storage.keys == ["count", "name"])
    #expect(first.tree.texts == ["count 1 set"])
    #expect(second.tree.texts == ["count 1 set"])
    storage.set(5, forKey: "count")
    AppStorageStores.didChange("count", in: storage)
    first.flush()
    #expect(first.tree.texts == ["count 5 set"])
  }

  @Test func aStoredValueOfAnotherTypeReadsAsTheDefaultAndIsReportedOnce() {
    let storage = InMemoryAppStorage()
    storage.set("many", forKey: "count")
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(StoredCounter().defaultAppStorage(storage), executor: .manual)
      // Read again by another body run: not reported again.
      storage.set(nil, forKey: "name")
      AppStorageStores.didChange("name", in: storage)
      host?.flush()
    }
    #expect(host?.tree.texts == ["count 0 none"])
    #expect(host?.bodyCount(of: "StoredCounter") == 2)
    #expect(
      diagnostics.map(\.message) == [
        "@AppStorage(\"count\") in StoredCounter holds \"many\" (String), which does not read "
          + "as Int; the default, 0, is used. Store a value of type Int under the key, or use "
          + "another key for this value."
      ])
    #expect(diagnostics.map(\.nodes) == [["StoredCounter", "count"]])
    // A value that reads is used, and reports nothing.
    let fixed = TrellisDiagnostics.capture {
      storage.set(3, forKey: "count")
      AppStorageStores.didChange("count", in: storage)
      host?.flush()
    }
    #expect(fixed == [])
    #expect(host?.tree.texts == ["count 3 none"])
  }

  /// Found by a user breaking the runtime: a `Double` NaN under an `Int` key read as
  /// `Int.min`, unreported (`NSNumber.intValue`); a number with a fraction reads truncated, as
  /// `UserDefaults.integer(forKey:)` reads it.
  @Test func aStoredNumberNoIntHoldsReadsAsTheDefaultAndIsReported() {
    let storage = InMemoryAppStorage()
    var host: ViewHost?
    var texts: [[String]] = []
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(StoredCounter().defaultAppStorage(storage), executor: .manual)
      for stored in [Double.nan, 2.75, -.infinity, 1e19] {
        storage.set(stored, forKey: "count")
        AppStorageStores.didChange("count", in: storage)
        host?.flush()
        texts.append(host?.tree.texts ?? [])
      }
    }
    #expect(texts == [["count 0 none"], ["count 2 none"], ["count 0 none"], ["count 0 none"]])
    #expect(
      diagnostics.map(\.message)
        == ["nan", "-inf", "1e+19"].map { shown in
          "@AppStorage(\"count\") in StoredCounter holds \(shown) (Double), which does not read "
            + "as Int; the default, 0, is used. Store a value of type Int under the key, or use "
            + "another key for this value."
        })
  }

  /// Found by a new user: an optional enum was stored as the enum itself, which
  /// `UserDefaults` cannot hold (writing it stops the program), and a stored raw value read as
  /// nil, with a report.
  @Test func anOptionalEnumIsStoredAsItsRawValue() {
    let storage = InMemoryAppStorage()
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(StoredChoices().defaultAppStorage(storage), executor: .manual)
      #expect(host?.tap("theme none level 0") == true)
      host?.flush()
      #expect(storage.object(forKey: "theme") as? String == "dark")
      #expect(storage.object(forKey: "level") as? Int == 2)
      #expect(host?.tree.texts == ["theme dark level 2"])
      storage.set("light", forKey: "theme")
      AppStorageStores.didChange("theme", in: storage)
      host?.flush()
      #expect(host?.tree.texts == ["theme light level 2"])
      // nil removes the keys.
      #expect(host?.tap("theme light level 2") == true)
      host?.flush()
      #expect(storage.keys == [])
      #expect(host?.tree.texts == ["theme none level 0"])
    }
    #expect(diagnostics == [])
    // A string that is no raw value reads as nil, reported once.
    let unknown = TrellisDiagnostics.capture {
      storage.set("sepia", forKey: "theme")
      AppStorageStores.didChange("theme", in: storage)
      host?.flush()
    }
    #expect(host?.tree.texts == ["theme none level 0"])
    #expect(unknown.map(\.nodes) == [["StoredChoices", "theme"]])
  }

  /// Found by a reviewer: a stored string that is no URL read as nil without the report the
  /// non-optional form gives.
  @Test func anOptionalURLThatDoesNotParseIsReported() {
    struct StoredLink: View {
      @AppStorage("link") private var link: URL?
      var body: some View { Text(link?.absoluteString ?? "no link") }
    }
    let storage = InMemoryAppStorage()
    storage.set("", forKey: "link")
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      host = ViewHost(StoredLink().defaultAppStorage(storage), executor: .manual)
    }
    #expect(host?.tree.texts == ["no link"])
    #expect(diagnostics.map(\.nodes) == [["StoredLink", "link"]])
    storage.set("https://example.com", forKey: "link")
    AppStorageStores.didChange("link", in: storage)
    host?.flush()
    #expect(host?.tree.texts == ["https://example.com"])
  }

  /// Found by a new user: `.environment(optionalModel)` did not compile.
  @Test func aNilObjectClearsTheObjectOfItsTypeForTheSubtree() {
    let choice = PaletteChoice()
    let host = ViewHost(OptionalPalette(outer: Palette(), choice: choice), executor: .manual)
    #expect(host.tree.texts == ["warm", "no palette"])
    let cool = Palette()
    cool.name = "cool"
    choice.inner = cool
    host.flush()
    #expect(host.tree.texts == ["warm", "cool"])
    choice.inner = nil
    host.flush()
    #expect(host.tree.texts == ["warm", "no palette"])
  }

  @Test func aMissingEnvironmentObjectStopsTheProcessWithSwiftUIsMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = await MainActor.run { ViewHost(ThemeReader(), executor: .manual) }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      message.contains(
        "No ObjectTrackable object of type Theme found. A View.environmentObject(_:) for Theme "
          + "may be missing as an ancestor of this view (ThemeReader)."))
  }
}

/// A service injected through the environment: a class, not `Equatable`.
final class ServiceLogger: Sendable {}

/// A style value: plain data, not `Equatable`.
struct PanelStyle {
  var size: Int
}

struct ServiceLoggerKey: EnvironmentKey {
  static let defaultValue = ServiceLogger()
}

struct PanelStyleKey: EnvironmentKey {
  static let defaultValue = PanelStyle(size: 1)
}

extension EnvironmentValues {
  var serviceLogger: ServiceLogger {
    get { self[ServiceLoggerKey.self] }
    set { self[ServiceLoggerKey.self] = newValue }
  }

  var panelStyle: PanelStyle {
    get { self[PanelStyleKey.self] }
    set { self[PanelStyleKey.self] = newValue }
  }
}

struct ServiceReader: View {
  @Environment(\.serviceLogger) var logger
  var body: some View {
    Text("logger \(ObjectIdentifier(logger) == ObjectIdentifier(Injecting.shared))")
  }
}

struct PanelReader: View {
  @Environment(\.panelStyle) var style
  var body: some View { Text("size \(style.size)") }
}

struct Injecting: View {
  static let shared = ServiceLogger()
  static let other = ServiceLogger()
  @State var taps = 0
  @State var size = 2
  @State var useOther = false

  var body: some View {
    VStack {
      Button("tap \(taps)") { taps += 1 }
      Button("grow") { size += 1 }
      Button("swap") { useOther = true }
      ServiceReader().environment(\.serviceLogger, useOther ? Self.other : Self.shared)
      PanelReader().environment(\.panelStyle, PanelStyle(size: size))
    }
  }
}

extension EnvironmentVocabularyTests {
  /// Found by a user testing invalidation: a value that is not `Equatable` (a service object,
  /// a plain struct) set again by a re-run of the view applying it re-ran every reader.
  @Test func theSameEnvironmentValueSetAgainReRunsNoReader() {
    let host = ViewHost(Injecting(), executor: .manual)
    host.clearLogs()
    host.tap("tap 0")
    host.flush()
    #expect(host.runLog == ["Injecting: @State Injecting.taps"])
    host.clearLogs()
    host.tap("grow")
    host.flush()
    #expect(
      host.runLog == [
        "Injecting: @State Injecting.size", "PanelReader: PanelStyleKey in Injecting",
      ])
    #expect(host.tree.texts.contains("size 3"))
    host.clearLogs()
    host.tap("swap")
    host.flush()
    #expect(
      host.runLog == [
        "Injecting: @State Injecting.useOther", "ServiceReader: ServiceLoggerKey in Injecting",
      ])
    #expect(host.tree.texts.contains("logger false"))
  }
}

/// A session some screens inject and others clear.
final class SignInSession {}

struct SessionReader: View {
  @Environment(SignInSession.self) var session: SignInSession?
  var body: some View { Text(session == nil ? "signed out" : "signed in") }
}

struct SessionScreen: View {
  static let session = SignInSession()
  @State var isSignedIn = false

  var body: some View {
    VStack {
      Button("toggle") { isSignedIn.toggle() }
      SessionReader().environment(isSignedIn ? Self.session : nil)
    }
  }
}

extension EnvironmentVocabularyTests {
  /// Found by a user testing invalidation: the reason read "no SignInSession in …" for an
  /// injection as for a removal.
  @Test func anOptionalObjectsReaderIsReRunByTheObjectsKeyEitherWay() {
    let host = ViewHost(SessionScreen(), executor: .manual)
    for expected in ["signed in", "signed out"] {
      host.clearLogs()
      host.tap("toggle")
      host.flush()
      #expect(
        host.runLog == [
          "SessionScreen: @State SessionScreen.isSignedIn",
          "SessionReader: SignInSession in SessionScreen",
        ])
      #expect(host.tree.texts == ["toggle", expected])
    }
  }
}
