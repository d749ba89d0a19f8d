import TrellisEnvironment
import TrellisGraph

/// Ends the app the view runs in: Ink's `useApp().exit()`, called like SwiftUI's environment
/// actions (`dismiss()`, `openURL(_:)`).
///
/// ```swift
/// struct Downloads: View {
///   @Environment(\.exit) private var exit
///   var body: some View {
///     DownloadList().task { await downloadAll(); exit() }
///   }
/// }
/// ```
///
/// The terminal backend's app sets it: calling it draws the final frame, gives the terminal
/// back (an inline app's last frame stays on the screen) and returns from the app's `run()`.
/// In a host that no app runs, calling it reports a diagnostic naming the host and does nothing
/// else.
public struct ExitAction: Sendable {
  private let action: @MainActor @Sendable () -> Void

  /// An action that runs `action` when called.
  /// - Parameter action: what ending the app means for the code that runs it.
  public init(_ action: @escaping @MainActor @Sendable () -> Void) { self.action = action }

  /// Ends the app.
  @MainActor
  public func callAsFunction() { action() }
}

private struct ExitActionKey: EnvironmentKey {
  static let defaultValue = ExitAction {
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: ["exit"],
        message:
          "exit() was called in a view that no app runs (a plain ViewHost); nothing ended. Run "
          + "the view in a TerminalApp, or set \\.exit in the host's environment."))
  }
}

extension EnvironmentValues {
  /// The action that ends the app (see `ExitAction`).
  public var exit: ExitAction {
    get { self[ExitActionKey.self] }
    set { self[ExitActionKey.self] = newValue }
  }
}
