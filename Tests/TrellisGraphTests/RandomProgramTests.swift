import ReactivityWorkloads
import Testing

@testable import TrellisGraph

/// Seeded random programs of cells, derived values, effects and their nested effects, run on
/// the graph and checked against a model at every step: the values every computation saw, which
/// computations ran and how often, disposal from inside evaluations, cleanups, and that dropping
/// everything with work pending frees it all. The hand-written tests pin one rule each; these
/// find the orders nobody thought to write down. Under AddressSanitizer (CI runs the suite with
/// it) a read of freed memory anywhere in such an order is a report.
@MainActor
@Suite struct RandomProgramTests {
  @Test func randomProgramsBehaveAsTheModelSays() {
    var failures: [String] = []
    var firstTrace: [String]?
    for seed in 0..<200 {
      let program = RandomProgram(seed: UInt64(seed))
      program.run(steps: 200)
      let failed = program.failures + program.dropEverything()
      if !failed.isEmpty, firstTrace == nil { firstTrace = program.trace }
      failures += failed.prefix(3).map { "seed \(seed): \($0)" }
    }
    #expect(
      failures.isEmpty,
      """
      \(failures.prefix(12).joined(separator: "\n"))
      The first failing program's last steps:
      \((firstTrace ?? []).joined(separator: "\n"))
      """)
  }

  /// The checks can fail: a model that expects a different value is caught.
  @Test func aWrongModelIsCaught() {
    let program = RandomProgram(seed: 7)
    program.run(steps: 40)
    #expect(program.failures.isEmpty)
    program.corruptModel()
    program.flushAndCheck()
    #expect(!program.failures.isEmpty)
  }
}

extension PseudoRandom {
  /// A number in `0..<bound`.
  mutating func below(_ bound: Int) -> Int { Int(nextWord() % UInt32(bound)) }
}

/// What a computation reads: the value of `branch` decides whether it then reads `even` or
/// `odd`, so dependencies change from run to run. Nodes are numbered cells first, then derived
/// values; a derived value reads only nodes numbered below it.
struct ReadPlan {
  let branch: Int
  let even: [Int]
  let odd: [Int]
}

/// What the model knows of one computation: what it read last (each node with the value and
/// the model's version of it then), its runs since the last flush, and whether it was disposed.
@MainActor
final class ComputationRecord {
  let label: String
  var reads: [(node: Int, value: Int, version: Int)] = []
  var runsThisFlush = 0
  var isDisposed = false
  /// A cleanup registered by the last run that has not run yet.
  var hasPendingCleanup = false
  weak var effect: Effect?
  /// The nested effect created by the last run, if the effect makes one.
  var child: ComputationRecord?
  init(label: String) { self.label = label }
}

@MainActor
final class RandomProgram {
  private var random: PseudoRandom
  private(set) var failures: [String] = []
  private var graph: Graph? = Graph(executor: .manual)
  private var cells: [Cell<Int>] = []
  private var deriveds: [Derived<Int>] = []
  private var effects: [Effect?] = []
  /// Cells only effects write and read: effect `writers[j]` writes `outputs[j]`, and reads only
  /// outputs below `j`, so the writes cannot feed back.
  private var outputs: [Cell<Int>] = []

  // The model.
  private var cellValues: [Int] = []
  private var outputValues: [Int] = []
  private var writers: [Int?] = []
  /// Outputs written with a new value during the current flush (an effect may then run again).
  private var outputChangesThisFlush = 0
  /// One per node: bumped when a cell's value changes (a transaction's net change counts once),
  /// and when a derived value recomputes to a value unlike its last one.
  private var versions: [Int] = []
  private var lastDerivedValues: [Int?] = []
  private var derivedPlans: [ReadPlan] = []
  private var derivedRecords: [ComputationRecord] = []
  private var effectRecords: [ComputationRecord] = []
  private var childRecords: [ComputationRecord] = []
  private var allEffects: [() -> Effect?] = []
  /// The next computation of this derived value (or run of this effect) disposes or releases
  /// the effect at `target`.
  private var armed: (triggerIsDerived: Bool, trigger: Int, target: Int, release: Bool)?
  private var isInTransaction = false

  init(seed: UInt64) {
    random = PseudoRandom(seed: "\(seed)")
    let cellCount = 2 + random.below(5)
    let derivedCount = 1 + random.below(10)
    for index in 0..<cellCount {
      let value = random.below(4)
      cells.append(Cell(value, name: "c\(index)"))
      cellValues.append(value)
      versions.append(0)
    }
    for index in 0..<derivedCount {
      let node = cellCount + index
      derivedPlans.append(plan(below: node))
      trace.append("d\(index) is n\(node): \(derivedPlans[index])")
      derivedRecords.append(ComputationRecord(label: "d\(index)"))
      lastDerivedValues.append(nil)
      versions.append(0)
      deriveds.append(
        Derived(name: "d\(index)") { [unowned self] in computeDerived(index) })
    }
    for index in 0..<random.below(4) {
      outputs.append(Cell(0, name: "o\(index)"))
      outputValues.append(0)
      writers.append(nil)
      versions.append(0)
    }
    trace.append("\(cellCount) cells, outputs from n\(nodeCount)")
    for _ in 0..<(1 + random.below(6)) { addEffect() }
  }

