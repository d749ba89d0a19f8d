import TrellisGraph

extension ViewNode {
  /// Reports a row id not equal to itself (NaN) in the container on this node (`ForEach`,
  /// `List`, …): no row can be found by such an id, so its row is made again, with new state,
  /// by every update that does not keep it in place. Each container reports it once.
  /// - Parameters:
  ///   - id: the id, as the message shows it.
  ///   - container: the container's name (`ForEach`, `List`).
  func reportUnequalRowID(_ id: Any, container: String) {
    let name = enclosingViewName
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: [name],
        message:
          "\(container) in \(name) has a row id that is not equal to itself (\(id)): no row "
          + "can be found by it, so its row is made again, with new state, by every update. "
          + "Give every row an id equal to itself (a Double id must not be NaN)."))
  }
}
