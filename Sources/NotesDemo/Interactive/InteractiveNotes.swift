import Trellis
import TrellisTerminal

/// `swift run NotesDemo` in a terminal: the notes app, full screen, with a status line that
/// says which bodies re-ran for the last key and why.
@MainActor
struct InteractiveNotes {
  let loader: NotesLoader
  let console: NotesDemoCommand.Console

  /// Runs the app until `q` or Control-C; returns the exit status (130 after Control-C).
  func run() async -> Int32 {
    let store = NotesStore(loader: loader)
    let router = Router()
    let status = StatusModel()
    let app = TerminalApp(
      options: TerminalApp.Options(
        hostOptions: ViewHostOptions(logsUpdates: true, keepsTree: false))
    ) {
      NotesShell(store: store, router: router, status: status)
    }
    // A key's record starts with the key: the loads and tasks that ran before are not its.
    app.willHandleBatch = { app, _ in app.host?.clearLogs() }
    app.onBatch = { app, batch in
      guard let host = app.host else { return }
      let inputs = batch.compactMap { event -> StatusModel.Input? in
        switch event {
        case .key(let press): .key(KeyPress(press))
        case .paste(let text): .paste(characterCount: text.count)
        case .resize, .unrecognized: nil
        }
      }
      status.record(inputs: inputs, runs: Self.runs(of: host))
      host.clearLogs()
    }
    app.onUnhandledKey = { app, press in
      guard press.key == "r", press.modifiers.isEmpty, let host = app.host else { return false }
      // Pull to refresh: the list's `.refreshable` action, awaited.
      Task {
        await host.refresh()
        status.record(StatusModel.refreshLabel(error: store.loadError), runs: Self.runs(of: host))
        host.clearLogs()
      }
      return true
    }
    do {
      try await app.run()
    } catch {
      console.err("NotesDemo: error: \(error)")
      return NotesDemoCommand.ExitCode.failure
    }
    // Found by a new user: Control-C ended with 0, where the README says a tool can end with
    // 130 as shells expect.
    return app.ending == .interrupt
      ? NotesDemoCommand.ExitCode.interrupted : NotesDemoCommand.ExitCode.success
  }

  /// The body runs since the log was cleared, without the status line's own.
  private static func runs(of host: ViewHost) -> [BodyRun] {
    host.bodyRuns.filter { !$0.view.hasPrefix("StatusBar") }
  }
}
