/// The state bits of a graph node.
struct NodeFlags: OptionSet {
  let rawValue: UInt8

  /// A direct dependency changed: the node must re-evaluate.
  static let dirty = NodeFlags(rawValue: 1 << 0)
  /// An indirect dependency changed: the node must check its derived inputs before deciding.
  static let pending = NodeFlags(rawValue: 1 << 1)
  /// The node is evaluating right now (used to detect cycles and writes during update).
  static let evaluating = NodeFlags(rawValue: 1 << 2)
  /// The node sits in a graph's run queue.
  static let queued = NodeFlags(rawValue: 1 << 3)
  /// The node was disposed and will never run again.
  static let disposed = NodeFlags(rawValue: 1 << 4)
  /// The node has produced a value at least once.
  static let hasValue = NodeFlags(rawValue: 1 << 5)
}
