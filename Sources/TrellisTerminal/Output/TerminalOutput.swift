/// Where a frame writer sends its bytes: a file descriptor, or an `InMemoryScreen` in tests.
public protocol TerminalOutput: AnyObject {
  /// Writes all of `bytes`, in order.
  /// - Parameter bytes: terminal output (text and escape sequences).
  func write(_ bytes: [UInt8])
}

/// Output to a file descriptor, usually standard output.
///
/// Each `write` is one `write(2)` call when the descriptor takes it all (so one frame reaches
/// the terminal in one piece), repeated on a partial write or `EINTR`. Other errors (a closed
/// pipe) drop the rest of the bytes: a renderer must not crash because its reader went away.
public final class FileDescriptorOutput: TerminalOutput {
  /// The descriptor written to; it is not closed by this object.
  public let fileDescriptor: Int32

  /// Output to `fileDescriptor`.
  /// - Parameter fileDescriptor: an open descriptor, by default standard output.
  public init(fileDescriptor: Int32 = 1) {
    self.fileDescriptor = fileDescriptor
  }

  /// Writes all of `bytes`, retrying partial writes and interruptions.
  /// - Parameter bytes: the bytes.
  public func write(_ bytes: [UInt8]) {
    TerminalDevice.write(bytes, to: fileDescriptor)
  }
}
