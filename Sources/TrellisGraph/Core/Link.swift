/// One dependency edge: `sub` read `dep` during its latest evaluation.
///
/// A link sits in two intrusive doubly linked lists at once: the subscriber's dependency list
/// (which owns it) and the dependency's subscriber list (which does not). Re-running an
/// evaluation that reads the same dependencies walks its list and reuses every link, so a
/// steady-state update allocates nothing.
///
/// Ownership: a subscriber keeps its dependencies alive (a derived value needs its inputs), a
/// dependency never keeps its subscribers alive. The unowned(unsafe) fields are valid because a
/// node unlinks all of its links before it is deallocated.
@MainActor
final class Link {
  /// The node that was read.
  let dep: GraphNode
  /// The node that read it.
  unowned(unsafe) let sub: GraphNode
  /// `dep.version` when `sub` last read it; a mismatch means `dep` changed since.
  @exclusivity(unchecked)
  var version: Int
  /// `sub.runStamp` of the evaluation that last confirmed this edge.
  @exclusivity(unchecked)
  var stamp: Int

  @exclusivity(unchecked)
  var nextDep: Link?
  @exclusivity(unchecked)
  unowned(unsafe) var prevDep: Link?
  @exclusivity(unchecked)
  unowned(unsafe) var nextSub: Link?
  @exclusivity(unchecked)
  unowned(unsafe) var prevSub: Link?

  init(dep: GraphNode, sub: GraphNode, version: Int, stamp: Int) {
    self.dep = dep
    self.sub = sub
    self.version = version
    self.stamp = stamp
  }
}
