/// SwiftUI's stack algorithm, along one axis.
///
/// 1. Take the spacing between children, and the minimum lengths of the spacers, off the
///    proposed length.
/// 2. Ask every other child for its minimum and maximum length along the axis (proposals of 0
///    and infinity); the difference is its flexibility. Set all the minimums aside.
/// 3. Visit those children from least to most flexible (ties in order). Offer each its minimum
///    plus an equal share of what is left over the minimums, rounded down, and subtract what it
///    takes beyond its minimum.
/// 4. The spacers share what remains, each taking at least its minimum length.
///
/// So fixed-size text gets what it needs first, `maxWidth: .infinity` frames share the rest,
/// and spacers take only what nobody else wants: `HStack { Text(title); Spacer(); Text(value) }`
/// wraps the title only when the row is really too narrow, as SwiftUI does. The cross axis
/// passes the proposal through unchanged, and the stack is as thick as its thickest child.
///
/// Simplified from SwiftUI: there is no `layoutPriority` (spacers behave as if lower, everything
/// else has priority 0), the spacing is the same between every pair of children (SwiftUI varies
/// it by the kinds of views that meet), and lengths are whole cells (SwiftUI divides fractional
/// points).
struct StackLayout {
  /// The stack's axis.
  let axis: StackAxis
  /// Cells between adjacent children.
  let spacing: Int

  /// The proposal each child receives and the size it chooses, in child order.
  func arrange(
    _ children: [TerminalLayoutNode], proposal: ProposedSize, engine: inout LayoutEngine,
    depth: Int
  ) -> [(proposal: ProposedSize, size: LayoutSize)] {
    let count = children.count
    guard count > 0 else { return [] }
    var result = [(proposal: ProposedSize, size: LayoutSize)](
      repeating: (.zero, .zero), count: count)
    func propose(_ length: Int?) -> ProposedSize {
      axis == .vertical
        ? ProposedSize(width: proposal.width, height: length)
        : ProposedSize(width: length, height: proposal.height)
    }
    func measure(_ index: Int, _ length: Int?) -> LayoutSize {
      let childProposal = propose(length)
      let size = engine.measure(children[index], childProposal, axis: axis, depth: depth)
      result[index] = (childProposal, size)
      return size
    }

    let proposed = axis == .vertical ? proposal.height : proposal.width
    guard let proposed, proposed != .max else {
      // Ideal and unbounded proposals pass through to every child.
      for index in 0..<count { _ = measure(index, proposed) }
      return result
    }
    var spacers: [Int] = []
    var others: [Int] = []
    var reserved = 0
    for index in 0..<count {
      if case .spacer(let minLength) = children[index].content {
        spacers.append(index)
        reserved = reserved.saturatingAdd(max(0, minLength ?? 0))
      } else {
        others.append(index)
      }
    }
    var remaining = max(
      0,
      proposed.saturatingSubtract(spacing.saturatingMultiply(count - 1)).saturatingSubtract(
        reserved))
    var least = [Int](repeating: 0, count: count)
    var flexibility = [Int](repeating: 0, count: count)
    for index in others {
      least[index] = length(of: measure(index, 0))
      flexibility[index] = length(of: measure(index, .max)).saturatingSubtract(least[index])
    }
    // Every child is sure of its minimum; the rest is what the equal shares divide.
    var extra = others.reduce(remaining) { $0.saturatingSubtract(least[$1]) }
    others.sort { (flexibility[$0], $0) < (flexibility[$1], $1) }
    for (position, index) in others.enumerated() {
      let share = max(0, extra) / (others.count - position)
      let size = measure(index, least[index].saturatingAdd(share))
      let taken = length(of: size)
      extra = extra.saturatingSubtract(taken.saturatingSubtract(least[index]))
      remaining = max(0, remaining.saturatingSubtract(taken))
    }
    remaining = remaining.saturatingAdd(reserved)
    for (position, index) in spacers.enumerated() {
      let size = measure(index, remaining / (spacers.count - position))
      remaining = max(0, remaining.saturatingSubtract(length(of: size)))
    }
    return result
  }

  /// The stack's own size for the arranged children's sizes.
  func size(of arranged: [(proposal: ProposedSize, size: LayoutSize)]) -> LayoutSize {
    guard !arranged.isEmpty else { return .zero }
    var along = spacing.saturatingMultiply(arranged.count - 1)
    var across = 0
    for child in arranged {
      along = along.saturatingAdd(length(of: child.size))
      across = max(across, thickness(of: child.size))
    }
    return axis == .vertical
      ? LayoutSize(width: across, height: along) : LayoutSize(width: along, height: across)
  }

  /// The length of `size` along the axis.
  func length(of size: LayoutSize) -> Int { axis == .vertical ? size.height : size.width }

  /// The length of `size` across the axis.
  func thickness(of size: LayoutSize) -> Int { axis == .vertical ? size.width : size.height }
}
