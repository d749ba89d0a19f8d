import Testing
import TrellisGraph
import TrellisTracking
import TrellisViews

// A split view's columns follow the stack's rules: a destination shown for a value is keyed by
// the value (another value is a fresh destination); every column is shown, so nothing is
// hidden; what leaves a column is destroyed.

struct Mailboxes: View {
  let counter: InitCounter
  let gate: TaskGate

  var body: some View {
    NavigationSplitView {
      VStack {
        NavigationLink("inbox", value: 1)
        NavigationLink("sent", value: 2)
      }
      .navigationDestination(for: Int.self) { id in
        Probed.named("mailbox \(id)", counter: counter, gate: gate)
      }
    } detail: {
      Probed.named("placeholder", counter: counter, gate: gate)
    }
  }
}

struct Grocer: View {
  let counter: InitCounter
  let gate: TaskGate

  var body: some View {
    NavigationSplitView {
      VStack {
        NavigationLink("fruit", value: "fruit")
        NavigationLink("greens", value: "greens")
      }
      .navigationDestination(for: String.self) { aisle in
        VStack {
          NavigationLink("\(aisle) 1", value: 1)
          NavigationLink("\(aisle) 2", value: 2)
        }
      }
      .navigationDestination(for: Int.self) { shelf in
        Probed.named("shelf \(shelf)", counter: counter, gate: gate)
      }
    } content: {
      Text("pick an aisle")
    } detail: {
      Text("pick a shelf")
    }
  }
}

struct SelectedContacts: View {
  let counter: InitCounter
  let gate: TaskGate
  @State private var selection: Int?

  var body: some View {
    NavigationSplitView {
      List(selection: $selection) {
        NavigationLink("ada", value: 1)
        NavigationLink("alan", value: 2)
      }
    } detail: {
      if let selection {
        Probed.named("contact \(selection)", counter: counter, gate: gate)
      } else {
        Text("no contact")
      }
    }
  }
}

/// A split view whose detail links have nowhere to go, and whose sidebar selects a value with
/// no destination.
struct LooseEnds: View {
  var body: some View {
    VStack {
      Text("loose ends")
      NavigationSplitView {
        NavigationLink("a letter", value: "a")
      } detail: {
        NavigationLink("deeper", value: 9)
      }
    }
  }
}

/// A split view whose columns hold a model.
struct SplitOverModel: View {
  let model: ListModel

  var body: some View {
    NavigationSplitView {
      ModelName(model: model)
    } detail: {
      Text("detail")
    }
  }
}

struct ModelName: View {
  let model: ListModel
  var body: some View { Text(model.items.first?.name ?? "none") }
}

@MainActor
@Suite struct NavigationSplitViewTests {
  let counter = InitCounter()
  let gate = TaskGate()