  /// Cells and derived values; the outputs are numbered after them.
  private var nodeCount: Int { cells.count + deriveds.count }

  private func plan(below limit: Int) -> ReadPlan {
    func some() -> [Int] { (0..<random.below(4)).map { _ in random.below(limit) } }
    return ReadPlan(branch: random.below(limit), even: some(), odd: some())
  }

  /// What the program did, for the report of a failing seed.
  private(set) var trace: [String] = []
  private func fail(_ message: String) {
    failures.append(message)
    trace.append("FAILED: " + message)
  }

  // MARK: Computations

  /// Reads `plan`'s nodes (tracked) into `record` and returns their sum, mod 5 so that equal
  /// results, and so the cut-off, are common.
  private func evaluate(_ plan: ReadPlan, into record: ComputationRecord) -> Int {
    var reads: [(node: Int, value: Int, version: Int)] = []
    func read(_ node: Int) -> Int {
      let value =
        node < cells.count
        ? cells[node].value
        : node < nodeCount ? deriveds[node - cells.count].value : outputs[node - nodeCount].value
      reads.append((node, value, versions[node]))
      return value
    }
    let branch = read(plan.branch)
    let sum = (branch.isMultiple(of: 2) ? plan.even : plan.odd).reduce(branch) { $0 + read($1) }
    record.reads = reads
    trace.append("  \(record.label) read \(reads.map { "n\($0.node)=\($0.value)" })")
    return sum % 5
  }

  /// A re-run must have a reason: some node it read last time has a new version.
  private func checkHasReason(_ record: ComputationRecord, _ what: String) {
    if !record.reads.isEmpty, record.reads.allSatisfy({ versions[$0.node] == $0.version }) {
      fail("\(record.label) \(what) though nothing it read changed")
    }
  }

  private func computeDerived(_ index: Int) -> Int {
    let record = derivedRecords[index]
    checkHasReason(record, "recomputed")
    record.runsThisFlush += 1
    fireIfArmed(isDerived: true, index)
    let value = evaluate(derivedPlans[index], into: record)
    let node = cells.count + index
    if lastDerivedValues[index] != value { versions[node] += 1 }
    lastDerivedValues[index] = value
    return value
  }

  private func runEffect(
    _ record: ComputationRecord, plan: ReadPlan, childPlan: ReadPlan?, writes output: Int?
  ) {
    if record.isDisposed { fail("\(record.label) ran after it was disposed") }
    checkHasReason(record, "re-ran")
    if record.hasPendingCleanup { fail("\(record.label) re-ran before its cleanup") }
    record.runsThisFlush += 1
    trace.append("run \(record.label)")
    if let child = record.child {
      // Owned: disposed before its owner's re-run.
      if let effect = child.effect, !effect.isDisposed {
        fail("\(child.label) outlived its owner's re-run")
      }
      markDisposed(child)
    }
    if let index = effectRecords.firstIndex(where: { $0 === record }) {
      fireIfArmed(isDerived: false, index)
    }
    let result = evaluate(plan, into: record)
    if let output, outputs[output].peek() != result {
      outputs[output].value = result
      outputValues[output] = result
      versions[nodeCount + output] += 1
      outputChangesThisFlush += 1
    }
    record.hasPendingCleanup = true
    onCleanup { [unowned self] in
      if !record.hasPendingCleanup { fail("\(record.label)'s cleanup ran twice") }
      record.hasPendingCleanup = false
    }
    if let childPlan {
      let child = ComputationRecord(label: "\(record.label).child\(childRecords.count)")
      childRecords.append(child)
      record.child = child
      let effect = Effect(name: child.label, in: graph!) { [unowned self] in
        runEffect(child, plan: childPlan, childPlan: nil, writes: nil)
      }
      child.effect = effect
      allEffects.append { [weak effect] in effect }
      // An owner disposed (or released) during this run takes what the run made with it.
      if record.isDisposed { markDisposed(child) }
    }
  }

  private func markDisposed(_ record: ComputationRecord) {
    record.isDisposed = true
    if let child = record.child { markDisposed(child) }
  }

  private func fireIfArmed(isDerived: Bool, _ index: Int) {
    guard let armed, armed.triggerIsDerived == isDerived, armed.trigger == index else { return }
    self.armed = nil
    dispose(armed.target, release: armed.release)
  }

  private func dispose(_ index: Int, release: Bool) {
    trace.append("dispose e\(index) release \(release)")
    guard let effect = effects[index] else { return }
    markDisposed(effectRecords[index])
    if let output = writers.firstIndex(of: index) { writers[output] = nil }
    if release {
      effects[index] = nil
    } else {
      effect.dispose()
    }
  }

