/// Bindings made from other bindings, as SwiftUI's `Binding` initializers and its
/// `transaction(_:)` and `animation(_:)` make them.
extension Binding {
  /// A binding to an optional value over a binding to a value, like SwiftUI's
  /// `Binding<V?>(_ base: Binding<V>)`: for an API that takes an optional (a `Picker` with a
  /// "none" option, `sheet(item:)`) fed from non-optional state.
  ///
  /// Reading gives the base's value; writing a value writes the base, and writing `nil` is
  /// ignored, since the base has no place for it.
  /// - Parameter base: the binding to a value.
  public init<Wrapped>(_ base: Binding<Wrapped>) where Value == Wrapped? {
    self.init(
      get: { base.wrappedValue },
      set: { newValue in
        if let newValue { base.wrappedValue = newValue }
      },
      source: base.sourceIdentity.map { AnyHashable([$0, AnyHashable("optional")]) })
  }

  /// A binding to the value inside a binding to an optional, or nil when the optional is nil
  /// now, like SwiftUI's failable `Binding(_ base: Binding<Value?>)`: for a control that
  /// edits an optional field only while it has a value (`if let name = Binding($draft.name)`).
  ///
  /// Writing writes the base. If the base becomes nil later, reading gives the last value
  /// read or written through this binding rather than trapping: Trellis's own choice, as
  /// SwiftUI does not document this case.
  /// - Parameter base: the binding to an optional.
  public init?(_ base: Binding<Value?>) {
    guard let initial = base.wrappedValue else { return nil }
    let last = LastBoundValue(initial)
    self.init(
      get: {
        if let value = base.wrappedValue { last.value = value }
        return last.value
      },
      set: { newValue in
        last.value = newValue
        base.wrappedValue = newValue
      },
      source: base.sourceIdentity.map { AnyHashable([$0, AnyHashable("unwrapped")]) })
  }

  /// This binding with its writes made in `transaction`, like SwiftUI's
  /// `Binding.transaction(_:)`: a control that writes it (a toggle, a picker) makes an
  /// animated change without the view wrapping the write in `withTransaction`.
  /// - Parameter transaction: the transaction of every write.
  /// - Returns: the binding.
  public func transaction(_ transaction: Transaction) -> Binding<Value> {
    let base = self
    return Binding(
      get: { base.wrappedValue },
      set: { newValue in withTransaction(transaction) { base.wrappedValue = newValue } },
      source: sourceIdentity.map { AnyHashable([$0, AnyHashable(transaction)]) })
  }

  /// This binding with its writes animated with `animation`, like SwiftUI's
  /// `Binding.animation(_:)`: `transaction(Transaction(animation: animation))`.
  /// - Parameter animation: the animation (default `.default`); nil makes the writes
  ///   explicitly unanimated.
  /// - Returns: the binding.
  public func animation(_ animation: Animation? = .default) -> Binding<Value> {
    transaction(Transaction(animation: animation))
  }
}

/// The last value an unwrapping binding read or wrote, for when its optional is nil.
@MainActor
private final class LastBoundValue<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}
