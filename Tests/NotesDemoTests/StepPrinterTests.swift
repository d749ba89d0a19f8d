import Synchronization
import Testing
import TrellisViews

@testable import NotesDemo

/// The printed step: its count of body runs says which were first runs.
@Suite struct StepPrinterTests {
  private func printed(_ runs: [BodyRun]) -> [String] {
    let lines = Mutex<[String]>([])
    let printer = StepPrinter(out: { line in lines.withLock { $0.append(line) } })
    printer.print(
      StepReport(step: .mount, snapshots: [], bodyRuns: runs, events: [], duration: .zero))
    return lines.withLock { $0 }.filter { $0.hasPrefix("Bodies") }
  }

  /// Found by a new user: a mount printed "Bodies re-run: 26", every one of them a first run.
  @Test func firstRunsAreCountedApartFromReRuns() {
    let mount = [
      BodyRun(view: "NotesApp", reasons: ["inserted"]),
      BodyRun(view: "NotesList", reasons: ["inserted"]),
      BodyRun(view: "NotesList", reasons: ["NotesStore.notes"]),
    ]
    #expect(printed(mount) == ["Bodies run: 3 (2 for the first time, 1 re-run)"])
    #expect(printed(Array(mount.suffix(1))) == ["Bodies re-run: 1"])
    #expect(printed([]) == ["Bodies re-run: 0"])
  }
}
