import Foundation

/// Writes `{"results": [{"suite", "case", "implementation", "metric", "median", "min", "max",
/// "samples"}]}`.
enum JSONReport {
  private struct Document: Encodable {
    let results: [BenchmarkResult]
  }

  static func write(_ results: [BenchmarkResult], to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = try encoder.encode(Document(results: results))
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try data.write(to: url)
  }
}
