import Testing
import TrellisGraph

@testable import TrellisViews

/// Holds a binding to another host's state and writes it from its body.
@MainActor
final class Relay {
  var target: Binding<Int>?
}

struct RelayTarget: View {
  let relay: Relay
  @State var received = 0

  var body: some View {
    let _ = { relay.target = $received }()
    Text("received \(received)")
  }
}

struct RelaySource: View {
  let relay: Relay
  @State var sends = 0

  var body: some View {
    let _ = { if sends > 0 { relay.target?.wrappedValue = sends } }()
    Button("send \(sends)") { sends += 1 }
  }
}

/// A count in a cell, shown.
struct CellCount: View {
  let count: Cell<Int>
  var body: some View { Text("n \(count.value)") }
}

@MainActor
@Suite struct HostIsolationTests {
  @Test func aHostMountedOrFlushedInsideATransactionWaitsForItsEndWithoutAFalseCycle() {
    let graph = Graph(executor: .manual)
    let count = Cell(0)
    var host: ViewHost?
    let diagnostics = TrellisDiagnostics.capture {
      graph.withTransaction { host = ViewHost(CellCount(count: count), executor: .manual) }
      // Nothing ran inside the transaction; the next flush mounts.
      #expect(host?.tree.texts == [])
      host?.flush()
      #expect(host?.tree.texts == ["n 0"])
      graph.withTransaction {
        count.value = 4
        host?.flush()
        #expect(host?.tree.texts == ["n 0"])
      }
      host?.flush()
    }
    #expect(diagnostics == [])
    #expect(host?.tree.texts == ["n 4"])
  }

  @Test func aHostMadeInsideAnEffectIsARootTheEffectsReRunDoesNotStop() {
    let graph = Graph(executor: .manual)
    let trigger = Cell(0)
    let count = Cell(0)
    var host: ViewHost?
    let mounter = Effect(name: "mounter", in: graph) {
      _ = trigger.value
      if host == nil { host = ViewHost(CellCount(count: count), executor: .manual) }
    }
    count.value = 8
    host?.flush()
    #expect(host?.tree.texts == ["n 8"])
    trigger.value = 1
    graph.flush()
    #expect(mounter.runCount == 2)
    count.value = 9
    host?.flush()
    #expect(host?.tree.texts == ["n 9"])
    // Nor does its disposal.
    mounter.dispose()
    count.value = 10
    host?.flush()
    #expect(host?.tree.texts == ["n 10"])
  }

  @Test func twoHostsUpdatingInterleavedReportAndStopOnlyTheirOwnCycles() {
    let first = ViewHost(Bouncer(), executor: .manual)
    let second = ViewHost(Bouncer(), executor: .manual)
    first.clearLogs()
    second.clearLogs()
    var diagnostics: [TrellisDiagnostic] = []
    diagnostics += TrellisDiagnostics.capture {
      first.tap("start")
      second.tap("start")
      first.flush()
    }
    #expect(diagnostics.map(\.kind) == [.modifiedDuringUpdate, .updateCycle])
    #expect(first.bodyCount(of: "Bouncer") == 100)
    #expect(second.bodyCount(of: "Bouncer") == 0)
    let later = TrellisDiagnostics.capture { second.flush() }
    #expect(later.map(\.kind) == [.modifiedDuringUpdate, .updateCycle])
    #expect(second.bodyCount(of: "Bouncer") == 100)
    #expect(first.bodyCount(of: "Bouncer") == 100)

    first.clearLogs()
    second.clearLogs()
    let stopped = TrellisDiagnostics.capture {
      first.tap("stop")
      second.tap("stop")
      second.flush()
      first.flush()
    }
    #expect(stopped == [])
    #expect(first.bodyCount(of: "Bouncer") == 1)
    #expect(second.bodyCount(of: "Bouncer") == 1)
  }

  @Test func aTransactionUsedWithOneHostsModelsIsRecordedByThatHostOnly() {
    let firstCount = Cell(0)
    let secondCount = Cell(0)
    let firstRecorder = RecordingRenderer()
    let secondRecorder = RecordingRenderer()
    let first = ViewHost(CellCount(count: firstCount), executor: .manual, renderer: firstRecorder)
    let second = ViewHost(
      CellCount(count: secondCount), executor: .manual, renderer: secondRecorder)
    withAnimation(.easeIn) { firstCount.value = 1 }
    secondCount.value = 1
    // The second host flushes first: the transaction reached only the first host's graph.
    second.flush()
    first.flush()
    #expect(firstRecorder.lastCommitAnimations == ["setText Text@2 \"n 1\" ~ easeIn(0.35)"])
    #expect(secondRecorder.lastCommit.map(\.description) == ["setText Text@2 \"n 1\""])
    #expect(secondRecorder.lastCommitAnimations == [])
    #expect(first.core.changeContextRecordings == 1)
    #expect(second.core.changeContextRecordings == 0)
    // A flush made inside a transaction records, whatever marked its work.
    secondCount.value = 2
    withAnimation(.linear) { second.flush() }
    #expect(secondRecorder.lastCommitAnimations == ["setText Text@2 \"n 2\" ~ linear(0.35)"])
    #expect(second.core.changeContextRecordings == 1)
    #expect(first.core.changeContextRecordings == 1)
  }

  @Test func aWriteFromOneHostsBodyToAnothersStateIsAnOrdinaryWriteThere() {
    let relay = Relay()
    let target = ViewHost(RelayTarget(relay: relay), executor: .manual)
    let source = ViewHost(RelaySource(relay: relay), executor: .manual)
    target.clearLogs()
    source.clearLogs()
    let diagnostics = TrellisDiagnostics.capture {
      source.tap("send 0")
      source.flush()
    }
    // The source's body wrote the target's state: the target was not updating, so the write
    // applies there at once and waits for the target's own update.
    #expect(diagnostics == [])
    #expect(source.runLog == ["RelaySource: @State RelaySource.sends"])
    #expect(target.runLog == [])
    #expect(target.graph.hasPendingWork)
    target.flush()
    #expect(target.tree.texts == ["received 1"])
    #expect(target.runLog == ["RelayTarget: @State RelayTarget.received"])
  }
}
