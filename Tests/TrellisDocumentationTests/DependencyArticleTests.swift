import Testing
import Trellis

// The code of the article "Dependency" (Trellis.docc/Dependency.md).

final class Account: Trackable {
  @Tracked var name = "Ann"
  @Tracked var city = "Oslo"
}

struct NameLabel: View {
  let account: Account
  var body: some View { Text(account.name) }
}

struct CityLabel: View {
  let account: Account
  var body: some View { Text(account.city) }
}

struct AccountCard: View {
  let account: Account

  var body: some View {
    VStack {
      NameLabel(account: account)
      CityLabel(account: account)
    }
  }
}

struct Headline: View {
  let account: Account
  @State private var showsCity = true

  var body: some View {
    VStack {
      Button("Hide city") { showsCity = false }
      Text(showsCity ? "\(account.name) of \(account.city)" : account.name)
    }
  }
}

final class LegacyAccount: ObjectTrackable {
  let objectChanges = ObjectChangeNotifier()
  @ObjectTracked var name = "Ann"
  @ObjectTracked var city = "Oslo"
}

struct LegacyNameLabel: View {
  @ObservedObject var account: LegacyAccount
  var body: some View { Text(account.name) }
}

struct LegacyCityLabel: View {
  @ObservedObject var account: LegacyAccount
  var body: some View { Text(account.city) }
}

struct LegacyAccountCard: View {
  let account: LegacyAccount

  var body: some View {
    VStack {
      LegacyNameLabel(account: account)
      LegacyCityLabel(account: account)
    }
  }
}

struct Greeting: View {
  let name: String
  var body: some View { Text("Hello, \(name)") }
}

struct GreetingScreen: View {
  @State private var taps = 0

  var body: some View {
    VStack {
      Button("Tapped \(taps)") { taps += 1 }
      Greeting(name: "Ann")
    }
  }
}

@MainActor
@Suite struct DependencyArticleTests {
  @Test func aTrackedWriteReRunsOnlyTheBodiesThatReadThatProperty() {
    let account = Account()
    let host = ViewHost(AccountCard(account: account), executor: .manual)
    host.clearLogs()
    account.city = "Bergen"
    host.flush()
    #expect(host.bodyRuns.map(\.description) == ["CityLabel: Account.city"])
  }

  @Test func aBodyDependsOnWhatItsLastRunRead() {
    let account = Account()
    let host = ViewHost(Headline(account: account), executor: .manual)
    host.tap("Hide city")
    host.flush()
    host.clearLogs()
    account.city = "Bergen"
    host.flush()
    #expect(host.bodyRuns.isEmpty)
    account.name = "Bo"
    host.flush()
    #expect(host.bodyRuns.map(\.description) == ["Headline: Account.name"])
    #expect(host.tree.texts == ["Hide city", "Bo"])
  }

  @Test func anObjectTrackedWriteReRunsEveryBodyThatReadTheObject() {
    let account = LegacyAccount()
    let host = ViewHost(LegacyAccountCard(account: account), executor: .manual)
    host.clearLogs()
    account.city = "Bergen"
    host.flush()
    #expect(
      host.bodyRuns.map(\.description) == [
        "LegacyNameLabel: LegacyAccount.*", "LegacyCityLabel: LegacyAccount.*",
      ])
  }

  @Test func aChildWithEqualInputsIsSkipped() {
    let host = ViewHost(GreetingScreen(), executor: .manual)
    host.clearLogs()
    host.tap("Tapped 0")
    host.flush()
    #expect(host.bodyRuns.map(\.description) == ["GreetingScreen: @State GreetingScreen.taps"])
    #expect(host.bodyCount(of: "Greeting") == 0)
  }

  @Test func theHostExportsItsLiveDependencyGraph() {
    let account = Account()
    let host = ViewHost(AccountCard(account: account), executor: .manual)
    host.graph.recordsLastChange = true
    account.city = "Bergen"
    host.flush()
    let dot = host.exportDOT(highlightingLastChange: true)
    #expect(
      dot == """
        digraph Trellis {
          // 5 nodes, 2 edges; an edge points from what was read to who read it.
          // Dotted: the view above contains the view below.
          // Filled: changed or re-evaluated in the last change. Orange outline: marked stale by it.
          rankdir=LR;
          node [fontname="Helvetica", fontsize=11];
          n0 [label="body\\nAccountCard", shape=box, style="bold"];
          n1 [label="body\\nNameLabel", shape=box, style="bold"];
          n2 [label="body\\nCityLabel", shape=box, fillcolor="#ffcc80", color="#e65100", style="bold,filled"];
          n3 [label="tracked\\nAccount.name", shape=ellipse, style="dashed"];
          n4 [label="tracked\\nAccount.city", shape=ellipse, fillcolor="#ffcc80", color="#e65100", style="dashed,filled"];
          n3 -> n1;
          n4 -> n2;
          n0 -> n1 [style=dotted, color="#9e9e9e", arrowhead=none];
          n0 -> n2 [style=dotted, color="#9e9e9e", arrowhead=none];
        }

        """)
  }
}
