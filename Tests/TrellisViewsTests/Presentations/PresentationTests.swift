import Foundation
import Testing
import TrellisGraph
import TrellisTracking
import TrellisViews

struct PresentsInItsAction: View {
  @State private var message = "none"
  @State private var isShown = false

  var body: some View {
    Button("present") {
      message = "hello"
      isShown = true
    }
    .sheet(isPresented: $isShown) { Text("message \(message)") }
  }
}

struct AccentText: View {
  @Environment(\.accent) private var accent
  @Environment(\.isPresented) private var isPresented
  var body: some View { Text("accent \(accent), presented \(isPresented)") }
}

struct OverrideOutsideTheSheet: View {
  var body: some View {
    Text("presenter")
      .sheet(isPresented: .constant(true)) { AccentText() }
      .environment(\.accent, "red")
  }
}

struct OverrideInsideTheSheet: View {
  var body: some View {
    Text("presenter")
      .environment(\.accent, "red")
      .sheet(isPresented: .constant(true)) { AccentText() }
  }
}

struct ClosingContent: View {
  let probe: Probe
  @Environment(\.dismiss) private var dismiss

  var body: some View {
    Button("close") { dismiss() }
      .onDisappear { probe.log.append("content disappears") }
  }
}

final class PresenterSwitch: Trackable {
  @Tracked var isThere = true
}

/// A presenter shown while the model says so, with its sheet up from the start.
struct RemovablePresenter: View {
  let probe: Probe
  let model: PresenterSwitch

  var body: some View {
    if model.isThere {
      DismissibleSheet(probe: probe)
    }
  }
}

struct DismissibleSheet: View {
  let probe: Probe
  @State private var isShown = true

  var body: some View {
    Text(isShown ? "shown" : "dismissed")
      .sheet(
        isPresented: $isShown, onDismiss: { probe.log.append("onDismiss") },
        content: { ClosingContent(probe: probe) })
  }
}

final class PresentationFlags: Trackable {
  @Tracked var isOn = false
  @Tracked var alert = false
  @Tracked var dialog = false
  @Tracked var cover = false
}

struct Alerts: View {
  @Bindable var flags: PresentationFlags
  let probe: Probe

  var body: some View {
    VStack {
      Text("screen")
        .alert("Delete?", isPresented: $flags.alert) {
          Button("Delete") { probe.log.append("deleted") }
          Button("Cancel") { probe.log.append("cancelled") }
        } message: {
          Text("It cannot be undone.")
        }
      Text("more")
        .confirmationDialog("Share", isPresented: $flags.dialog) {
          Button("Copy link") { probe.log.append("copied") }
        }
      Text("cover")
        .fullScreenCover(isPresented: $flags.cover) { Text("covering") }
    }
  }
}

/// A sheet whose content presents an alert.
struct AlertInASheet: View {
  @Bindable var flags: PresentationFlags
  let probe: Probe

  var body: some View {
    Button("under") { probe.log.append("under") }
      .sheet(isPresented: $flags.isOn) {
        Button("in sheet") { probe.log.append("in sheet") }
          .alert("Sure?", isPresented: $flags.alert) { Button("Yes") {} }
      }
  }
}

struct PlainAlert: View {
  @State private var isShown = true
  var body: some View {
    Text(isShown ? "alerting" : "done").alert("Saved", isPresented: $isShown) {}
  }
}

struct DismissesNothing: View {
  @Environment(\.dismiss) private var dismiss
  var body: some View { Button("back") { dismiss() } }
}

final class Route: Trackable {
  @Tracked var path: [Int] = []
  @Tracked var showsSheet = false
}

struct SheetOverStack: View {
  @Bindable var route: Route

  var body: some View {
    NavigationStack(path: $route.path) {
      Text("root")
        .navigationDestination(for: Int.self) { value in
          Text("level \(value)").sheet(isPresented: $route.showsSheet) { Text("sheet") }
        }
    }
  }
}

/// A stack whose root presents a sheet with links in it: a value link, a destination link, and
/// one inside a stack of the sheet's own.
struct LinksInASheet: View {
  @State private var isShown = false

