import Synchronization

/// The terminal's input as an asynchronous sequence of batches, where a batch is everything
/// that arrived since the consumer last asked: one read when the consumer keeps up, every read
/// since the last batch when it does not.
///
/// So a consumer that applies a batch, then flushes and draws once, draws once per main-actor
/// turn in which input was waiting, however the terminal split the bytes: a paste, a held key
/// or a thousand keys sent at once while a frame was being drawn become one batch and one frame.
///
/// Events keep their order. `finish()` ends the sequence after the events already received.
/// One consumer at a time: a second iterator waiting at once finds the sequence finished.
/// Producers may call `yield` and `finish` from any thread.
public final class TerminalEventStream: AsyncSequence, Sendable {
  /// A batch of events, in the order they arrived.
  public typealias Element = [TerminalEvent]

  private struct State {
    var pending: [TerminalEvent] = []
    var isFinished = false
    var waiter: CheckedContinuation<[TerminalEvent]?, Never>?
    /// When a Control-C arrived that the consumer has not finished with: it is pending, or in
    /// the batch handed over last (the consumer asking again means it applied that batch).
    var interruptSince: ContinuousClock.Instant?

    /// The consumer asks for more, so it applied the last batch; `batch` is handed over now.
    mutating func handOver(_ batch: [TerminalEvent]) {
      interruptSince = batch.contains(where: \.isInterrupt) ? interruptSince : nil
    }
  }

  private let state = Mutex(State())

  /// An empty, open sequence.
  public init() {}

  /// Adds events after those already received; wakes a waiting consumer. Ignored once the
  /// sequence is finished.
  /// - Parameter events: the events, in order; an empty array does nothing.
  public func yield(_ events: [TerminalEvent]) { _ = yieldNotingInterrupts(events) }

  /// Adds events as `yield` does.
  /// - Returns: how long an earlier Control-C has waited for the consumer, when `events` holds
  ///   another one and the consumer has not finished with the earlier one; nil otherwise. The
  ///   input reader ends a process whose main actor is stuck with it (see
  ///   `TerminalInputReader.stuckInterruptLimit`).
  func yieldNotingInterrupts(_ events: [TerminalEvent]) -> Duration? {
    guard !events.isEmpty else { return nil }
    return state.withLock { state -> Duration? in
      guard !state.isFinished else { return nil }
      let now = ContinuousClock.now
      var waited: Duration?
      if events.contains(where: \.isInterrupt) {
        if let since = state.interruptSince {
          waited = now - since
        } else {
          state.interruptSince = now
        }
      }
      if let waiter = state.waiter {
        state.waiter = nil
        waiter.resume(returning: events)
      } else {
        state.pending += events
      }
      return waited
    }
  }

  /// Ends the sequence: the consumer gets what is pending, then nil. Calling it again does
  /// nothing.
  public func finish() {
    state.withLock { state in
      state.isFinished = true
      if let waiter = state.waiter {
        state.waiter = nil
        waiter.resume(returning: nil)
      }
    }
  }

  /// The events received and not yet taken, without waiting; empty when there are none.
  /// - Returns: the pending events, which are then no longer pending.
  public func takePending() -> [TerminalEvent] {
    state.withLock { state in
      let events = state.pending
      state.pending = []
      state.handOver(events)
      return events
    }
  }

  /// Takes the pending events, or waits for the next ones; nil once finished and drained.
  fileprivate func next() async -> [TerminalEvent]? {
    await withTaskCancellationHandler {
      await withCheckedContinuation {
        (continuation: CheckedContinuation<[TerminalEvent]?, Never>) in
        state.withLock { state in
          if !state.pending.isEmpty {
            let events = state.pending
            state.pending = []
            state.handOver(events)
            continuation.resume(returning: events)
          } else if state.isFinished || state.waiter != nil {
            continuation.resume(returning: nil)
          } else {
            state.handOver([])
            state.waiter = continuation
          }
        }
      }
    } onCancel: {
      // A cancelled consumer stops waiting; the events stay pending for the next one.
      state.withLock { state in
        if let waiter = state.waiter {
          state.waiter = nil
          waiter.resume(returning: nil)
        }
      }
    }
  }

  /// The iterator: each `next()` is one batch.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let stream: TerminalEventStream

    /// Everything that arrived since the last call, waiting when nothing did; nil when the
    /// sequence is finished and drained.
    /// - Returns: the batch.
    public mutating func next() async -> [TerminalEvent]? { await stream.next() }
  }

  /// An iterator over the batches.
  /// - Returns: the iterator.
  public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(stream: self) }
}

extension TerminalEvent {
  /// Whether the event is Control-C, which a terminal app takes as a request to quit.
  var isInterrupt: Bool {
    self == .key(TerminalKeyPress(.character("c"), modifiers: .control))
  }
}
