/// What a layout node is: a leaf that draws something, or a container that arranges its
/// children.
///
/// These are SwiftUI's layout primitives with their default arguments. Containers arrange the
/// node's children; leaves ignore children.
public enum TerminalLayoutContent: Hashable, Sendable {
  /// Takes no space and draws nothing, as `EmptyView`.
  case empty
  /// Text, wrapped at word boundaries to the proposed width (a word longer than a line is
  /// broken between graphemes) and tail-truncated with `…` when it has more lines than the
  /// proposed height or `lineLimit` allow. `alignment` aligns the lines of multi-line text, as
  /// `.multilineTextAlignment`. Newlines start paragraphs; tabs count as one space; other
  /// control characters are dropped.
  case text(String, lineLimit: Int? = nil, alignment: TerminalAlignment.Horizontal = .leading)
  /// One line of text that keeps its `keepingVisible`th character (counted in `Character`s)
  /// in view, as a text field keeps its caret: when the line is wider than the proposed width,
  /// it shows a window of it, cut with `…` where text is hidden (at the end while that
  /// character fits before it, otherwise at the start, the character at the right edge).
  /// An index outside the text keeps the start in view. Controls are dropped as for `text`.
  case singleLine(String, keepingVisible: Int)
  /// A `VStack`: children top to bottom, `spacing` rows apart (nil: 0), aligned horizontally.
  case vStack(alignment: TerminalAlignment.Horizontal = .center, spacing: Int? = nil)
  /// An `HStack`: children left to right, `spacing` columns apart (nil: 1, the terminal's
  /// counterpart of SwiftUI's default spacing), aligned vertically.
  case hStack(alignment: TerminalAlignment.Vertical = .center, spacing: Int? = nil)
  /// A `ZStack`: children on top of each other, later ones in front, aligned in the union of
  /// their sizes.
  case zStack(alignment: TerminalAlignment = .center)
  /// A `Spacer`: in a stack, it takes at least `minLength` (nil: 0) along the stack's axis and
  /// all the space left over, shared with other spacers. Outside a stack it fills the proposal
  /// on both axes.
  case spacer(minLength: Int? = nil)
  /// A `Divider`: a line one cell thick across the stack's cross axis (`─` in a `VStack` or
  /// outside a stack, `│` in an `HStack`), drawn in the foreground colour.
  case divider
  /// A linear `ProgressView` with a value: `label` (when not empty) and a space, a bar of `█`
  /// and `·` cells, and the percentage done, right-aligned in 5 cells. Like SwiftUI's linear
  /// progress view it takes the width it is offered, the bar growing or shrinking (the label is
  /// truncated when nothing is left for it); its ideal width has a 20-cell bar. One row high.
  /// `fraction` is clamped to 0...1.
  case progressBar(label: String, fraction: Double)
  /// A vertical `ScrollView` or `List` scrolled to the child `offset`: children top to bottom,
  /// leading-aligned, from that child on (the ones before it are scrolled out of view). It takes
  /// all the space it is proposed, on both axes, as SwiftUI's `List` does; its ideal size is
  /// that of the children from `offset` on. Only the children that fit are laid out and drawn,
  /// so a long list costs what it shows: each child is offered the full width and its ideal
  /// height, and the last one the rows that are left (its text truncates). The node's
  /// `visibleChildren` tells which rows the last render showed. Each child is one row; a
  /// group child lays its own children out as a `VStack`; a list's `Section` (a row group)
  /// gives its children as rows.
  case verticalScroll(offset: Int)
  /// A transparent container, as `Group` or `ForEach`: its children take part in the enclosing
  /// stack as if they were the stack's own. Its layout modifiers are not applied (SwiftUI
  /// applies a group's modifiers to each child; a renderer should move them there). Outside a
  /// stack, a group arranges its children as a `VStack`.
  case group

  /// The spacing between children of a stack, in cells.
  var spacing: Int {
    switch self {
    case .vStack(_, let spacing): max(0, spacing ?? 0)
    case .hStack(_, let spacing): max(0, spacing ?? 1)
    default: 0
    }
  }

  /// The axis along which this container arranges its children, if it is a stack.
  var stackAxis: StackAxis? {
    switch self {
    case .vStack, .group: .vertical
    case .hStack: .horizontal
    default: nil
    }
  }

  /// Whether this content arranges children.
  var isContainer: Bool {
    switch self {
    case .vStack, .hStack, .zStack, .group, .verticalScroll: true
    case .empty, .text, .singleLine, .spacer, .divider, .progressBar: false
    }
  }
}

/// The axis of a stack. Spacers and dividers read it from their enclosing stack.
enum StackAxis: Hashable, Sendable {
  case horizontal
  case vertical
}
