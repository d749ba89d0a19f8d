/// An environment read that cannot be satisfied.
public enum EnvironmentError: Error, Equatable, CustomStringConvertible {
  /// No object of the type was injected at or above the reading scope.
  case missingObject(type: String, reader: String)

  /// One line naming the type and the reader, and how to fix it.
  public var description: String {
    switch self {
    case .missingObject(let type, let reader):
      "No object of type \(type) found in the environment of \(reader). Inject one on an "
        + "ancestor with .environment(_:) (an instance of \(type))."
    }
  }
}
