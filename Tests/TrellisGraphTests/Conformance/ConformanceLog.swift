import TrellisGraph

/// What the computations and effects of one test did, in order.
///
/// The conformance tests compare whole logs, not counters: a log shows which evaluations ran,
/// how often, in what order and with which values, so an extra or missing evaluation fails the
/// test wherever it happens. Computations log after reading their inputs, so the order is the
/// order in which they finished.
@MainActor
final class Log {
  private var entries: [String] = []

  /// Appends `entry`.
  func callAsFunction(_ entry: String) { entries.append(entry) }

  /// The entries logged since the previous call, which are then forgotten.
  func take() -> [String] {
    defer { entries = [] }
    return entries
  }
}

/// A value with identity but no `Equatable` conformance, for the equality tests.
final class Box {
  let value: Int

  init(_ value: Int) { self.value = value }
}

/// A weak reference that a closure or collection can hold, to see when an object is freed.
final class WeakReference<Object: AnyObject> {
  weak var object: Object?

  init(_ object: Object) { self.object = object }
}

/// A reference set after the closures that read it were created, for nodes that must reach
/// themselves or each other (cycles, self-disposal).
@MainActor
final class Later<Object: AnyObject> {
  var object: Object?
}

extension Log {
  /// A derived value named `name` that logs `name` each time it computes, after reading its
  /// inputs.
  func derived<Value: Equatable>(
    _ name: String, _ compute: @escaping @MainActor () -> Value
  ) -> Derived<Value> {
    Derived(name: name) { [self] in
      let value = compute()
      self(name)
      return value
    }
  }

  /// A derived value named `name` that logs `name` and its result (`"name result"`) each time
  /// it computes.
  func derived<Value: Equatable>(
    showingResult name: String, _ compute: @escaping @MainActor () -> Value
  ) -> Derived<Value> {
    Derived(name: name) { [self] in
      let value = compute()
      self("\(name) \(value)")
      return value
    }
  }
}
