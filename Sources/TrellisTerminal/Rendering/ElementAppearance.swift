import TrellisViews

/// How an element looks in the terminal: the one place where element kinds become layout
/// nodes, and attributes and focus become layout modifiers and text styles.
///
/// | kind | drawn as |
/// |---|---|
/// | `Text` | its text, wrapped and truncated to the space offered |
/// | `VStack`, `HStack`, `ZStack`, `LazyHStack` | the stack (SwiftUI's default alignment and spacing unless the attributes say) |
/// | `Form`, `Section` | a leading-aligned column |
/// | `Label` | a row of its parts |
/// | `List`, `LazyVStack` | a vertical scroll view that takes the space offered, one row per child (a `ScrollView` around a `LazyVStack` is its content) |
/// | `Spacer`, `Divider` | a flexible space, a line across the stack |
/// | `Button` | `[label]`; focusable |
/// | `NavigationLink` | the label, a spacer and `›`, so it spans its row; focusable |
/// | `Toggle` | `[x] title` or `[ ] title`; focusable |
/// | `TextField`, `SecureField`, `SearchField`, `TextEditor` | the value (dots when secure), else the prompt dimmed, underlined, with a bar where typing goes when focused; focusable |
/// | `Picker`, `Slider` | `title: value` (a picker's value is its selected option's label); focusable, and Left and Right change it |
/// | `Stepper` | `title [−\|+]`, as SwiftUI's shows no value; focusable, and Left and Right step it |
/// | `TabItem` | its label; focusable, and Return shows its tab |
/// | a row of a `List(selection:)` | the row; focusable when no control is in it, and Return selects it |
/// | `ProgressView` | its label, dimmed; with a value, the label, a bar across the width offered (20 cells ideally) and the percentage |
/// | `Destination` | its content; it covers the views before it in its stack, which are hidden |
/// | `Sheet`, `Alert`, `ConfirmationDialog` | its content in a rounded box as wide as offered; it covers the views before it |
/// | `FullScreenCover` | its content; it covers the views before it |
/// | `Static` | nothing in the frame: its rows are printed once, above it |
/// | custom views and unknown kinds (`ScrollView`, `TabView`, shapes, images) | their children, as if they stood in the enclosing stack |
///
/// | attribute | effect |
/// |---|---|
/// | `navigationTitle` | a bold header line and a divider above the element (the first title of the element) |
/// | `isOn` | the toggle's box |
/// | `isSelected` | bold when true (a selected list row or tab) |
/// | `rows` | which rows of all a `List`'s children are (see `TerminalRenderer`) |
/// | `layout`: padding, frame, flexible frame | a `LayoutModifier`, in cells |
/// | `layout`: alignment, spacing, minimum length | the stack's or spacer's content |
/// | `layout`: line limit, multiline alignment | the text's content |
/// | `style`: bold, weight, font, italic, underline, strikethrough, foreground, opacity | the `TerminalTextStyle` |
/// | `style`: background, border | a `LayoutModifier` |
/// | `control`: text, prompt, value, selection | a control's text |
/// | `control`: disabled | dimmed, and out of the focus order |
/// | `control`: focused | the host's focus, which the terminal's follows (see `TerminalRenderer`) |
/// | `keyPress` | none here: keys are routed to it (see `TerminalApp`) |
/// | `offset`, tint, fill, stroke, corner radius, content, `custom` | none |
///
/// Focus shows as reverse video over the element's whole bounds. See `TerminalValues` for
/// lengths and colours.
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
    /// A control's label from its label view, when it has no title text.
    var label: String?
    var isOn = false
    /// A determinate progress view's fraction done, 0…1.
    var progress: Double?
    /// A lazy container's realized rows and its row count.
    var rows: (Range<Int>, total: Int)?
    /// A stack's alignment and spacing, a spacer's minimum length (`alignment:`, `spacing:`,
    /// `Spacer(minLength:)`), in cells.
    var horizontalAlignment: TerminalAlignment.Horizontal?
    var verticalAlignment: TerminalAlignment.Vertical?
    var spacing: Int?
    var minLength: Int?
    /// A text's line limit and alignment of its lines.
    var lineLimit: Int?
    var textAlignment: TerminalAlignment.Horizontal = .leading
    /// A field's value and prompt.
    var value: String?
    var prompt: String?
    /// Where typing goes in a field's value, when not at its end.
    var caret: Int?
    /// `.disabled(true)`: dimmed, and no focus.
    var isDisabled = false
    /// The host's focus is on the element (`@FocusState`, a driver).
    var hasHostFocus = false
    /// The terminal's focus is on the element: a field shows where typing goes.
    var showsCursor = false
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

  /// Whether an element of `kind` scrolls its rows: a `List`, and a `LazyVStack` (inside a
  /// `ScrollView` or not: a terminal shows the rows that fit, from its offset). The host
  /// realizes the rows of the viewport the renderer reports for the element itself.
  static func scrollsRows(_ kind: ElementKind) -> Bool {
    kind == .list || kind == .lazyVStack
  }

  /// Whether an element of `kind` takes focus (when it is not disabled).
  static func isFocusable(_ kind: ElementKind) -> Bool {
    kind == .button || kind == .navigationLink || kind == .toggle || isTextEntry(kind)
      || kind == .picker || kind == .stepper || kind == .slider || kind == .tabItem
  }

  /// The texts of the option below `picker` tagged `tag` (its label, as SwiftUI's picker shows
  /// the selected option), joined by spaces; nil when no option has that tag.
  static func optionLabel(in picker: TerminalElement, tag: String) -> String? {
    var pending = Array(picker.children.reversed())
    while let element = pending.popLast() {
      let isOption = element.attributes.contains {
        if case .control(.tag(let value)) = $0 { value == tag } else { false }
      }
      guard isOption else {
        pending += element.children.reversed()
        continue
      }
      var texts: [String] = []
      var inside = [element]
      while let current = inside.popLast() {
        if let text = current.text, !text.isEmpty { texts.append(text) }
        inside += current.children.reversed()
      }
      return texts.joined(separator: " ")
    }
    return nil
  }

  /// The texts of a control's label view: its children that hold no option (a picker's
  /// options are tagged), joined by spaces; nil when there are none.
  static func labelText(of control: TerminalElement) -> String? {
    var texts: [String] = []
    var pending = Array(control.children.reversed())
    while let element = pending.popLast() {
      if element.attributes.contains(where: {
        if case .control(.tag) = $0 { true } else { false }
      }) {
        continue
      }
      if let text = element.text, !text.isEmpty { texts.append(text) }
      pending += element.children.reversed()
    }
    return texts.isEmpty ? nil : texts.joined(separator: " ")
  }

  /// Whether Left and Right adjust an element of `kind`: a picker, a stepper, a slider.
  static func isAdjustable(_ kind: ElementKind) -> Bool {
    kind == .picker || kind == .stepper || kind == .slider
  }

  /// Whether an element of `kind` is a leaf that draws its children's text as its label, when
  /// it has no title: `Picker`, `Stepper`, `Slider` and `Toggle` made with a label view
  /// (`Toggle(isOn:) { Text("Wi-Fi") }` drew `[ ]` alone; found by a user).
  static func takesLabelFromChildren(_ kind: ElementKind) -> Bool {
    isAdjustable(kind) || kind == .toggle
  }

  /// Whether keys type into an element of `kind`.
  static func isTextEntry(_ kind: ElementKind) -> Bool {
    kind == .textField || kind == .secureField || kind == .searchField || kind == .textEditor
  }

  /// Whether the host's focus (`@FocusState`) follows the terminal's onto an element of
  /// `kind`: the host's controls. A link is the terminal's only.
  static func isHostControl(_ kind: ElementKind) -> Bool {
    isFocusable(kind) && kind != .navigationLink && kind != .tabItem
  }

  /// Whether the element draws its text as a leaf.
  static func isLeaf(_ kind: ElementKind) -> Bool {
    kind == .text || kind == .toggle || kind == .progressView || isTextEntry(kind)
      || kind == .picker || kind == .stepper || kind == .slider
  }

  /// The nodes for a new element.
  static func layout(for kind: ElementKind, text: String?, attributes: ElementAttributes) -> Parts {
    if isLeaf(kind) {
      let appearance = appearance(of: kind, attributes: attributes, isFocused: false)
      return Parts(body: TerminalLayoutNode(leafContent(kind, text: text, appearance: appearance)))
    }
    switch kind {
    case .section:
      // In a list, its header, rows and footer are rows of the list (as the host counts them);
      // elsewhere (a form, a stack) it is a leading column.
      let parts = container(.vStack())
      parts.body.isRowGroup = true
      return parts
    case .vStack, .form:
      return container(.vStack())
    case .hStack, .lazyHStack, .label:
      return container(.hStack())
    case .zStack:
      return container(.zStack())
    case .list, .lazyVStack:
      return container(.verticalScroll(offset: 0))
    case .spacer:
      return Parts(body: TerminalLayoutNode(.spacer()), container: nil)
    case .divider:
      return Parts(body: TerminalLayoutNode(.divider), container: nil)
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

  /// The content of a container of `kind` with `appearance`, nil for those the attributes do
  /// not change.
  static func containerContent(_ kind: ElementKind, appearance: Appearance)
    -> TerminalLayoutContent?
  {
    switch kind {
    case .vStack:
      .vStack(alignment: appearance.horizontalAlignment ?? .center, spacing: appearance.spacing)
    case .hStack, .lazyHStack:
      .hStack(alignment: appearance.verticalAlignment ?? .center, spacing: appearance.spacing)
    case .zStack:
      .zStack(
        alignment: TerminalAlignment(
          horizontal: appearance.horizontalAlignment ?? .center,
          vertical: appearance.verticalAlignment ?? .center))
    case .form, .section:
      .vStack(alignment: .leading, spacing: appearance.spacing ?? 0)
    case .spacer:
      .spacer(minLength: appearance.minLength)
    default:
      nil
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
    case .toggle:
      return .text("[\(appearance.isOn ? "x" : " ")] \(text ?? "")")
    case .progressView:
      guard let fraction = appearance.progress else { return .text(text ?? "…") }
      return .progressBar(label: text ?? "", fraction: fraction)
    case .textField, .secureField, .searchField, .textEditor:
      // The value (dots for a secure field), else the prompt; a bar where typing goes.
      var value = appearance.value ?? ""
      if kind == .secureField { value = String(repeating: "•", count: value.count) }
      let shown = value.isEmpty ? (appearance.prompt ?? text ?? "") : value
      let cursor = appearance.showsCursor ? "▏" : " "
      let label = kind == .searchField ? "⌕ " : ""
      if let caret = appearance.caret, appearance.showsCursor, caret < value.count {
        // The bar stands before the character typing would go in front of, and stays in view
        // when the value is wider than the field.
        let split = value.index(value.startIndex, offsetBy: max(0, caret))
        return .singleLine(
          label + value[..<split] + cursor + value[split...],
          keepingVisible: label.count + max(0, caret))
      }
      if appearance.showsCursor && !value.isEmpty {
        // Typing at the end: the end, with the bar, stays in view.
        let line = label + value + cursor
        return .singleLine(line, keepingVisible: line.count - 1)
      }
      return .text(label + (value.isEmpty ? cursor + shown : shown + cursor), lineLimit: 1)
    case .stepper:
      // SwiftUI's stepper shows its label and the two buttons, not the value (a label shows
      // it when it wants to).
      return .text((text.map { $0.isEmpty ? "" : $0 + " " } ?? "") + "[−|+]", lineLimit: 1)
    case .picker, .slider:
      // The selected option's label (or the value), after the title when there is one.
      let value = appearance.value ?? ""
      guard let title = text, !title.isEmpty else { return .text(value, lineLimit: 1) }
      return .text(title + ": " + value, lineLimit: 1)
    default:
      return .text(
        text ?? "", lineLimit: appearance.lineLimit, alignment: appearance.textAlignment)
    }
  }

  /// What `attributes` and the focus ask of an element of `kind`: the one place where
  /// attribute families become layout modifiers, layout content and text styles. Families are
  /// applied in the order the modifiers were (innermost first), so `.padding().border(.gray)`
  /// puts the border around the padding. Lengths are cells (a column or a row); `.padding()`
  /// without a length is one cell.
  static func appearance(of kind: ElementKind, attributes: ElementAttributes, isFocused: Bool)
    -> Appearance
  {
    var appearance = Appearance()
    for attribute in attributes {
      switch attribute {
      case .navigationTitle(let title):
        // A level's own title comes first; a title from around the stack's root (which also
        // encloses the destinations it registers) comes after it.
        if appearance.title == nil { appearance.title = title }
      case .isOn(let isOn):
        appearance.isOn = isOn
      case .rows(let rows, let total):
        appearance.rows = (rows, total)
      case .layout(let layout):
        apply(layout, to: &appearance)
      case .style(let style):
        apply(style, to: &appearance)
      case .control(let control):
        switch control {
        case .text(let text): appearance.value = text
        case .prompt(let prompt): appearance.prompt = prompt
        case .caret(let position): appearance.caret = position
        case .value(let value): appearance.value = TerminalValues.number(value)
        case .selection(let tag): appearance.value = tag
        case .disabled: appearance.isDisabled = true
        case .focused: appearance.hasHostFocus = true
        case .bounds, .step, .tag, .role: continue
        }
      case .content(.progress(let value, let total)):
        // NaN, or a total of 0, shows no bar; the rest is clamped to 0…1.
        let fraction = value / total
        appearance.progress = fraction.isNaN || !total.isFinite ? nil : min(max(fraction, 0), 1)
      case .isSelected(let isSelected):
        // A selected list row or tab: bold, as a selection stands out. A row of a selecting
        // list spans the list, so that its focus highlight does, as a link's row does.
        if isSelected { appearance.textStyle.bold = true }
        if kind != .tabItem && kind != .navigationLink {
          appearance.modifiers.append(.frame(maxWidth: .max, alignment: .leading))
        }
      case .keyPress, .scrollAxes, .content, .custom:
        continue
      }
    }
    if kind == .progressView || appearance.isDisabled { appearance.textStyle.dim = true }
    if isTextEntry(kind) {
      if appearance.value?.isEmpty ?? true { appearance.textStyle.dim = true }
      appearance.textStyle.underline = true
    }
    if kind == .sheet || kind == .alert || kind == .confirmationDialog {
      // In a box as wide as offered, at the top of all the space the covered view had.
      appearance.modifiers.append(.frame(maxWidth: .max, alignment: .topLeading))
      appearance.modifiers.append(.border(TerminalBorder(.rounded)))
      appearance.modifiers.append(.frame(maxHeight: .max, alignment: .top))
    } else if kind == .fullScreenCover {
      appearance.modifiers.append(.frame(maxWidth: .max, maxHeight: .max, alignment: .topLeading))
    }
    appearance.showsCursor = isFocused
    if isFocused {
      appearance.textStyle.inverse = true
      appearance.modifiers.append(.highlight(.inverse))
    }
    return appearance
  }

  private static func apply(_ layout: LayoutAttribute, to appearance: inout Appearance) {
    switch layout {
    case .padding(let padding):
      appearance.modifiers.append(.padding(TerminalValues.insets(padding)))
    case .frame(let width, let height, let alignment):
      appearance.modifiers.append(
        .frame(
          width: width.map(TerminalValues.dimension), height: height.map(TerminalValues.dimension),
          alignment: TerminalValues.alignment(alignment)))
    case .flexibleFrame(let frame):
      appearance.modifiers.append(TerminalValues.frame(frame))
    case .horizontalAlignment(let alignment):
      appearance.horizontalAlignment = TerminalValues.horizontal(alignment)
    case .verticalAlignment(let alignment):
      appearance.verticalAlignment = TerminalValues.vertical(alignment)
    case .alignment(let alignment):
      appearance.horizontalAlignment = TerminalValues.horizontal(alignment.horizontal)
      appearance.verticalAlignment = TerminalValues.vertical(alignment.vertical)
    case .spacing(let spacing):
      appearance.spacing = TerminalValues.cells(spacing)
    case .minLength(let length):
      appearance.minLength = TerminalValues.cells(length)
    case .lineLimit(let limit):
      appearance.lineLimit = limit
    case .multilineTextAlignment(let alignment):
      appearance.textAlignment = TerminalValues.horizontal(alignment)
    case .offset:
      // A cell grid has no room for sub-cell shifts, and a shift of whole cells would draw
      // over the neighbours: not drawn.
      return
    }
  }

  private static func apply(_ style: StyleAttribute, to appearance: inout Appearance) {
    switch style {
    case .bold(let isBold):
      appearance.textStyle.bold = isBold
    case .fontWeight(let weight):
      appearance.textStyle.bold = weight >= .semibold
    case .font(let font):
      if TerminalValues.isBold(font) { appearance.textStyle.bold = true }
      if font.isItalic { appearance.textStyle.italic = true }
    case .italic(let isItalic):
      appearance.textStyle.italic = isItalic
    case .underline(let isUnderlined):
      appearance.textStyle.underline = isUnderlined
    case .strikethrough(let isStruck):
      appearance.textStyle.strikethrough = isStruck
    case .foreground(let style):
      switch TerminalValues.paint(style) {
      case .color(let color): appearance.textStyle.foreground = color
      case .dim: appearance.textStyle.dim = true
      case .inherited: break
      }
    case .background(let style):
      if case .color(let color) = TerminalValues.paint(style) {
        appearance.modifiers.append(.background(color))
      }
    case .border(let style, _):
      let color: TerminalColor? =
        if case .color(let color) = TerminalValues.paint(style) { color } else { nil }
      appearance.modifiers.append(.border(TerminalBorder(.single, color: color)))
    case .opacity(let opacity):
      if opacity < 1 { appearance.textStyle.dim = true }
    case .monospacedDigit, .tint, .fill, .stroke, .cornerRadius:
      // Every cell is as wide as a digit; tints, fills and strokes have no cells of their own.
      return
    }
  }

  /// Brings the element's nodes up to date with its text, attributes and focus. When a title
  /// header comes or goes, the element's slot changes and the new slot takes the old one's
  /// place among its parent's layout children.
  static func update(_ element: TerminalElement) {
    var appearance = appearance(
      of: element.kind, attributes: element.attributes, isFocused: element.isFocused)
    if element.kind == .picker, let tag = appearance.value {
      appearance.value = optionLabel(in: element, tag: tag) ?? tag
    }
    // A slider, picker or toggle labelled with a view (not a title string) has its label as
    // children.
    if takesLabelFromChildren(element.kind), element.text == nil {
      appearance.label = labelText(of: element)
    }
    let body = element.body
    element.isDisabled = appearance.isDisabled
    element.hasHostFocus = appearance.hasHostFocus
    if isLeaf(element.kind) {
      let content = leafContent(
        element.kind, text: element.text ?? appearance.label, appearance: appearance)
      if body.content != content { body.content = content }
    } else if let content = containerContent(element.kind, appearance: appearance),
      body.content != content
    {
      body.content = content
    }
    if scrollsRows(element.kind) {
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
