import TrellisViews

/// How an element looks in the terminal: the one place where element kinds become layout
/// nodes, and attributes and focus become layout modifiers and text styles.
///
/// | kind | drawn as |
/// |---|---|
/// | `Text` | its text, wrapped and truncated to the space offered |
/// | `VStack`, `HStack`, `ZStack` | the stack (SwiftUI's default alignment and spacing) |
/// | `List` | a vertical scroll view that takes the space offered, one row per child |
/// | `Button` | `[label]`; focusable |
/// | `NavigationLink` | the label, a spacer and `›`, so it spans its row; focusable |
/// | `Toggle` | `[x] title` or `[ ] title`; focusable |
/// | `ProgressView` | its label, dimmed |
/// | `Destination` | its content; it covers the views before it in its stack, which are hidden |
/// | `Sheet`, `Alert`, `ConfirmationDialog` | its content in a rounded box as wide as offered; it covers the views before it |
/// | `FullScreenCover` | its content; it covers the views before it |
/// | `Static` | nothing in the frame: its rows are printed once, above it |
/// | custom views and unknown kinds | their children, as if they stood in the enclosing stack |
///
/// | attribute | effect |
/// |---|---|
/// | `navigationTitle` | a bold header line and a divider above the element |
/// | `isOn` | the toggle's box |
/// | `keyPress` | none here: keys are routed to it (see `TerminalApp`) |
/// | `custom` and families added later | none until mapped here |
///
/// Focus shows as reverse video over the element's whole bounds. Style families the views add
/// later (foreground styles, bold, padding, frames, borders, backgrounds) are mapped in
/// `appearance(of:)`, each to a `LayoutModifier` or a `TerminalTextStyle` property.
@MainActor
enum ElementAppearance {
  /// The nodes an element is drawn with.
  struct Parts {
    var body: TerminalLayoutNode
    var container: TerminalLayoutNode?
    var leadingNodes = 0
  }

  /// What the attributes and the focus ask of the element's body.
  struct Appearance {
    var modifiers: [LayoutModifier] = []
    var textStyle = TerminalTextStyle.inherited
    var title: String?
    var isOn = false
    /// A lazy container's realized rows and its row count.
    var rows: (Range<Int>, total: Int)?
  }

  /// Whether an element of `kind` covers the elements before it in its container: a pushed
  /// level, presented content.
  static func coversSiblings(_ kind: ElementKind) -> Bool {
    kind == .navigationDestination || isPresentation(kind)
  }

  /// Whether `kind` is presented content.
  static func isPresentation(_ kind: ElementKind) -> Bool {
    kind == .sheet || kind == .fullScreenCover || kind == .alert || kind == .confirmationDialog
  }

  /// Whether an element of `kind` takes focus.
  static func isFocusable(_ kind: ElementKind) -> Bool {
    kind == .button || kind == .navigationLink || kind == .toggle
  }

  /// The nodes for a new element.
  static func layout(for kind: ElementKind, text: String?, attributes: ElementAttributes) -> Parts {
    switch kind {
    case .text, .toggle, .progressView:
      let appearance = appearance(of: kind, attributes: attributes, isFocused: false)
      return Parts(body: TerminalLayoutNode(leafContent(kind, text: text, appearance: appearance)))
    case .vStack:
      return container(.vStack())
    case .hStack:
      return container(.hStack())
    case .zStack:
      return container(.zStack())
    case .list:
      return container(.verticalScroll(offset: 0))
    case .button:
      let body = TerminalLayoutNode(
        .hStack(spacing: 0),
        children: [TerminalLayoutNode(.text("[")), TerminalLayoutNode(.text("]"))])
      return Parts(body: body, container: body, leadingNodes: 1)
    case .navigationLink:
      let body = TerminalLayoutNode(
        .hStack(),
        children: [TerminalLayoutNode(.spacer()), TerminalLayoutNode(.text("›"))])
      return Parts(body: body, container: body, leadingNodes: 0)
    case .staticOutput:
      return Parts(body: TerminalLayoutNode(.empty), container: nil)
    case .sheet, .fullScreenCover, .alert, .confirmationDialog:
      return container(.vStack(alignment: .leading, spacing: 0))
    default:
      // Custom views, destinations and kinds this renderer does not know: their children take
      // part in the enclosing stack, as a custom view's body does in SwiftUI.
      return container(.group)
    }
  }

