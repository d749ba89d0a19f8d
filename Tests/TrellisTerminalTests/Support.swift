import TrellisTerminal

/// Lays `root` out in a full-screen frame, writes it through a full-screen writer, and returns
/// the screen the bytes produced: layout tests assert what a user would see.
func show(_ root: TerminalLayoutNode, width: Int, height: Int) -> InMemoryScreen {
  let screen = InMemoryScreen(width: width, height: height)
  let writer = TerminalFrameWriter(mode: .fullScreen, output: screen)
  writer.write(TerminalLayout.render(root, size: LayoutSize(width: width, height: height)).grid)
  return screen
}

/// The visible lines of `root` laid out in `width` × `height`, trailing spaces removed.
func lines(of root: TerminalLayoutNode, width: Int, height: Int) -> [String] {
  show(root, width: width, height: height).lines
}

/// A text node.
func text(_ string: String, lineLimit: Int? = nil, _ modifiers: LayoutModifier...)
  -> TerminalLayoutNode
{
  TerminalLayoutNode(.text(string, lineLimit: lineLimit), modifiers: modifiers)
}

/// A `VStack` node.
func vStack(
  alignment: TerminalAlignment.Horizontal = .center, spacing: Int? = nil,
  modifiers: [LayoutModifier] = [], _ children: TerminalLayoutNode...
) -> TerminalLayoutNode {
  TerminalLayoutNode(
    .vStack(alignment: alignment, spacing: spacing), modifiers: modifiers, children: children)
}

/// An `HStack` node.
func hStack(
  alignment: TerminalAlignment.Vertical = .center, spacing: Int? = nil,
  modifiers: [LayoutModifier] = [], _ children: TerminalLayoutNode...
) -> TerminalLayoutNode {
  TerminalLayoutNode(
    .hStack(alignment: alignment, spacing: spacing), modifiers: modifiers, children: children)
}

/// A `Spacer` node.
func spacer(minLength: Int? = nil) -> TerminalLayoutNode {
  TerminalLayoutNode(.spacer(minLength: minLength))
}

/// A `Divider` node.
func divider() -> TerminalLayoutNode { TerminalLayoutNode(.divider) }

/// Output that keeps every byte, for tests about what was written rather than what it showed.
final class RecordingOutput: TerminalOutput {
  private(set) var bytes: [UInt8] = []
  private(set) var writes = 0

  func write(_ bytes: [UInt8]) {
    self.bytes += bytes
    writes += 1
  }

  var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// A deterministic pseudo-random sequence (a 64-bit LCG), so generated tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state
  }
}

/// A grid with `lines` drawn from the top left in `style`.
func grid(_ lines: [String], width: Int, height: Int, style: CellStyle = .plain) -> CellGrid {
  var grid = CellGrid(width: width, height: height)
  for (row, line) in lines.enumerated() { grid.draw(line, column: 0, row: row, style: style) }
  return grid
}

/// Whether the screen shows exactly `frame` in its top rows: every cell's character, width and
/// style.
func screen(_ screen: InMemoryScreen, shows frame: CellGrid, fromRow top: Int = 0) -> Bool {
  for row in 0..<frame.height {
    for column in 0..<frame.width
    where screen.cell(column: column, row: top + row) != frame[column, row] {
      return false
    }
  }
  return true
}

#if os(Linux)
  import Glibc

  /// A pseudo-terminal pair: the test holds the master side, the code under test the slave.
  final class PseudoTerminal {
    let master: Int32
    let slave: Int32
    let slavePath: String

    /// Opens a pair with a window of `columns` × `rows`, or returns nil when the system has no
    /// pseudo-terminals.
    init?(columns: Int = 20, rows: Int = 5) {
      master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
      guard master >= 0 else { return nil }
      // TIOCSPTLCK (unlock) and TIOCGPTN (number): Linux ioctls Glibc's module does not
      // import, because they are defined with function-like macros.
      var unlock: Int32 = 0
      var number: UInt32 = 0
      guard ioctl(master, UInt(0x4004_5431), &unlock) == 0,
        ioctl(master, UInt(0x8004_5430), &number) == 0
      else {
        close(master)
        return nil
      }
      slavePath = "/dev/pts/\(number)"
      slave = open(slavePath, O_RDWR | O_NOCTTY)
      guard slave >= 0 else {
        close(master)
        return nil
      }
      _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
      resize(columns: columns, rows: rows)
    }

    deinit {
      close(slave)
      close(master)
    }

    /// Sets the window size, as a terminal emulator does when its window is resized.
    func resize(columns: Int, rows: Int) {
      var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
      _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Types `bytes`, as a user at the terminal would.
    func type(_ bytes: [UInt8]) {
      _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Everything the slave side has written and the test has not read yet.
    func readOutput() -> [UInt8] {
      var result: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(master, &buffer, buffer.count)
        guard count > 0 else { break }
        result += buffer[0..<count]
      }
      return result
    }

    /// The slave's terminal attributes.
    var attributes: termios {
      var attributes = termios()
      _ = tcgetattr(slave, &attributes)
      return attributes
    }
  }
#endif
