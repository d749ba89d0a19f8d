import Testing
import Trellis

// The code of the article "The environment" (Trellis.docc/TheEnvironment.md).

struct ThemeKey: EnvironmentKey {
  static let defaultValue = "plain"
}

extension EnvironmentValues {
  var theme: String {
    get { self[ThemeKey.self] }
    set { self[ThemeKey.self] = newValue }
  }
}

@MainActor
final class AuditLog {
  var lines: [String] = []
}

struct AuditLogKey: EnvironmentKey {
  static var defaultValue: AuditLog? { nil }
}

extension EnvironmentValues {
  var auditLog: AuditLog? {
    get { self[AuditLogKey.self] }
    set { self[AuditLogKey.self] = newValue }
  }
}

struct AuditedButton: View {
  @Environment(\.auditLog) private var auditLog
  var body: some View { Button("Log") { auditLog?.lines.append("tapped") } }
}

struct ThemedLabel: View {
  let title: String
  @Environment(\.theme) private var theme
  var body: some View { Text("\(title) in \(theme)") }
}

struct UnthemedLabel: View {
  let title: String
  var body: some View { Text(title) }
}

struct Panel: View {
  var body: some View {
    VStack {
      ThemedLabel(title: "Header")
      VStack {
        ThemedLabel(title: "Body")
        UnthemedLabel(title: "Footer")
      }
      .environment(\.theme, "dark")
    }
  }
}

struct ThemePicker: View {
  @State private var theme = "dark"

  var body: some View {
    VStack {
      Button("Use light") { theme = "light" }
      VStack {
        ThemedLabel(title: "Body")
        UnthemedLabel(title: "Footer")
      }
      .environment(\.theme, theme)
    }
  }
}

final class Session: Trackable {
  @Tracked var user = "ann"
}

struct UserBadge: View {
  @Environment(Session.self) private var session
  var body: some View { Text("Signed in as \(session.user)") }
}

struct OptionalUserBadge: View {
  @Environment(Session.self) private var session: Session?
  var body: some View { Text(session.map { "Signed in as \($0.user)" } ?? "Signed out") }
}

@MainActor
@Suite struct EnvironmentArticleTests {
  @Test func aKeyOfAMainActorClassHasAComputedDefault() {
    let auditLog = AuditLog()
    let host = ViewHost(AuditedButton().environment(\.auditLog, auditLog), executor: .manual)
    #expect(host.tap("Log"))
    #expect(auditLog.lines == ["tapped"])
  }

  @Test func anOverrideAppliesToItsSubtreeOnly() {
    let host = ViewHost(Panel(), executor: .manual)
    #expect(host.tree.texts == ["Header in plain", "Body in dark", "Footer"])
  }

  @Test func changingAValueReRunsOnlyTheReadersOfThatValue() {
    let host = ViewHost(Panel(), executor: .manual)
    host.clearLogs()
    host.environment[\.theme] = "sepia"
    host.flush()
    #expect(host.tree.texts == ["Header in sepia", "Body in dark", "Footer"])
    #expect(
      host.bodyRuns.map(\.description) == [
        "ThemedLabel: overrides of ThemeKey", "ThemedLabel: overrides of ThemeKey",
      ])
    host.clearLogs()
    host.environment[\.theme] = "mint"
    host.flush()
    #expect(host.tree.texts == ["Header in mint", "Body in dark", "Footer"])
    #expect(host.bodyRuns.map(\.description) == ["ThemedLabel: ThemeKey in root"])
  }

  @Test func aValueChangedByAModifierReRunsTheModifiersViewAndTheReadersOnly() {
    let host = ViewHost(ThemePicker(), executor: .manual)
    host.clearLogs()
    host.tap("Use light")
    host.flush()
    #expect(host.tree.texts == ["Use light", "Body in light", "Footer"])
    #expect(
      host.bodyRuns.map(\.description) == [
        "ThemePicker: @State ThemePicker.theme", "ThemedLabel: ThemeKey in ThemePicker",
      ])
  }

  @Test func objectsAreFoundByType() {
    let session = Session()
    let host = ViewHost(UserBadge().environment(session), executor: .manual)
    #expect(host.tree.texts == ["Signed in as ann"])
    session.user = "bob"
    host.flush()
    #expect(host.tree.texts == ["Signed in as bob"])
  }

  @Test func anOptionalObjectReadsNilWhenNoneWasInjected() {
    let host = ViewHost(OptionalUserBadge(), executor: .manual)
    #expect(host.tree.texts == ["Signed out"])
  }
}
