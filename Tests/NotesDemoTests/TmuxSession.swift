import Foundation

/// A tmux server of its own, with one window of a fixed size, to run a terminal program as a
/// person would and read its screen: the pseudo-terminal end-to-end driver.
///
/// Each session uses a private socket, so it never touches a user's tmux. Reading the screen
/// polls `capture-pane` until a condition holds or a deadline passes: the program runs in its
/// own process, at its own pace, so there is nothing to synchronise on but what it shows.
final class TmuxSession {
  /// tmux, if it is installed.
  static let executable: URL? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
    .map(URL.init(fileURLWithPath:))
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }

  private let socket = "trellis-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
  /// The window's size now.
  private(set) var width: Int
  private(set) var height: Int

  /// Starts `command` (a shell command line) in a detached window of `width` × `height`.
  init(command: String, width: Int, height: Int, environment: [String: String] = [:]) throws {
    self.width = width
    self.height = height
    var line = "exec sh -c \(Self.quoted(command))"
    for (name, value) in environment { line = "\(name)=\(Self.quoted(value)) " + line }
    try run([
      "-f", "/dev/null", "new-session", "-d", "-s", "app", "-x", "\(width)", "-y", "\(height)",
      line,
    ])
    // Keep the window at this size whatever clients attach (none do).
    try run(["set-option", "-t", "app", "window-size", "manual"])
    panePID = pid_t(display("#{pane_pid}")) ?? 0
  }

  /// The shell in the window; the program runs in its process group.
  private var panePID: pid_t = 0

  /// Ends the server, and whatever still runs in the window (a program that hangs).
  deinit {
    _ = try? run(["kill-server"])
    if panePID > 0 { kill(-panePID, SIGKILL) }
    // tmux leaves its socket behind: /tmp/tmux-UID/NAME, or under TMUX_TMPDIR.
    let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
    unlink("\(directory)/tmux-\(getuid())/\(socket)")
  }

  /// The screen's lines, trailing spaces removed: always one per row of the window, so that
  /// a test can index them while the program is still drawing.
  func lines() -> [String] {
    let text = (try? run(["capture-pane", "-p", "-t", "app"])) ?? ""
    var lines = text.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    lines = lines.prefix(height).map {
      String($0.reversed().drop(while: { $0 == " " }).reversed())
    }
    return lines + Array(repeating: "", count: max(0, height - lines.count))
  }

  /// The screen's lines with their SGR escape sequences, as tmux reports them.
  func styledLines() -> [String] {
    let text = (try? run(["capture-pane", "-p", "-e", "-t", "app"])) ?? ""
    return text.components(separatedBy: "\n")
  }

  /// The rows whose text is drawn in reverse video from their first column: the SGR
  /// sequences before the first character leave reverse video on.
  func highlightedRows() -> [Int] {
    styledLines().enumerated().compactMap { index, line in
      Self.startsInReverse(line) ? index : nil
    }
  }

  private static func startsInReverse(_ line: String) -> Bool {
    var rest = Substring(line)
    var isReverse = false
    while rest.hasPrefix("\u{1B}["), let end = rest.firstIndex(of: "m") {
      let parameters = rest[rest.index(rest.startIndex, offsetBy: 2)..<end]
      for parameter in parameters.split(separator: ";", omittingEmptySubsequences: false) {
        switch parameter {
        case "7": isReverse = true
        case "", "0", "27": isReverse = false
        default: continue
        }
      }
      rest = rest[rest.index(after: end)...]
    }
    return isReverse && !rest.isEmpty
  }

  /// A tmux format about the pane: `#{alternate_on}`, `#{cursor_flag}`.
  func display(_ format: String) -> String {
    ((try? run(["display-message", "-p", "-t", "app", format])) ?? "")
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Sends keys by tmux name (`Down`, `Enter`, `Escape`, `C-c`, `q`).
  func send(_ keys: String...) { send(keys) }

  /// Sends keys by tmux name, in one command (they arrive together).
  func send(_ keys: [String]) { _ = try? run(["send-keys", "-t", "app"] + keys) }

  /// Sends raw bytes.
  func send(bytes: [UInt8]) {
    _ = try? run(
      ["send-keys", "-t", "app", "-H"] + bytes.map { String($0, radix: 16) })
  }

  /// Resizes the window, as a person dragging its corner.
  func resize(width: Int, height: Int) {
    _ = try? run(["resize-window", "-t", "app", "-x", "\(width)", "-y", "\(height)"])
    self.width = width
    self.height = height
  }

  /// Polls the screen until `condition` holds; false after `timeout` seconds without it.
  /// The screen once it stops changing (two captures 100 ms apart agree), for a program that
  /// may be in the middle of writing a frame when a condition first holds.
  func settled(timeout: Double = 5) -> [String] {
    let deadline = Date().addingTimeInterval(timeout)
    var previous = lines()
    while Date() < deadline {
      usleep(100_000)
      let current = lines()
      if current == previous { return current }
      previous = current
    }
    return previous
  }

  @discardableResult
  func wait(timeout: Double = 15, until condition: ([String]) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if condition(lines()) { return true }
      usleep(50_000)
    }
    return condition(lines())
  }

  /// Runs tmux with `arguments` on this session's socket and returns what it printed.
  ///
  /// tmux is started as a shell would start it (posix_spawn, default signal dispositions,
  /// nothing blocked), not with Foundation's `Process`: the server tmux forks inherits the
  /// signal state of its client, and a child started by `Process` under the test runner missed
  /// its own exit (the wait never returned) and left a server whose panes ignored the hangup.
  @discardableResult
  private func run(_ arguments: [String]) throws -> String {
    guard let executable = Self.executable else { return "" }
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else { throw SpawnError(arguments: arguments) }
    // Only the dup2'd copy reaches tmux; the server it forks keeps neither end.
    for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    defer { close(pipeEnds[0]) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let strings = [executable.path, "-L", socket] + arguments
    let argv = strings.map { strdup($0) } + [nil]
    // The test may itself run inside tmux: its client must not take this for a nested session.
    let variables = ProcessInfo.processInfo.environment.filter { $0.key != "TMUX" }
    let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
    close(pipeEnds[1])
    guard spawned == 0 else { throw SpawnError(arguments: arguments) }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
      if count > 0 {
        output += buffer[0..<count]
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return String(decoding: output, as: UTF8.self)
  }

  /// tmux could not be started.
  struct SpawnError: Error {
    let arguments: [String]
  }

  /// `text` in single quotes for `sh`.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
