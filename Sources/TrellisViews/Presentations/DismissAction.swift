import TrellisEnvironment
import TrellisGraph

/// Dismisses the presentation, or pops the navigation level, that the reading view is in,
/// like SwiftUI's `DismissAction`: `@Environment(\.dismiss) private var dismiss`, then
/// `dismiss()`.
///
/// Inside a sheet, a full-screen cover, an alert or a confirmation dialog it ends the
/// presentation (the binding that presented it becomes `false` or `nil`, and `onDismiss` runs);
/// inside a pushed navigation destination it pops that destination and everything above it.
/// The nearest of the two wins. Elsewhere it does nothing, as in SwiftUI, and says so through
/// `TrellisDiagnostics`.
public struct DismissAction: Sendable {
  let action: @MainActor @Sendable () -> Void
  /// Whether this is the action outside any presentation or pushed level, which only reports.
  let isUnavailable: Bool

  init(_ action: @escaping @MainActor @Sendable () -> Void) {
    self.action = action
    isUnavailable = false
  }

  private init(unavailableFor reader: String?) {
    isUnavailable = true
    action = {
      let caller = reader.map { "\($0), a view" } ?? "a view"
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [reader ?? "dismiss"],
          message:
            "dismiss() was called by \(caller) that is neither presented (sheet, full-screen "
            + "cover, alert, dialog) nor pushed on a navigation stack; nothing was dismissed."))
    }
  }

  /// The action outside any presentation or pushed level: it reports that `reader` (the view
  /// whose `@Environment(\.dismiss)` it is, when known) dismissed nothing.
  static func unavailable(for reader: String?) -> DismissAction {
    DismissAction(unavailableFor: reader)
  }

  /// Dismisses, as `dismiss()` does.
  @MainActor
  public func callAsFunction() { action() }
}

/// The key of `EnvironmentValues.dismiss`.
struct DismissKey: EnvironmentKey {
  static let defaultValue = DismissAction.unavailable(for: nil)
}

/// The key of `EnvironmentValues.isPresented`.
struct IsPresentedKey: EnvironmentKey {
  static let defaultValue = false
}

extension EnvironmentValues {
  /// Dismisses the presentation or navigation level the view is in, like SwiftUI's
  /// `EnvironmentValues.dismiss`. Read it with `@Environment(\.dismiss)`.
  public var dismiss: DismissAction { self[DismissKey.self] }

  /// Whether the view is in presented content (a sheet, cover, alert or dialog) or in a pushed
  /// navigation destination, like SwiftUI's `EnvironmentValues.isPresented`.
  public var isPresented: Bool { self[IsPresentedKey.self] }
}

extension EnvironmentScope {
  /// Makes `action` the dismiss action of this scope's subtree, and marks it as presented.
  func setPresentation(dismiss action: DismissAction) {
    setValue(action, for: DismissKey.self)
    setValue(true, for: IsPresentedKey.self)
  }
}
