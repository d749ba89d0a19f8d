import Trellis
import TrellisTerminal

/// A `TerminalApp` on an in-memory screen, driven by hand (the `.manual` executor): what a
/// user's own tests of a terminal app look like.
@MainActor
final class ScreenHarness {
  let screen: InMemoryScreen
  let app: TerminalApp

  init<Root: View>(
    width: Int = 30, height: Int = 8, mode: TerminalOutputMode = .fullScreen,
    logsUpdates: Bool = false, @ViewBuilder _ content: @escaping @MainActor () -> Root
  ) {
    screen = InMemoryScreen(width: width, height: height)
    app = TerminalApp(
      options: TerminalApp.Options(
        mode: mode, hostOptions: ViewHostOptions(logsUpdates: logsUpdates), executor: .manual),
      content: content)
    app.start(output: screen, size: LayoutSize(width: width, height: height))
  }

  var host: ViewHost { app.host! }
  var renderer: TerminalRenderer { app.renderer }
  var lines: [String] { screen.lines }

  /// Presses keys, as one batch.
  func press(_ keys: TerminalKey...) {
    app.handle(keys.map { .key(TerminalKeyPress($0)) })
  }

  /// Types a key with modifiers, as one batch.
  func press(_ key: TerminalKey, _ modifiers: TerminalKeyModifiers) {
    app.handle([.key(TerminalKeyPress(key, modifiers: modifiers))])
  }

  /// Whether every drawn cell of `row` is in reverse video (the focus highlight).
  func isHighlighted(row: Int) -> Bool {
    (0..<screen.width).allSatisfy {
      screen.cell(column: $0, row: row).style.attributes.contains(.inverse)
    }
  }

  /// The rows in reverse video.
  var highlightedRows: [Int] { (0..<screen.height).filter { isHighlighted(row: $0) } }
}

/// A row model whose title views depend on alone.
@MainActor
final class Row: Trackable, Identifiable {
  let id: Int
  @Tracked var title: String
  init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}

@MainActor
final class RowStore: Trackable {
  @Tracked var rows: [Row]
  init(count: Int) { rows = (0..<count).map { Row(id: $0, title: "Row \($0)") } }
}
