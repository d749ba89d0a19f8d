import Synchronization
import TrellisTracking

/// Waits for one task, or until the waiting task is cancelled, whichever comes first.
///
/// `await task.value` alone ignores the waiter's cancellation: a view's task that never ends
/// (`.task { for await … }`) kept `ViewHost.waitForTasks()` waiting for good, and a test's time
/// limit could not stop it.
enum TaskWait {
  /// - Parameter task: the task to wait for.
  /// - Returns: true when the task finished; false when the waiter was cancelled first.
  @MainActor
  static func finished(_ task: Task<Void, Never>) async -> Bool {
    let gate = Gate()
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        gate.arm(continuation)
        Task { @MainActor in
          await task.value
          gate.open(finished: true)
        }
      }
    } onCancel: {
      gate.open(finished: false)
    }
    return gate.didFinish
  }

  /// Resumes the waiter once: on the task's end or on cancellation, whichever is first.
  private final class Gate: Sendable {
    private struct State {
      var continuation: CheckedContinuation<Void, Never>?
      var isOpen = false
      var finished = false
    }

    private let state = Mutex(State())

    var didFinish: Bool { state.withAnnotatedLock(owner: self) { $0.finished } }

    /// Keeps the waiter, or resumes it at once when the gate opened before (a cancellation
    /// before the wait began).
    func arm(_ continuation: CheckedContinuation<Void, Never>) {
      let resumeNow = state.withAnnotatedLock(owner: self) { state -> Bool in
        if state.isOpen { return true }
        state.continuation = continuation
        return false
      }
      if resumeNow { continuation.resume() }
    }

    func open(finished: Bool) {
      let waiter = state.withAnnotatedLock(owner: self) {
        state -> CheckedContinuation<Void, Never>? in
        guard !state.isOpen else { return nil }
        state.isOpen = true
        state.finished = finished
        defer { state.continuation = nil }
        return state.continuation
      }
      waiter?.resume()
    }
  }
}
