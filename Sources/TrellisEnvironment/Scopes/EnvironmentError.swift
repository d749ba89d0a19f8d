/// An environment read that cannot be satisfied.
///
/// SwiftUI stops the app when `@Environment(Model.self)` finds no object ("No Observable object
/// of type Model found"); Trellis throws this instead, from
/// `EnvironmentScope.requiredObject(_:readBy:)`, so the caller (a test, the view runtime)
/// decides what to do.
public enum EnvironmentError: Error, Equatable, CustomStringConvertible {
  /// No object of the type was injected at or above the reading scope.
  /// - Parameters:
  ///   - type: the object's type, as Swift prints it (`Appearance`).
  ///   - reader: where it was read: the view in the view runtime, else the scope's name.
  case missingObject(type: String, reader: String)

  /// One line naming the type and the reader, and how to fix it, for example: `No object of
  /// type Appearance found in the environment of Settings. Inject one on an ancestor with
  /// .environment(_:) (an instance of Appearance).`
  public var description: String {
    switch self {
    case .missingObject(let type, let reader):
      "No object of type \(type) found in the environment of \(reader). Inject one on an "
        + "ancestor with .environment(_:) (an instance of \(type))."
    }
  }
}
