import Foundation

/// The one replaceable sink for every diagnostic the runtime reports.
///
/// By default each diagnostic is printed to standard error as one line. Replace `sink` to route
/// them elsewhere, or use `capture(_:)` in tests.
@MainActor
public enum GraphDiagnostics {
  /// Receives every diagnostic, on the main actor, in the order they happen.
  public static var sink: (GraphDiagnostic) -> Void = { diagnostic in
    FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
  }

  /// Reports `diagnostic` to the current sink.
  /// - Parameter diagnostic: the problem to report.
  public static func report(_ diagnostic: GraphDiagnostic) { sink(diagnostic) }

  /// Runs `body` with a sink that collects diagnostics, restores the previous sink, and returns
  /// what was collected.
  /// - Parameter body: the code whose diagnostics are wanted.
  /// - Returns: the diagnostics `body` produced, in order.
  public static func capture(_ body: () throws -> Void) rethrows -> [GraphDiagnostic] {
    var collected: [GraphDiagnostic] = []
    let previous = sink
    sink = { collected.append($0) }
    defer { sink = previous }
    try body()
    return collected
  }
}
