/// Lays a tree of `TerminalLayoutNode`s out into a character grid.
///
/// Layout follows SwiftUI's proposal model: a parent proposes a size to each child, the child
/// chooses its own size, and the parent places it. The root is proposed the frame's size and
/// placed at the top left. Sizes are in terminal columns and rows (`DisplayWidth`), so wide and
/// combining characters count correctly. See `StackLayout` for the stack algorithm,
/// `LayoutModifier` for padding, frames, borders and backgrounds, and `TerminalLayoutContent`
/// for the primitives.
public enum TerminalLayout {
  /// The deepest nesting laid out; deeper subtrees are skipped (and reported in the result)
  /// instead of overflowing the stack.
  public static let maximumDepth = 256

  /// The result of laying a tree out.
  public struct Result: Sendable {
    /// The drawn frame.
    public var grid: CellGrid
    /// The size the root chose, which may be larger than the grid (the excess is clipped).
    public var rootSize: LayoutSize
    /// Whether a subtree nested deeper than `maximumDepth` was left out.
    public var exceededMaximumDepth: Bool
  }

  /// The size `node` chooses for `proposal`, as its parent would see it.
  ///
  /// - Parameters:
  ///   - node: the root of a subtree.
  ///   - proposal: the offered size.
  /// - Returns: the chosen size. Repeated calls on an unchanged subtree are cached.
  public static func sizeThatFits(_ node: TerminalLayoutNode, _ proposal: ProposedSize)
    -> LayoutSize
  {
    var engine = LayoutEngine(maximumDepth: maximumDepth)
    return engine.measure(node, proposal, axis: nil, depth: 0)
  }

  /// Lays `root` out in a frame of exactly `size` (full-screen mode) and draws it.
  ///
  /// - Parameters:
  ///   - root: the tree; each node's `frame` is updated.
  ///   - size: the frame's size, usually the terminal's; negative dimensions count as 0.
  /// - Returns: the grid and what the root chose.
  public static func render(_ root: TerminalLayoutNode, size: LayoutSize) -> Result {
    let size = LayoutSize(width: max(0, size.width), height: max(0, size.height))
    return render(root, proposal: ProposedSize(size), gridSize: { _ in size })
  }

  /// Lays `root` out at its ideal height for `width` columns (inline mode) and draws it.
  ///
  /// - Parameters:
  ///   - root: the tree; each node's `frame` is updated.
  ///   - width: the frame's width, usually the terminal's.
  ///   - maximumHeight: the most rows the frame may take (usually the terminal's height, as an
  ///     inline frame cannot be updated once it scrolls off). When the ideal height is larger,
  ///     the root is proposed this height instead, so text truncates and stacks compress.
  /// - Returns: a grid as high as the root chose, at most `maximumHeight`.
  public static func render(_ root: TerminalLayoutNode, width: Int, maximumHeight: Int? = nil)
    -> Result
  {
    let width = max(0, width)
    var proposal = ProposedSize(width: width, height: nil)
    let ideal = sizeThatFits(root, proposal)
    if let maximumHeight, ideal.height > maximumHeight {
      proposal.height = max(0, maximumHeight)
    }
    return render(root, proposal: proposal) { chosen in
      LayoutSize(
        width: width,
        height: min(chosen.height == .max ? 0 : chosen.height, maximumHeight ?? .max))
    }
  }

  private static func render(
    _ root: TerminalLayoutNode, proposal: ProposedSize, gridSize: (LayoutSize) -> LayoutSize
  ) -> Result {
    var engine = LayoutEngine(maximumDepth: maximumDepth)
    let rootSize = engine.measure(root, proposal, axis: nil, depth: 0)
    let size = gridSize(rootSize)
    var grid = CellGrid(width: size.width, height: size.height)
    engine.place(
      root, at: (0, 0), proposal: proposal, axis: nil, inherited: .plain, depth: 0, into: &grid)
    return Result(
      grid: grid, rootSize: rootSize, exceededMaximumDepth: engine.exceededMaximumDepth)
  }
}
