/// Decides whether a composite view's new value has the same inputs as the previous one, in
/// which case its body is not re-evaluated when its parent re-renders.
///
/// "Equal" is defined as follows, most specific rule first:
/// 1. an `Equatable` view is compared with `==`;
/// 2. a view with no stored properties is always equal;
/// 3. otherwise the stored properties are compared one by one:
///    - `@State`, `@Environment`, `@StateObject` are owned by the runtime, not inputs: equal;
///    - `Equatable` values with `==`; class instances by identity;
///    - bindings by the source they read and write (two bindings to the same `@State` are
///      equal, whatever closures they carry);
///    - closures and any other value are never equal (they cannot be compared), so a view
///      holding a closure re-runs its body whenever its parent does.
///
/// A custom `ViewModifier`'s body compares the modifier by the same rules (its `@State` is not
/// an input) and the modified content as a view: it re-runs when a modifier property or the
/// content changed, not merely because its parent re-ran.
///
/// The result names the properties that changed, for the "why did this body re-run" log.
@MainActor
enum InputComparison {
  /// `nil` when the inputs are equal; otherwise the names of the properties that differ.
  static func changedInputs<Content: View>(_ old: Content, _ new: Content) -> [String]? {
    if let new = new as? any CustomInputComparison { return new.changedInputs(since: old) }
    return changedFields(old, new)
  }

  /// Rules 1 to 3 for any value: `==`, no stored properties, then property by property.
  static func changedFields<Value>(_ old: Value, _ new: Value) -> [String]? {
    if let old = old as? any Equatable {
      return old.isEqualToAny(new) ? nil : ["@self"]
    }
    if MemoryLayout<Value>.size == 0 { return nil }
    let oldFields = Mirror(reflecting: old).children
    let newFields = Mirror(reflecting: new).children
    var changed: [String] = []
    for (oldField, newField) in zip(oldFields, newFields)
    where !fieldsEqual(oldField.value, newField.value) {
      changed.append(inputName(oldField.label))
    }
    return changed.isEmpty ? nil : changed
  }

  private static func inputName(_ label: String?) -> String {
    guard let label else { return "@self" }
    return label.hasPrefix("_") ? String(label.dropFirst()) : label
  }

  static func fieldsEqual(_ old: Any, _ new: Any) -> Bool {
    if old is any RuntimeOwnedProperty { return true }
    if let old = old as? any BindingIdentity, let new = new as? any BindingIdentity {
      guard let oldSource = old.sourceIdentity, let newSource = new.sourceIdentity else {
        return false
      }
      return oldSource == newSource
    }
    if let old = old as? any ObjectIdentityInput, let new = new as? any ObjectIdentityInput {
      return old.objectIdentity == new.objectIdentity
    }
    if let old = old as? any Equatable { return old.isEqualToAny(new) }
    if type(of: old) is AnyClass, type(of: new) is AnyClass {
      return (old as AnyObject) === (new as AnyObject)
    }
    return false
  }
}

/// A view that compares its inputs its own way (a custom modifier's body).
@MainActor
protocol CustomInputComparison {
  /// `nil` when the inputs equal those of `old` (a value of the same type).
  func changedInputs(since old: Any) -> [String]?
}

/// Marks the property wrappers whose storage the runtime owns (not inputs of a view).
protocol RuntimeOwnedProperty {}

/// A wrapper around an object that compares by the object's identity (`@ObservedObject`,
/// `@Bindable`).
@MainActor
protocol ObjectIdentityInput {
  var objectIdentity: ObjectIdentifier { get }
}

/// A binding's source, so two bindings to the same storage compare equal.
@MainActor
protocol BindingIdentity {
  var sourceIdentity: AnyHashable? { get }
}

extension Equatable {
  /// `==` against a value of unknown type: false when the types differ.
  func isEqualToAny(_ other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
