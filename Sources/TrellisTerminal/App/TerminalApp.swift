import Foundation
import TrellisEnvironment
import TrellisGraph
import TrellisViews

/// Runs a view tree as a terminal app: Ink's `render`, with SwiftUI's data flow.
///
/// ```swift
/// @main struct Notes {
///   static func main() async throws {
///     try await TerminalApp { NotesApp() }.run()
///   }
/// }
/// ```
///
/// `run()` takes the terminal (`TerminalSession`), mounts the root in a `ViewHost` with a
/// `TerminalRenderer` and the `.mainActor` executor, draws the first frame, and then loops on
/// the main actor: for each batch of input it applies every event, runs one update cycle and
/// draws one frame. So input and state changes of one main-actor turn are coalesced into one
/// flush and one frame, and a batch is everything that arrived while the previous one was being
/// handled (see `TerminalEventStream`): however many keys arrive while a frame is drawn, they
/// make one more frame. Changes made outside input (a task finishing, a timer) are flushed by
/// the host in their own turn and drawn in the turn after, one frame per such turn.
///
/// Keys (see `handle(_:)`): Control-C ends the app; every other key goes first to the
/// `onKeyPress` handlers from the focused view outwards, and if none handles it, Tab and
/// Shift-Tab move the focus, the arrows, Page Up/Down and Home/End move it through lists (which
/// scroll with it), and Return or Space activate the focused button, link or toggle. A window
/// change lays the frame out again and updates `\.terminalSize`; bytes that are no key are
/// reported through `TrellisDiagnostics`.
///
/// The app ends when a view calls `\.exit`, on Control-C, and, in full screen, when the input ends
/// (nothing else could happen). It then draws the final frame and gives the terminal back: an
/// inline app leaves its last frame on the screen. While it reads keys, the terminal is in raw
/// mode: Control-Z is a key like any other, and the app is not suspended. Control-C is then a key
/// too, handled on the main actor; if the main actor has not taken one for a second (an endless
/// loop in a body), pressing it again ends the process from the input thread with SIGINT, after
/// putting the terminal back and saying why on standard error. An inline frame is at most one row
/// shorter than the terminal (the cursor waits on the row below it); content taller than that is
/// cut, as in a full-screen frame. When standard output is not a terminal, only the final frame is
/// written, at its full height (and `Static` rows as they come), as Ink does in CI; it is laid out
/// `COLUMNS` wide when that environment variable is set, otherwise 80. While a terminal session
/// runs, diagnostics are kept (`diagnostics`, each distinct one once) instead of written over the
/// frame, and printed to standard error after the terminal is given back, each once, with how many
/// times it was reported. A mistake that stops the program (a required environment object no
/// ancestor provides) gives the terminal back first, so its message and the kept diagnostics stay
/// on the screen.
///
/// Standard output belongs to the frames while the app runs: a `print` from the app's code
/// lands in the middle of a frame, and the next frames, which redraw only what changed, do not
/// erase it. Show text with views, or with `Static` rows above an inline frame.
@MainActor
public final class TerminalApp {
  /// How the app uses the terminal.
  public struct Options: Sendable {
    /// `.fullScreen` or `.inline`; plain text is chosen by itself when the output is not a
    /// terminal.
    public var mode: TerminalOutputMode
    /// The host's options. By default updates are not logged and no tree is kept (the terminal
    /// is the renderer); turn logging on to read `host.bodyRuns`.
    public var hostOptions: ViewHostOptions
    /// The host's executor: `.mainActor` for apps, `.manual` for tests that flush by hand.
    public var executor: GraphExecutor
    /// Whether the end of the input ends the app; nil means yes when `mode` is full screen
    /// (also when the output is not a terminal and frames are written as plain text), no
    /// inline.
    public var exitsWhenInputEnds: Bool?
    /// Whether keys are read at all. Without, typed keys are not echoed over the frame: they
    /// wait for the program that reads the terminal next, as type-ahead during `cargo build`
    /// does; Control-C then interrupts the process (the terminal is restored, and code after
    /// `run()` does not run). With (the default), typed keys are the app's, and Control-C ends
    /// `run()` with `.interrupt`.
    public var readsInput: Bool
    /// Whether a paste arrives as one event (bracketed paste).
    public var enablesBracketedPaste: Bool
    /// The terminal to draw on and read keys from, by path, instead of standard input and
    /// output; nil (the default) for those. `"/dev/tty"` (the process's terminal) lets a tool
    /// whose standard output is captured, `choice=$(picker)`, still draw and read keys, and
    /// print its result to standard output after `run()`, as fzf does. A path that cannot be
    /// opened makes `run()` throw `TerminalSession.StartError.terminalUnavailable`; one that is
    /// not a terminal gets plain-text frames, as a redirected standard output does, and what
    /// it holds is read as keys (unless `readsInput` is false), as a redirected standard input
    /// is.
    public var terminalPath: String?

