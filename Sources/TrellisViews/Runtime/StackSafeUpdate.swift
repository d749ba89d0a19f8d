import TrellisTracking

/// How much stack must remain for a view's update to run on the current stack: below it, the
/// update continues on a fresh segment (as the graph does for deep evaluations).
private let updateStackReserve = 256 * 1024

/// Runs `Content._update(view, in: node)`, continuing on a fresh stack segment of this thread
/// when this one is nearly used up.
///
/// A composite view's body runs as a graph effect, which switches stacks on its own; built-in
/// containers and modifiers nested in one body (`AnyView(VStack { v }.padding())` in a loop,
/// as a recursive render of an outline builds) recurse here instead, one update per level,
/// and 3,000 levels overflowed the stack. The segment is of the same thread, so main-actor
/// code stays on the main actor.
@MainActor
@inline(__always)
func updateKeepingStack<Content: View>(_ view: Content, in node: ViewNode) {
  if remainingStackBytes() < updateStackReserve,
    withFreshStack({ Content._update(view, in: node) })
  {
    return
  }
  Content._update(view, in: node)
}