  private func addEffect() {
    let index = effects.count
    let record = ComputationRecord(label: "e\(index)")
    let output = random.below(2) == 0 ? writers.firstIndex(of: nil) : nil
    if let output { writers[output] = index }
    let plan = plan(below: nodeCount + (output ?? outputs.count))
    let childPlan = random.below(3) == 0 ? self.plan(below: nodeCount) : nil
    effectRecords.append(record)
    effects.append(nil)
    trace.append(
      "create \(record.label): \(plan)" + (output.map { ", writes n\(nodeCount + $0)" } ?? ""))
    let effect = Effect(name: record.label, in: graph!) { [unowned self] in
      runEffect(record, plan: plan, childPlan: childPlan, writes: output)
    }
    effects[index] = effect
    record.effect = effect
    allEffects.append { [weak effect] in effect }
  }

  // MARK: Steps

  func run(steps: Int) {
    for _ in 0..<steps {
      switch random.below(100) {
      case 0..<30: write(random.below(cells.count), random.below(4))
      case 30..<40: transaction()
      case 40..<65: flushAndCheck()
      case 65..<75: readOutside(random.below(deriveds.count))
      case 75..<82: dispose(random.below(effects.count), release: random.below(2) == 0)
      case 82..<90:
        let triggerIsDerived = random.below(2) == 0
        armed = (
          triggerIsDerived, random.below(triggerIsDerived ? deriveds.count : effects.count),
          random.below(effects.count), random.below(2) == 0
        )
      default: if effects.count < 12 { addEffect() }
      }
    }
  }

  private func write(_ cell: Int, _ value: Int) {
    trace.append("write c\(cell) = \(value)")
    cells[cell].value = value
    if cellValues[cell] != value, !isInTransaction { versions[cell] += 1 }
    cellValues[cell] = value
  }

  /// Writes in one transaction, some of them written back: only a net change counts.
  private func transaction() {
    let before = cellValues
    isInTransaction = true
    graph!.withTransaction {
      for _ in 0..<(1 + random.below(4)) {
        let cell = random.below(cells.count)
        write(cell, random.below(4))
        if random.below(2) == 0 { write(cell, before[cell]) }
      }
    }
    isInTransaction = false
    for cell in cells.indices where cellValues[cell] != before[cell] { versions[cell] += 1 }
  }

  private func readOutside(_ index: Int) {
    let value = deriveds[index].value
    let expected = expectedValue(of: cells.count + index)
    if value != expected { fail("d\(index) read \(value) outside a computation, not \(expected)") }
  }

  /// What a node's value must be, from the cells alone.
  private func expectedValue(of node: Int) -> Int {
    if node < cells.count { return cellValues[node] }
    if node >= nodeCount { return outputValues[node - nodeCount] }
    let plan = derivedPlans[node - cells.count]
    let branch = expectedValue(of: plan.branch)
    let sum = (branch.isMultiple(of: 2) ? plan.even : plan.odd).reduce(branch) {
      $0 + expectedValue(of: $1)
    }
    return sum % 5
  }

  /// Flushes, then checks every live effect: it saw the current value of everything it read,
  /// at most one run per flush; every disposed one has had its cleanup.
  func flushAndCheck() {
    for record in effectRecords + childRecords + derivedRecords { record.runsThisFlush = 0 }
    outputChangesThisFlush = 0
    trace.append("flush")
    graph!.flush()
    for record in effectRecords + childRecords {
      if record.isDisposed {
        if record.hasPendingCleanup, record.effect == nil || record.effect?.isDisposed == true {
          fail("\(record.label) was disposed without its cleanup")
        }
        continue
      }
      if record.runsThisFlush > 1 + outputChangesThisFlush {
        fail("\(record.label) ran \(record.runsThisFlush) times")
      }
      for read in record.reads {
        let expected = expectedValue(of: read.node)
        if read.value != expected || read.version != versions[read.node] {
          fail(
            "\(record.label) saw \(read.value) (version \(read.version)) of node \(read.node) "
              + "after a flush, not \(expected) (version \(versions[read.node]))")
        }
      }
    }
    for record in derivedRecords where record.runsThisFlush > 1 {
      fail("\(record.label) recomputed \(record.runsThisFlush) times in one flush")
    }
  }

  /// Makes the model expect other versions of every node (for the test of the checks).
  func corruptModel() {
    for node in versions.indices { versions[node] += 1 }
  }

  /// Drops the graph, the effects, the derived values and the cells with work pending, and
  /// returns what was not freed.
  func dropEverything() -> [String] {
    if !cells.isEmpty { cells[0].value = cellValues[0] + 1 }
    armed = nil
    effects.removeAll()
    graph = nil
    deriveds.removeAll()
    cells.removeAll()
    let kept = allEffects.compactMap { $0() }
    return kept.isEmpty ? [] : ["\(kept.count) effects outlived the graph and their handles"]
  }
}
