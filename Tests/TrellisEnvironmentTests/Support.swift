import TrellisEnvironment
import TrellisTracking

// Keys and accessors declared the SwiftUI way: a key type with a default, and an extension
// property on `EnvironmentValues` with a getter and a setter.

struct AccentKey: EnvironmentKey {
  static let defaultValue = "blue"
}

struct FontSizeKey: EnvironmentKey {
  static let defaultValue = 12
}

struct BadgeKey: EnvironmentKey {
  static let defaultValue: String? = nil
}

/// A value that is not `Equatable`: every set is a change.
struct Style {
  var weight: Int
}

struct StyleKey: EnvironmentKey {
  static let defaultValue = Style(weight: 400)
}

/// Used by one test only, so that no other test has read or overridden it before.
struct FirstOverrideKey: EnvironmentKey {
  static let defaultValue = "default"
}

/// Used by one test only, so that no other test has read or injected it before.
final class FirstInjection: Trackable, @unchecked Sendable {
  @Tracked var label = "first"
}

extension EnvironmentValues {
  var accent: String {
    get { self[AccentKey.self] }
    set { self[AccentKey.self] = newValue }
  }

  var fontSize: Int {
    get { self[FontSizeKey.self] }
    set { self[FontSizeKey.self] = newValue }
  }

  var badge: String? {
    get { self[BadgeKey.self] }
    set { self[BadgeKey.self] = newValue }
  }

  var style: Style {
    get { self[StyleKey.self] }
    set { self[StyleKey.self] = newValue }
  }

  var firstOverride: String {
    get { self[FirstOverrideKey.self] }
    set { self[FirstOverrideKey.self] = newValue }
  }
}

/// A tracked model injected by type.
final class Appearance: Trackable, @unchecked Sendable {
  @Tracked var theme: String
  @Tracked var fontSize: Int

  init(theme: String = "light", fontSize: Int = 14) {
    self.theme = theme
    self.fontSize = fontSize
  }
}
