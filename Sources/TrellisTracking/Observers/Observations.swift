import Synchronization
import TrellisTrackingSupport

/// An asynchronous sequence of the values of a closure over tracked properties: the current
/// value first, then a new value after each change, with the changes of one turn coalesced.
///
/// Mirrors Apple's `Observations` (SE-0475), for code with no view layer at all, such as a
/// server-side model:
///
/// ```swift
/// for await count in Observations({ store.notes.count }) {
///   print("now \(count) notes")
/// }
/// ```
///
/// - After a tracked property the closure read changes, the iterator waits for that writer's
///   synchronous turn to end (when the writer runs in the iterating code's isolation, as
///   Apple's does), then evaluates the closure again; several writes in one turn produce one
///   value, and a write in each turn gives a value each. Values are not compared: an unchanged
///   result is still delivered.
/// - The properties read stay observed between values, so a write on another thread is never
///   missed once a property has been read; the closure then sees the stored value. (Apple's
///   observes anew for each value, and can stall on a stale value when another thread writes
///   in between.)
/// - Iteration ends (returns `nil`) when the iterating task is cancelled, when an
///   `untilFinished` closure returns `.finish`, or by throwing the error the closure threw.
/// - Writes the closure itself makes while it runs (a count of its evaluations, a cache it
///   fills) produce no value, as in Apple's, which observes only after the closure returns.
/// - Only `@Tracked` (and `TrackingRegistrar`) reads are seen. Where Apple's Observation is
///   imported too, an unqualified `Observations { … }` is this one, silently; over an
///   `@Observable` model it then waits for good after the first value. Write
///   `Observation.Observations` there.
///
/// One deliberate difference from Apple (`DeliberateDifferenceTests` shows both): Apple's
/// closure is `@isolated(any) @Sendable` and always runs in the isolation it was formed in,
/// whichever task iterates; Apple calls it synchronously by casting its isolation away. Here the
/// closure is not `Sendable` and runs in the isolation of the code that iterates, which the
/// compiler makes the isolation it was formed in: a sequence over main-actor models cannot
/// leave the main actor, and no cast is needed. Main-actor code iterating a main-actor model,
/// the common case, behaves the same in both.
public struct Observations<Element, Failure: Error>: AsyncSequence {
  /// What an `untilFinished` closure returns: the next value, or the end of the sequence.
  public enum Iteration {
    /// Deliver this value.
    case next(Element)
    /// End the sequence.
    case finish
  }

  private let emit: () throws(Failure) -> Iteration

  /// Creates the sequence of `emit`'s values.
  /// - Parameter emit: the closure whose tracked reads decide when a new value is produced; an
  ///   error it throws ends the sequence with that error.
  public init(_ emit: @escaping () throws(Failure) -> Element) {
    self.emit = { () throws(Failure) -> Iteration in .next(try emit()) }
  }

  /// Creates a sequence that ends when `emit` returns `.finish`.
  /// - Parameter emit: the closure whose tracked reads decide when it runs again.
  /// - Returns: the sequence.
  public static func untilFinished(
    _ emit: @escaping () throws(Failure) -> Iteration
  ) -> Observations {
    Observations(iterating: emit)
  }

  private init(iterating emit: @escaping () throws(Failure) -> Iteration) { self.emit = emit }

  /// Makes an iterator; each iterator tracks independently.
  public func makeAsyncIterator() -> Iterator { Iterator(emit: emit) }

  /// Produces the sequence's values; see `Observations`.
  public struct Iterator: AsyncIteratorProtocol {
    private let emit: () throws(Failure) -> Iteration
    private let signal: ChangeSignal
    /// Stays installed between values: a property read again keeps its subscription, so a
    /// write from another thread between one evaluation and the next is never missed (a
    /// one-shot `withTracking` per value left a window there in which the sequence could stall
    /// on a stale value for good). A property read for the first time is observed once the
    /// evaluation that reads it ends: a write on another thread that lands during that
    /// evaluation, after the read, is seen only with the property's next write.
    private let observer: TrackingObserver
    private var started = false
    private var isFinished = false