    /// Options.
    /// - Parameters:
    ///   - mode: full screen (default) or inline.
    ///   - hostOptions: the host's options (default: no logs, no tree).
    ///   - executor: `.mainActor` (default) or `.manual`.
    ///   - exitsWhenInputEnds: whether the end of the input ends the app (nil: by mode).
    ///   - readsInput: whether to read keys.
    ///   - enablesBracketedPaste: whether pastes arrive whole.
    ///   - terminalPath: the terminal to use instead of standard input and output (nil: those).
    public init(
      mode: TerminalOutputMode = .fullScreen,
      hostOptions: ViewHostOptions = ViewHostOptions(logsUpdates: false, keepsTree: false),
      executor: GraphExecutor = .mainActor, exitsWhenInputEnds: Bool? = nil,
      readsInput: Bool = true, enablesBracketedPaste: Bool = true, terminalPath: String? = nil
    ) {
      self.terminalPath = terminalPath
      self.mode = mode
      self.hostOptions = hostOptions
      self.executor = executor
      self.exitsWhenInputEnds = exitsWhenInputEnds
      self.readsInput = readsInput
      self.enablesBracketedPaste = enablesBracketedPaste
    }
  }

  /// The options the app was made with.
  public let options: Options
  /// The renderer; its mode is the one frames are written in.
  public private(set) var renderer: TerminalRenderer
  /// The host, from `start` on.
  public private(set) var host: ViewHost?
  /// The terminal's size as the app lays frames out for it.
  public private(set) var size = LayoutSize(width: 80, height: 24)
  /// The frames drawn so far (frames in which nothing changed are not drawn).
  public private(set) var frameCount = 0
  /// The bytes the last frame wrote.
  public var lastFrameByteCount: Int { writer?.lastFrameByteCount ?? 0 }
  /// Diagnostics reported while a terminal session ran, each distinct one once, in the order
  /// first reported (they are printed after it, each with how many times it was reported).
  /// At most 1,000 distinct ones are kept; the print says how many more there were.
  public var diagnostics: [TrellisDiagnostic] { keptDiagnostics.distinct }
  private var keptDiagnostics = KeptDiagnostics()
  /// Whether the app was asked to end.
  public private(set) var isExitRequested = false
  /// How the run ended, once it has: so that a command-line tool can tell the user's Control-C
  /// from its own `\.exit`, and end with the status shells expect of an interrupted program
  /// (`if app.ending == .interrupt { exit(130) }`). Nil before.
  public private(set) var ending: Ending?

  /// How a run of the app ended.
  public enum Ending: Equatable, Sendable {
    /// A view called `\.exit`, or the app's code called `requestExit()`.
    case exit
    /// The user pressed Control-C.
    case interrupt
    /// The input ended (a full-screen app ends with it; see `Options.exitsWhenInputEnds`).
    case endOfInput
  }
  /// Called before each batch of input is applied: what ran since the last batch (tasks,
  /// timers) is not the batch's doing, so a status line clears its record here.
  public var willHandleBatch: (@MainActor (TerminalApp, [TerminalEvent]) -> Void)?
  /// Called after each batch of input has been applied and flushed, before its frame is drawn;
  /// what it changes is flushed into the same frame. For status lines about the last key.
  public var onBatch: (@MainActor (TerminalApp, [TerminalEvent]) -> Void)?
  /// Called for a key no handler and no built-in key used; returns whether it used it.
  public var onUnhandledKey: (@MainActor (TerminalApp, KeyPress) -> Bool)?

