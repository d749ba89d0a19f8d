import Testing
import Trellis

// The code of the article "Identity" (Trellis.docc/Identity.md).

struct Tally: View {
  let label: String
  @State private var count = 0

  var body: some View {
    Button("\(label): \(count)") { count += 1 }
  }
}

struct BranchedTally: View {
  @State private var isOn = true

  var body: some View {
    VStack {
      Button("Switch") { isOn.toggle() }
      if isOn {
        Tally(label: "on")
      } else {
        Tally(label: "off")
      }
    }
  }
}

struct RelabelledTally: View {
  @State private var isOn = true

  var body: some View {
    VStack {
      Button("Switch") { isOn.toggle() }
      Tally(label: isOn ? "on" : "off")
    }
  }
}

final class Player: Trackable, Identifiable {
  let id: String
  init(id: String) { self.id = id }
}

final class Team: Trackable {
  @Tracked var players = [Player(id: "ann"), Player(id: "bob"), Player(id: "cy")]
}

struct Roster: View {
  let team: Team

  var body: some View {
    VStack {
      ForEach(team.players) { player in
        Tally(label: player.id)
      }
    }
  }
}

struct ResettableTally: View {
  @State private var generation = 0

  var body: some View {
    VStack {
      Button("Reset") { generation += 1 }
      Tally(label: "score").id(generation)
    }
  }
}

@MainActor
@Suite struct IdentityArticleTests {
  @Test func eachBranchOfAnIfIsItsOwnIdentity() {
    let host = ViewHost(BranchedTally(), executor: .manual)
    host.tap("on: 0")
    host.flush()
    host.tap("Switch")
    host.flush()
    #expect(host.tree.texts == ["Switch", "off: 0"])
    host.tap("Switch")
    host.flush()
    #expect(host.tree.texts == ["Switch", "on: 0"])
  }

  @Test func aConditionInsideAnArgumentKeepsTheIdentity() {
    let host = ViewHost(RelabelledTally(), executor: .manual)
    host.tap("on: 0")
    host.flush()
    host.tap("Switch")
    host.flush()
    #expect(host.tree.texts == ["Switch", "off: 1"])
  }

  @Test func forEachKeepsStateWithTheIdWhenRowsMove() {
    let team = Team()
    let host = ViewHost(Roster(team: team), executor: .manual)
    host.tap("bob: 0")
    host.flush()
    team.players.reverse()
    host.flush()
    #expect(host.tree.texts == ["cy: 0", "bob: 1", "ann: 0"])
    team.players.removeAll { $0.id == "bob" }
    host.flush()
    team.players.append(Player(id: "bob"))
    host.flush()
    #expect(host.tree.texts == ["cy: 0", "ann: 0", "bob: 0"])
  }

  @Test func movingRowsIsMovesForTheRenderer() {
    let team = Team()
    let recorder = RecordingRenderer()
    let host = ViewHost(Roster(team: team), executor: .manual, renderer: recorder)
    recorder.clear()
    team.players.reverse()
    host.flush()
    #expect(recorder.counts == RecordingRenderer.Counts(moves: 2, commits: 1))
  }

  @Test func aNewIdIsANewIdentity() {
    let host = ViewHost(ResettableTally(), executor: .manual)
    host.tap("score: 0")
    host.flush()
    host.tap("score: 1")
    host.flush()
    #expect(host.tree.texts == ["Reset", "score: 2"])
    host.tap("Reset")
    host.flush()
    #expect(host.tree.texts == ["Reset", "score: 0"])
  }
}
