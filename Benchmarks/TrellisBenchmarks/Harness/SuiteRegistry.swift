/// Every suite the tool knows, in the order they run and are reported.
///
/// Adding a suite is one file under `Suites/` plus one line here.
enum SuiteRegistry {
  static let all: [any BenchmarkSuite] = [
    RegistrarSuite(),
    WideStoreSuite(),
    OffMainSuite(),
    KairoSuite(),
    MolBenchSuite(),
    SBenchSuite(),
    CellxSuite(),
    DynamicSuite(),
    MemorySuite(),
    ViewsSuite(),
    TerminalSuite(),
  ]
}