  @Test func aTwoColumnSplitViewShowsTheSelectedValuesDestinationInTheDetail() {
    let host = ViewHost(Mailboxes(counter: counter, gate: gate), executor: .manual)
    #expect(host.tree.texts == ["inbox", "sent", "placeholder 0"])
    host.tap("placeholder 0")
    host.flush()
    host.clearLogs()
    host.tap("inbox")
    host.flush()
    #expect(
      host.dump() == """
        Mailboxes
          NavigationSplitView
            NavigationSplitView
              Column
                VStack
                  NavigationLink
                    Text "inbox"
                  NavigationLink
                    Text "sent"
              Column
                Destination
                  Probed #mailbox 1
                    Button
                      Text "mailbox 1 0"

        """)
    // The column's own view is destroyed while a destination replaces it.
    #expect(
      host.eventLog == [
        "task cancel Probed #placeholder", "disappear Probed #placeholder",
        "appear Probed #mailbox 1", "task start Probed #mailbox 1",
      ])
  }

  @Test func selectingAnotherValueDestroysTheShownDestinationAndShowsAFreshOne() {
    let host = ViewHost(Mailboxes(counter: counter, gate: gate), executor: .manual)
    host.tap("inbox")
    host.flush()
    host.tap("mailbox 1 0")
    host.flush()
    host.clearLogs()
    host.tap("sent")
    host.flush()
    #expect(host.tree.texts == ["inbox", "sent", "mailbox 2 0"])
    #expect(
      host.eventLog == [
        "task cancel Probed #mailbox 1", "disappear Probed #mailbox 1",
        "appear Probed #mailbox 2", "task start Probed #mailbox 2",
      ])
    host.tap("inbox")
    host.flush()
    #expect(host.tree.texts == ["inbox", "sent", "mailbox 1 0"])
    #expect(counter.counts == ["placeholder": 1, "mailbox 1": 2, "mailbox 2": 1])
  }

  @Test func dismissingTheDetailClearsTheSelectionAndShowsTheColumnsOwnViewAgain() {
    let host = ViewHost(Mailboxes(counter: counter, gate: gate), executor: .manual)
    host.tap("inbox")
    host.flush()
    host.clearLogs()
    #expect(host.dismiss())
    host.flush()
    #expect(host.tree.texts == ["inbox", "sent", "placeholder 0"])
    #expect(
      host.eventLog == [
        "task cancel Probed #mailbox 1", "disappear Probed #mailbox 1",
        "appear Probed #placeholder", "task start Probed #placeholder",
      ])
    #expect(counter.counts["mailbox 1"] == 1)
  }

  @Test func aThreeColumnSplitViewClearsTheDetailWhenTheMiddleColumnChanges() {
    let host = ViewHost(Grocer(counter: counter, gate: gate), executor: .manual)
    #expect(host.tree.texts == ["fruit", "greens", "pick an aisle", "pick a shelf"])
    host.tap("fruit")
    host.flush()
    #expect(host.tree.texts == ["fruit", "greens", "fruit 1", "fruit 2", "pick a shelf"])
    host.tap("fruit 1")
    host.flush()
    #expect(host.tree.texts == ["fruit", "greens", "fruit 1", "fruit 2", "shelf 1 0"])
    host.tap("shelf 1 0")
    host.flush()
    host.tap("fruit 2")
    host.flush()
    #expect(host.tree.texts == ["fruit", "greens", "fruit 1", "fruit 2", "shelf 2 0"])
    host.clearLogs()
    host.tap("greens")
    host.flush()
    #expect(host.tree.texts == ["fruit", "greens", "greens 1", "greens 2", "pick a shelf"])
    #expect(
      host.eventLog == ["task cancel Probed #shelf 2", "disappear Probed #shelf 2"])
    host.tap("greens 1")
    host.flush()
    #expect(host.tree.texts == ["fruit", "greens", "greens 1", "greens 2", "shelf 1 0"])
    #expect(counter.counts == ["shelf 1": 2, "shelf 2": 1])
  }

  @Test func aListSelectionDrivesTheDetailWhichAnIDMakesAFreshIdentityPerSelection() {
    let host = ViewHost(SelectedContacts(counter: counter, gate: gate), executor: .manual)
    #expect(host.tree.texts == ["ada", "alan", "no contact"])
    host.tap("ada")
    host.flush()
    #expect(host.tree.texts == ["ada", "alan", "contact 1 0"])
    host.tap("contact 1 0")
    host.flush()
    host.clearLogs()
    host.tap("alan")
    host.flush()
    #expect(host.tree.texts == ["ada", "alan", "contact 2 0"])
    #expect(
      host.eventLog == [
        "task cancel Probed #contact 1", "disappear Probed #contact 1",
        "appear Probed #contact 2", "task start Probed #contact 2",
      ])
    host.tap("ada")
    host.flush()
    #expect(host.tree.texts == ["ada", "alan", "contact 1 0"])
    #expect(counter.counts == ["contact 1": 2, "contact 2": 1])
  }

  @Test func aSelectionWithNoDestinationIsReportedOnceNamingTheViewHoldingTheSplitView() {
    let host = ViewHost(LooseEnds(), executor: .manual)
    let diagnostics = TrellisDiagnostics.capture {
      host.tap("a letter")
      host.flush()
    }
    #expect(diagnostics.map(\.nodes) == [["LooseEnds", "String"]])
    #expect(
      diagnostics.map(\.message) == [
        "NavigationSplitView in LooseEnds selected a but has no "
          + ".navigationDestination(for: String.self) inside it; the column shows its own view."
      ])
    // The detail column keeps its own view.
    #expect(host.tree.texts == ["loose ends", "a letter", "deeper"])
    let again = TrellisDiagnostics.capture {
      host.tap("a letter")
      host.flush()
    }
    #expect(again.isEmpty)
  }

  @Test func aValueLinkInTheLastColumnIsReportedAndDoesNothing() {
    let host = ViewHost(LooseEnds(), executor: .manual)
    var tapped = false
    let diagnostics = TrellisDiagnostics.capture { tapped = host.tap("deeper") }
    #expect(!tapped)
    #expect(diagnostics.map(\.kind) == [.invalidInput])
    #expect(
      diagnostics.first?.message.hasSuffix(
        " is not inside a NavigationStack whose path holds its value (or a "
          + "NavigationSplitView); the tap does nothing.") == true)
    host.flush()
    #expect(host.tree.texts == ["loose ends", "a letter", "deeper"])
  }

  @Test func aSplitViewThatGoesLetsGoOfWhatItsColumnsHold() {
    weak var released: ListModel?
    do {
      let model = ListModel(names: "a")
      released = model
      let host = ViewHost(SplitOverModel(model: model), executor: .manual)
      #expect(host.tree.texts == ["a", "detail"])
    }
    #expect(released == nil)
  }
}