  private static func container(_ content: TerminalLayoutContent) -> Parts {
    let node = TerminalLayoutNode(content)
    return Parts(body: node, container: node)
  }

  /// The content of a leaf.
  static func leafContent(_ kind: ElementKind, text: String?, appearance: Appearance)
    -> TerminalLayoutContent
  {
    switch kind {
    case .toggle: .text("[\(appearance.isOn ? "x" : " ")] \(text ?? "")")
    case .progressView: .text(text ?? "…")
    default: .text(text ?? "")
    }
  }

  /// What `attributes` and the focus ask of an element of `kind`.
  static func appearance(of kind: ElementKind, attributes: ElementAttributes, isFocused: Bool)
    -> Appearance
  {
    var appearance = Appearance()
    for attribute in attributes {
      switch attribute {
      case .navigationTitle(let title):
        appearance.title = title
      case .isOn(let isOn):
        appearance.isOn = isOn
      case .rows(let rows, let total):
        appearance.rows = (rows, total)
      case .keyPress, .scrollAxes, .isSelected, .custom:
        continue
      }
    }
    if kind == .progressView { appearance.textStyle.dim = true }
    if kind == .sheet || kind == .alert || kind == .confirmationDialog {
      // In a box as wide as offered, at the top of all the space the covered view had.
      appearance.modifiers.append(.frame(maxWidth: .max, alignment: .topLeading))
      appearance.modifiers.append(.border(TerminalBorder(.rounded)))
      appearance.modifiers.append(.frame(maxHeight: .max, alignment: .top))
    } else if kind == .fullScreenCover {
      appearance.modifiers.append(.frame(maxWidth: .max, maxHeight: .max, alignment: .topLeading))
    }
    if isFocused {
      appearance.textStyle.inverse = true
      appearance.modifiers.append(.highlight(.inverse))
    }
    return appearance
  }

  /// Brings the element's nodes up to date with its text, attributes and focus. When a title
  /// header comes or goes, the element's slot changes and the new slot takes the old one's
  /// place among its parent's layout children.
  static func update(_ element: TerminalElement) {
    let appearance = appearance(
      of: element.kind, attributes: element.attributes, isFocused: element.isFocused)
    let body = element.body
    if element.kind == .text || element.kind == .toggle || element.kind == .progressView {
      let content = leafContent(element.kind, text: element.text, appearance: appearance)
      if body.content != content { body.content = content }
    }
    if element.kind == .list {
      if let (rows, total) = appearance.rows {
        element.realizedRows = rows
        element.totalRows = total
        element.scrollRow = min(element.scrollRow, max(0, total - 1))
      }
      let content = TerminalLayoutContent.verticalScroll(
        offset: max(0, element.scrollRow - (element.realizedRows?.lowerBound ?? 0)))
      if body.content != content { body.content = content }
    }
    if body.modifiers != appearance.modifiers { body.modifiers = appearance.modifiers }
    if body.textStyle != appearance.textStyle { body.textStyle = appearance.textStyle }
    if let title = appearance.title, let node = element.titleNode {
      node.content = .text(title, lineLimit: 1)
    } else if (appearance.title == nil) != (element.titleNode == nil) {
      // Rare (a title that comes or goes), so finding the slot among its siblings is fine.
      let oldSlot = element.slot
      let parent = oldSlot.parent
      let index = parent?.children.firstIndex { $0 === oldSlot }
      replaceHeader(of: element, title: appearance.title)
      if let parent, let index {
        if index < parent.children.count, parent.children[index] === oldSlot {
          parent.removeChild(at: index)
        }
        parent.insertChild(element.slot, at: index)
      }
    }
  }

  /// A title puts the body under a header: the title in bold and a divider.
  private static func replaceHeader(of element: TerminalElement, title: String?) {
    switch (title, element.titleNode) {
    case (nil, nil), (.some, .some):
      return
    case (let title?, nil):
      let node = TerminalLayoutNode(
        .text(title, lineLimit: 1), textStyle: TerminalTextStyle(bold: true))
      let header = TerminalLayoutNode(
        .vStack(alignment: .leading, spacing: 0),
        children: [node, TerminalLayoutNode(.divider), element.body])
      header.isHidden = element.slot.isHidden
      element.titleNode = node
      element.slot = header
    case (nil, .some):
      element.body.removeFromParent()
      element.body.isHidden = element.slot.isHidden
      element.titleNode = nil
      element.slot = element.body
    }
  }
}
