import TrellisEnvironment

/// The size of the terminal window a view is shown in, in columns and rows: Ink's
/// `useWindowSize`. Read it with `@Environment(\.terminalSize)`.
///
/// The terminal backend sets it on the root environment when the app starts and again when the
/// window is resized (SIGWINCH), so the bodies that read it re-run then, and no others. A host
/// with no terminal sees the default, 80 × 24.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
  /// The window's width in columns.
  public var columns: Int
  /// The window's height in rows.
  public var rows: Int

  /// A size.
  /// - Parameters:
  ///   - columns: the width in columns; negative values count as 0.
  ///   - rows: the height in rows; negative values count as 0.
  public init(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
  }

  /// `80×24`.
  public var description: String { "\(columns)×\(rows)" }
}

private struct TerminalSizeKey: EnvironmentKey {
  static let defaultValue = TerminalSize(columns: 80, rows: 24)
}

extension EnvironmentValues {
  /// The size of the terminal window (see `TerminalSize`); 80 × 24 outside a terminal.
  public var terminalSize: TerminalSize {
    get { self[TerminalSizeKey.self] }
    set { self[TerminalSizeKey.self] = newValue }
  }
}
