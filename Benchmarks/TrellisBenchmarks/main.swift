import Foundation

// Runs the selected suites, prints one markdown table per suite, writes JSON and SVG when
// asked, and exits non-zero if any suite's correctness check failed.

let options: Options
do {
  options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  if let message = error.message {
    FileHandle.standardError.write(Data("error: \(message)\n\n\(Options.usage)\n".utf8))
    exit(2)
  }
  print(Options.usage)
  exit(0)
}

let unknown = options.filters.filter { name in !SuiteRegistry.all.contains { $0.name == name } }
if !unknown.isEmpty {
  let known = SuiteRegistry.all.map(\.name).joined(separator: ", ")
  FileHandle.standardError.write(
    Data("error: unknown suite \(unknown.joined(separator: ", ")); known: \(known)\n".utf8))
  exit(2)
}

// Output that cannot be written is found before the suites run, not minutes later.
let outputProblems = [
  options.jsonPath.flatMap { path in
    outputProblem(path, isFolder: false).map { "could not write JSON to \(path): \($0)" }
  },
  options.svgDirectory.flatMap { path in
    outputProblem(path, isFolder: true).map { "could not write SVG charts to \(path): \($0)" }
  },
].compactMap { $0 }
if let problem = outputProblems.first {
  FileHandle.standardError.write(Data("error: \(problem)\n".utf8))
  exit(2)
}

let started = ContinuousClock.now
var contexts: [SuiteContext] = []
print("# Trellis benchmarks\(options.quick ? " (quick)" : "")\n")
for suite in SuiteRegistry.all where options.selects(suite.name) {
  let context = SuiteContext(suite: suite.name, options: options, sampler: options.sampler)
  let suiteStart = ContinuousClock.now
  suite.run(in: context)
  contexts.append(context)
  print(MarkdownReport.table(for: suite, context: context))
  print("_\(suite.name): \(formatSeconds(ContinuousClock.now - suiteStart))_\n")
}

let results = contexts.flatMap(\.results)
let failures = contexts.flatMap(\.failures)

if let path = options.jsonPath {
  do {
    try JSONReport.write(results, to: path)
    print("JSON written to \(path)")
  } catch {
    FileHandle.standardError.write(
      Data("error: could not write JSON to \(path): \(error.localizedDescription)\n".utf8))
    exit(1)
  }
}
if let directory = options.svgDirectory {
  do {
    for line in try SVGCharts.write(results, into: directory) { print(line) }
  } catch {
    FileHandle.standardError.write(
      Data(
        "error: could not write SVG charts to \(directory): \(error.localizedDescription)\n".utf8))
    exit(1)
  }
}

// The sink is never this value; reading it keeps every store to it meaningful.
if blackHoleStorage == 0x5EED_F00D_DEAD_BEEF { print("(sink)") }

print("Total time: \(formatSeconds(ContinuousClock.now - started))")
if failures.isEmpty {
  print("All correctness checks passed.")
} else {
  print("\(failures.count) correctness check(s) FAILED:")
  for failure in failures { print("  - \(failure)") }
  exit(1)
}

/// Why `path` cannot take the output (a file, or a folder of files, created with its parents
/// if missing), if it cannot: a file where a folder is wanted or the reverse, or a file's
/// missing folder.
func outputProblem(_ path: String, isFolder wantsFolder: Bool) -> String? {
  var isFolder: ObjCBool = false
  if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
    if isFolder.boolValue == wantsFolder { return nil }
    return wantsFolder ? "it is a file, not a folder" : "it is a folder"
  }
  if wantsFolder { return nil }
  let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
  guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue
  else { return "the folder \(parent) does not exist" }
  return nil
}