  private let mount:
    @MainActor (EnvironmentScope, ViewHostOptions, GraphExecutor, TerminalRenderer) -> ViewHost
  private var writer: TerminalFrameWriter?
  private var events: TerminalEventStream?
  private var isHandlingBatch = false
  private var isDrawScheduled = false
  private var isDrawing = false
  private var exitWaiter: CheckedContinuation<Void, Never>?

  /// An app showing `content`.
  /// - Parameters:
  ///   - options: the mode and host options.
  ///   - content: the root view, built when the app starts.
  public init<Root: View>(
    options: Options = Options(), @ViewBuilder content: @escaping @MainActor () -> Root
  ) {
    self.options = options
    renderer = TerminalRenderer(mode: options.mode)
    mount = { environment, hostOptions, executor, renderer in
      ViewHost(
        content(), executor: executor, environment: environment, options: hostOptions,
        renderer: renderer)
    }
  }

  /// The mode frames are written in.
  public var mode: TerminalOutputMode { renderer.mode }

  // MARK: - Running

  /// Takes the terminal and runs until the app ends (see the type's notes), then gives the
  /// terminal back. An app runs once: a second `run` or `start` is reported and does nothing.
  /// - Throws: `TerminalSession.StartError` when the terminal cannot be taken.
  public func run() async throws(TerminalSession.StartError) {
    guard host == nil else { return reportStartedAgain("run()") }
    let device = try options.terminalPath.map(TerminalDevice.open)
    defer { if let device { TerminalDevice.close(device) } }
    let session = try TerminalSession(
      preferredMode: options.mode, input: device ?? STDIN_FILENO,
      output: device ?? STDOUT_FILENO, readsInput: options.readsInput,
      enablesBracketedPaste: options.enablesBracketedPaste)
    let previousSink = TrellisDiagnostics.sink
    if session.mode != .plainText {
      TrellisDiagnostics.sink = { [weak self] diagnostic in self?.keptDiagnostics.add(diagnostic) }
      // Before a trap, the terminal goes back and the kept diagnostics are printed, as at the
      // end of a session: the trap's own message follows them.
      let restore = TrellisDiagnostics.beforeTrap
      TrellisDiagnostics.beforeTrap = { [weak self] in
        restore?()
        for diagnostic in self?.keptDiagnostics.report ?? [] { previousSink(diagnostic) }
      }
    }
    start(
      writer: session.writer, size: session.size ?? Self.sizeFromEnvironment(),
      events: session.events)
    await runLoop()
    finish()
    session.stop()
    TrellisDiagnostics.sink = previousSink
    if session.mode != .plainText {
      for diagnostic in keptDiagnostics.report { TrellisDiagnostics.report(diagnostic) }
    }
  }

  /// Runs on `output` instead of the terminal: for tests (an `InMemoryScreen`) and for
  /// embedding. Starts the app, applies each batch `events` delivers, and returns when the app
  /// ends, after drawing its final frame. The writer is stopped (an inline frame stays).
  /// - Parameters:
  ///   - events: the input; yield batches into it, finish it to end the input.
  ///   - output: where frames go.
  ///   - size: the window's size.
  public func run(
    events: TerminalEventStream, output: any TerminalOutput, size: LayoutSize
  ) async {
    guard host == nil else { return reportStartedAgain("run(events:output:size:)") }
    start(output: output, size: size, events: events)
    await runLoop()
    finish()
    writer?.stop()
  }

  /// Starts the app on `output` without a loop, for tests that drive it with `handle(_:)`:
  /// mounts the root and draws the first frame.
  /// - Parameters:
  ///   - output: where frames go, such as an `InMemoryScreen`.
  ///   - size: the window's size.
  ///   - events: a stream to finish when a view calls `\.exit`, if any.
  public func start(
    output: any TerminalOutput, size: LayoutSize, events: TerminalEventStream? = nil
  ) {
    guard host == nil else { return reportStartedAgain("start(output:size:events:)") }
    let writer = TerminalFrameWriter(
      mode: mode, output: output, enablesBracketedPaste: options.enablesBracketedPaste)
    writer.start()
    start(writer: writer, size: size, events: events)
  }

