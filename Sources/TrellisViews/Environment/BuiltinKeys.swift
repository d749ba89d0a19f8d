import Foundation
import TrellisEnvironment

/// The built-in environment values SwiftUI apps read: `\.isEnabled`, `\.colorScheme`,
/// `\.locale` and `\.editMode`. Each is an ordinary `EnvironmentKey` with an accessor, read
/// with `@Environment(\.key)` and set with `.environment(\.key, value)` (or its dedicated
/// modifier, such as `.disabled(_:)`).
struct IsEnabledKey: EnvironmentKey {
  static var defaultValue: Bool { true }
}

private struct ColorSchemeKey: EnvironmentKey {
  static var defaultValue: ColorScheme { .light }
}

private struct LocaleKey: EnvironmentKey {
  static var defaultValue: Locale { .current }
}

private struct EditModeKey: EnvironmentKey {
  static var defaultValue: Binding<EditMode>? { nil }
}

extension EnvironmentValues {
  /// Whether controls in this subtree respond to interaction, like SwiftUI's `\.isEnabled`.
  /// True unless `.disabled(true)` is applied at or above; a `.disabled(false)` below a
  /// disabled ancestor does not enable its subtree again.
  public var isEnabled: Bool {
    get { self[IsEnabledKey.self] }
    set { self[IsEnabledKey.self] = newValue }
  }

  /// The colour scheme, like SwiftUI's `\.colorScheme`. Headless, there is no system setting:
  /// it is `.light` unless set with `.environment(\.colorScheme, .dark)` (or on the host's
  /// root environment by a renderer that knows the terminal's background).
  public var colorScheme: ColorScheme {
    get { self[ColorSchemeKey.self] }
    set { self[ColorSchemeKey.self] = newValue }
  }

  /// The locale that formatted values use (`Text(_:format:)`, `"\(x, format: .number)"`), like
  /// SwiftUI's `\.locale`. `Locale.current` unless set.
  public var locale: Locale {
    get { self[LocaleKey.self] }
    set { self[LocaleKey.self] = newValue }
  }

  /// The edit mode of the enclosing editable list, like SwiftUI's `\.editMode`: nil unless a
  /// view provides a binding with `.environment(\.editMode, $mode)`, or a `NavigationStack`
  /// (which gives its content one when none is inherited). `EditButton` toggles it.
  public var editMode: Binding<EditMode>? {
    get { self[EditModeKey.self] }
    set { self[EditModeKey.self] = newValue }
  }
}

/// Light or dark appearance, like SwiftUI's `ColorScheme`.
public enum ColorScheme: Hashable, Sendable, CaseIterable {
  /// Dark content on a light background.
  case light
  /// Light content on a dark background.
  case dark
}

/// Whether a list is being edited, like SwiftUI's `EditMode`.
public enum EditMode: Hashable, Sendable {
  /// Not editing.
  case inactive
  /// Editing for a moment (a swipe to delete).
  case transient
  /// Editing (after `EditButton`).
  case active

  /// Whether the mode is `.active` or `.transient`.
  public var isEditing: Bool { self != .inactive }
}
