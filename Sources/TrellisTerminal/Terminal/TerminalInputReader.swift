import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the terminal's input on a thread of its own and delivers decoded events into a
/// `TerminalEventStream`, which the main actor consumes in batches.
///
/// One read is what the terminal had sent at that moment: a typed key, a burst of keys, a paste.
/// The stream joins the reads the consumer has not taken yet, so the consumer applies every
/// event that is waiting in one main-actor turn, then flushes and draws once. The thread owns
/// the decoder, so decoding needs no lock.
///
/// The thread waits in `poll` on its stop pipe, on the process's window-change pipe and on the
/// input. SIGWINCH writes a byte to the window-change pipe, and the thread answers with a
/// `.resize` batch (several signals before it wakes become one), so resizes arrive in order
/// with the keys. `stop()` writes to the stop pipe. When the input ends (standard input closed,
/// or `/dev/null`), what the decoder held back is delivered and the stream finishes.
final class TerminalInputReader: Sendable {
  /// The descriptor read, or -1 to read nothing (resize events only).
  let inputDescriptor: Int32
  /// The descriptor whose window size `.resize` reports.
  let sizeDescriptor: Int32
  private let stopRead: Int32
  private let stopWrite: Int32
  /// Whether the stop pipe is closed. `stop()` and closing both hold the lock, so a stop never
  /// writes to a descriptor that was closed (and whose number may have been reused).
  private let isClosed = Mutex(false)

  /// A reader; `start` begins reading.
  /// - Parameters:
  ///   - inputDescriptor: the input, or -1 for none.
  ///   - sizeDescriptor: the terminal whose size resize events carry.
  init?(inputDescriptor: Int32, sizeDescriptor: Int32) {
    guard let pipe = TerminalDevice.makePipe() else { return nil }
    stopRead = pipe.read
    stopWrite = pipe.write
    self.inputDescriptor = inputDescriptor
    self.sizeDescriptor = sizeDescriptor
  }

  /// Starts the reading thread, which yields into `events` until stopped or the input
  /// ends, then finishes it.
  func start(_ events: TerminalEventStream) {
    let thread = Thread { [self] in
      run(events)
    }
    thread.name = "TrellisTerminal input"
    thread.start()
  }

  /// Asks the thread to stop; it finishes the stream and closes its descriptors.
  func stop() {
    isClosed.withLock { isClosed in
      if !isClosed { TerminalDevice.write([1], to: stopWrite) }
    }
  }

  /// Closes the stop pipe: by the thread when it ends, or for a reader that was never started.
  func discard() {
    isClosed.withLock { isClosed in
      guard !isClosed else { return }
      isClosed = true
      TerminalDevice.close(stopRead)
      TerminalDevice.close(stopWrite)
    }
  }

  /// How long a paste may pause before it is taken as ended without its end marker. A
  /// terminal sends a paste in one burst, so a pause this long means the marker is lost.
  static let unterminatedPasteMilliseconds: Int32 = 500

  /// How long input may pause after a cut escape sequence (a lone ESC included) before it is
  /// taken as typed: the Escape key, or Option with a key. A terminal sends a sequence in one
  /// write, but a slow link (ssh) may split it across reads; 50 ms is within the escape delays
  /// terminal libraries use, and short enough that Escape still feels immediate.
  static let splitSequenceMilliseconds: Int32 = 50

  /// How long a Control-C may wait for the main actor before another one ends the process
  /// from this thread. Raw mode makes Control-C a key that the app handles on its main actor,
  /// so a main actor blocked for good (an endless loop in a body) could not be quit from the
  /// keyboard (found by a CLI author). A second Control-C within this time is an impatient
  /// quit, which the app still handles itself.
  static let stuckInterruptLimit = Duration.seconds(1)

  /// Ends the process whose main actor has not taken a Control-C for `waited`: puts the
  /// terminal back, says why on standard error, and raises SIGINT, as Control-C does outside
  /// raw mode (a shell reports status 130). Runs on the reader's thread, never on the main
  /// actor, which is stuck.
  private static func endStuckProcess(waited: Duration) {
    TerminalDevice.restoreIfArmed()
    let seconds =
      Double(waited.components.seconds)
      + Double(waited.components.attoseconds) / 1e18
    let message =
      "\nTrellisTerminal: Control-C was pressed again while the app's main actor had not "
      + "taken the first one for \(Int(seconds.rounded())) s (is it blocked in an endless "
      + "loop?); ending the process.\n"
    TerminalDevice.write(Array(message.utf8), to: STDERR_FILENO)
    raise(SIGINT)
    // A process that ignores SIGINT still ends: the user asked twice.
    _exit(130)
  }

  private func run(_ stream: TerminalEventStream) {
    var decoder = TerminalInputDecoder(waitsForSplitSequences: true)
    var buffer = [UInt8](repeating: 0, count: 4096)
    let windowChanges = TerminalDevice.windowChanges.read
    defer {
      discard()
      stream.finish()
    }
    // No input to wait for (found by a new user: with standard input closed, the app waited
    // on the runtime's own descriptor and ignored every key): the input has ended.
    if inputDescriptor >= 0 && !TerminalDevice.isInputSource(inputDescriptor) { return }
    while let ready = TerminalDevice.waitForInput(
      [stopRead, windowChanges, inputDescriptor],
      timeout: decoder.isInPaste
        ? Self.unterminatedPasteMilliseconds
        : decoder.isInSequence ? Self.splitSequenceMilliseconds : -1)
    {
      if ready[0] { return }
      if !ready.contains(true) {
        // A paste whose end marker never came (a terminal that lost it, or bytes that only
        // looked like its start): what it held is delivered as the paste, and keys typed
        // afterwards are keys again instead of more of the paste. A cut escape sequence
        // with nothing after it was typed as it is: a lone ESC is the Escape key.
        stream.yield(decoder.isInPaste ? decoder.endPaste() : decoder.endSequence())
        continue
      }
      if ready[1] {
        var resized = false
        while case .bytes = TerminalDevice.read(windowChanges, into: &buffer) { resized = true }
        if resized, let size = TerminalDevice.size(of: sizeDescriptor) {
          stream.yield([.resize(size)])
        }
      }
      guard ready[2] else { continue }
      switch TerminalDevice.read(inputDescriptor, into: &buffer) {
      case .bytes(let count):
        let events = decoder.decode(buffer[0..<count])
        if let waited = stream.yieldNotingInterrupts(events), waited >= Self.stuckInterruptLimit {
          Self.endStuckProcess(waited: waited)
        }
      case .nothing:
        continue
      case .end:
        let events = decoder.finish()
        if !events.isEmpty { stream.yield(events) }
        return
      }
    }
  }
}
