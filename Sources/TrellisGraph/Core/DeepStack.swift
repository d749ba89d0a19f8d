import Foundation

/// Keeps deeply nested evaluations off the main thread's limited stack.
///
/// The first evaluation of a chain of derived values is recursive by nature (a computation
/// reads its input, which computes, which reads its input…). Updates are not (they are walked
/// iteratively), but a first evaluation of a 10,000-deep chain would need far more stack than a
/// thread has. When nesting passes `mainThreadDepthLimit`, the rest of the evaluation continues
/// on a helper thread with a large stack while the calling thread waits; the main actor's
/// state is touched by one thread at a time, so isolation is preserved in effect. Beyond
/// `absoluteDepthLimit` the runtime stops with a message naming the node.
@MainActor
enum DeepStack {
  /// Nesting depth at which evaluation moves to the large stack.
  static let mainThreadDepthLimit = 256
  /// Nesting depth at which evaluation gives up; far beyond any real view or model.
  static let absoluteDepthLimit = 200_000
  /// Size of the helper thread's stack. Memory is committed only as it is used.
  static let stackSize = 1 << 30

  /// Whether an evaluation is running on the large stack now.
  static var isActive = false

  /// Runs `body` on a thread with a large stack and waits for it.
  static func run(_ body: () -> Void) {
    withoutActuallyEscaping(body) { body in
      let box = UnsafeTransfer(body: body)
      let done = DispatchSemaphore(value: 0)
      let thread = Thread {
        box.body?()
        box.body = nil
        done.signal()
      }
      thread.stackSize = stackSize
      isActive = true
      thread.start()
      done.wait()
      isActive = false
    }
  }

  /// Stops with an actionable message when nesting is unreasonably deep.
  static func checkDepth(_ depth: Int, evaluating node: GraphNode) {
    guard depth >= absoluteDepthLimit else { return }
    fatalError(
      "Trellis: evaluating '\(node.name)' nested \(depth) evaluations deep; a chain of derived "
        + "values this deep is almost certainly unbounded recursion in a computation.")
  }
}

/// Carries a closure to the helper thread. The semaphore orders the accesses: the closure is
/// read after `start()`, and dropped before signalling, since it must not outlive
/// `withoutActuallyEscaping`.
private final class UnsafeTransfer: @unchecked Sendable {
  var body: (() -> Void)?

  init(body: @escaping () -> Void) { self.body = body }
}
