import Testing
import TrellisGraph

@MainActor
@Suite struct TrellisDiagnosticsTests {
  /// Found by a new user: a sink that called a host driver, which reported again, recursed
  /// until the stack overflowed. Past `maximumSinkDepth` nested calls the reports are printed
  /// instead, and the sink is called again once the nesting has unwound.
  @Test func aSinkThatReportsFromInsideItselfStopsAtTheDepthLimit() {
    var depths: [Int] = []
    var depth = 0
    let previous = TrellisDiagnostics.sink
    defer { TrellisDiagnostics.sink = previous }
    TrellisDiagnostics.sink = { diagnostic in
      depth += 1
      depths.append(depth)
      // Reports again, as a driver called from a sink does.
      TrellisDiagnostics.report(diagnostic)
      depth -= 1
    }
    let diagnostic = TrellisDiagnostic(kind: .invalidInput, nodes: ["x"], message: "again")
    TrellisDiagnostics.report(diagnostic)
    #expect(depths == Array(1...TrellisDiagnostics.maximumSinkDepth))
    #expect(depth == 0)
    // Unwound: the next report reaches the sink again, as deep as before.
    depths = []
    TrellisDiagnostics.report(diagnostic)
    #expect(depths.count == TrellisDiagnostics.maximumSinkDepth)
  }
}
