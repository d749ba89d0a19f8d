/// Where and when a `Graph` runs its flushes.
public enum GraphExecutor: Sendable {
  /// Coalesce every change of the current main-actor turn into one flush, scheduled as a
  /// main-actor task. The default for apps.
  case mainActor
  /// Never flush on its own: call `Graph.flush()`. For tests, which then control exactly when
  /// work happens.
  case manual
}
