/// How each layout modifier turns the proposal it receives into its child's proposal, and the
/// child's size into its own.
extension LayoutModifier {
  /// The proposal the modified view receives when the modifier is offered `proposal`.
  func childProposal(for proposal: ProposedSize) -> ProposedSize {
    switch self {
    case .padding(let insets):
      return proposal.inset(by: insets)
    case .border:
      return proposal.inset(by: TerminalEdgeInsets(1))
    case .background, .highlight:
      return proposal
    case .fixedFrame(let width, let height, _):
      return ProposedSize(width: width ?? proposal.width, height: height ?? proposal.height)
    case .flexibleFrame(let frame):
      return ProposedSize(
        width: Self.clamp(
          proposal.width ?? frame.idealWidth, min: frame.minWidth, max: frame.maxWidth),
        height: Self.clamp(
          proposal.height ?? frame.idealHeight, min: frame.minHeight, max: frame.maxHeight))
    }
  }

  /// The modifier's own size, given the proposal it received and the size its child chose.
  func size(for proposal: ProposedSize, childSize: LayoutSize) -> LayoutSize {
    switch self {
    case .padding(let insets):
      return childSize.outset(by: insets)
    case .border:
      return childSize.outset(by: TerminalEdgeInsets(1))
    case .background, .highlight:
      return childSize
    case .fixedFrame(let width, let height, _):
      return LayoutSize(width: width ?? childSize.width, height: height ?? childSize.height)
    case .flexibleFrame(let frame):
      return LayoutSize(
        width: Self.flexibleLength(
          child: childSize.width, proposed: proposal.width ?? frame.idealWidth,
          min: frame.minWidth, max: frame.maxWidth),
        height: Self.flexibleLength(
          child: childSize.height, proposed: proposal.height ?? frame.idealHeight,
          min: frame.minHeight, max: frame.maxHeight))
    }
  }

  /// Where the child sits inside the modifier's bounds `rect`, given the child's size.
  func childRect(in rect: LayoutRect, childSize: LayoutSize) -> LayoutRect {
    switch self {
    case .padding(let insets):
      return LayoutRect(x: rect.x + insets.leading, y: rect.y + insets.top, size: childSize)
    case .border:
      return LayoutRect(x: rect.x + 1, y: rect.y + 1, size: childSize)
    case .background, .highlight:
      return LayoutRect(x: rect.x, y: rect.y, size: childSize)
    case .fixedFrame(_, _, let alignment):
      return Self.place(childSize, in: rect, alignment: alignment)
    case .flexibleFrame(let frame):
      return Self.place(childSize, in: rect, alignment: frame.alignment)
    }
  }

  private static func place(_ size: LayoutSize, in rect: LayoutRect, alignment: TerminalAlignment)
    -> LayoutRect
  {
    let offset = alignment.offset(child: size, in: rect.size)
    return LayoutRect(x: rect.x + offset.x, y: rect.y + offset.y, size: size)
  }

  private static func clamp(_ length: Int?, min lower: Int?, max upper: Int?) -> Int? {
    guard var length else { return nil }
    if let lower { length = Swift.max(length, lower) }
    if let upper { length = Swift.min(length, upper) }
    return length
  }

  /// SwiftUI's rule for a flexible frame along one axis: the child's size, raised to the
  /// minimum but no further than the proposal, then lowered to the maximum but no lower than
  /// the proposal. So `maxWidth: .infinity` takes the whole proposal and `minWidth: 10` takes
  /// at least 10. With no proposal (and no ideal), the child's size stands in for it.
  private static func flexibleLength(child: Int, proposed: Int?, min lower: Int?, max upper: Int?)
    -> Int
  {
    let proposed = proposed ?? child
    var length = child
    if let lower { length = Swift.max(lower, Swift.min(length, proposed)) }
    if let upper { length = Swift.min(upper, Swift.max(length, proposed)) }
    return length
  }
}

extension ProposedSize {
  /// The proposal less the insets; unspecified stays unspecified and infinity stays infinite.
  func inset(by insets: TerminalEdgeInsets) -> ProposedSize {
    ProposedSize(
      width: width.map { $0.saturatingSubtract(insets.horizontal) },
      height: height.map { $0.saturatingSubtract(insets.vertical) })
  }
}

extension LayoutSize {
  /// The size plus the insets; infinity stays infinite.
  func outset(by insets: TerminalEdgeInsets) -> LayoutSize {
    LayoutSize(
      width: width.saturatingAdd(insets.horizontal), height: height.saturatingAdd(insets.vertical))
  }
}
