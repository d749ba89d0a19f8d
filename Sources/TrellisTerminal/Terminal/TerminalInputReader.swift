import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the terminal's input on a thread of its own and delivers decoded events in batches,
/// one batch per read, through an `AsyncStream` that the main actor consumes.
///
/// One read is what the terminal had sent at that moment: a typed key, a burst of keys, a paste.
/// Delivering it as one batch lets the consumer apply every event of the batch in one
/// main-actor turn, then flush and draw once. The thread owns the decoder, so decoding needs no
/// lock.
///
/// The thread waits in `poll` on the input and on a wake-up pipe. SIGWINCH writes `W` to the
/// pipe, and the thread answers with a `.resize` batch (several signals before it wakes become
/// one), so resizes arrive in order with the keys. `stop()` writes `Q`. When the input ends
/// (standard input closed, or `/dev/null`), what the decoder held back is delivered and the
/// stream finishes.
final class TerminalInputReader: Sendable {
  /// The descriptor read, or -1 to read nothing (resize events only).
  let inputDescriptor: Int32
  /// The descriptor whose window size `.resize` reports.
  let sizeDescriptor: Int32
  private let wakeRead: Int32
  private let wakeWrite: Int32

  /// A reader; `start` begins reading.
  /// - Parameters:
  ///   - inputDescriptor: the input, or -1 for none.
  ///   - sizeDescriptor: the terminal whose size resize events carry.
  init?(inputDescriptor: Int32, sizeDescriptor: Int32) {
    guard let pipe = TerminalDevice.makePipe() else { return nil }
    wakeRead = pipe.read
    wakeWrite = pipe.write
    self.inputDescriptor = inputDescriptor
    self.sizeDescriptor = sizeDescriptor
  }

  /// Starts the reading thread, which yields into `continuation` until stopped or the input
  /// ends, then finishes it.
  func start(_ continuation: AsyncStream<[TerminalEvent]>.Continuation) {
    TerminalDevice.wakeDescriptor.store(wakeWrite, ordering: .releasing)
    let thread = Thread { [self] in
      run(continuation)
    }
    thread.name = "TrellisTerminal input"
    thread.start()
  }

  /// Asks the thread to stop; it finishes the stream and closes its descriptors.
  func stop() {
    TerminalDevice.write([UInt8(ascii: "Q")], to: wakeWrite)
  }

  /// Closes the wake-up pipe of a reader that was never started.
  func discard() {
    TerminalDevice.close(wakeRead)
    TerminalDevice.close(wakeWrite)
  }

  private func run(_ continuation: AsyncStream<[TerminalEvent]>.Continuation) {
    var decoder = TerminalInputDecoder()
    var buffer = [UInt8](repeating: 0, count: 4096)
    defer {
      // No signal handler may write to the pipe once it is closed (and its number reused).
      _ = TerminalDevice.wakeDescriptor.compareExchange(
        expected: wakeWrite, desired: -1, ordering: .acquiringAndReleasing)
      discard()
      continuation.finish()
    }
    while let ready = TerminalDevice.waitForInput(wakeRead, inputDescriptor) {
      if ready.first {
        var resized = false
        while case .bytes(let count) = TerminalDevice.read(wakeRead, into: &buffer) {
          if buffer[0..<count].contains(UInt8(ascii: "Q")) { return }
          resized = true
        }
        if resized, let size = TerminalDevice.size(of: sizeDescriptor) {
          continuation.yield([.resize(size)])
        }
      }
      guard ready.second else { continue }
      switch TerminalDevice.read(inputDescriptor, into: &buffer) {
      case .bytes(let count):
        let events = decoder.decode(buffer[0..<count])
        if !events.isEmpty { continuation.yield(events) }
      case .nothing:
        continue
      case .end:
        let events = decoder.finish()
        if !events.isEmpty { continuation.yield(events) }
        return
      }
    }
  }
}
