import Foundation

/// The one replaceable sink for every diagnostic the runtime reports, from every layer: the
/// graph (cycles, runaway updates), the environment, the views (state written during an
/// update, bad input to the host's drivers) and the terminal backend.
///
/// By default each diagnostic is printed to standard error as one line. Replace `sink` to route
/// them elsewhere, or use `capture(_:)` in tests. It lives in TrellisGraph, the lowest layer
/// with a main-actor scheduler, so that every layer above can report through it. Until 0.2.0
/// it was called `GraphDiagnostics`; that name remains as a deprecated alias.
@MainActor
public enum TrellisDiagnostics {
  /// Receives every diagnostic, on the main actor, in the order they happen.
  ///
  /// It is called synchronously, where the problem is found (inside a flush, a body's
  /// reconciliation or a driver call), so it may run in the middle of an update. A sink that
  /// reports, or calls code that reports (a host's drivers, `flush()`), is re-entered: past
  /// `maximumSinkDepth` nested calls, further diagnostics are printed to standard error
  /// instead, after one line saying so, so that such a sink cannot exhaust the stack.
  public static var sink: (TrellisDiagnostic) -> Void = { diagnostic in
    printToStandardError(diagnostic)
  }

  /// How many calls of the sink may be in progress at once; deeper reports are printed.
  public static let maximumSinkDepth = 8

  /// The calls of the sink in progress.
  private static var sinkDepth = 0
  /// Whether the current outermost sink call has been told it went too deep.
  private static var reportedSinkDepth = false

  /// Reports `diagnostic` to the current sink, or prints it when the sink is already
  /// `maximumSinkDepth` calls deep (see `sink`).
  /// - Parameter diagnostic: the problem to report.
  public static func report(_ diagnostic: TrellisDiagnostic) {
    guard sinkDepth < maximumSinkDepth else {
      if !reportedSinkDepth {
        reportedSinkDepth = true
        printToStandardError(
          TrellisDiagnostic(
            kind: .invalidInput, nodes: [],
            message:
              "TrellisDiagnostics.sink reported (or called code that reports) from inside itself "
              + "\(maximumSinkDepth) calls deep; the diagnostics reported deeper are printed here "
              + "instead. A sink should only record or print: defer other work (Task { … })."))
      }
      printToStandardError(diagnostic)
      return
    }
    sinkDepth += 1
    defer {
      sinkDepth -= 1
      if sinkDepth == 0 { reportedSinkDepth = false }
    }
    sink(diagnostic)
  }

  private static func printToStandardError(_ diagnostic: TrellisDiagnostic) {
    FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
  }

  /// What runs just before Trellis stops the program (`trap(_:)`). TrellisTerminal gives the
  /// terminal back here: the message printed after it would otherwise land on the alternate
  /// screen, which the restore then throws away. Set by whoever holds the terminal.
  package static var beforeTrap: (() -> Void)?

  /// Stops the program for a mistake it cannot go on from (SwiftUI stops for the same ones),
  /// with "Trellis: " and `message`, after running `beforeTrap` once.
  /// - Parameter message: what happened and what to do instead.
  package static func trap(
    _ message: String, file: StaticString = #fileID, line: UInt = #line
  ) -> Never {
    if let hook = beforeTrap {
      beforeTrap = nil
      hook()
    }
    fatalError("Trellis: \(message)", file: file, line: line)
  }

  /// Runs `body` with a sink that collects diagnostics, restores the previous sink, and returns
  /// what was collected.
  /// - Parameter body: the code whose diagnostics are wanted.
  /// - Returns: the diagnostics `body` produced, in order.
  public static func capture(_ body: () throws -> Void) rethrows -> [TrellisDiagnostic] {
    var collected: [TrellisDiagnostic] = []
    let previous = sink
    sink = { collected.append($0) }
    defer { sink = previous }
    try body()
    return collected
  }
}

/// The former name of `TrellisDiagnostics`, from when only the graph reported through it.
@available(*, deprecated, renamed: "TrellisDiagnostics")
public typealias GraphDiagnostics = TrellisDiagnostics

/// The former name of `TrellisDiagnostic`.
@available(*, deprecated, renamed: "TrellisDiagnostic")
public typealias GraphDiagnostic = TrellisDiagnostic
