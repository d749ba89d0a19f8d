import Synchronization
import TrellisTracking

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
/// - The closure runs in the isolation of the code that iterates, so it may read main-actor
///   models when iterated on the main actor.
/// - After a tracked property it read changes (at `willSet`), the iterator waits for that
///   writer's synchronous turn to end, then evaluates the closure again; several writes in one
///   turn produce one value. Values are not compared: an unchanged result is still delivered.
/// - Iteration ends (returns `nil`) when the iterating task is cancelled.
public struct Observations<Element>: AsyncSequence {
  /// The sequence never throws.
  public typealias Failure = Never

  private let emit: () -> Element

  /// Creates the sequence.
  /// - Parameter emit: the closure whose tracked reads decide when a new value is produced.
  public init(_ emit: @escaping () -> Element) { self.emit = emit }

  /// Makes an iterator; each iterator tracks independently.
  public func makeAsyncIterator() -> Iterator { Iterator(emit: emit) }

  /// Produces the sequence's values; see `Observations`.
  public struct Iterator: AsyncIteratorProtocol {
    private let emit: () -> Element
    private let signal = ChangeSignal()
    private var started = false

    init(emit: @escaping () -> Element) { self.emit = emit }

    /// The next value, or `nil` once the task is cancelled.
    /// - Parameter actor: the caller's isolation, in which the closure runs.
    public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Element?
    {
      if Task.isCancelled { return nil }
      if started {
        await signal.wait()
        if Task.isCancelled { return nil }
        await Task.yield()
      }
      started = true
      signal.reset()
      let signal = self.signal
      return withTracking(emit, onChange: { signal.fire() })
    }
  }
}

/// A one-bit, resettable "something changed" flag that one waiter can await.
final class ChangeSignal: Sendable {
  private struct State {
    var changed = false
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state = Mutex(State())

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
  func wait() async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = state.withAnnotatedLock(owner: self) { state -> Bool in
          if state.changed || Task.isCancelled { return true }
          state.waiter = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      fire()
    }
  }
}