  private func start(
    writer: TerminalFrameWriter, size: LayoutSize?, events: TerminalEventStream?
  ) {
    guard host == nil else { return }
    if writer.mode != renderer.mode { renderer = TerminalRenderer(mode: writer.mode) }
    self.writer = writer
    self.events = events
    self.size = Self.clamped(size ?? LayoutSize(width: 80, height: 24))
    renderer.onCommit = { [weak self] in self?.committed() }
    let environment = EnvironmentScope(name: "root")
    let terminalSize = TerminalSize(columns: self.size.width, rows: self.size.height)
    environment.apply {
      $0.terminalSize = terminalSize
      $0.exit = ExitAction { [weak self] in self?.requestExit() }
    }
    isHandlingBatch = true
    host = mount(environment, options.hostOptions, options.executor, renderer)
    isHandlingBatch = false
    drawFrame()
  }

  private func runLoop() async {
    // Asked before the run (a tool whose output is not a terminal, printing one frame): the
    // first frame is the last (found by a new user: the request was dropped, and the app
    // waited for keys).
    if isExitRequested { return }
    if let events {
      for await batch in events {
        handle(batch)
        if isExitRequested { break }
      }
    }
    // By the mode asked for, not the one frames are written in: a full-screen app whose output
    // is not a terminal writes plain text, and still ends with its input (it waited forever).
    if !isExitRequested, !(options.exitsWhenInputEnds ?? (options.mode == .fullScreen)) {
      await withCheckedContinuation { exitWaiter = $0 }
    }
    if ending == nil { ending = isExitRequested ? .exit : .endOfInput }
  }

  /// Ends the app: at the end of the current batch, or in the next main-actor turn. What
  /// `\.exit` and Control-C call. Called before `run()`, the app ends right after mounting,
  /// with its first frame as the final one: with an output that is not a terminal, that is
  /// the plain-text snapshot written (`if isatty(STDOUT_FILENO) == 0 { app.requestExit() }`).
  public func requestExit() {
    requestExit(as: .exit)
  }

  /// Ends the app, noting how (`ending`).
  func requestExit(as reason: Ending) {
    guard !isExitRequested else { return }
    isExitRequested = true
    ending = reason
    events?.finish()
    if let waiter = exitWaiter {
      exitWaiter = nil
      waiter.resume()
    }
  }

  /// The last flush and the final frame: in plain text, the only one.
  private func finish() {
    host?.flush()
    drawFrame(isFinal: true)
  }

  // MARK: - Batches and frames

