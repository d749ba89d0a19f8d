import TrellisGraph

/// A view that set a preference value.
@MainActor
final class PreferenceWriterPart<K: PreferenceKey>: NodePart {
  private(set) var value: K.Value
  /// The nearest reader above, told when the value changes or leaves.
  weak var reader: PreferenceReaderPart<K>?

  init(value: K.Value, reader: PreferenceReaderPart<K>?) {
    self.value = value
    self.reader = reader
    reader?.invalidate()
  }

  /// Takes the latest value; a value that may differ (not `Equatable`, or unequal) makes the
  /// readers above collect again.
  func update(_ newValue: K.Value) {
    if let old = value as? any Equatable, old.isEqualToAny(newValue) { return }
    value = newValue
    reader?.invalidate()
  }

  func nodeDidUnmount() { reader?.invalidate() }
}

/// A view that adjusts a preference value.
@MainActor
final class PreferenceTransformPart<K: PreferenceKey>: NodePart {
  var transform: (inout K.Value) -> Void
  weak var reader: PreferenceReaderPart<K>?

  init(transform: @escaping (inout K.Value) -> Void, reader: PreferenceReaderPart<K>?) {
    self.transform = transform
    self.reader = reader
  }

  func nodeDidUnmount() { reader?.invalidate() }
}

/// The cell an overlay or background made from a preference value reads.
@MainActor
final class PreferenceValueSource<K: PreferenceKey>: NodePart {
  let cell = Cell(K.defaultValue, name: "preference \(K.self)")
}

/// A reader that collects again when the flush ends (see `HostCore.settle()`).
@MainActor
protocol PreferenceResolving: AnyObject {
  /// The reader's node's depth: inner readers collect first.
  var depth: Int { get }
  /// The order readers were made in, which breaks ties.
  var serial: Int { get }
  /// Collects the value and reports it when it changed.
  func resolve()
  /// Marks the reader (and the readers of its key above it) to collect when the flush ends.
  func invalidate()
}

/// The preference readers of one node, whatever their keys, linked to the nearest node above
/// with readers: in the environment of the views below, so that a change of structure there
/// (children inserted, moved or removed, a subtree hidden or shown) marks exactly the readers
/// whose content it is in. Values may then combine in another order.
///
/// Before, such a change marked every reader in the host, and each walked its whole content
/// again: one structural change beside 16,000 rows with `.onPreferenceChange` took 92 ms, and a
/// navigation push cost O(depth) (found by a new user).
@MainActor
final class PreferenceReaderLink: NodePart {
  /// Weak, as a reader's `outer`: a link must not keep the nodes above it alive.
  private weak var outer: PreferenceReaderLink?
  private(set) var readers: [any PreferenceResolving] = []

  init(outer: PreferenceReaderLink?) { self.outer = outer }

  func add(_ reader: any PreferenceResolving) {
    if !readers.contains(where: { $0 === reader }) { readers.append(reader) }
  }

  /// Marks the readers here and above.
  func invalidateReaders() {
    var link: PreferenceReaderLink? = self
    while let current = link {
      for reader in current.readers { reader.invalidate() }
      link = current.outer
    }
  }
}

/// Which children of a reader's node hold the views whose values it reads.
enum PreferenceContent {
  /// All of them (a modifier's content).
  case allChildren
  /// The first only (the content of an overlay; the root of a navigation stack, not the
  /// destinations pushed above it).
  case firstChild
}

/// One step of a reader's walk: a node to visit, or the end of a transform's subtree.
private enum PreferenceWalkStep {
  case visit(ViewNode)
  case closeTransform
}

/// A view that reads the combined value of `K` in its subtree: it is in the environment of the
/// views below, so writers find it; when one of them changes, appears or leaves, the reader
/// (and every reader above it) is marked, and collects again when the flush ends.
@MainActor
final class PreferenceReaderPart<K: PreferenceKey>: NodePart, PreferenceResolving {
  unowned let node: ViewNode
  weak var outer: PreferenceReaderPart<K>?
  let content: PreferenceContent
  /// Receives the host, the previous value (the default the first time) and the new one.
  let onChange: @MainActor (HostCore, K.Value, K.Value) -> Void
  let serial: Int
  private var last: K.Value?
  private var isStale = false
  /// False once the node left the tree: a reader still listed as stale then does nothing.
  private var isMounted = true
  @HostReference private var host: HostCore?

  var depth: Int { isMounted ? node.depth : 0 }

  init(
    node: ViewNode, outer: PreferenceReaderPart<K>?, content: PreferenceContent,
    onChange: @escaping @MainActor (HostCore, K.Value, K.Value) -> Void
  ) {
    self.node = node
    self.outer = outer
    self.content = content
    self.onChange = onChange
    host = node.host
    node.host.preferenceReaderSerial += 1
    serial = node.host.preferenceReaderSerial
    node.host.preferenceReaders[ObjectIdentifier(self)] = self
  }

