import TrellisTracking
import TrellisViews

/// A log the views under test write to, to assert what ran and in which order.
@MainActor
final class Probe {
  var log: [String] = []
  var count = 0

  /// Counts and returns the next number: an initializer expression the tests count.
  func next() -> Int {
    count += 1
    return count
  }
}

/// Holds an object without keeping it alive.
struct Weak<Object: AnyObject> {
  weak var object: Object?
}

extension ViewHost {
  /// The events as strings, such as `appear Child #1`.
  var eventLog: [String] { events.map(\.description) }
  /// The body runs as strings, such as `Counter: @State Counter.count`.
  var runLog: [String] { bodyRuns.map(\.description) }
}

/// Channels that task bodies await, fed by the test: a task runs until its channel is fed or
/// finished, or until it is cancelled. A channel exists as soon as either side asks for it, so
/// finishing one before its task starts is fine. Each run gets its own channel: the second run
/// of `b` is `b#2`.
@MainActor
final class TaskGate {
  private var channels: [String: (AsyncStream<Int>, AsyncStream<Int>.Continuation)] = [:]
  private var runs: [String: Int] = [:]
  private var waiters: [(line: String, continuation: CheckedContinuation<Void, Never>)] = []
  /// What the task bodies did, in order.
  private(set) var log: [String] = []

  private func channel(_ key: String) -> (AsyncStream<Int>, AsyncStream<Int>.Continuation) {
    if let channel = channels[key] { return channel }
    let channel = AsyncStream.makeStream(of: Int.self)
    channels[key] = channel
    return channel
  }

  private func record(_ line: String) {
    log.append(line)
    let ready = waiters.filter { $0.line == line }
    waiters.removeAll { $0.line == line }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// A task body: logs its start, every value fed, and its end with its cancellation state.
  func run(_ name: String) async {
    let count = runs[name, default: 0] + 1
    runs[name] = count
    let key = count == 1 ? name : "\(name)#\(count)"
    record("\(key) started")
    for await value in channel(key).0 { record("\(key) got \(value)") }
    record("\(key) ended, cancelled: \(Task.isCancelled)")
  }

  /// Returns once a task body has logged `line` (at once if it already has).
  func waitUntil(_ line: String) async {
    if log.contains(line) { return }
    await withCheckedContinuation { waiters.append((line, $0)) }
  }

  /// Sends `value` to the task awaiting `key`.
  func send(_ value: Int, to key: String) { channel(key).1.yield(value) }

  /// Lets the task awaiting `key` end normally.
  func finish(_ key: String) { channel(key).1.finish() }

  /// The log lines of one task.
  func log(of key: String) -> [String] { log.filter { $0.hasPrefix("\(key) ") } }
}

/// A list element with a stable id and a name that may change.
struct Item: Identifiable, Equatable {
  let id: Int
  var name: String
}

/// A tracked model holding a list, for `ForEach` tests.
final class ListModel: Trackable {
  @Tracked var items: [Item]
  @Tracked var showMiddle = false

  init(_ items: [Item]) { _items = Tracked(wrappedValue: items) }

  /// Items named `a`, `b`, … with ids 1, 2, ….
  convenience init(names: String...) {
    self.init(names.enumerated().map { Item(id: $0.offset + 1, name: $0.element) })
  }
}

/// An object-level model (`ObservableObject` style).
final class ObjectModel: ObjectTrackable {
  let objectChanges = ObjectChangeNotifier()
  @ObjectTracked var title: String
  @ObjectTracked var subtitle = ""

  init(title: String) { _title = ObjectTracked(wrappedValue: title) }
}

/// Makes models and initial values while counting the calls and remembering the models
/// weakly, to check how often the runtime evaluates factories and what it keeps alive.
@MainActor
final class Factory {
  private(set) var log: [String] = []
  private(set) var models: [Weak<ObjectModel>] = []

  /// An initial value, logged as `initial <value>`.
  func initial(_ value: Int) -> Int {
    log.append("initial \(value)")
    return value
  }

  /// A new model titled `v<n>`, logged as `model v<n>`.
  func model() -> ObjectModel {
    let title = "v\(models.count + 1)"
    let model = ObjectModel(title: title)
    models.append(Weak(object: model))
    log.append("model \(title)")
    return model
  }

  /// How many of the models made so far are still alive.
  var liveModels: Int { models.filter { $0.object != nil }.count }
}

/// A renderer that keeps the id, kind and text of every element it creates, so that a test can
/// activate one through the connection; it draws nothing.
@MainActor
final class CreatedElements: Renderer {
  let rootElement = 0
  var connection: RendererConnection?
  /// Called at the end of every commit, from inside it.
  var onEndCommit: (() -> Void)?
  private(set) var created: [(id: ElementID, kind: ElementKind, text: String?)] = []

  /// The ids of the elements of `kind` created so far (with `text`, when given), in order.
  func ids(of kind: ElementKind, text: String? = nil) -> [ElementID] {
    created.filter { $0.kind == kind && (text == nil || $0.text == text) }.map(\.id)
  }

  func createElement(_ description: ElementDescription) -> Int {
    created.append((description.id, description.kind, description.text))
    return 0
  }
  func insert(_ child: Int, into parent: Int, at index: Int) {}
  func move(_ child: Int, in parent: Int, from source: Int, to destination: Int) {}
  func remove(_ child: Int, from parent: Int, at index: Int) {}
  func setText(_ text: String?, of element: Int) {}
  func setAttributes(_ attributes: ElementAttributes, of element: Int) {}
  func endCommit(_ commit: CommitInfo) { onEndCommit?() }
  func connect(_ connection: RendererConnection) { self.connection = connection }
}