  /// Applies a batch of input (see `handle(_:)` for single events), flushes, calls `onBatch`,
  /// flushes again if it changed something, and draws one frame. An event after one that wrote
  /// state is applied once that write is: a key that moved the focus sends the keys after it
  /// to the new focus, as SwiftUI delivers them.
  /// - Parameter batch: the events, in order.
  public func handle(_ batch: [TerminalEvent]) {
    guard let host else {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: ["TerminalApp"],
          message:
            "TerminalApp.handle(_:) was called before the app started; its \(batch.count) "
            + "event(s) were dropped. Call start(output:size:) first."))
      return
    }
    isHandlingBatch = true
    willHandleBatch?(self, batch)
    for event in batch {
      let ranAppCode = applyEvent(event)
      // Each key meets the views the keys before it left, as in SwiftUI: what a key's handler
      // wrote (focus moved by a `@FocusState` write, a sheet dismissed) is applied before the
      // next key, which goes to the new focus (found by a new user: `/abc` typed fast lost
      // `abc`). A key that only moved the focus or scrolled is not flushed after, so a burst
      // of arrows stays one update and one frame.
      if ranAppCode, host.hasPendingWork { flush(host) }
    }
    flush(host)
    if let onBatch {
      onBatch(self, batch)
      flush(host)
    }
    isHandlingBatch = false
    drawFrame()
  }

  /// Flushes pending work and draws a frame if anything changed: for tests with the
  /// `.manual` executor, after awaiting tasks.
  public func update() {
    if let host { flush(host) }
    drawFrame()
  }

  /// Flushes the host, and again when the commit moved the terminal's focus and the host's
  /// focus (its focus states) followed. Bounded: each round follows the last one's move.
  private func flush(_ host: ViewHost) {
    host.flush()
    var rounds = 0
    while rounds < 3, renderer.syncHostFocusIfNeeded() {
      rounds += 1
      host.flush()
    }
  }

  private func committed() {
    guard !isHandlingBatch, !isDrawing, !isDrawScheduled else { return }
    isDrawScheduled = true
    Task { @MainActor [weak self] in
      guard let self else { return }
      isDrawScheduled = false
      drawFrame()
    }
  }

  /// Prints the `Static` rows that arrived, then draws the frame if something changed.
  private func drawFrame(isFinal: Bool = false) {
    guard let writer, writer.isActive else { return }
    // A commit of its own (a task, a timer) may have moved the focus: the host follows first.
    if renderer.needsHostFocusSync, let host {
      isDrawing = true
      flush(host)
      isDrawing = false
    }
    let lines = renderer.takeStaticLines(width: size.width)
    if !lines.isEmpty { writer.writeStatic(lines) }
    guard renderer.needsFrame || isFinal && mode == .plainText else { return }
    // Without a terminal, intermediate frames would only fill the log.
    if mode == .plainText, !isFinal { return }
    var grid = render()
    // A list that scrolled reported its new viewport: the host realizes the rows it now shows
    // before the frame is written, so that it never shows a list short of rows. Bounded: each
    // round realizes what the last layout asked for.
    var rounds = 0
    while renderer.reportedViewportsInLastRender, rounds < 3, let host {
      rounds += 1
      isDrawing = true
      flush(host)
      isDrawing = false
      guard renderer.needsFrame else { break }
      grid = render()
    }
    writer.write(grid)
    frameCount += 1
  }

  private func render() -> CellGrid {
    switch mode {
    case .fullScreen:
      return renderer.render(size: size).grid
    case .inline:
      // The cursor waits on the row below the frame: a frame as tall as the terminal would
      // scroll its first row off the top, where no later frame can reach it to redraw it.
      return renderer.render(width: size.width, maximumHeight: max(1, size.height - 1)).grid
    case .plainText:
      // Written once, to a file or a pipe, which has no height: the whole frame.
      return renderer.render(width: size.width, maximumHeight: nil).grid
    }
  }

  /// A new window size: lay out again, redraw whole, and tell the views that read it.
  func resize(to newSize: LayoutSize) {
    size = Self.clamped(newSize)
    writer?.invalidate()
    renderer.needsFrame = true
    let terminalSize = TerminalSize(columns: size.width, rows: size.height)
    host?.environment.apply { $0.terminalSize = terminalSize }
  }

  /// Reports a second start: an app runs once (its views, its host and its frames belong to
  /// that run).
  private func reportStartedAgain(_ call: String) {
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: ["TerminalApp"],
        message:
          "TerminalApp.\(call) was called on an app that has already started; an app runs "
          + "once, so nothing was done. Create a new TerminalApp to run again."))
  }

  /// The window `COLUMNS` and `LINES` describe, for output that is not a terminal: the
  /// convention shells and tools follow when there is no window to ask. Nil without a positive
  /// `COLUMNS`; `LINES` defaults to 24.
  static func sizeFromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> LayoutSize? {
    guard let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 else {
      return nil
    }
    let rows = environment["LINES"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    return LayoutSize(width: columns, height: rows ?? 24)
  }

  /// `size` with each negative length 0, reported: no window has a negative size, so the
  /// caller (a test, or a terminal's size report) passed something wrong.
  private static func clamped(_ size: LayoutSize) -> LayoutSize {
    guard size.width < 0 || size.height < 0 else { return size }
    let used = LayoutSize(width: max(0, size.width), height: max(0, size.height))
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: ["TerminalApp"],
        message:
          "TerminalApp was given a window of \(size.width)×\(size.height) cells; a size cannot be "
          + "negative, so \(used.width)×\(used.height) is used."))
    return used
  }
}