  /// A value below may have changed: collect when the flush ends.
  func invalidate() {
    var reader: PreferenceReaderPart<K>? = self
    while let current = reader, !current.isStale {
      current.isStale = true
      current.host?.stalePreferenceReaders.append(current)
      reader = current.outer
    }
  }

  func resolve() {
    isStale = false
    guard isMounted, let host else { return }
    host.preferenceCollections += 1
    let value = collect()
    let previous = last
    if let previous, let old = previous as? any Equatable, old.isEqualToAny(value) { return }
    last = value
    onChange(host, previous ?? K.defaultValue, value)
  }

  /// The combination of the values set in the reader's content, in pre-order. A writer's value
  /// replaces those below it; a transform changes the combination below it. Presented content
  /// (a sheet, a cover, an alert, a dialog) is left out: as in SwiftUI, where it is hosted on
  /// its own, its preferences do not reach the view that presents it.
  private func collect() -> K.Value {
    var frames: [(transform: ((inout K.Value) -> Void)?, values: [K.Value])] = [(nil, [])]
    var stack: [PreferenceWalkStep] = []
    let children = content == .firstChild ? Array(node.children.prefix(1)) : node.children.array
    for child in children.reversed() { stack.append(.visit(child)) }
    while let step = stack.popLast() {
      switch step {
      case .visit(let current):
        if current.parts[DismissPart.self]?.isPresentation == true { continue }
        // A subtree its container hides (a tab switched away, a row scrolled out, a covered
        // navigation level) is not shown, so it sets no preferences, as in SwiftUI.
        if current.isHiddenByContainer { continue }
        if let writer = current.parts[PreferenceWriterPart<K>.self] {
          frames[frames.count - 1].values.append(writer.value)
          continue
        }
        if let transform = current.parts[PreferenceTransformPart<K>.self] {
          frames.append((transform.transform, []))
          stack.append(.closeTransform)
        }
        for child in current.children.reversed() { stack.append(.visit(child)) }
      case .closeTransform:
        let frame = frames.removeLast()
        var value = Self.combine(frame.values)
        frame.transform?(&value)
        frames[frames.count - 1].values.append(value)
      }
    }
    return Self.combine(frames[0].values)
  }

  private static func combine(_ values: [K.Value]) -> K.Value {
    guard var result = values.first else { return K.defaultValue }
    for next in values.dropFirst() { K.reduce(value: &result, nextValue: { next }) }
    return result
  }

  func nodeDidUnmount() {
    isMounted = false
    host?.preferenceReaders[ObjectIdentifier(self)] = nil
    outer?.invalidate()
  }
}

extension ViewNode {
  /// The nearest reader of `K` above this node, read without a dependency.
  func nearestPreferenceReader<K: PreferenceKey>(_ key: K.Type) -> PreferenceReaderPart<K>? {
    GraphEvaluation.untracked { environment.object(PreferenceReaderPart<K>.self) }
  }

  /// Makes this node a reader of `K` for the views in `content`: it enters their environment
  /// and collects when the flush ends (the first time, at the end of this one).
  func installPreferenceReader<K: PreferenceKey>(
    _ key: K.Type, content: PreferenceContent,
    onChange: @escaping @MainActor (HostCore, K.Value, K.Value) -> Void
  ) {
    let outer = nearestPreferenceReader(K.self)
    let reader = parts.part(PreferenceReaderPart<K>.self) {
      PreferenceReaderPart(node: self, outer: outer, content: content, onChange: onChange)
    }
    let link = parts.part(PreferenceReaderLink.self) {
      PreferenceReaderLink(
        outer: GraphEvaluation.untracked { environment.object(PreferenceReaderLink.self) })
    }
    link.add(reader)
    ensureOwnEnvironment()
    environment.setObject(reader)
    environment.setObject(link)
    reader.invalidate()
  }
}

extension HostCore {
  /// The structure below some element changed: readers must collect again, since values may
  /// now combine in another order. Costs nothing while the host has no reader.
  /// - Parameter node: the node whose children (or whose place) changed: the readers whose
  ///   content it is in collect again (see `PreferenceReaderLink`).
  func preferencesMayHaveMoved(below node: ViewNode) {
    guard !preferenceReaders.isEmpty else { return }
    let link = GraphEvaluation.untracked { node.environment.object(PreferenceReaderLink.self) }
    link?.invalidateReaders()
  }

  /// Collects the marked readers, innermost first.
  func resolvePreferences() {
    while !stalePreferenceReaders.isEmpty {
      var seen: Set<ObjectIdentifier> = []
      let readers = stalePreferenceReaders.filter { seen.insert(ObjectIdentifier($0)).inserted }
      stalePreferenceReaders = []
      for reader in readers.sorted(by: { ($1.depth, $0.serial) < ($0.depth, $1.serial) }) {
        reader.resolve()
      }
    }
  }

}