    init(emit: @escaping () throws(Failure) -> Iteration) {
      self.emit = emit
      let signal = ChangeSignal()
      self.signal = signal
      // At `didSet`: once woken, the closure sees the value the writer stored. A write the
      // closure itself makes while it runs is not a change to wake for (Apple's observes
      // after the closure returns, so the closure's writes reach nothing there either):
      // counted as one, a closure that writes what it reads (`evaluations += 1`) produced a
      // value, then another, forever, and never let the iterating actor go.
      observer = TrackingObserver { event in
        if event.phase == .didSet && !signal.isEvaluatingOnThisThread { signal.fire() }
      }
    }

    /// The current value on the first call; afterwards, the value after the next change.
    /// - Parameter actor: the caller's isolation, in which the closure runs.
    /// - Returns: the value, or nil once the sequence has ended.
    /// - Throws: the error the closure threw; the sequence has ended then.
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      if isFinished || Task.isCancelled { return finish() }
      if started {
        // Resumed in the caller's isolation: a writer there finishes its synchronous turn
        // first, so the writes of one turn give one value.
        await signal.wait(isolation: actor)
        if Task.isCancelled { return finish() }
      }
      started = true
      signal.reset()
      let emit = self.emit
      let signal = self.signal
      let result = observer.track {
        signal.evaluating { Result { () throws(Failure) -> Iteration in try emit() } }
      }
      switch result {
      case .success(.next(let element)):
        return element
      case .success(.finish):
        return finish()
      case .failure(let error):
        _ = finish()
        throw error
      }
    }

    /// Ends the sequence: nothing is observed any longer.
    private mutating func finish() -> Element? {
      isFinished = true
      observer.cancel()
      return nil
    }
  }
}

extension Observations.Iteration: Sendable where Element: Sendable {}

final class ChangeSignal: Sendable {
  private struct State {
    var changed = false
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state = Mutex(State())
  /// The thread running the closure now (`trellis_thread_identity()`), or 0.
  private let evaluatingThread = Atomic<UInt>(0)

  /// Runs `body`, the closure's evaluation, on this thread; writes it makes meanwhile are
  /// recognised by `isEvaluatingOnThisThread`. Writes from other threads still count.
  func evaluating<Value>(_ body: () -> Value) -> Value {
    let previous = evaluatingThread.exchange(
      UInt(trellis_thread_identity()), ordering: .relaxed)
    defer { evaluatingThread.store(previous, ordering: .relaxed) }
    return body()
  }

  /// Whether the caller is the closure's own evaluation (see `evaluating(_:)`).
  var isEvaluatingOnThisThread: Bool {
    evaluatingThread.load(ordering: .relaxed) == UInt(trellis_thread_identity())
  }

  /// Sets the flag and wakes the waiter, if any. Safe from any thread.
  func fire() {
    let waiter = state.withAnnotatedLock(owner: self) {
      state -> CheckedContinuation<Void, Never>? in
      state.changed = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  /// Clears the flag before a new value is produced.
  func reset() { state.withAnnotatedLock(owner: self) { $0.changed = false } }

  /// Returns once the flag is set or the task is cancelled.
  /// - Parameter actor: the caller's isolation, which the wait never leaves: woken, the task
  ///   goes straight back into its actor's queue, behind the writer's turn when the writer is
  ///   on that actor, and ahead of what the writer does after its next suspension.
  func wait(isolation actor: isolated (any Actor)?) async {
    await withTaskCancellationHandler(
      operation: {
        await withCheckedContinuation(isolation: actor) { continuation in
          let resumeNow = state.withAnnotatedLock(owner: self) { state -> Bool in
            if state.changed || Task.isCancelled { return true }
            state.waiter = continuation
            return false
          }
          if resumeNow { continuation.resume() }
        }
      },
      onCancel: { fire() },
      isolation: actor)
  }
}