  var body: some View {
    NavigationStack {
      Button("show") { isShown = true }
        .navigationDestination(for: Int.self) { Text("pushed \($0)") }
        .sheet(isPresented: $isShown) {
          VStack {
            NavigationLink("value link", value: 7)
            NavigationLink("destination link") { Text("pushed view") }
            NavigationStack {
              NavigationLink("own stack link", value: 8)
                .navigationDestination(for: Int.self) { Text("in the sheet \($0)") }
            }
          }
        }
    }
  }
}

@MainActor
@Suite struct PresentationTests {
  /// As in SwiftUI, a sheet's content is outside the navigation stack of the view that
  /// presents it: its links push nothing behind it (which used to hide the sheet under the
  /// pushed view), and say why; a stack inside the sheet navigates there.
  @Test func aLinkInASheetDoesNotPushOntoThePresentersStack() {
    let host = ViewHost(LinksInASheet(), executor: .manual)
    host.tap("show")
    host.flush()
    let texts = ["show", "value link", "destination link", "own stack link"]
    #expect(host.tree.texts == texts)
    let diagnostics = TrellisDiagnostics.capture {
      #expect(!host.tap("value link"))
      #expect(!host.tap("destination link"))
      host.flush()
    }
    #expect(host.tree.texts == texts)
    let advice =
      "is inside a Sheet's content, which is not part of the navigation stack of the view that "
      + "presented it (as in SwiftUI); the tap does nothing. Put a NavigationStack inside the "
      + "Sheet to navigate there."
    #expect(
      diagnostics.map(\.message) == [
        "NavigationLink(value: 7) in LinksInASheet \(advice)",
        "NavigationLink(destination:) in LinksInASheet \(advice)",
      ])
    #expect(host.tap("own stack link"))
    host.flush()
    #expect(host.tree.texts == ["show", "value link", "destination link", "in the sheet 8"])
  }

  @Test func aSheetIsBuiltWhenPresentedAndShowsAValueSetByTheActionThatPresents() {
    let recorder = RecordingRenderer()
    let host = ViewHost(PresentsInItsAction(), executor: .manual, renderer: recorder)
    host.clearLogs()
    recorder.clear()
    host.tap("present")
    host.flush()
    #expect(host.tree.texts == ["present", "message hello"])
    #expect(
      recorder.lastCommit.map(\.description) == [
        "create Sheet@4", "create Text@5 \"message hello\"", "insert Text@5 into Sheet@4 at 0",
        "insert Sheet@4 into PresentsInItsAction@1 at 1",
      ])
    // The presenter's body read neither state: the sheet's own computation did.
    #expect(host.runLog == [])
  }

  @Test func overridesOutsideTheSheetReachItAndOverridesInsideIt() {
    let outside = ViewHost(OverrideOutsideTheSheet(), executor: .manual)
    #expect(outside.tree.texts == ["presenter", "accent red, presented true"])
    let inside = ViewHost(OverrideInsideTheSheet(), executor: .manual)
    #expect(inside.tree.texts == ["presenter", "accent blue, presented true"])
    let plain = ViewHost(AccentText(), executor: .manual)
    #expect(plain.tree.texts == ["accent blue, presented false"])
  }

  @Test func dismissInsideASheetEndsItAndOnDismissRunsAfterTheContentDisappeared() {
    let probe = Probe()
    let host = ViewHost(DismissibleSheet(probe: probe), executor: .manual)
    #expect(host.tree.texts == ["shown", "close"])
    host.tap("close")
    host.flush()
    #expect(host.tree.texts == ["dismissed"])
    #expect(probe.log == ["content disappears", "onDismiss"])
  }

  /// Found by a new user: a row that presents a sheet was removed with the sheet up, and its
  /// `onDismiss` (where the app saved) never ran.
  @Test func removingThePresenterDismissesItsSheetAndRunsOnDismissAfterTheContentDisappeared() {
    let probe = Probe()
    let model = PresenterSwitch()
    let host = ViewHost(RemovablePresenter(probe: probe, model: model), executor: .manual)
    #expect(host.tree.findAll(kind: "Sheet").count == 1)
    model.isThere = false
    host.flush()
    #expect(host.tree.findAll(kind: "Sheet").isEmpty)
    #expect(probe.log == ["content disappears", "onDismiss"])
  }

  /// Found by a user whose test ended with a sheet up: releasing the host trapped ("read an
  /// unowned reference but object was already destroyed") while the sheet's part queued its
  /// `onDismiss` on the host being taken apart.
  @Test func aHostReleasedWithAPresentationThatHasOnDismissGoesWithoutRunningIt() {
    struct Draft: Identifiable { let id: Int }
    struct Presenting: View {
      let kind: Int
      let probe: Probe
      @State private var isShown = true
      @State private var item: Draft? = Draft(id: 7)
      var body: some View {
        switch kind {
        case 0:
          Text("sheet").sheet(
            isPresented: $isShown, onDismiss: { probe.log.append("onDismiss") },
            content: { ClosingContent(probe: probe) })
        case 1:
          Text("item").sheet(
            item: $item, onDismiss: { probe.log.append("onDismiss") },
            content: { _ in ClosingContent(probe: probe) })
        default:
          Text("cover").fullScreenCover(
            isPresented: $isShown, onDismiss: { probe.log.append("onDismiss") },
            content: { ClosingContent(probe: probe) })
        }
      }
    }
    for kind in 0..<3 {
      let probe = Probe()
      weak var released: ViewHost?
      do {
        let host = ViewHost(Presenting(kind: kind, probe: probe), executor: .manual)
        #expect(host.tree.texts.last == "close")
        released = host
      }
      #expect(released == nil)
      // A host released without `unmount()` runs no disappear actions, and no onDismiss.
      #expect(probe.log.isEmpty)
    }
  }

  @Test func anAlertsButtonsRunTheirActionThenDismissIt() {
    let flags = PresentationFlags()
    let probe = Probe()
    let host = ViewHost(Alerts(flags: flags, probe: probe), executor: .manual)
    flags.alert = true
    host.flush()
    #expect(
      host.dump() == """
        Alerts
          VStack
            Text "screen"
            Alert
              Text "Delete?"
              Text "It cannot be undone."
              Button
                Text "Delete"
              Button
                Text "Cancel"
            Text "more"
            Text "cover"

        """)
    host.tap("Delete")
    host.flush()
    #expect(probe.log == ["deleted"])
    #expect(flags.alert == false)
    #expect(host.tree.findAll(kind: "Alert").isEmpty)
    flags.dialog = true
    host.flush()
    // A confirmation dialog always has a Cancel, as SwiftUI's does.
    #expect(
      host.tree.findAll(kind: "ConfirmationDialog").map(\.texts)
        == [["Share", "Copy link", "Cancel"]])
    host.tap("Copy link")
    host.flush()
    #expect(probe.log == ["deleted", "copied"])
    #expect(flags.dialog == false)
    flags.cover = true
    host.flush()
    #expect(host.tree.findAll(kind: "FullScreenCover").map(\.texts) == [["covering"]])
  }

  /// SwiftUI's usual way to open a sheet from an alert: the button's action asks for the sheet,
  /// and the same tap dismisses the alert, so the sheet is shown in that update and nothing
  /// waits (it was reported as waiting; found by a SwiftUI developer porting an app).
  @Test func anAlertButtonThatPresentsASheetShowsItWithoutAReport() {
    struct AlertThenSheet: View {
      @State private var alert = true
      @State private var sheet = false
      var body: some View {
        Text("screen")
          .alert("Choose", isPresented: $alert) {
            Button("Open sheet") { sheet = true }
          }
          .sheet(isPresented: $sheet) { Text("the sheet") }
      }
    }
    let host = ViewHost(AlertThenSheet(), executor: .manual)
    let diagnostics = TrellisDiagnostics.capture {
      #expect(host.tap("Open sheet"))
      host.flush()
    }
    #expect(diagnostics.map(\.message) == [])
    #expect(host.tree.findAll(kind: "Alert").isEmpty)
    #expect(host.tree.findAll(kind: "Sheet").map(\.texts) == [["the sheet"]])
  }

  /// As in SwiftUI, one presentation at a time is shown from a context: a second one asked
  /// for while the first is up waits, reported, and is presented when the first is dismissed.
  /// (Trellis showed both, the second stacked on the first; found by a new user.)
  @Test func aSecondPresentationWaitsForTheFirstToBeDismissed() {
    let flags = PresentationFlags()
    let probe = Probe()
    let host = ViewHost(Alerts(flags: flags, probe: probe), executor: .manual)
    let diagnostics = TrellisDiagnostics.capture {
      flags.dialog = true
      flags.cover = true
      host.flush()
    }
    #expect(
      diagnostics.map(\.message) == [
        "The fullScreenCover(isPresented:) in Alerts waits: the "
          + "confirmationDialog(isPresented:) in Alerts is presented, and one presentation is "
          + "shown at a time, as in SwiftUI. It is presented when that one is dismissed."
      ])
    #expect(host.tree.findAll(kind: "FullScreenCover").isEmpty)
    #expect(host.tap("Copy link"))
    #expect(probe.log == ["copied"])
    host.flush()
    #expect(flags.dialog == false)
    #expect(flags.cover == true)
    #expect(host.tree.findAll(kind: "ConfirmationDialog").isEmpty)
    #expect(host.tree.findAll(kind: "FullScreenCover").map(\.texts) == [["covering"]])
    // Asked for again while the cover is up: it waits again, reported again.
    let again = TrellisDiagnostics.capture {
      flags.dialog = true
      host.flush()
    }
    #expect(again.count == 1)
    #expect(host.tree.findAll(kind: "ConfirmationDialog").isEmpty)
    #expect(host.dismiss())
    host.flush()
    #expect(host.tree.findAll(kind: "FullScreenCover").isEmpty)
    #expect(host.tree.findAll(kind: "ConfirmationDialog").map(\.texts).first?.first == "Share")
    // A waiting presentation that is no longer asked for is not presented later.
    flags.cover = true
    host.flush()
    flags.cover = false
    #expect(host.dismiss())
    host.flush()
    #expect(host.tree.findAll(kind: "FullScreenCover").isEmpty)
    #expect(host.tree.findAll(kind: "ConfirmationDialog").isEmpty)
  }

  /// A sheet with an alert presented from inside it: presentations from a presentation's
  /// content stack on it.
  private func alertOverASheet() -> (ViewHost, PresentationFlags, Probe) {
    let flags = PresentationFlags()
    let probe = Probe()
    let host = ViewHost(AlertInASheet(flags: flags, probe: probe), executor: .manual)
    flags.isOn = true
    flags.alert = true
    host.flush()
    return (host, flags, probe)
  }

  @Test func onlyTheFrontmostPresentationCanBeTapped() {
    let (host, _, probe) = alertOverASheet()
    #expect(host.tree.texts == ["under", "in sheet", "Sure?", "Yes"])
    // The alert is in front of the sheet: the sheet's button is covered, as the screen is.
    let diagnostics = TrellisDiagnostics.capture { #expect(!host.tap("in sheet")) }
    #expect(
      diagnostics.map(\.message) == [
        "The button titled \"in sheet\" (in AlertInASheet) is covered by the presentation shown "
          + "from AlertInASheet (a sheet, cover, alert or dialog is modal); nothing was tapped. "
          + "Dismiss the presentation first."
      ])
    let missing = TrellisDiagnostics.capture { #expect(!host.tap("Nowhere")) }
    #expect(missing.map(\.message) == ["No button titled \"Nowhere\" is in the tree."])
    #expect(probe.log == [])
    #expect(host.dismiss())
    host.flush()
    #expect(host.tap("in sheet"))
    #expect(probe.log == ["in sheet"])
  }

  // Found by a new user: with two presentations up, two backs before a flush dismissed one.
  @Test func twoBacksBeforeAFlushDismissTwoPresentations() {
    let (host, flags, _) = alertOverASheet()
    #expect(host.dismiss())
    #expect(flags.alert == false)
    #expect(flags.isOn == true)
    #expect(host.dismiss())
    #expect(flags.isOn == false)
    host.flush()
    #expect(host.tree.texts == ["under"])
  }

  @Test func dismissingAnAlertRunsItsCancelButtonAndADialogsAddedCancelOnlyDismisses() {
    struct Confirmations: View {
      @Bindable var flags: PresentationFlags
      let probe: Probe
      var body: some View {
        Text("screen")
          .alert("Delete?", isPresented: $flags.alert) {
            Button("Delete", role: .destructive) { probe.log.append("deleted") }
            Button("Keep", role: .cancel) { probe.log.append("kept") }
          }
          .confirmationDialog("Share", isPresented: $flags.dialog) {
            Button("Copy link") { probe.log.append("copied") }
          }
      }
    }
    let flags = PresentationFlags()
    let probe = Probe()
    let host = ViewHost(Confirmations(flags: flags, probe: probe), executor: .manual)
    flags.alert = true
    host.flush()
    // Escape, or a renderer's back: the cancel button runs, then the alert goes.
    #expect(host.dismiss())
    host.flush()
    #expect(probe.log == ["kept"])
    #expect(flags.alert == false)
    flags.dialog = true
    host.flush()
    #expect(host.tree.texts == ["screen", "Share", "Copy link", "Cancel"])
    #expect(host.dismiss())
    host.flush()
    #expect(probe.log == ["kept"])
    #expect(flags.dialog == false)
    #expect(host.tree.texts == ["screen"])
  }

  @Test func anAlertWithoutActionsHasAnOKButtonThatDismissesIt() {
    let host = ViewHost(PlainAlert(), executor: .manual)
    #expect(host.tree.texts == ["alerting", "Saved", "OK"])
    host.tap("OK")
    host.flush()
    #expect(host.tree.texts == ["done"])
  }

  @Test func theHostsDismissEndsTheFrontmostPresentationThenPopsThenReportsNothingLeft() {
    let route = Route()
    route.path = [1]
    route.showsSheet = true
    let host = ViewHost(SheetOverStack(route: route), executor: .manual)
    #expect(host.tree.texts == ["level 1", "sheet"])
    #expect(host.dismiss())
    host.flush()
    #expect(route.showsSheet == false)
    #expect(host.tree.texts == ["level 1"])
    #expect(host.dismiss())
    host.flush()
    #expect(route.path == [])
    #expect(host.tree.texts == ["root"])
    var dismissed = true
    let diagnostics = TrellisDiagnostics.capture { dismissed = host.dismiss() }
    #expect(!dismissed)
    #expect(
      diagnostics.map(\.message) == [
        "dismiss(): nothing is presented or pushed; nothing was dismissed."
      ])
  }

  /// Found by a SwiftUI developer: the diagnostic said "a view", not which.
  @Test func dismissOutsideAnyPresentationNamesTheViewThatCalledIt() {
    let host = ViewHost(ClosingContent(probe: Probe()), executor: .manual)
    let diagnostics = TrellisDiagnostics.capture { #expect(host.tap("close")) }
    #expect(diagnostics.map(\.nodes) == [["ClosingContent"]])
    #expect(
      diagnostics.map(\.message) == [
        "dismiss() was called by ClosingContent, a view that is neither presented (sheet, "
          + "full-screen cover, alert, dialog) nor pushed on a navigation stack; nothing was "
          + "dismissed."
      ])
  }

  /// Found by a new user: the form without a message did not compile.
  @Test func anAlertPresentingDataWithoutAMessageGivesTheDataToItsActions() {
    struct DeleteAlert: View {
      @Bindable var flags: PresentationFlags
      let probe: Probe
      @State private var pending: String? = "notes.txt"
      var body: some View {
        Text("files")
          .alert("Delete?", isPresented: $flags.alert, presenting: pending) { name in
            Button("Delete \(name)", role: .destructive) { probe.log.append("deleted \(name)") }
          }
      }
    }
    let flags = PresentationFlags()
    let probe = Probe()
    let host = ViewHost(DeleteAlert(flags: flags, probe: probe), executor: .manual)
    flags.alert = true
    host.flush()
    #expect(
      host.dump() == """
        DeleteAlert
          Text "files"
          Alert
            Text "Delete?"
            Button role=destructive
              Text "Delete notes.txt"

        """)
    #expect(host.tap("Delete notes.txt"))
    host.flush()
    #expect(probe.log == ["deleted notes.txt"])
    #expect(flags.alert == false)
  }

  /// From a new user's audit: the dialog's `presenting:` forms did not exist.
  @Test func aDialogPresentingDataGivesItToItsActionsAndMessageAndAddsCancel() {
    struct ShareDialog: View {
      @Bindable var flags: PresentationFlags
      let probe: Probe
      let link: String?
      var body: some View {
        Text("files")
          .confirmationDialog("Share", isPresented: $flags.dialog, presenting: link) { link in
            Button("Copy \(link)") { probe.log.append("copied \(link)") }
          } message: { link in
            Text("to \(link)")
          }
      }
    }
    let flags = PresentationFlags()
    let probe = Probe()
    let host = ViewHost(ShareDialog(flags: flags, probe: probe, link: "a.txt"), executor: .manual)
    flags.dialog = true
    host.flush()
    #expect(
      host.dump() == """
        ShareDialog
          Text "files"
          ConfirmationDialog
            Text "Share"
            Text "to a.txt"
            Button
              Text "Copy a.txt"
            Button role=cancel
              Text "Cancel"

        """)
    #expect(host.tap("Copy a.txt"))
    host.flush()
    #expect(probe.log == ["copied a.txt"])
    #expect(flags.dialog == false)
    // No data: nothing is shown, whatever the flag says.
    let empty = ViewHost(ShareDialog(flags: flags, probe: probe, link: nil), executor: .manual)
    flags.dialog = true
    empty.flush()
    #expect(empty.tree.texts == ["files"])
  }

  /// SwiftUI's `Text`-titled forms: the title is shown as that text, styled, its values
  /// formatted in the environment's locale.
  @Test func textTitledAlertsAndDialogsShowTheirTitleAsThatText() {
    struct TextTitled: View {
      @Bindable var flags: PresentationFlags
      let probe: Probe
      var body: some View {
        VStack {
          Text("a")
            .alert(Text("Delete \(3) notes?").bold(), isPresented: $flags.alert) {
              Button("Delete", role: .destructive) { probe.log.append("deleted") }
            }
          Text("b")
            .confirmationDialog(
              Text(1.5, format: .number), isPresented: $flags.dialog, presenting: "x.txt"
            ) { name in
              Button("Copy \(name)") { probe.log.append("copied \(name)") }
            } message: { name in
              Text(name)
            }
        }
        .environment(\.locale, Locale(identifier: "fr_FR"))
      }
    }
    let flags = PresentationFlags()
    let probe = Probe()
    let host = ViewHost(TextTitled(flags: flags, probe: probe), executor: .manual)
    flags.alert = true
    host.flush()
    #expect(
      host.dump() == """
        TextTitled
          VStack
            Text "a"
            Alert
              Text "Delete 3 notes?" bold
              Button role=destructive
                Text "Delete"
            Text "b"

        """)
    #expect(host.tap("Delete"))
    host.flush()
    flags.dialog = true
    host.flush()
    #expect(
      host.dump() == """
        TextTitled
          VStack
            Text "a"
            Text "b"
            ConfirmationDialog
              Text "1,5"
              Text "x.txt"
              Button
                Text "Copy x.txt"
              Button role=cancel
                Text "Cancel"

        """)
    #expect(host.tap("Copy x.txt"))
    host.flush()
    #expect(probe.log == ["deleted", "copied x.txt"])
    #expect(flags.alert == false && flags.dialog == false)
  }

  @Test func dismissWhereNothingIsPresentedIsReportedAndDoesNothing() {
    let host = ViewHost(DismissesNothing(), executor: .manual)
    let diagnostics = TrellisDiagnostics.capture {
      host.tap("back")
      host.flush()
    }
    #expect(diagnostics.map(\.kind) == [.invalidInput])
    #expect(host.tree.texts == ["back"])
  }
}
