/// A two-way connection to a value stored elsewhere: reading reads the source, writing
/// writes it.
///
/// Mirrors SwiftUI's `Binding`: `$state` projects one, `$model.property` (through `Bindable`)
/// too, `Binding(get:set:)` builds one by hand, and `$binding.field` derives a binding to a
/// part of the value. A view that reads a binding's value in its body depends on the source.
@propertyWrapper
@dynamicMemberLookup
@MainActor
public struct Binding<Value>: BindingIdentity {
  private let getter: @MainActor () -> Value
  private let setter: @MainActor (Value) -> Void
  /// What the binding reads and writes (for input comparison), when known.
  let sourceIdentity: AnyHashable?

  /// Creates a binding from closures.
  /// - Parameters:
  ///   - get: reads the current value.
  ///   - set: writes a new value.
  public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    getter = get
    setter = set
    sourceIdentity = nil
  }

  init(
    get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void,
    source: AnyHashable?
  ) {
    getter = get
    setter = set
    sourceIdentity = source
  }

  /// Lets `@Binding var x: T` be initialized from a binding.
  /// - Parameter projectedValue: the binding.
  public init(projectedValue: Binding<Value>) { self = projectedValue }

  /// A binding to an immutable value; writes are ignored.
  /// - Parameter value: the value.
  /// - Returns: the binding.
  public static func constant(_ value: Value) -> Binding<Value> {
    Binding(get: { value }, set: { _ in })
  }

  /// The source's current value; assigning writes the source.
  public var wrappedValue: Value {
    get { getter() }
    nonmutating set { setter(newValue) }
  }

  /// The binding itself, so that `$binding` passes it on.
  public var projectedValue: Binding<Value> { self }

  /// A binding to a part of the value.
  /// - Parameter keyPath: the part.
  public subscript<Subject>(
    dynamicMember keyPath: WritableKeyPath<Value, Subject>
  ) -> Binding<Subject> {
    let getter = self.getter
    let setter = self.setter
    return Binding<Subject>(
      get: { getter()[keyPath: keyPath] },
      set: { newValue in
        var value = getter()
        value[keyPath: keyPath] = newValue
        setter(value)
      },
      source: sourceIdentity.map { AnyHashable([$0, AnyHashable(keyPath)]) })
  }
}
